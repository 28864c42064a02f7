import type { BlockPlacement, JobSpec, RandomSource, TopologyView } from '@rackwise/types';
import { type RackIndex, rackIndexOf, rackSize } from './internal/rack-index.js';
import { requirePositiveInteger } from './internal/validate.js';

/** Options of {@link hdfsPlacement}. */
export interface HdfsPlacementOptions {
  /** Replicas per block (HDFS `dfs.replication`); default {@link DEFAULT_REPLICATION}. */
  readonly replication?: number;
}

/** HDFS's default replication factor, used by NAS, ShuffleWatcher and FCS (Shadow uses 2). */
export const DEFAULT_REPLICATION = 3;

/** Random tries before `anyOtherNode` falls back to a scan. */
const RANDOM_TRIES = 16;

/** Whether `node` is among `out[base … base + count)`. */
function chosen(out: Int32Array, base: number, count: number, node: number): boolean {
  for (let k = 0; k < count; k++) if (out[base + k] === node) return true;
  return false;
}

/** A random node not among `out[base … base + count)` (there is one: count < nodeCount). */
function anyOtherNode(
  index: RackIndex,
  random: RandomSource,
  out: Int32Array,
  base: number,
  count: number,
): number {
  for (let attempt = 0; attempt < RANDOM_TRIES; attempt++) {
    const node = random.int(index.nodeCount);
    if (!chosen(out, base, count, node)) return node;
  }
  const start = random.int(index.nodeCount);
  for (let k = 0; k < index.nodeCount; k++) {
    const node = (start + k) % index.nodeCount;
    if (!chosen(out, base, count, node)) return node;
  }
  throw new Error('hdfsPlacement: no node left for another replica');
}

/** A random node of `node`'s rack other than `node` (the rack has at least two nodes). */
function sameRackOtherNode(index: RackIndex, random: RandomSource, node: number): number {
  const rack = index.rackOfNode[node] as number;
  const size = rackSize(index, rack);
  let k = random.int(size - 1);
  if (k >= (index.positionInRack[node] as number)) k += 1;
  return index.byRack[(index.rackStart[rack] as number) + k] as number;
}

/**
 * HDFS's default block placement (docs/architecture.md §3 Storage; Hadoop
 * `BlockPlacementPolicyDefault` for a writer outside the cluster): the first replica on a
 * uniformly random node, the second on a random node of another rack, the third on another
 * random node of the second replica's rack; further replicas on random nodes not yet used.
 *
 * Fallbacks when the topology is too small: with a single rack (or every other rack
 * empty) the second replica goes to another node of the first rack; when the second
 * replica's rack has no other node, or shares the first replica's rack, the third goes to
 * any random unused node. Replicas of a block are always distinct nodes.
 *
 * Seeded only through the `RandomSource` passed to `place`. Allocation-free per block:
 * the topology's rack index is built once per topology object and cached.
 *
 * @throws Error at construction when `replication` is not an integer ≥ 1, and from
 * `place` when `replication` exceeds the topology's node count or `out` has the wrong
 * length.
 */
export function hdfsPlacement(options: HdfsPlacementOptions = {}): BlockPlacement {
  const replication = requirePositiveInteger(
    options.replication ?? DEFAULT_REPLICATION,
    'hdfsPlacement',
    'replication',
  );
  let lastTopology: TopologyView | undefined;
  let lastIndex: RackIndex | undefined;

  function indexFor(topology: TopologyView): RackIndex {
    if (topology === lastTopology && lastIndex !== undefined) return lastIndex;
    const index = rackIndexOf(topology);
    if (replication > index.nodeCount) {
      throw new Error(
        `hdfsPlacement: replication ${replication} exceeds the topology's ${index.nodeCount} node(s); replicas of a block must be on distinct nodes`,
      );
    }
    lastTopology = topology;
    lastIndex = index;
    return index;
  }

  function place(job: JobSpec, topology: TopologyView, random: RandomSource, out: Int32Array): void {
    const index = indexFor(topology);
    const expected = job.mapCount * replication;
    if (out.length !== expected) {
      throw new Error(
        `hdfsPlacement.place: out.length must be mapCount × replication = ${job.mapCount} × ${replication} = ${expected} for job "${job.name}", got ${out.length}`,
      );
    }
    const { nodeCount, rackOfNode, rackStart, byRack, positionInRack } = index;
    for (let base = 0; base < expected; base += replication) {
      const first = random.int(nodeCount) | 0;
      out[base] = first;
      if (replication === 1) continue;
      const firstRack = rackOfNode[first] as number;
      const firstStart = rackStart[firstRack] as number;
      const firstSize = (rackStart[firstRack + 1] as number) - firstStart;
      let second: number;
      if (nodeCount > firstSize) {
        // The k-th node outside the first rack, in rack order.
        const k = random.int(nodeCount - firstSize) | 0;
        second = byRack[k < firstStart ? k : k + firstSize] as number;
      } else {
        second = sameRackOtherNode(index, random, first);
      }
      out[base + 1] = second;
      if (replication === 2) continue;
      const secondRack = rackOfNode[second] as number;
      const secondStart = rackStart[secondRack] as number;
      const secondSize = (rackStart[secondRack + 1] as number) - secondStart;
      if (secondRack !== firstRack && secondSize >= 2) {
        let k = random.int(secondSize - 1) | 0;
        if (k >= (positionInRack[second] as number)) k += 1;
        out[base + 2] = byRack[secondStart + k] as number;
      } else {
        out[base + 2] = anyOtherNode(index, random, out, base, 2);
      }
      for (let r = 3; r < replication; r++) out[base + r] = anyOtherNode(index, random, out, base, r);
    }
  }

  return Object.freeze({ name: 'hdfs', replication, place });
}
