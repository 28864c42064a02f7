import { fc, test } from '@fast-check/vitest';
import { createTestCluster, createTestUserOrder, jobId } from '@rackwise/testkit';
import type { PolicyContext } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { createEvenPolicy } from './even-policy.js';

const context: PolicyContext = { random: { next: () => 0.5, int: () => 0 } };

describe('Even scheduling (Shadow §6.1)', () => {
  test.prop([
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 1, max: 40 }),
    fc.array(fc.nat(), { maxLength: 40 }),
  ])(
    'ends with every rack holding the same number of the job’s maps, within one, whatever the replicas',
    (racks, maps, replicaSeeds) => {
      const nodesPerRack = 2;
      const cluster = createTestCluster({
        topology: { racks, nodesPerRack, slots: { model: 'split', mapSlots: 40, reduceSlots: 1 } },
        jobs: [
          {
            maps: Array.from({ length: maps }, (_, i) => ({
              replicas: [(replicaSeeds[i] ?? 0) % (racks * nodesPerRack)],
            })),
          },
        ],
      });
      const policy = createEvenPolicy({ userOrder: createTestUserOrder() }, context);
      cluster.attach(policy);
      // Offer from rack 0 first, as often as it likes: it never takes more than its share.
      for (let i = 0; i < maps; i += 1) cluster.offer(0, 'map');
      cluster.offerRound();
      const counts = policy.mapsPerRack(jobId(0));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(maps);
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
    },
  );

  test('a job held over its share on every free rack takes a map after overflowWait, and only then', () => {
    // Two racks of one node, maps only on node 0's rack can run: rack 1's node is full.
    const cluster = createTestCluster({
      topology: { racks: 2, nodesPerRack: 1, slots: { model: 'split', mapSlots: 4, reduceSlots: 1 } },
      jobs: [{ maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [0] }, { replicas: [0] }] }],
    });
    const policy = createEvenPolicy({ userOrder: createTestUserOrder(), overflowWait: 30 }, context);
    cluster.attach(policy);
    expect(cluster.offer(0, 'map').type).toBe('launch');
    expect(cluster.offer(0, 'map').type).toBe('launch');
    expect(cluster.offer(0, 'map')).toMatchObject({ type: 'pass', reason: 'even/rack-full' });
    cluster.advance(29);
    expect(cluster.offer(0, 'map')).toMatchObject({ type: 'pass', reason: 'even/rack-full' });
    cluster.advance(1);
    expect(cluster.offer(0, 'map')).toMatchObject({ type: 'launch', reason: 'even/map-overflow' });
    // The wait starts again after each launch.
    expect(cluster.offer(0, 'map')).toMatchObject({ type: 'pass', reason: 'even/rack-full' });
    expect(policy.mapsPerRack(jobId(0))).toEqual([3, 0]);
  });
});
