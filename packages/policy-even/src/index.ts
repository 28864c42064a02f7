/** @rackwise/policy-even: even scheduling — the same number of maps on every rack (Shadow §6.1). */
export type { EvenConfig } from './even-config.js';
export { EVEN_DEFAULTS } from './even-config.js';
export type { EvenEvidence } from './even-evidence.js';
export type { EvenPolicy } from './even-policy.js';
export { createEvenPolicy, evenPolicy } from './even-policy.js';
