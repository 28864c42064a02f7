/** @rackwise/policy-fifo: Hadoop FIFO scheduling policy and its user order. */
export {};
