/**
 * @rackwise/estimators — the papers' cost, skew, traffic and progress estimators:
 * NAS, ShuffleWatcher, Shadow and FCS. Pure functions over numbers and read-only views;
 * each cites the equation, figure or algorithm it implements.
 */
// NAS (nas-network-aware-scheduler.txt §III): TrafficThreshold, MapCost, ReduceNum, skip analyses.
export {
  mapTaskWaves,
  trafficThreshold,
  trafficThresholdFromView,
  trafficThresholdOfJobs,
} from './nas/traffic-threshold.js';
export type {
  MapTaskWavesInput,
  TrafficThresholdInput,
  TrafficThresholdJob,
} from './nas/traffic-threshold.js';
export { MAP_COST_FACTORS, mapCost, mapLocality } from './nas/map-cost.js';
export { reduceNumPerRack } from './nas/reduce-num.js';
export { localQualifiedLaunchProbability, shuffleLightLaunchProbability } from './nas/skip-analysis.js';
export type { ShuffleLightAnalysisInput, SkipAnalysisJob } from './nas/skip-analysis.js';
// Shadow (shadow.txt §3–5): link loads and Skew (eqs. 6–10), Algorithm 1, time model (eqs. 11–13), Fig. 9.
export {
  linkLoadExtremes,
  linkSkew,
  shuffleLinkLoads,
  shuffleSkew,
  shuffleTransferCounts,
  taskCountSkew,
} from './shadow/link-loads.js';
export type { LinkLoadExtremes, RackLinkLoads } from './shadow/link-loads.js';
export { planDuplicates } from './shadow/duplication-plan.js';
export type { DuplicationMove, DuplicationPlan, DuplicationPlanOptions } from './shadow/duplication-plan.js';
export {
  duplicateFinishTime,
  estimateShadowTime,
  mapPhaseTime,
  selectLateDuplicates,
  shuffleTransferTime,
  transferSeconds,
} from './shadow/time-model.js';
export type {
  DuplicateTiming,
  LateDuplicateCandidate,
  LateDuplicateSelection,
  LateDuplicateSelectionInput,
  ShadowTimeEstimate,
} from './shadow/time-model.js';
export { availableBandwidth, crossRackTransferRates } from './shadow/available-bandwidth.js';
export type { CrossRackTransfer } from './shadow/available-bandwidth.js';
// FCS (preemptive-reducetask-fcs.txt §4): T_rs, R_left, E_slack, the migration delay D.
export {
  compareRemainingWork,
  mapCompletionRate,
  remainingReduceData,
  remainingShuffleTime,
} from './fcs/remaining-work.js';
export type { RemainingShuffleInput, RemainingWork } from './fcs/remaining-work.js';
export { estimatedExecutionTime, executionSlackness, reduceWorkFraction } from './fcs/execution-slackness.js';
export type { ExecutionSlacknessInput } from './fcs/execution-slackness.js';
export { migrationDelay } from './fcs/migration-delay.js';
// ShuffleWatcher (shufflewatcher.md §3.2–3.3): SAMP's traffic estimate and Fig. 4 loop, SARP's Fig. 6.
export { apportionReduces } from './shufflewatcher/reduce-apportionment.js';
export {
  sampCrossRackTraffic,
  shuffleAwareMapPlacement,
  sortRacksByInput,
  tentativeReducesPerRack,
} from './shufflewatcher/samp-map-racks.js';
export type {
  SampBlock,
  SampJob,
  SampPlacement,
  SampTrafficEstimate,
} from './shufflewatcher/samp-map-racks.js';
export {
  crossRackShuffleBytes,
  preferredReducesPerRack,
  sarpReducesPerRack,
} from './shufflewatcher/sarp-reduces-per-rack.js';
export type { SarpInput, SarpReducesPerRack } from './shufflewatcher/sarp-reduces-per-rack.js';
