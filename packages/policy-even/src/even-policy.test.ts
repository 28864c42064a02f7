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
});
