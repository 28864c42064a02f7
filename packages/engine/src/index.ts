/**
 * @rackwise/engine — a trace-driven discrete-event simulator of a rack cluster running
 * MapReduce jobs under any `SchedulerPolicy`, with max-min fair network flows
 * (docs/architecture.md §3).
 */
export { simulate, createSimulation } from './simulation.js';
export type {
  MetricsOptions,
  Simulation,
  SimulationConfig,
  SimulationProgress,
  SimulationResult,
} from './simulation.js';
export {
  COARSE_SHUFFLE_PARAMETERS,
  DEFAULT_ENGINE_PARAMETERS,
  resolveEngineParameters,
} from './engine-parameters.js';
export type { EngineParameters } from './engine-parameters.js';
export type { CongestionLoss } from '@rackwise/topology';
export { standaloneExecutionTimes, standaloneKey } from './standalone-runs.js';
export type { DecisionRecord, RunStats } from './simulation-result.js';
export { createRandomSource } from './random-source.js';
// What a run measures lives in @rackwise/metrics; the names a run's result is read with
// stay importable from here.
export {
  DEGENERATE_JOB_RULE,
  arrivalSpan,
  crossRackShare,
  fastestNicBytesPerSecond,
  flattenMetrics,
  isDegenerateJob,
  jobClassMetrics,
  jobClassOf,
  jobGroupMetrics,
  minimumShuffleSeconds,
  offeredShuffleLoad,
  slowdown,
  slowdownSummary,
  throughputWhileArriving,
  uplinkCapacity,
  withoutDegenerateJobs,
} from '@rackwise/metrics';
export type {
  ArrivalWindowLoadMetrics,
  DistributionSummary,
  JobClassMetrics,
  JobGroupMetrics,
  JobRecord,
  RunMetrics,
  TimeSeries,
  TrafficByKind,
  WithoutDegenerateMetrics,
} from '@rackwise/metrics';
// Flow traces and their replay live in @rackwise/flow-replay; a run's `onFlow` hears
// its records.
export type { FlowKind, FlowStatus, FlowTraceRecord } from '@rackwise/flow-replay';
