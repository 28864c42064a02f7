/** @rackwise/policy-delay: delay scheduling on top of any fairness order. */
export type { DelayConfig, DelayRelaxedLevel, DelayWaitMeasure } from './delay-config.js';
export { DELAY_DEFAULTS } from './delay-config.js';
export type { DelayEvidence, DelaySkippedJob } from './delay-evidence.js';
export type { DelayPolicy } from './delay-policy.js';
export { createDelayPolicy, delayPolicy } from './delay-policy.js';
