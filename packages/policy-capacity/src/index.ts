/** @rackwise/policy-capacity: the Hadoop Capacity Scheduler as a rackwise policy, and its queue order. */
export type { CapacityConfig, CapacityQueue, UnknownQueueRule } from './capacity-config.js';
export { CAPACITY_DEFAULTS } from './capacity-config.js';
export { createCapacityUserOrder } from './capacity-user-order.js';
export { capacityPolicy, createCapacityPolicy } from './capacity-policy.js';
export type { CapacityEvidence } from './capacity-policy.js';
