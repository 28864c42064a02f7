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
export { flattenMetrics } from './flatten-metrics.js';
export { jobGroupMetrics } from './job-group-metrics.js';
export {
  DEGENERATE_JOB_RULE,
  arrivalSpan,
  fastestNicBytesPerSecond,
  isDegenerateJob,
  minimumShuffleSeconds,
  throughputWhileArriving,
  withoutDegenerateJobs,
} from './degenerate-jobs.js';
export type { WithoutDegenerateMetrics } from './degenerate-jobs.js';
export { jobClassMetrics, jobClassOf, slowdownSummary } from './job-class-metrics.js';
export type { JobClassMetrics } from './job-class-metrics.js';
export { slowdown, standaloneExecutionTimes, standaloneKey } from './standalone-runs.js';
export type {
  ArrivalWindowLoadMetrics,
  DecisionRecord,
  DistributionSummary,
  JobGroupMetrics,
  JobRecord,
  RunMetrics,
  RunStats,
  TimeSeries,
  TrafficByKind,
} from './run-metrics.js';
export { createRandomSource } from './random-source.js';
export { crossRackShare, offeredShuffleLoad, uplinkCapacity } from './offered-load.js';
export { COFLOW_FABRIC_LINK_BITS, coflowFabric, replayCoflows } from './coflow-replay.js';
export type {
  CoflowInput,
  CoflowRecord,
  CoflowReducerInput,
  CoflowReplayOptions,
  CoflowReplayResult,
} from './coflow-replay.js';
export {
  flowTraceFabric,
  flowTraceHeader,
  flowTraceLine,
  formatFlowTimes,
  formatFlowTrace,
  parseFlowTimes,
  parseFlowTrace,
} from './flow-trace.js';
export type {
  FlowKind,
  FlowStatus,
  FlowTime,
  FlowTrace,
  FlowTraceFabric,
  FlowTraceRecord,
} from './flow-trace.js';
export { fabricTopology, replayFlowTrace } from './flow-trace-replay.js';
export type { FlowReplayResult, FlowReplaySettings } from './flow-trace-replay.js';
