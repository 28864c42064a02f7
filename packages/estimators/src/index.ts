/** @rackwise/estimators: The papers' cost, skew and traffic estimators: NAS, Shadow, ShuffleWatcher, FCS. */
export {};
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
