/**
 * @rackwise/workloads — workload readers (SWIM, coflow-benchmark), HDFS block placement
 * and synthetic job generators (docs/architecture.md §5).
 */
export { DEFAULT_BLOCK_BYTES, GIBIBYTE, MEBIBYTE, TEBIBYTE } from './units.js';
export { seededRandom } from './seeded-random.js';
export {
  MAP_ONLY_RULES,
  reduceCountFor,
  SWIM_BYTES_PER_REDUCE,
  SWIM_CLUSTER_SIZE,
  SWIM_REDUCE_RULE,
  validateReduceRule,
} from './reduce-rule.js';
export type { MapOnlyRule, ReduceRule } from './reduce-rule.js';
export { DEFAULT_QUEUE } from './queue-assignment.js';
export type { QueueAssignment, QueueContext } from './queue-assignment.js';
export type { WorkloadOptions } from './workload-options.js';
export { DEFAULT_REPLICATION, hdfsPlacement } from './hdfs-placement.js';
export type { HdfsPlacementOptions } from './hdfs-placement.js';
export { parseSwimTrace, readSwimTrace, SWIM_TRACE_DEFAULTS } from './swim-trace.js';
export type { HourWindow, SwimTraceOptions } from './swim-trace.js';
export { FB2009_JOB_COUNT, FB2009_TRACE_FILE, fb2009TracePath, loadFb2009 } from './fb2009-trace.js';
export { FB2010_JOB_COUNT, FB2010_TRACE_FILE, fb2010TracePath, loadFb2010 } from './fb2010-trace.js';
export { parseCoflowTrace, readCoflowTrace } from './coflow-trace.js';
export type { CoflowReducerSpec, CoflowSpec, CoflowTrace } from './coflow-trace.js';
export { parseSparkEventLog, readSparkEventLog } from './spark-event-log.js';
export { parseRumenJobHistory, readRumenJobHistory } from './rumen-job-history.js';
export type {
  RecordedApplication,
  RecordedExecutor,
  RecordedStage,
  RecordedTask,
  RecordedTrace,
  RecordedTraceFormat,
  TaskOverheads,
} from './recorded-trace.js';
export { REFUSED_CODECS, SUPPORTED_CODECS } from './internal/trace-bytes.js';
export { DEFAULT_RACK, assignRacks } from './trace-racks.js';
export type { RackAssignment, RackRule } from './trace-racks.js';
export { TRACE_FORMATS, detectTraceFormat } from './trace-format.js';
export type { TraceFormat } from './trace-format.js';
export { summarizeTrace } from './trace-summary.js';
export { stageTable } from './trace-stages.js';
export type { StageFigures, StageTable } from './trace-stages.js';
export { recordedWorkload } from './recorded-workload.js';
export { REPLAY_MECHANISMS } from './replay-mechanisms.js';
export type { ReplayMechanism } from './replay-mechanisms.js';
export type {
  RecordedReplay,
  RecordedWorkloadOptions,
  ReplayCluster,
  ReplayDurations,
} from './recorded-workload.js';
export type { ReplayUnit } from './replay-unit.js';
export type { TraceSummary } from './trace-summary.js';
export { validateJobMix } from './job-mix.js';
export type {
  DerivedSize,
  Distribution,
  HistogramBin,
  InputSize,
  JobClassSpec,
  JobMixDefaults,
  JobMixTable,
  MixComposition,
} from './job-mix.js';
export { BENCHMARK_PROFILES } from './benchmarks.js';
export type { BenchmarkName, BenchmarkProfile } from './benchmarks.js';
export {
  SHUFFLEWATCHER_INPUT_SIZES,
  SHUFFLEWATCHER_MIX_1,
  SHUFFLEWATCHER_MIX_2,
  SHUFFLEWATCHER_MIX_3,
  SHUFFLEWATCHER_TABLE_1,
} from './mixes/shufflewatcher-mixes.js';
export { FB2010_CLASS_ROWS, NAS_CLUSTER_MIX } from './mixes/nas-cluster-mix.js';
export { FCS_MAP_HEAVY_MIX, FCS_REDUCE_HEAVY_MIX, FCS_TABLE_1, FCS_TABLE_3 } from './mixes/fcs-mixes.js';
export { GRIDMIX_MIX } from './mixes/gridmix-mix.js';
export { SHADOW_BENCHMARK_MIX, SHADOW_FACEBOOK_OPTIONS } from './mixes/shadow-mix.js';
export { workloadMix, workloadMixNames } from './workload-mixes.js';
export { MAX_GENERATED_JOBS, poissonWorkload } from './poisson-workload.js';
export type { PoissonWorkloadOptions } from './poisson-workload.js';
