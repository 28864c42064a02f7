/**
 * @rackwise/workloads — workload readers (SWIM, coflow-benchmark), HDFS block placement
 * and synthetic job generators (DESIGN §5).
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
export { FB2010_JOB_COUNT, FB2010_TRACE_FILE, fb2010TracePath, loadFb2010 } from './fb2010-trace.js';
export { parseCoflowTrace, readCoflowTrace } from './coflow-trace.js';
export type { CoflowReducerSpec, CoflowSpec, CoflowTrace } from './coflow-trace.js';
