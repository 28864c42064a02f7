import { fc, test } from '@fast-check/vitest';
import { mapCost, mapLocality } from '@rackwise/estimators';
import { DEFAULT_TEST_TOPOLOGY, createTestTopology } from '@rackwise/testkit';
import type { MapTaskView, NodeId, RackId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { costOn } from './mts.js';

describe('MTS map cost', () => {
  test.prop([
    fc.integer({ min: 1, max: 4 }),
    fc.integer({ min: 1, max: 4 }),
    fc.array(fc.nat(), { maxLength: 4 }),
    fc.nat(),
    fc.integer({ min: 0, max: 2 ** 30 }),
  ])(
    'equals mapCost of mapLocality from the estimators',
    (racks, nodesPerRack, replicaPicks, nodePick, inputBytes) => {
      const topology = createTestTopology({ ...DEFAULT_TEST_TOPOLOGY, racks, nodesPerRack });
      const nodes = racks * nodesPerRack;
      const node = (nodePick % nodes) as NodeId;
      const map = {
        replicaNodes: replicaPicks.map((r) => (r % nodes) as NodeId),
        inputBytes,
      } as unknown as MapTaskView;
      expect(costOn(map, node, topology.rackOf(node) as RackId, topology)).toBe(
        mapCost(mapLocality(map, node, topology), inputBytes),
      );
    },
  );
});
