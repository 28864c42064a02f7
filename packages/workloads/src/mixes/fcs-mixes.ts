import type { BenchmarkName } from '../benchmarks.js';
import { benchmarkClass } from '../internal/benchmark-class.js';
import { constant } from '../internal/constant.js';
import type { JobMixTable } from '../job-mix.js';
import { MEBIBYTE } from '../units.js';

/** One row of FCS Table 1 or 3: group, benchmark, maps, reduces, jobs. */
type FcsRow = readonly [group: number, benchmark: BenchmarkName, maps: number, reduces: number, jobs: number];

/** FCS Table 1, "Job Composition of Map-heavy Workload" (171 jobs). */
export const FCS_TABLE_1: readonly FcsRow[] = Object.freeze([
  [1, 'wordcount', 10, 1, 50],
  [2, 'term-vector', 20, 2, 40],
  [3, 'inverted-index', 50, 4, 30],
  [4, 'term-vector', 100, 8, 20],
  [5, 'kmeans', 500, 10, 10],
  [6, 'term-vector', 1000, 20, 8],
  [7, 'kmeans', 5000, 20, 6],
  [8, 'inverted-index', 10000, 60, 4],
  [9, 'term-vector', 15000, 120, 2],
  [10, 'inverted-index', 20000, 180, 1],
]);

/** FCS Table 3, "Job Composition of Reduce-heavy Workload" (171 jobs). */
export const FCS_TABLE_3: readonly FcsRow[] = Object.freeze([
  [1, 'terasort', 10, 2, 50],
  [2, 'self-join', 20, 4, 40],
  [3, 'sequence-count', 50, 8, 30],
  [4, 'terasort', 100, 16, 20],
  [5, 'self-join', 500, 32, 10],
  [6, 'ranked-inverted-index', 1000, 64, 8],
  [7, 'terasort', 5000, 128, 6],
  [8, 'sequence-count', 10000, 256, 4],
  [9, 'terasort', 15000, 512, 2],
  [10, 'sequence-count', 20000, 1024, 1],
]);

const FCS_ASSUMPTIONS = Object.freeze([
  'Each map reads one full block, so input = maps × block size (128 MB, §5.1).',
  'Benchmark data ratios are assumed (see BENCHMARK_PROFILES); the paper only says map-heavy jobs shuffle little and reduce-heavy ones 1 to 3 times their input.',
  'Users are not given; one user submits every job (Hadoop 1 pools by user).',
]);

function fcsMix(name: string, description: string, source: string, rows: readonly FcsRow[]): JobMixTable {
  return Object.freeze({
    name,
    description,
    source,
    composition: 'exact',
    classes: Object.freeze(
      rows.map(([group, benchmark, maps, reduces, jobs]) =>
        benchmarkClass(
          benchmark,
          jobs,
          { blocks: constant(maps) },
          { kind: 'fixed', count: reduces },
          `group${group}-${benchmark}`,
        ),
      ),
    ),
    defaults: Object.freeze({
      meanInterarrival: 30,
      users: 1,
      blockBytes: 128 * MEBIBYTE,
      replication: 3,
      jobs: 171,
    }),
    assumptions: FCS_ASSUMPTIONS,
  });
}

/** FCS §5.3 Map-heavy workload: Table 1's 171 jobs in 10 groups, Poisson arrivals every 30 s on average. */
export const FCS_MAP_HEAVY_MIX: JobMixTable = /* @__PURE__ */ fcsMix(
  'fcs-map-heavy',
  'FCS Map-heavy workload: 171 jobs of WordCount, TermVector, InvertedIndex and Kmeans in 10 size groups (Table 1), Poisson arrivals every 30 s on average.',
  'Preemptive ReduceTask / FCS §5.3, Table 1',
  FCS_TABLE_1,
);

/** FCS §5.4 Reduce-heavy workload: Table 3's 171 jobs in 10 groups, same arrivals. */
export const FCS_REDUCE_HEAVY_MIX: JobMixTable = /* @__PURE__ */ fcsMix(
  'fcs-reduce-heavy',
  'FCS Reduce-heavy workload: 171 jobs of TeraSort, SelfJoin, SequenceCount and RankInvertedIdx in 10 size groups (Table 3), Poisson arrivals every 30 s on average.',
  'Preemptive ReduceTask / FCS §5.4, Table 3',
  FCS_TABLE_3,
);
