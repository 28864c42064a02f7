import { type Topology, type TopologySpec, buildTopology } from '@rackwise/topology';

/** A uniform test cluster: two containers a node and 8e9 B/s NICs unless `spec` says otherwise. */
export function testTopology(
  spec: Partial<TopologySpec> & { racks: number; nodesPerRack: number },
): Topology {
  return buildTopology({
    slots: { model: 'container', containers: 2 },
    nicCapacity: 8e9,
    ...spec,
  });
}
