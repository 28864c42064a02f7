/**
 * @rackwise/policy-fcs: the Fair Completion Scheduler with work-conserving Preemptive
 * ReduceTask (Wang et al., preemptive-reducetask-fcs §3–4, Algorithms 1 and 2).
 */
export type { FcsConfig, FcsDefaults, FcsDemand, FcsPreemptionMode } from './fcs-config.js';
export { FCS_DEFAULTS } from './fcs-config.js';
export type {
  FcsJobWorkEvidence,
  FcsLaunchEvidence,
  FcsMapEvidence,
  FcsPreemptionEvidence,
  FcsPreemptionRequest,
} from './fcs-evidence.js';
export { createFcsPolicy } from './fcs-policy.js';
export type { FcsVariant, FcsVariantName } from './fcs-variants.js';
export { defineFcs, fcsVariants } from './fcs-variants.js';
