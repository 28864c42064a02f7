/** @rackwise/policy-capacity: Capacity Scheduler policy: queues with capacities, FIFO within a queue, idle capacity lent. */
export {};
