import { fc, test } from '@fast-check/vitest';
import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { PolicyContext } from '@rackwise/types';
import { describe, expect } from 'vitest';
import type { ShadowDuplicateEvidence } from './shadow-evidence.js';
import { createShadowPolicy } from './shadow-policy.js';

const spread = (counts: readonly number[]) => Math.max(...counts) - Math.min(...counts);

const seeded = (seed: number): PolicyContext => {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  return { random: { next, int: (bound: number) => Math.floor(next() * bound) }, recordEvidence: true };
};

describe('Shadow duplication invariants', () => {
  test.prop([
    fc.integer({ min: 2, max: 4 }),
    fc.array(fc.array(fc.nat(7), { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 16 }),
    fc.option(fc.nat(4), { nil: undefined }),
    fc.nat(),
  ])(
    'Algorithm 1 never widens the map-count spread, stops at max − min ≤ 1 or the threshold, and copies a map at most once',
    (racks, replicaLists, threshold, seed) => {
      const nodesPerRack = 2;
      const nodes = racks * nodesPerRack;
      const maps = replicaLists.map((replicas) => ({
        replicas: [...new Set(replicas.map((n) => n % nodes))],
      }));
      const cluster = createTestCluster({
        topology: { racks, nodesPerRack, slots: { model: 'split', mapSlots: 16, reduceSlots: 1 } },
        jobs: [{ maps, reduces: 2 }],
      });
      const policy = createShadowPolicy(
        {
          userOrder: createTestUserOrder(),
          rackLocalityWait: 0,
          ...(threshold === undefined ? {} : { maxDuplicates: threshold }),
        },
        seeded(seed),
      );
      cluster.attach(policy);
      const proofs: ShadowDuplicateEvidence[] = [];
      for (let round = 0; round < 4; round += 1) {
        for (const decision of cluster.offerRound()) {
          if (decision.type === 'launch' && decision.duplicate === true) {
            proofs.push(decision.evidence as ShadowDuplicateEvidence);
          }
        }
      }
      for (const proof of proofs) {
        expect(spread(proof.mapsPerRackAfter)).toBeLessThanOrEqual(spread(proof.mapsPerRackBefore));
      }
      for (let i = 0; i < maps.length; i += 1) {
        expect(cluster.mapOf(0, i).runningOn.length).toBeLessThanOrEqual(2);
      }
      if (threshold !== undefined) expect(proofs.length).toBeLessThanOrEqual(threshold);
      const final = proofs.at(-1)?.mapsPerRackAfter;
      if (final !== undefined && (threshold === undefined || proofs.length < threshold)) {
        expect(spread(final)).toBeLessThanOrEqual(1);
      }
    },
  );
});
