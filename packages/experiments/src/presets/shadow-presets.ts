import { topologyPreset } from '@rackwise/topology';
import { MEBIBYTE, SHADOW_FACEBOOK_OPTIONS } from '@rackwise/workloads';
import type { ExperimentPreset } from '../experiment-preset.js';
import { FB2010_TRACE } from '../workload-recipe.js';

/**
 * The metrics of Shadow §6: job execution time (Figs. 10, 12–15, normalised to Delay by
 * the report), makespan (Fig. 10's Facebook bar), Skew (Fig. 20), duplicates launched and
 * chosen (Figs. 16–17, 21), cross-rack map input and shuffle. Shadow's own early choices
 * (Fig. 18, in the paper's sense: the copy finished first) and its time model's error
 * (Fig. 19) come with every run as `policy.chosenEarly`, `policy.predictionErrorMean`;
 * per application as `bySignature.<benchmark>.executionTime` and `.skew`.
 */
export const SHADOW_FIGURE_METRICS: readonly string[] = Object.freeze([
  'executionTime.mean',
  'makespan',
  'skew.mean',
  'duplicates.launched',
  'duplicates.chosen',
  'duplicates.killedSlotSeconds',
  'crossRackBytes.mapInput',
  'crossRackBytes.shuffle',
]);

/**
 * Map compute rate that makes a 256 MB map take about 20 s with the 1 s overhead, as
 * §6.1 observed ("the average execution time of Map tasks is around 20 seconds").
 */
const MAP_RATE = 14e6;

/**
 * What every Shadow setup shares (§5): the 52-node cluster of Fig. 8 (4 racks of 13, 12
 * map + 3 reduce slots, 1 Gbps NICs, 2 Gbps per rack link — §5.1 shapes "the bandwidth
 * from one rack to another" with tc; read here as each rack's uplink and downlink to the
 * others, `topologyPreset('shadow')`), 256 MB blocks, replication 2, slowstart 0.8
 * (§5.2), Delay with only `rackLocalityDelay` (5 s) as baseline and as the locality of
 * Shadow's and KMN's originals.
 */
const SHADOW_COMMON = {
  topology: topologyPreset('shadow'),
  storage: { blockBytes: 256 * MEBIBYTE, replication: 2 },
  engine: { mapCompletionThreshold: 0.8, mapRate: MAP_RATE },
  metrics: {
    congestionThreshold: 0.8,
    trafficThreshold: 'nas-eq-3',
    headline: SHADOW_FIGURE_METRICS,
    bySignature: true,
  },
  policies: ['delay', 'shadow', 'even', 'kmn'],
  policyConfig: {
    delay: { by: 'time', nodeLocalityWait: 0, rackLocalityWait: 5 },
    shadow: { nodeLocalityWait: 0, rackLocalityWait: 5 },
    kmn: { nodeLocalityWait: 0, rackLocalityWait: 5, extraRatio: 0.15 },
  },
  baseline: 'delay',
} as const;

/**
 * Seconds between two benchmark jobs: each runs alone, as in §6.1 (the longest,
 * Sequence-Count, takes well under 20 minutes here).
 */
const ALONE = 3600;

/**
 * Shadow §5–6, Figs. 10, 12, 16, 18–20: the six applications of Table 2 at 120 GB each
 * (480 maps of 256 MB; shuffle ratios of `BENCHMARK_PROFILES`: Sequence-Count 2.5,
 * Rank-Inv-Idx 1.2, Self-Join 1.1, TeraSort 1, WordCount 0.03 — no combiner, as §6.1 —
 * and Kmeans 0.01), each run alone, one an hour; per-application metrics under
 * `bySignature.<benchmark>.*`.
 *
 * Load: 480 maps in 624 map slots (0.77 of a wave, one wave as §4.4 targets); TeraSort's
 * 120 GB shuffle sends 3/4 across racks, 90 GB over four 2 Gbps uplinks — 90 s at
 * perfect balance against ~20 s of maps: shuffle-bound, as Fig. 1 measured (> 40 %).
 */
export const SHADOW_BENCH_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'shadow-bench',
  description:
    'Shadow §5–6: 52 nodes / 4 racks, 12+3 slots, 2 Gbps rack links, six Table 2 apps of 120 GB, each alone',
  source: 'Shadow §5.1–5.3, Table 2; Figs. 10, 12, 16, 18–20',
  ...SHADOW_COMMON,
  workload: {
    kind: 'poisson-mix',
    mix: 'shadow-benchmarks',
    users: 1,
    meanInterarrival: ALONE,
    jobs: 6,
    spacing: ALONE,
  },
});

/**
 * Shadow Figs. 13–15, 17, 21–23: TeraSort alone at 120 GB, with the paper's sweeps —
 * `racks` 3–9 over the 52 nodes (Fig. 13; nodes per rack round(52 / racks), so 51–56
 * nodes), `sizeScale` 0.25–1.33 for 30–160 GB of input (Figs. 14, 17: 120–640 maps, 0.2
 * to 1.03 waves of the 624 map slots) and `rackLinkGbps` 1–4 (Fig. 15).
 */
export const SHADOW_TERASORT_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'shadow-terasort',
  description:
    'Shadow Figs. 13–15: TeraSort 120 GB alone on 52 nodes; sweeps of racks, input size, rack bandwidth',
  source: 'Shadow §6.1 (Figs. 13–15), §6.2 (Fig. 17), §6.3 (Figs. 21–23)',
  ...SHADOW_COMMON,
  workload: {
    kind: 'poisson-mix',
    mix: 'shadow-benchmarks',
    classes: ['terasort'],
    users: 1,
    meanInterarrival: ALONE,
    jobs: 1,
  },
  sweeps: {
    racks: [3, 4, 5, 6, 7, 8, 9],
    sizeScale: [0.25, 0.5, 0.75, 1, 4 / 3],
    rackLinkGbps: [1, 2, 3, 4],
  },
});

/**
 * Shadow §5.3, Figs. 10–11: 50 jobs drawn (seeded) from the FB-2010 day, sizes scaled
 * from the 600-node cluster the paper names to 200 nodes (× 1/3), each keeping its gap to
 * the job before it in the trace as its inter-arrival time (the 50 arrive within about
 * three minutes). Fair's order gives each of 50 users its share (Hadoop's fair scheduler
 * shares among jobs). The paper's draw held about 730 GB of input; draws here hold
 * 180–1,350 GB (seeds 1–10, median about 400 GB): the trace is heavy-tailed and 50 jobs
 * are few — reported per seed, not rescaled.
 */
export const SHADOW_FB_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'shadow-fb',
  description:
    'Shadow §5.3: 50 FB-2010 jobs scaled to 200 nodes (× 1/3), trace gaps kept, on the 52-node cluster',
  source: 'Shadow §5.3; Figs. 10 (Facebook makespan), 11',
  ...SHADOW_COMMON,
  workload: {
    kind: 'swim-trace',
    trace: FB2010_TRACE,
    users: 50,
    sampleJobs: SHADOW_FACEBOOK_OPTIONS.sampleJobs ?? 50,
    sizeScale: SHADOW_FACEBOOK_OPTIONS.sizeScale ?? 1 / 3,
  },
});
