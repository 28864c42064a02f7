import type { BlockPlacement, JobSpec, NodeId, RandomSource, TopologyView } from '@rackwise/types';

/**
 * HDFS placement of a job's input when a share of it was written from one node of the
 * cluster (`hadoop fs -put` run on a datanode, Hadoop's `BlockPlacementPolicyDefault`
 * with a local writer): for a block written that way the first replica is on the writer
 * node, the second on a random node of another rack, the third on another node of the
 * second's rack, further ones on random unused nodes. Each job has one writer node,
 * drawn at random; each block is written that way with probability `share`, otherwise
 * placed by `base` (a writer outside the cluster). `share` 0 is `base` itself.
 */
export function uploadedPlacement(base: BlockPlacement, share: number): BlockPlacement {
  if (share === 0) return base;
  const replication = base.replication;
  return {
    name: `${base.name}, ${Math.round(share * 100)} % written from one node`,
    replication,
    place(job: JobSpec, topology: TopologyView, random: RandomSource, out: Int32Array): void {
      base.place(job, topology, random, out);
      const nodes = topology.nodeCount;
      const writer = random.int(nodes);
      const writerRack = topology.rackOf(writer as NodeId);
      for (let i = 0; i < job.mapCount; i += 1) {
        if (random.next() >= share) continue;
        const at = i * replication;
        const used: number[] = [writer];
        out[at] = writer;
        for (let r = 1; r < replication; r += 1) {
          let node = -1;
          if (r === 1 && topology.rackCount > 1) {
            do node = random.int(nodes);
            while (topology.rackOf(node as NodeId) === writerRack);
          } else if (r === 2 && topology.rackCount > 1) {
            const rack = topology.nodesOf(topology.rackOf(used[1] as NodeId));
            const others = rack.filter((n) => !used.includes(n));
            if (others.length > 0) node = others[random.int(others.length)]!;
          }
          if (node < 0 || used.includes(node)) {
            const free = Array.from({ length: nodes }, (_, n) => n).filter((n) => !used.includes(n));
            node = free.length === 0 ? -1 : free[random.int(free.length)]!;
          }
          out[at + r] = node;
          if (node >= 0) used.push(node);
        }
      }
    },
  };
}
