/**
 * @rackwise/policy-shufflewatcher — ShuffleWatcher (Ahmad et al., USENIX ATC '14): NASS,
 * SAMP and SARP on any fairness policy's `UserOrder`.
 */
export { createShuffleWatcherPolicy } from './shufflewatcher-policy.js';
export type { ShuffleWatcherJobState, ShuffleWatcherPolicy } from './shufflewatcher-policy.js';
export type { ShuffleWatcherEvidence, ShuffleWatcherWaitingGroup } from './shufflewatcher-evidence.js';
export {
  SHUFFLEWATCHER_DEFAULTS,
  SW_RELAXED_LOCALITY,
  resolveShuffleWatcherConfig,
} from './shufflewatcher-config.js';
export type {
  NetSatScope,
  RelaxedLocalityConfig,
  ShuffleWatcherConfig,
  ShuffleWatcherDefaults,
  ShuffleWatcherOptions,
} from './shufflewatcher-config.js';
export { defineShuffleWatcher, shuffleWatcherVariants } from './shufflewatcher-variants.js';
export type { ShuffleWatcherVariant, ShuffleWatcherVariantName } from './shufflewatcher-variants.js';
