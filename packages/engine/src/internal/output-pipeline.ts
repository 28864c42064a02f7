import type { RandomSource } from '@rackwise/types';

/**
 * The nodes of one output block's HDFS write pipeline, starting with the writer: the
 * second replica on a random node of another rack, the third on another node of that
 * rack, further ones on random unused nodes (fallbacks when the cluster is too small).
 */
export function outputPipeline(
  writer: number,
  replication: number,
  rackOfNode: Int32Array,
  random: RandomSource,
): number[] {
  const nodes = rackOfNode.length;
  const chain = [writer];
  const replicas = Math.min(replication, nodes);
  const pick = (accept: (n: number) => boolean): number => {
    for (let attempt = 0; attempt < 64; attempt++) {
      const n = random.int(nodes);
      if (!chain.includes(n) && accept(n)) return n;
    }
    for (let n = 0; n < nodes; n++) if (!chain.includes(n) && accept(n)) return n;
    for (let n = 0; n < nodes; n++) if (!chain.includes(n)) return n;
    return -1;
  };
  const writerRack = rackOfNode[writer];
  if (replicas >= 2) chain.push(pick((n) => rackOfNode[n] !== writerRack));
  if (replicas >= 3) {
    const secondRack = rackOfNode[chain[1]!];
    chain.push(pick((n) => rackOfNode[n] === secondRack));
  }
  while (chain.length < replicas) chain.push(pick(() => true));
  return chain;
}
