import { type Topology, type TopologySpec, buildTopology } from '@rackwise/topology';
import type { BlockPlacement, JobSpec, NodeId, UserId, Workload } from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';

/** A job spec with consistent map count for its input and block size. */
export function jobSpec(fields: Partial<JobSpec> & { readonly inputBytes: number }): JobSpec {
  const blockBytes = fields.blockBytes ?? 128e6;
  const mapCount = fields.mapCount ?? Math.max(1, Math.ceil(fields.inputBytes / blockBytes));
  return {
    name: fields.name ?? 'job',
    user: fields.user ?? (0 as UserId),
    queue: fields.queue ?? 'default',
    submitTime: fields.submitTime ?? 0,
    inputBytes: fields.inputBytes,
    shuffleBytes: fields.shuffleBytes ?? 0,
    outputBytes: fields.outputBytes ?? 0,
    mapCount,
    reduceCount: fields.reduceCount ?? 0,
    blockBytes,
    ...(fields.declaredShuffleRatio === undefined
      ? {}
      : { declaredShuffleRatio: fields.declaredShuffleRatio }),
  };
}

/** A placement that puts every block's replicas on fixed nodes (for hand-computed tests). */
export function fixedPlacement(
  replicasOf: (job: JobSpec, map: number) => readonly number[],
  replication = 1,
): BlockPlacement {
  return {
    name: 'fixed',
    replication,
    place(job, _topology, _random, out) {
      out.fill(-1);
      for (let i = 0; i < job.mapCount; i++) {
        const nodes = replicasOf(job, i);
        for (let k = 0; k < Math.min(replication, nodes.length); k++) out[i * replication + k] = nodes[k]!;
      }
    },
  };
}

export function workload(jobs: readonly JobSpec[], placement: BlockPlacement = hdfsPlacement()): Workload {
  return { name: 'test', jobs, placement };
}

/** HDFS placement with as many replicas as the cluster allows, up to 3. */
export function placementFor(topology: Topology): BlockPlacement {
  return hdfsPlacement({ replication: Math.min(3, topology.nodeCount) });
}

/** A container cluster of `racks` × `nodesPerRack` with the given bandwidths (bits/s). */
export function testTopology(
  spec: Partial<TopologySpec> & { racks: number; nodesPerRack: number },
): Topology {
  return buildTopology({
    slots: { model: 'container', containers: 2 },
    nicCapacity: 8e9,
    ...spec,
  });
}

export const node = (n: number): NodeId => n as NodeId;
