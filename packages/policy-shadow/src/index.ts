/** @rackwise/policy-shadow: Shadow's map duplication that balances the rack links (Wu et al., IEEE TBD 2019). */
export type { ShadowBandwidthReading, ShadowConfig } from './shadow-config.js';
export { SHADOW_DEFAULTS } from './shadow-config.js';
export type {
  ShadowDuplicateEvidence,
  ShadowEvidence,
  ShadowPlacementEvidence,
  ShadowSelection,
  ShadowStatistics,
} from './shadow-evidence.js';
export type { ShadowPolicy } from './shadow-policy.js';
export { createShadowPolicy, shadowPolicy } from './shadow-policy.js';
