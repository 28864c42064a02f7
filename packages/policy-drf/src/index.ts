/** @rackwise/policy-drf: Dominant Resource Fairness as a rackwise policy, and its user order. */
export type { DrfConfig, DrfGroupBy } from './drf-config.js';
export { DRF_DEFAULTS } from './drf-config.js';
export { createDrfUserOrder } from './drf-user-order.js';
export { createDrfPolicy, drfPolicy } from './drf-policy.js';
export type { DrfEvidence } from './drf-policy.js';
