import type { ShuffleClass } from '@rackwise/types';
import { BENCHMARK_PROFILES, type BenchmarkName } from '../benchmarks.js';
import { benchmarkClass } from '../internal/benchmark-class.js';
import type { Distribution, JobMixTable } from '../job-mix.js';
import type { ReduceRule } from '../reduce-rule.js';
import { GIBIBYTE, MEBIBYTE, TEBIBYTE } from '../units.js';

/**
 * ShuffleWatcher Table 2, "Distribution of job sizes" (input bytes), log-uniform inside
 * each range. The paper leaves the ends open; assumed: "< 100MB" starts at 1 MB and
 * "> 1TB" ends at 2 TB.
 */
export const SHUFFLEWATCHER_INPUT_SIZES: Distribution = Object.freeze({
  kind: 'histogram',
  bins: Object.freeze([
    { min: MEBIBYTE, max: 100 * MEBIBYTE, weight: 20 },
    { min: 100 * MEBIBYTE, max: GIBIBYTE, weight: 19 },
    { min: GIBIBYTE, max: 20 * GIBIBYTE, weight: 21 },
    { min: 20 * GIBIBYTE, max: 100 * GIBIBYTE, weight: 10 },
    { min: 100 * GIBIBYTE, max: 200 * GIBIBYTE, weight: 10 },
    { min: 200 * GIBIBYTE, max: 500 * GIBIBYTE, weight: 7 },
    { min: 500 * GIBIBYTE, max: TEBIBYTE, weight: 8 },
    { min: TEBIBYTE, max: 2 * TEBIBYTE, weight: 5 },
  ]),
});

/** ShuffleWatcher Table 1, "Benchmarks Characterization": benchmark and % of jobs. */
export const SHUFFLEWATCHER_TABLE_1: readonly (readonly [BenchmarkName, number])[] = Object.freeze([
  ['terasort', 5],
  ['ranked-inverted-index', 10],
  ['self-join', 10],
  ['sequence-count', 10],
  ['adjacency-list', 5],
  ['inverted-index', 10],
  ['term-vector', 10],
  ['grep', 15],
  ['wordcount', 10],
  ['classification', 5],
  ['histogram-movies', 5],
  ['histogram-ratings', 5],
]);

/**
 * Reduces of the ShuffleWatcher mixes (assumed; the paper does not say): 1 GiB of
 * shuffle + output per reduce, at most 190 — Hadoop's advice of 0.95 × the cluster's
 * reduce slots, 100 nodes × 2.
 */
const SW_REDUCES: ReduceRule = Object.freeze({
  kind: 'bytes-per-reduce',
  bytesPerReduce: GIBIBYTE,
  maxReduces: 190,
});

const SW_ASSUMPTIONS = Object.freeze([
  'Benchmark data ratios are assumed (see BENCHMARK_PROFILES); the paper gives only the heavy/medium/light split.',
  'Input sizes follow Table 2 independently of the benchmark, log-uniform within each range; "< 100MB" starts at 1 MiB and "> 1TB" ends at 2 TiB.',
  'Reduces: 1 GiB of shuffle + output per reduce, at most 190 (0.95 × 200 reduce slots).',
  'Table 3 shows much smaller shuffle volumes than Table 2 sizes imply for 300 jobs; the EC2 runs probably scaled inputs down — use sizeScale to do the same.',
]);

type Split = Readonly<Record<ShuffleClass, number>>;

function groupTotals(): Split {
  const totals = { light: 0, medium: 0, heavy: 0 };
  for (const [benchmark, percent] of SHUFFLEWATCHER_TABLE_1)
    totals[BENCHMARK_PROFILES[benchmark].shuffleClass] += percent;
  return totals;
}

function shuffleWatcherMix(number: 1 | 2 | 3, split: Split): JobMixTable {
  const totals = groupTotals();
  const percent = (group: ShuffleClass) => `${split[group]} %`;
  return Object.freeze({
    name: `sw-mix${number}`,
    description: `ShuffleWatcher mix${number}: shuffle-light ${percent('light')}, -medium ${percent('medium')}, -heavy ${percent('heavy')} of Table 1's benchmarks, Table 2 input sizes, Poisson arrivals every 40 s on average, 30 users.`,
    source:
      number === 2
        ? 'ShuffleWatcher §4.3, Tables 1 and 2 (mix2 is the default, §5.5)'
        : 'ShuffleWatcher §5.5 (job-mix sensitivity) over Tables 1 and 2',
    composition: 'sampled',
    classes: Object.freeze(
      SHUFFLEWATCHER_TABLE_1.map(([benchmark, share]) => {
        const group = BENCHMARK_PROFILES[benchmark].shuffleClass;
        return benchmarkClass(
          benchmark,
          (share * split[group]) / totals[group],
          { bytes: SHUFFLEWATCHER_INPUT_SIZES },
          SW_REDUCES,
        );
      }),
    ),
    defaults: Object.freeze({
      meanInterarrival: 40,
      users: 30,
      blockBytes: 64 * MEBIBYTE,
      replication: 3,
      jobs: 300,
    }),
    assumptions: SW_ASSUMPTIONS,
  });
}

/** ShuffleWatcher §5.5 mix1: 20 % shuffle-light, 20 % medium, 60 % heavy. */
export const SHUFFLEWATCHER_MIX_1: JobMixTable = /* @__PURE__ */ shuffleWatcherMix(1, {
  light: 20,
  medium: 20,
  heavy: 60,
});
/** ShuffleWatcher Table 1 as given — §5.5 mix2 (default): 40 % light, 20 % medium, 40 % heavy. */
export const SHUFFLEWATCHER_MIX_2: JobMixTable = /* @__PURE__ */ shuffleWatcherMix(2, {
  light: 40,
  medium: 20,
  heavy: 40,
});
/** ShuffleWatcher §5.5 mix3: 60 % shuffle-light, 20 % medium, 20 % heavy. */
export const SHUFFLEWATCHER_MIX_3: JobMixTable = /* @__PURE__ */ shuffleWatcherMix(3, {
  light: 60,
  medium: 20,
  heavy: 20,
});
