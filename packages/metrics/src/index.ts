/**
 * @rackwise/metrics — what a run measures, computed from its job records and time series
 * alone: the run-metrics vocabulary, job-group, job-class and steady-state metrics,
 * degenerate jobs, offered load, summaries of a distribution and over seeds, and the
 * catalogue that names each metric (docs/architecture.md §7). It runs nothing: the engine
 * fills these records, and anything that holds them can measure them.
 */
export type {
  ArrivalWindowLoadMetrics,
  DistributionSummary,
  JobGroupMetrics,
  JobRecord,
  RunMetrics,
  TimeSeries,
  TrafficByKind,
  WithoutDegenerateMetrics,
} from './run-metrics.js';
export { distributionSummary, finiteMean } from './distribution-summary.js';
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
export { jobClassMetrics, jobClassOf, slowdown, slowdownSummary } from './job-class-metrics.js';
export type { JobClassMetrics } from './job-class-metrics.js';
export { crossRackShare, offeredShuffleLoad, uplinkCapacity } from './offered-load.js';
export { STEADY_STATE_METRICS, steadyStateMetrics } from './steady-state-metrics.js';
export { confidenceHalfWidth, normalise, pairedRatioSummary, summarise } from './seed-summary.js';
export type { MetricSummary } from './seed-summary.js';
export { directionNote, METRIC_CATALOGUE, metricInfo, metricTitle } from './metric-info.js';
export type { MetricDirection, MetricEntry, MetricInfo } from './metric-info.js';
