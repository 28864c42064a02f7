import { topologyPreset } from '@rackwise/topology';
import { MEBIBYTE } from '@rackwise/workloads';
import type { ExperimentPreset } from '../experiment-preset.js';
import { FCS_FIGURE_METRICS } from './headline-metrics.js';

/**
 * What the FCS setups share (§5.1): 45 workers (one of the 46 nodes is the master) with
 * 8 map and 4 reduce slots, 128 MB blocks, 3 replicas, one job every 30 s on average; the
 * engine's default duration model (10 MB/s per map and reduce, 1 s overheads, slowstart
 * 5 %). Hadoop Fair Scheduler (HFS) shares among jobs — the workloads come from one
 * user, and §2.1 shows HFS sharing slots among jobs — so `fair` groups by job, as the
 * fairness order FCS's maps run under does. The Capacity Scheduler (HCS) runs its
 * out-of-the-box single queue, FIFO inside (§5.3: "within each queue, HCS adopts FIFO";
 * the paper lists no queues). Results are normalised to HFS. Per-group metrics (the
 * mix's size groups) and slowdown against each job's stand-alone run under HFS.
 */
const FCS_COMMON = {
  topology: topologyPreset('fcs'),
  storage: { blockBytes: 128 * MEBIBYTE, replication: 3 },
  engine: {},
  metrics: {
    congestionThreshold: 0.8,
    trafficThreshold: 'nas-eq-3',
    headline: FCS_FIGURE_METRICS,
    jobGroups: { standalonePolicy: 'fair' },
  },
  policyConfig: { fair: { groupBy: 'job' } },
  baseline: 'fair',
} as const;

/**
 * FCS §5.3 Map-heavy workload: Table 1's 171 jobs (WordCount, TermVector, InvertedIndex,
 * Kmeans; 10 to 20,000 maps) in 10 groups, Poisson arrivals every 30 s; FCS, HFS, HCS
 * (Table 2, Figs. 8–11). Load: 137,800 maps of 128 MB at 13.8 s each are 1.9 M
 * map-slot-seconds against 360 map slots over the 85-minute arrival span (≈ 1.0), so
 * the map phase keeps the cluster busy as the paper's does; the shuffle is light
 * (0.01–0.15 of the input).
 */
export const FCS_MAP_HEAVY_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'fcs-map-heavy',
  description: 'FCS §5.3: Table 1 map-heavy mix, 171 jobs every 30 s on 45 nodes (8+4 slots)',
  source: 'Preemptive ReduceTask / FCS §5.3, Table 2, Figs. 8–11',
  ...FCS_COMMON,
  workload: { kind: 'poisson-mix', mix: 'fcs-map-heavy', users: 1, meanInterarrival: 30, jobs: 171 },
  policies: ['fair', 'capacity', 'fcs'],
});

/**
 * FCS §5.4 Reduce-heavy workload: Table 3's 171 jobs (TeraSort, SelfJoin, SequenceCount,
 * RankedInvertedIndex; shuffle 1 to 2.5 times the input) in 10 groups, Poisson arrivals
 * every 30 s; FCS, HFS, HCS (Table 4, Figs. 12–14). Load: the same 1.9 M map-slot-seconds
 * and about 26 TB of shuffle, 2.6 M reduce-slot-seconds at 10 MB/s against 180 reduce
 * slots — several times the arrival span, so reduces pile up as in the paper, whose
 * HCS mean (8,829 s) is an hour past the last arrival.
 */
export const FCS_REDUCE_HEAVY_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'fcs-reduce-heavy',
  description: 'FCS §5.4: Table 3 reduce-heavy mix, 171 jobs every 30 s on 45 nodes (8+4 slots)',
  source: 'Preemptive ReduceTask / FCS §5.4, Table 4, Figs. 12–14',
  ...FCS_COMMON,
  workload: { kind: 'poisson-mix', mix: 'fcs-reduce-heavy', users: 1, meanInterarrival: 30, jobs: 171 },
  policies: ['fair', 'capacity', 'fcs'],
});

/**
 * FCS §5.2 and §5.5 GridMix2 runs: GridMix2-like jobs (see `GRIDMIX_MIX`), Poisson
 * arrivals every 30 s, 130 jobs (Fig. 7's Workload-2; Fig. 6 gives no count). Sweeps:
 * `fcs.migrationDelay` 20–140 with `fcs` and `fcs-no-migration` (Fig. 6), and `jobs`
 * 60–300 with FCS against HFS (Fig. 15); Fig. 7 is `jobs=80,130,180` with `fcs-kill`
 * and `fcs`.
 */
export const FCS_GRIDMIX_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'fcs-gridmix',
  description: 'FCS §5.2/§5.5: GridMix2-like jobs every 30 s on 45 nodes; D, kill and job-count sweeps',
  source: 'Preemptive ReduceTask / FCS §5.2 (Figs. 6, 7) and §5.5 (Fig. 15)',
  ...FCS_COMMON,
  workload: { kind: 'poisson-mix', mix: 'gridmix', users: 1, meanInterarrival: 30, jobs: 130 },
  policies: ['fair', 'fcs', 'fcs-kill', 'fcs-no-migration'],
  sweeps: {
    'fcs.migrationDelay': [20, 40, 60, 80, 100, 120, 140],
    jobs: [60, 120, 180, 240, 300],
  },
});
