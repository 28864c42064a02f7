import { type Topology, nodeId } from '../src/index.js';

/** One flow of a shuffle-like workload: a reduce fetching a batch of map output from a node. */
export interface BenchFlow {
  readonly links: Int32Array;
  readonly bytes: number;
}

/**
 * A shuffle-like flow: from a random map node to a random reduce node on another node,
 * 1–128 MB (Hadoop fetches up to 20 map outputs of a 128 MB block at once).
 */
export function randomShuffleFlow(topology: Topology, random: () => number): BenchFlow {
  const n = topology.nodeCount;
  const src = Math.floor(random() * n);
  const dst = (src + 1 + Math.floor(random() * (n - 1))) % n;
  const path = new Int32Array(4);
  const k = topology.flowPath(nodeId(src), nodeId(dst), path);
  return { links: path.subarray(0, k), bytes: (1 + Math.floor(random() * 128)) * 2 ** 20 };
}
