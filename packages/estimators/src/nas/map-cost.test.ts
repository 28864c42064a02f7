import type { NodeId, RackId, TopologyView } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { mapCost, mapLocality } from './map-cost.js';

const node = (n: number) => n as NodeId;
/** Two racks of two nodes: 0, 1 | 2, 3. */
const topology = { rackOf: (n: NodeId) => (n < 2 ? 0 : 1) as RackId } as TopologyView;

describe('MapCost (NAS §III-C)', () => {
  it('is v · MapInputSize with v = 0, 1, 2 for node-local, rack-local, remote', () => {
    expect(mapCost('node', 128)).toBe(0);
    expect(mapCost('rack', 128)).toBe(128);
    expect(mapCost('remote', 128)).toBe(256);
  });

  it('finds the best locality of a map relative to a node', () => {
    expect(mapLocality({ replicaNodes: [node(3), node(0)] }, node(0), topology)).toBe('node');
    expect(mapLocality({ replicaNodes: [node(3), node(1)] }, node(0), topology)).toBe('rack');
    expect(mapLocality({ replicaNodes: [node(2), node(3)] }, node(0), topology)).toBe('remote');
    expect(mapLocality({ replicaNodes: [] }, node(0), topology)).toBe('remote');
  });

  it("reads the node's rack from the caller when given", () => {
    // Rack 1 given for node 0: a replica on node 2 is then in the node's rack.
    expect(mapLocality({ replicaNodes: [node(2)] }, node(0), topology, 1 as RackId)).toBe('rack');
    expect(mapLocality({ replicaNodes: [node(2)] }, node(0), topology, 0 as RackId)).toBe('remote');
    expect(mapLocality({ replicaNodes: [node(0)] }, node(0), topology, 1 as RackId)).toBe('node');
  });

  it('refuses a negative input size', () => {
    expect(() => mapCost('rack', -1)).toThrow(/inputBytes/);
  });
});
