import type { ShuffleClass } from '@rackwise/types';

/**
 * Data ratios of one MapReduce benchmark: how much map output (shuffle) and reduce output
 * it produces per byte of input.
 */
export interface BenchmarkProfile {
  readonly name: string;
  /** Shuffle bytes / input bytes (ShuffleWatcher's ShuffleInputRatio). */
  readonly shuffleRatio: number;
  /** Reduce output bytes / input bytes. */
  readonly outputRatio: number;
  /** Class the papers put it in (ShuffleWatcher Table 1; FCS §5.1 map- / reduce-heavy). */
  readonly shuffleClass: ShuffleClass;
}

function profile(
  name: string,
  shuffleRatio: number,
  outputRatio: number,
  shuffleClass: ShuffleClass,
): BenchmarkProfile {
  return Object.freeze({ name, shuffleRatio, outputRatio, shuffleClass });
}

/**
 * The PUMA / Tarazu benchmarks the papers run (ShuffleWatcher Table 1, FCS §5.1, Shadow
 * Table 2). None of the papers gives the benchmarks' data ratios, so these are
 * assumptions, chosen to respect what the papers do say:
 * - shuffle-heavy ones produce about as much map output as input or more (ShuffleWatcher
 *   §3.1: ratio > 1; FCS §5.4: "from 1 : 1 to 3 : 1"); terasort is exactly 1 : 1 (a sort
 *   moves every byte) and sequence-count, which emits every 3-word sequence without a
 *   combiner, the most;
 * - the heavy : medium : light mean ratios, about 1.5 : 0.15 : 0.015, follow the proportions
 *   of the shuffle volumes ShuffleWatcher measured for its three classes (Table 3: 1261,
 *   70 and 13 GB for 40 %, 20 % and 40 % of the jobs over the same size distribution);
 * - output ratios are rough: sorts and joins write about their input, indexes and
 *   counts much less, histograms and classifiers almost nothing.
 */
export const BENCHMARK_PROFILES = Object.freeze({
  terasort: profile('terasort', 1, 1, 'heavy'),
  'ranked-inverted-index': profile('ranked-inverted-index', 1.2, 1, 'heavy'),
  'self-join': profile('self-join', 1.1, 0.5, 'heavy'),
  'sequence-count': profile('sequence-count', 2.5, 0.8, 'heavy'),
  'adjacency-list': profile('adjacency-list', 1.5, 1.2, 'heavy'),
  'inverted-index': profile('inverted-index', 0.15, 0.1, 'medium'),
  'term-vector': profile('term-vector', 0.15, 0.05, 'medium'),
  grep: profile('grep', 0.001, 0.0005, 'light'),
  wordcount: profile('wordcount', 0.03, 0.01, 'light'),
  classification: profile('classification', 0.02, 0.0005, 'light'),
  'histogram-movies': profile('histogram-movies', 0.005, 0.00001, 'light'),
  'histogram-ratings': profile('histogram-ratings', 0.005, 0.00001, 'light'),
  kmeans: profile('kmeans', 0.01, 0.0005, 'light'),
});

/** Name of a benchmark in {@link BENCHMARK_PROFILES}. */
export type BenchmarkName = keyof typeof BENCHMARK_PROFILES;
