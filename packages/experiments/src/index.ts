/**
 * @rackwise/experiments — the papers' evaluation setups as presets, the policy registry,
 * the experiment runner and sweeps, the results they produce, and the metric catalogue
 * and statistics that describe them (docs/architecture.md §6–§7). Reports on results are
 * `@rackwise/reports`; the papers' claims are `@rackwise/reproduce`.
 */
export { createPolicyRegistry } from './policy-registry.js';
export type { AnyPolicyDefinition, PolicyRegistry } from './policy-registry.js';
export { BUILTIN_POLICIES, defaultPolicyRegistry, onBaseOrder } from './builtin-policies.js';
export type {
  ExperimentPreset,
  MetricSettings,
  PoissonMixRecipe,
  SteadyState,
  StorageSettings,
  SwimTraceRecipe,
  RecordedTraceRecipe,
  WorkloadRecipe,
} from './experiment-preset.js';
export { BUILTIN_PRESETS, experimentPreset, presetNames } from './preset-catalogue.js';
export { NAS_CLUSTER_PRESET, NAS_SIM_PRESET } from './presets/nas-presets.js';
export {
  SW_DEDICATED_PRESET,
  SW_EC2_CALIBRATED_INTERARRIVAL,
  SW_EC2_PRESET,
} from './presets/shufflewatcher-presets.js';
export {
  SHADOW_BENCH_PRESET,
  SHADOW_FB_PRESET,
  SHADOW_FIGURE_METRICS,
  SHADOW_TERASORT_PRESET,
} from './presets/shadow-presets.js';
export { TINY_PRESET } from './presets/tiny-preset.js';
export { NAS_FIGURE_3_METRICS, SHUFFLEWATCHER_FIGURE_8_METRICS } from './presets/headline-metrics.js';
export { applyOverrides } from './experiment-overrides.js';
export type { ExperimentOverrides } from './experiment-overrides.js';
export { checkReadable, validatePreset } from './validate-preset.js';
export {
  BUILTIN_TRACE_NAMES,
  buildWorkload,
  FB2009_TRACE,
  FB2010_TRACE,
  isBuiltinTrace,
  SWIM_SOURCE_CLUSTER_NODES,
  steadyStateWindow,
  swimSizeScale,
  traceFile,
} from './workload-recipe.js';
export type { MeasuredWindow } from './workload-recipe.js';
export {
  DEFAULT_SEED,
  flowTraceFile,
  openSimulationPool,
  prepareExperiment,
  runExperiment,
  runPreparedExperiment,
} from './run-experiment.js';
export type {
  ExperimentProgress,
  PreparedExperiment,
  RunExperimentOptions,
  RunningSimulation,
  SimulationPool,
} from './run-experiment.js';
export { metricNames } from './metric-catalogue.js';
export { HEAP_GROWING_PERCENT, boundHeapGrowth } from './heap-growth.js';
export { calibrateArrivalRate, steadySlotUtilisation } from './calibrate.js';
export type { CalibrationOptions, CalibrationResult, CalibrationStep } from './calibrate.js';
export { RESULT_FORMAT } from './experiment-result.js';
export type { ExperimentResult, PolicyResult, PolicyRun, RunSeries } from './experiment-result.js';
export { confidenceHalfWidth, normalise, pairedRatioSummary, summarise } from '@rackwise/metrics';
export type { MetricSummary } from '@rackwise/metrics';
export {
  assembleSweep,
  prepareSweep,
  runPreparedSweep,
  sweep,
  sweepOverrides,
  SWEEP_FORMAT,
  SWEEP_PARAMETERS,
} from './sweep.js';
export type { SweepOptions, SweepPoint, SweepResult, SweepValue } from './sweep.js';
export { JOB_COLUMNS, jobTable } from './job-table.js';
export type { JobCell, JobColumn, JobTable } from './job-table.js';
export {
  cellFileName,
  mergeSweepCells,
  readCellFiles,
  runSweepCells,
  shardCells,
  sweepCells,
  sweepFingerprint,
  SWEEP_CELL_FORMAT,
} from './sweep-cells.js';
export type { Shard, SweepCell, SweepCellFile, SweepCellsOutcome, SweepSpec } from './sweep-cells.js';
export { directionNote, METRIC_CATALOGUE, metricInfo, metricTitle } from '@rackwise/metrics';
export type { MetricDirection, MetricEntry, MetricInfo } from '@rackwise/metrics';
export { SIZE_BUCKETS, compareFlowTimes, quantile } from './flow-comparison.js';
export type {
  BucketComparison,
  FlowComparison,
  PairedError,
  Quantiles,
  SizeBucket,
} from './flow-comparison.js';
export { NETWORK_SETTINGS, networkSetting } from './network-settings.js';
export type { NamedNetworkSetting } from './network-settings.js';
export {
  RECORDED_TRACE_BASE,
  recordedSchedulerPolicies,
  recordedTracePreset,
} from './recorded-trace-preset.js';
export type { RecordedTraceSetup } from './recorded-trace-preset.js';
export { replayError } from './recorded-trace-comparison.js';
export type { ReplayError, ReplayErrorRow } from './recorded-trace-comparison.js';
