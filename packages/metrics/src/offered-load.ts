import type { Topology } from '@rackwise/topology';
import type { RackId } from '@rackwise/types';
import type { JobRecord } from './run-metrics.js';

/**
 * The share of shuffle bytes that cross racks when map and reduce land on nodes drawn
 * independently and uniformly: 1 − Σ_r (nodes_r / nodes)², which is 1 − 1/racks when
 * every rack holds as many nodes.
 */
export function crossRackShare(topology: Topology): number {
  const nodes = topology.nodeCount;
  let same = 0;
  for (let r = 0; r < topology.rackCount; r++) {
    const share = topology.nodesOf(r as RackId).length / nodes;
    same += share * share;
  }
  return 1 - same;
}

/** Σ over racks of the uplink capacity flows get (line rate × `linkGoodput`), bytes per second. */
export function uplinkCapacity(topology: Topology, linkGoodput: number): number {
  let capacity = 0;
  for (let r = 0; r < topology.rackCount; r++) capacity += topology.rackUplinkCapacity(r as RackId) / 8;
  return capacity * linkGoodput;
}

/**
 * Offered cross-rack shuffle load of the arrival window (`RunMetrics.load.offered`): the
 * shuffle bytes of the jobs submitted in it (every job submitted by the end of the run: the window runs from the
 * first submission to the last) times the share a locality-oblivious placement sends
 * across racks, per second of the window, over the aggregate rack-uplink capacity. NaN
 * when the window is empty (one submission time) or the cluster has no uplink capacity.
 */
export function offeredShuffleLoad(
  jobs: readonly Pick<JobRecord, 'submitTime' | 'shuffleBytes'>[],
  topology: Topology,
  linkGoodput: number,
): { window: number; offered: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let bytes = 0;
  for (const job of jobs) {
    if (job.submitTime < first) first = job.submitTime;
    if (job.submitTime > last) last = job.submitTime;
    bytes += job.shuffleBytes;
  }
  const window = jobs.length === 0 ? 0 : last - first;
  const capacity = uplinkCapacity(topology, linkGoodput);
  const offered =
    window > 0 && capacity > 0 ? (bytes * crossRackShare(topology)) / window / capacity : Number.NaN;
  return { window, offered };
}
