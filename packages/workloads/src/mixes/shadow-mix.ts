import type { BenchmarkName } from '../benchmarks.js';
import { benchmarkClass } from '../internal/benchmark-class.js';
import { constant } from '../internal/constant.js';
import type { JobMixTable } from '../job-mix.js';
import type { SwimTraceOptions } from '../swim-trace.js';
import { GIBIBYTE, MEBIBYTE } from '../units.js';

/** Shadow Table 2: the six benchmark applications, 120 GB of input each. */
const SHADOW_BENCHMARKS: readonly BenchmarkName[] = Object.freeze([
  'sequence-count',
  'wordcount',
  'ranked-inverted-index',
  'kmeans',
  'self-join',
  'terasort',
]);

/**
 * Shadow §5.3, Table 2: six benchmarks of 120 GB input each (one of each under the
 * default `jobs` of 6). Shadow runs each alone; keep one class
 * (`{ ...SHADOW_BENCHMARK_MIX, classes: SHADOW_BENCHMARK_MIX.classes.filter(…) }`) to do
 * the same. Its cluster: 256 MB blocks, replication 2, no combiners.
 */
export const SHADOW_BENCHMARK_MIX: JobMixTable = Object.freeze({
  name: 'shadow-benchmarks',
  description:
    'Shadow benchmark set: Sequence-Count, WordCount, Rank-Inv-Idx, Kmeans, Self-Join and TeraSort, 120 GB of input each (Table 2), 256 MB blocks, replication 2.',
  source: 'Shadow §5.1 and §5.3, Table 2',
  composition: 'exact',
  classes: Object.freeze(
    SHADOW_BENCHMARKS.map((benchmark) =>
      benchmarkClass(
        benchmark,
        1,
        { bytes: constant(120 * GIBIBYTE) },
        // 0.95 × 156 reduce slots (52 nodes × 3), Hadoop's advice; the paper gives no count.
        { kind: 'fixed', count: 148 },
      ),
    ),
  ),
  defaults: Object.freeze({ users: 1, blockBytes: 256 * MEBIBYTE, replication: 2, jobs: 6 }),
  assumptions: Object.freeze([
    'Benchmark data ratios are assumed (see BENCHMARK_PROFILES); "GB" is read as 2^30 bytes.',
    'Reduces: 148 per job, 0.95 × the 156 reduce slots (52 nodes × 3); the paper gives no count.',
    'No arrival process: Shadow runs each benchmark alone; give meanInterarrival to stream them.',
  ]),
});

/**
 * Shadow §5.3's Facebook part, as options of `loadFb2010`: 50 jobs drawn at random from
 * the FB-2010 trace, keeping their inter-arrival times, sizes scaled from the 600-node
 * cluster the paper names to 200 nodes (1/3), 256 MB blocks, replication 2.
 */
export const SHADOW_FACEBOOK_OPTIONS: SwimTraceOptions = Object.freeze({
  sampleJobs: 50,
  sizeScale: 200 / 600,
  blockBytes: 256 * MEBIBYTE,
  replication: 2,
});
