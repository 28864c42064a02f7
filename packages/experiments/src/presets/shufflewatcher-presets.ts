import { topologyPreset } from '@rackwise/topology';
import { MEBIBYTE } from '@rackwise/workloads';
import type { ExperimentPreset } from '../experiment-preset.js';
import { SHUFFLEWATCHER_FIGURE_8_METRICS } from './headline-metrics.js';

/**
 * ShuffleWatcher §4.2: NWSaturationThreshold 80 % (400 of 500 Mbps), MapCompletionThreshold 15 %.
 * The paper ran Hadoop 1.0, which hands a node one task per heartbeat: when NASS prefers a
 * map under saturation, the node's free reduce slot stays idle that heartbeat — so split
 * reduce slots wait for the maps here too (`delayReducesInSplitSlots`), as in Fig. 3.
 */
const SW_SETTINGS = {
  nwSaturationThreshold: 0.8,
  mapCompletionThreshold: 0.15,
  delayReducesInSplitSlots: true,
} as const;

/** "relaxed fairness interval of five seconds, consistent with [39]" (§5.2), for Delay as for SW-relaxed. */
const RELAXED = { by: 'time', nodeLocalityWait: 5, rackLocalityWait: 5 } as const;

/**
 * Ramps around the measured steady state (§4.3: "we ignore the load ramp-up and
 * ramp-down periods"). The paper does not give their length: 30 minutes each, chosen here.
 */
const RAMP_SECONDS = 1800;

const SW_POLICY_CONFIG = {
  'sw-fair': SW_SETTINGS,
  'sw-drf': SW_SETTINGS,
  'sw-delay': { ...SW_SETTINGS, relaxedLocality: RELAXED },
  'sw-nass': SW_SETTINGS,
  'sw-nass-sarp': SW_SETTINGS,
  delay: RELAXED,
} as const;

/**
 * Table 2's input sizes scaled to the workload the paper measured: its Table 3 counts
 * 1,344 GB of shuffle over its 300 jobs (4.5 GB a job), while Table 2's sizes with Table
 * 1's ratios give about 122 GB a job (mean over 150,000 generated jobs) — thirty times
 * what ten 500 Mbps rack links can carry at one job every 40 s. Scaling by 4.5 / 122
 * keeps Table 2's shape and Table 3's volume. A workload calibration from the paper's
 * own workload figures, not from any result it reports.
 */
const TABLE_3_SIZE_SCALE = 0.037;

/** What the ShuffleWatcher setups share: §4.2–4.3 storage, steady state, metrics of Fig. 8. */
const SW_COMMON = {
  storage: { blockBytes: 64 * MEBIBYTE, replication: 3 },
  steadyState: { hours: 4, rampUp: RAMP_SECONDS, rampDown: RAMP_SECONDS },
  engine: {},
  metrics: {
    congestionThreshold: 0.8,
    trafficThreshold: 'nas-eq-3',
    headline: SHUFFLEWATCHER_FIGURE_8_METRICS,
  },
  policyConfig: SW_POLICY_CONFIG,
  baseline: 'fair',
} as const;

/**
 * ShuffleWatcher §4: 100 EC2 nodes in 10 sub-clusters of 10, 4 map + 2 reduce slots,
 * 64 MB blocks, 3 replicas, 500 Mbps between sub-clusters, 30 users, Poisson arrivals
 * every 40 s with Table 1's mix and Table 2's input sizes (scaled to Table 3's shuffle
 * volume, see `TABLE_3_SIZE_SCALE`); 4 hours of steady state measured, ramps excluded.
 * Fair, SW-fair, Delay, SW-relaxed, DRF and SW-DRF (Fig. 8).
 */
export const SW_EC2_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'sw-ec2',
  description:
    'ShuffleWatcher §4: 100 nodes / 10 racks, 4+2 slots, Tables 1–3 mix every 40 s, 30 users, 4 h steady state',
  source: 'ShuffleWatcher §4 (EC2 testbed), Fig. 8',
  topology: topologyPreset('sw-ec2'),
  storage: SW_COMMON.storage,
  workload: {
    kind: 'poisson-mix',
    mix: 'sw-mix2',
    users: 30,
    meanInterarrival: 40,
    sizeScale: TABLE_3_SIZE_SCALE,
    steadyState: SW_COMMON.steadyState,
  },
  engine: SW_COMMON.engine,
  metrics: SW_COMMON.metrics,
  policies: ['fair', 'sw-fair', 'delay', 'sw-delay', 'drf', 'sw-drf'],
  policyConfig: SW_COMMON.policyConfig,
  baseline: SW_COMMON.baseline,
  sweeps: { users: [20, 30, 40] },
});

/**
 * Mean inter-arrival at which Delay keeps at least 90 % of sw-ec2's busier slot kind
 * (reduce slots) busy in the steady state — ShuffleWatcher §4.3 sets its rate "to
 * utilize the cluster maximally for the base case (Delay Scheduler)". Found by `rackwise
 * calibrate --preset sw-ec2 --policy delay --target 0.9 --hours 1 --iterations 4
 * --bounds 5,80` (seed 1), whose probes gave 80 s → 0.26, 5 s → 1.00, 20 s → 0.45,
 * 10 s → 0.73, 7.07 s → 1.00, 8.41 s → 0.82. At the preset's 40 s Delay keeps 7 % of the
 * map slots and 26–45 % of the reduce slots busy.
 */
export const SW_EC2_CALIBRATED_INTERARRIVAL = 7.07;

/**
 * `sw-ec2` at the calibrated arrival rate (`SW_EC2_CALIBRATED_INTERARRIVAL`): the same
 * cluster, mix and sizes, one job every 7.07 s — the operating point §4.3 describes,
 * found from the base policy's load, not from a result the paper reports.
 */
export const SW_EC2_CALIBRATED_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  ...SW_EC2_PRESET,
  name: 'sw-ec2-calibrated',
  description:
    'sw-ec2 at the arrival rate where Delay keeps 90 % of the slots busy (calibrated: every 7.07 s)',
  source: 'ShuffleWatcher §4.3 (arrival rate calibrated for the base case), Fig. 8',
  workload: {
    ...SW_EC2_PRESET.workload,
    meanInterarrival: SW_EC2_CALIBRATED_INTERARRIVAL,
  } as ExperimentPreset['workload'],
});

/**
 * ShuffleWatcher §5.6: a dedicated 16-node cluster in 4 sub-clusters of 4 at the same
 * 50 Mbps per-node bisection bandwidth. The paper scaled arrival rate, job sizes and
 * users down without saying by how much; chosen here: sizes × 0.4 of `sw-ec2`'s and
 * arrivals every 100 s (together × 0.16, the cluster's size ratio, so the load per slot
 * stays) and 12 users (about 13 jobs each, as on EC2). Fair, SW-fair, Delay, SW-relaxed.
 */
export const SW_DEDICATED_PRESET: ExperimentPreset = Object.freeze<ExperimentPreset>({
  name: 'sw-dedicated',
  description:
    'ShuffleWatcher §5.6: dedicated 16 nodes / 4 racks, sizes × 0.4, arrivals every 100 s, 4 h steady state',
  source: 'ShuffleWatcher §5.6 (dedicated cluster)',
  topology: topologyPreset('sw-dedicated'),
  storage: SW_COMMON.storage,
  workload: {
    kind: 'poisson-mix',
    mix: 'sw-mix2',
    users: 12,
    meanInterarrival: 100,
    sizeScale: 0.4 * TABLE_3_SIZE_SCALE,
    steadyState: SW_COMMON.steadyState,
  },
  engine: SW_COMMON.engine,
  metrics: SW_COMMON.metrics,
  policies: ['fair', 'sw-fair', 'delay', 'sw-delay'],
  policyConfig: SW_COMMON.policyConfig,
  baseline: SW_COMMON.baseline,
});
