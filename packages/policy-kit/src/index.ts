/**
 * @rackwise/policy-kit: small building blocks shared by rackwise scheduler policies —
 * locality-ordered task picking and configuration checking.
 */
export type { TaskPick, TaskPickRule } from './pick-task-by-locality.js';
export { earlyReduceAllowed, pickTaskByLocality } from './pick-task-by-locality.js';
export { waitsFor } from './waits-for.js';
export { mergeConfig, requireFraction, requireName } from './config-checks.js';
export type { BaselineEvidence, GroupStanding, SkippedJob } from './decision-evidence.js';
export { baselineEvidence, slotShare, withBaselineEvidence } from './decision-evidence.js';
export {
  EVIDENCE_LIST_LIMIT,
  EVIDENCE_RIVALS,
  EvidenceEntries,
  evidenceDetailOf,
  evidenceList,
} from './evidence-detail.js';
export type { LocalityPick, LocalityWaitConfig, LocalityWaits, MapLocality } from './locality-wait.js';
export { createLocalityWaits } from './locality-wait.js';
export type { RackReduceAdmission, RackReduceGate } from './rack-round-robin.js';
export { createRackReduceGate, roundRobinReduceQuota } from './rack-round-robin.js';
export type { JobStep, OrderedSteps } from './serve-in-order.js';
export { serveInOrder, stepJobs } from './serve-in-order.js';
export type { PlacementStepsOptions, RackPlacementEvidence } from './placement-steps.js';
export { delayPlacementSteps } from './placement-steps.js';
export { versionedOrder } from './versioned-order.js';
export type { KindOrder, UserScoring } from './kept-user-order.js';
export { keptByKind, keptUserOrder } from './kept-user-order.js';
export type { JobPredicate } from './jobs-where.js';
export { ActiveJobsWhere, GroupJobsWhere, hasReadyReduce, mapsAllLaunched } from './jobs-where.js';
export type { JobScoring } from './kept-job-order.js';
export { keptJobOrder } from './kept-job-order.js';
