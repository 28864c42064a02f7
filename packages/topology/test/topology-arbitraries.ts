import { fc } from '@fast-check/vitest';
import { nodeId } from '../src/ids.js';
import { type Topology, buildTopology } from '../src/topology.js';

/**
 * A random cluster with uneven NIC and rack link capacities (whole Mbps), up to
 * `maxRacks` racks of up to `maxNodesPerRack` nodes.
 */
export function topologyArb(maxRacks = 4, maxNodesPerRack = 4): fc.Arbitrary<Topology> {
  return fc
    .record({
      racks: fc.integer({ min: 1, max: maxRacks }),
      nodesPerRack: fc.integer({ min: 2, max: maxNodesPerRack }),
      nic: fc.integer({ min: 1, max: 1000 }),
      up: fc.integer({ min: 1, max: 2000 }),
      down: fc.integer({ min: 1, max: 2000 }),
    })
    .map((r) =>
      buildTopology({
        racks: r.racks,
        nodesPerRack: r.nodesPerRack,
        slots: { model: 'container', containers: 1 },
        nicCapacity: r.nic * 1e6,
        rackUplinkCapacity: r.up * 1e6,
        rackDownlinkCapacity: r.down * 1e6,
      }),
    );
}

/** The links of a flow between two distinct random nodes of `topology` (at least two). */
export function pathArb(topology: Topology): fc.Arbitrary<number[]> {
  const n = topology.nodeCount;
  return fc.tuple(fc.nat(n - 1), fc.integer({ min: 1, max: n - 1 })).map(([src, hop]) => {
    const out = new Int32Array(4);
    const k = topology.flowPath(nodeId(src), nodeId((src + hop) % n), out);
    return [...out.subarray(0, k)];
  });
}
