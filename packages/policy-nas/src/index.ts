/**
 * @rackwise/policy-nas — the network-aware scheduler NAS (Li, Shen, Sarker): map task
 * scheduling (MTS), congestion-avoidance (CA-RTS) and congestion-reduction (CR-RTS)
 * reduce task scheduling on a fairness user order.
 */
export { createNasPolicy } from './create-nas-policy.js';
export type { NasInspection, NasPolicy } from './create-nas-policy.js';
export type { NasEvidence } from './nas-evidence.js';
export type { NasSkippedGroup } from './nas-skipped-group.js';
export { NAS_DEFAULTS } from './nas-config.js';
export type { MapPauseJobs, MapPauseScope, NasConfig, NasTunables, SkipCounterResets } from './nas-config.js';
export { createNasDefinition, nasVariants } from './nas-variants.js';
export type { NasVariant, NasVariantName } from './nas-variants.js';
