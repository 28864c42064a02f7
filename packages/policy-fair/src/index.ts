/** @rackwise/policy-fair: the Hadoop Fair Scheduler as a rackwise policy, and its user order. */
export type { FairConfig, FairGroupBy, FairJobOrder } from './fair-config.js';
export { FAIR_DEFAULTS } from './fair-config.js';
export { createFairUserOrder } from './fair-user-order.js';
export { createFairPolicy, fairPolicy } from './fair-policy.js';
export type { FairEvidence } from './fair-policy.js';
