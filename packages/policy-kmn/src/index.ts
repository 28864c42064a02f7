/** @rackwise/policy-kmn: KMN's extra map copies and best-balanced choice, as Shadow §6.3 runs it. */
export type { KmnConfig } from './kmn-config.js';
export { KMN_DEFAULTS } from './kmn-config.js';
export type {
  KmnChoice,
  KmnCopyEvidence,
  KmnEvidence,
  KmnPlacementEvidence,
  KmnStatistics,
} from './kmn-evidence.js';
export type { KmnPolicy } from './kmn-policy.js';
export { createKmnPolicy, kmnPolicy } from './kmn-policy.js';
