import type { Bytes, ClusterView } from '@rackwise/types';
import { requireCount, requireMeasure, requirePositive } from './internal/validate-input.js';

/**
 * Inputs of {@link trafficThreshold} — NAS §III-C, eqs. 2–3, for the jobs
 * `J_1 … J_n` currently in the cluster.
 */
export interface TrafficThresholdInput {
  /** `Σ S_i`: total (predicted) shuffle data of the jobs. */
  readonly totalShuffleBytes: Bytes;
  /** `Σ K_i`: total number of map tasks of the jobs. */
  readonly totalMapTasks: number;
  /** `m`: containers (map slots) per node; a mean for a cluster of unequal nodes. */
  readonly containersPerNode: number;
}

/** Inputs of {@link mapTaskWaves}: `Σ K_i`, `N` and `m` of NAS §III-C. */
export interface MapTaskWavesInput {
  readonly totalMapTasks: number;
  /** `N`: nodes in the cluster. */
  readonly nodeCount: number;
  readonly containersPerNode: number;
}

/** One job's part in eq. 3: its shuffle size `S_i` and its map count `K_i`. */
export interface TrafficThresholdJob {
  readonly shuffleBytes: Bytes;
  readonly mapCount: number;
}

/**
 * Number of map waves, `Σ K_i / (N·m)` — NAS §III-C (the denominator of eq. 2): how
 * many times every container of the cluster must be filled to run all the maps.
 * @throws Error naming the field when a count is negative, not an integer or not finite.
 */
export function mapTaskWaves(input: MapTaskWavesInput): number {
  const maps = requireCount(input.totalMapTasks, 'mapTaskWaves: totalMapTasks');
  const nodes = requirePositive(input.nodeCount, 'mapTaskWaves: nodeCount');
  const m = requirePositive(input.containersPerNode, 'mapTaskWaves: containersPerNode');
  return maps / (nodes * m);
}

/**
 * TrafficThreshold — NAS §III-C, eq. 3: the shuffle data each node may hold from the
 * maps of one wave,
 *
 * `TrafficThreshold = (N·m·Σ S_i / Σ K_i) / N = m·Σ S_i / Σ K_i`,
 *
 * the mean shuffle per wave (eq. 2) spread evenly over the `N` nodes (`N` cancels).
 * It is `m` times the mean map output of the jobs in the cluster.
 *
 * With no map task at all (`Σ K_i = 0`) there is no wave to spread, and the threshold
 * is `Infinity`: nothing to constrain.
 *
 * @throws Error naming the field when an input is negative, non-finite, or `m` is not
 *   positive.
 */
export function trafficThreshold(input: TrafficThresholdInput): Bytes {
  const shuffle = requireMeasure(input.totalShuffleBytes, 'trafficThreshold: totalShuffleBytes');
  const maps = requireCount(input.totalMapTasks, 'trafficThreshold: totalMapTasks');
  const m = requirePositive(input.containersPerNode, 'trafficThreshold: containersPerNode');
  if (maps === 0) return Number.POSITIVE_INFINITY;
  return (m * shuffle) / maps;
}

/**
 * Eq. 3 over a list of jobs: sums `S_i` and `K_i` and calls {@link trafficThreshold}.
 * @throws Error naming the job's position when a job's size or count is invalid.
 */
export function trafficThresholdOfJobs(
  jobs: Iterable<TrafficThresholdJob>,
  containersPerNode: number,
): Bytes {
  let shuffle = 0;
  let maps = 0;
  let position = 0;
  for (const job of jobs) {
    shuffle += requireMeasure(job.shuffleBytes, `trafficThresholdOfJobs: jobs[${position}].shuffleBytes`);
    maps += requireCount(job.mapCount, `trafficThresholdOfJobs: jobs[${position}].mapCount`);
    position += 1;
  }
  return trafficThreshold({ totalShuffleBytes: shuffle, totalMapTasks: maps, containersPerNode });
}

/**
 * Eq. 3 for a cluster as a scheduler sees it: `S_i` is the predicted shuffle
 * (`view.predictor.shuffleBytes`) and `K_i` the map count of every active job, and `m`
 * is the cluster's map-capable slots per node (`map` slots under the `split` slot
 * model, generic containers under `container`) — NAS §III-C.
 *
 * This is the threshold NAS's MTS enforces and the one the "congested nodes" metric
 * (NAS §IV-B, Fig. 3(e)) compares each node's map output against.
 */
export function trafficThresholdFromView(view: ClusterView): Bytes {
  const kind = view.topology.slotModel === 'split' ? 'map' : 'container';
  const containersPerNode = view.totalSlots(kind) / view.topology.nodeCount;
  let shuffle = 0;
  let maps = 0;
  for (const job of view.activeJobs()) {
    shuffle += view.predictor.shuffleBytes(job);
    maps += job.mapCount;
  }
  return trafficThreshold({ totalShuffleBytes: shuffle, totalMapTasks: maps, containersPerNode });
}
