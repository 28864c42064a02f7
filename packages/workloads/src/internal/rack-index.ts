import type { NodeId, RackId, TopologyView } from '@rackwise/types';

/**
 * Nodes grouped by rack in flat typed arrays, so that "a random node of rack r other than
 * n" and "a random node outside rack r" are O(1) without allocating.
 */
export interface RackIndex {
  readonly nodeCount: number;
  readonly rackCount: number;
  /** Rack of each node. */
  readonly rackOfNode: Int32Array;
  /** Nodes ordered by rack; rack r occupies `byRack[rackStart[r] … rackStart[r + 1])`. */
  readonly byRack: Int32Array;
  readonly rackStart: Int32Array;
  /** Position of each node inside its rack's run of `byRack`. */
  readonly positionInRack: Int32Array;
}

const cache = new WeakMap<TopologyView, RackIndex>();

function build(topology: TopologyView): RackIndex {
  const { nodeCount, rackCount } = topology;
  const rackOfNode = new Int32Array(nodeCount);
  const rackStart = new Int32Array(rackCount + 1);
  const byRack = new Int32Array(nodeCount);
  const positionInRack = new Int32Array(nodeCount);
  for (let node = 0; node < nodeCount; node++) {
    const rack = topology.rackOf(node as NodeId);
    if (!Number.isInteger(rack) || rack < 0 || rack >= rackCount) {
      throw new Error(`hdfsPlacement: topology.rackOf(${node}) returned ${rack}, outside 0…${rackCount - 1}`);
    }
    rackOfNode[node] = rack;
    (rackStart[rack + 1] as number) += 1;
  }
  for (let rack = 0; rack < rackCount; rack++) {
    rackStart[rack + 1] = (rackStart[rack + 1] as number) + (rackStart[rack] as number);
  }
  const fill = rackStart.slice(0, rackCount);
  for (let node = 0; node < nodeCount; node++) {
    const rack = rackOfNode[node] as number;
    const slot = fill[rack] as number;
    byRack[slot] = node;
    positionInRack[node] = slot - (rackStart[rack] as number);
    fill[rack] = slot + 1;
  }
  return { nodeCount, rackCount, rackOfNode, byRack, rackStart, positionInRack };
}

/** The (cached) index of a topology. */
export function rackIndexOf(topology: TopologyView): RackIndex {
  let index = cache.get(topology);
  if (index === undefined) {
    index = build(topology);
    cache.set(topology, index);
  }
  return index;
}

/** Nodes in a rack. */
export function rackSize(index: RackIndex, rack: RackId | number): number {
  return (index.rackStart[rack + 1] as number) - (index.rackStart[rack] as number);
}
