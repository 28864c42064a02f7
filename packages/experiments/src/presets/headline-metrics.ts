/**
 * The metrics of NAS Fig. 3 (a)–(g): throughput, mean job execution time, cross-rack
 * traffic, MapProgressRate at first reduce, congested nodes, cross-rack congestions, and
 * throughput per shuffle class.
 */
export const NAS_FIGURE_3_METRICS: readonly string[] = Object.freeze([
  'throughput',
  'executionTime.mean',
  'crossRackBytes.total',
  'mapProgressAtFirstReduce',
  'congestedNodes.share',
  'congestion.occurrences',
  'byShuffleClass.light.throughput',
  'byShuffleClass.medium.throughput',
  'byShuffleClass.heavy.throughput',
]);

/**
 * The metrics of ShuffleWatcher Fig. 8 over the steady state (ramps excluded):
 * throughput, turn-around time, cross-rack traffic.
 */
export const SHUFFLEWATCHER_FIGURE_8_METRICS: readonly string[] = Object.freeze([
  'steadyState.throughput',
  'steadyState.executionTime.mean',
  'steadyState.crossRackBytes',
]);

/**
 * The metrics of FCS Tables 2 and 4 and Figs. 8–11: mean job execution time, maximum
 * slowdown, mean ReduceTask wait time, preemptions and migrations.
 */
export const FCS_FIGURE_METRICS: readonly string[] = Object.freeze([
  'executionTime.mean',
  'slowdown.max',
  'reduceWaitTime.mean',
  'preemptions.total',
  'preemptions.migrations',
]);
