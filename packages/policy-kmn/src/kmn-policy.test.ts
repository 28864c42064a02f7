import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { LaunchDecision, NodeId, PolicyContext } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { createKmnPolicy } from './kmn-policy.js';

const context = (seed = 3): PolicyContext => {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { random: { next, int: (bound: number) => Math.floor(next() * bound) }, recordEvidence: true };
};
const topology = {
  racks: 3,
  nodesPerRack: 2,
  slots: { model: 'split', mapSlots: 16, reduceSlots: 1 },
} as const;

describe('KMN (Shadow §6.3)', () => {
  it('launches round(15 % × maps) extra copies in the last wave, at most one per map', () => {
    const cluster = createTestCluster({ topology, jobs: [{ maps: 20, reduces: 3 }] });
    const policy = createKmnPolicy({ userOrder: createTestUserOrder(), rackLocalityWait: 0 }, context());
    cluster.attach(policy);
    const copies: LaunchDecision[] = [];
    for (let round = 0; round < 12; round += 1) {
      for (const decision of cluster.offerRound()) {
        if (decision.type === 'launch' && decision.duplicate === true) copies.push(decision);
      }
    }
    expect(copies).toHaveLength(3);
    expect(new Set(copies.map((c) => c.task.index)).size).toBe(3);
    expect(policy.statistics().copiesLaunched).toBe(3);
  });

  it('keeps the copy that balances the maps per rack best, the finished one on a tie', () => {
    const cluster = createTestCluster({
      topology,
      jobs: [
        {
          maps: [
            { replicas: [0] },
            { replicas: [0] },
            { replicas: [1] },
            { replicas: [1] },
            { replicas: [2] },
            { replicas: [4] },
          ],
          reduces: 3,
        },
      ],
    });
    const policy = createKmnPolicy({ userOrder: createTestUserOrder() }, context());
    cluster.attach(policy);
    for (const node of [0, 0, 1, 1, 2, 4]) cluster.offer(node, 'map');
    // Fig. 6's counts {4, 1, 1}: put a copy of map 0 on node 3 (rack 1) by hand.
    cluster.launch(cluster.mapOf(0, 0), 3, { duplicate: true });
    // The original (rack 0) finishes first: Skew 4 with it, 3 with the copy — the running copy is kept.
    expect(policy.duplication.chooseCopy(cluster.mapOf(0, 0), 0 as NodeId, cluster.view)).toBe(3);
    const choice = policy.choices()[0]!;
    expect(choice.mapsPerRack).toEqual([3, 2, 1]);
    expect(choice.skewKeepingFinished).toBe(4);
    expect(choice.skewKeepingRunning).toBe(3);
    expect(choice.skewKeepingRunning!).toBeLessThan(choice.skewKeepingFinished!);
    expect(policy.statistics().copiesChosen).toBe(1);
  });
});
