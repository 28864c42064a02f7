import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { LaunchDecision, NodeId, PolicyContext } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import type { ShadowDuplicateEvidence } from './shadow-evidence.js';
import { createShadowPolicy } from './shadow-policy.js';

const context = (recordEvidence = true): PolicyContext => {
  let state = 7;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { random: { next, int: (bound: number) => Math.floor(next() * bound) }, recordEvidence };
};

const topology = {
  racks: 3,
  nodesPerRack: 2,
  slots: { model: 'split', mapSlots: 2, reduceSlots: 1 },
} as const;

/**
 * Shadow Fig. 6: L = {4, 1, 1}, H = {1, 1, 1}. Rack 0 holds maps 0–3 (nodes 0, 1), rack 1
 * map 4 (node 2), rack 2 map 5 (node 4); maps 0 and 1 also have a replica on nodes 3 and
 * 5, in the light racks.
 */
function figure6(ratio = 1) {
  const cluster = createTestCluster({
    topology,
    jobs: [
      {
        maps: [
          { replicas: [0, 3] },
          { replicas: [0, 5] },
          { replicas: [1] },
          { replicas: [1] },
          { replicas: [2] },
          { replicas: [4] },
        ],
        reduces: 3,
        declaredShuffleRatio: ratio,
      },
    ],
  });
  const policy = createShadowPolicy({ userOrder: createTestUserOrder() }, context());
  cluster.attach(policy);
  for (const node of [0, 0, 1, 1, 2, 4]) {
    const decision = cluster.offer(node, 'map');
    expect(decision.type).toBe('launch');
  }
  return { cluster, policy };
}

describe('Shadow task duplication (Algorithm 1)', () => {
  it('Fig. 6: {4, 1, 1} becomes {2, 2, 2} with two duplicates from rack 0, Skew 4 → 1', () => {
    const { cluster } = figure6();
    const first = cluster.offer(3, 'map') as LaunchDecision;
    expect(first).toMatchObject({ type: 'launch', duplicate: true, reason: 'shadow/duplicate-local' });
    expect(first.task.index).toBe(0);
    const firstProof = first.evidence as ShadowDuplicateEvidence;
    expect(firstProof).toMatchObject({ fromRack: 0, toRack: 1, mapsPerRackBefore: [4, 1, 1] });
    expect(firstProof.mapsPerRackAfter).toEqual([3, 2, 1]);
    expect(firstProof.skewBefore).toBe(4);
    const second = cluster.offer(5, 'map') as LaunchDecision;
    expect(second).toMatchObject({ type: 'launch', duplicate: true, reason: 'shadow/duplicate-local' });
    expect(second.task.index).toBe(1);
    const proof = second.evidence as ShadowDuplicateEvidence;
    expect(proof.mapsPerRackAfter).toEqual([2, 2, 2]);
    expect(proof.skewAfter).toBe(1);
    // Balanced: no third duplicate anywhere.
    for (const node of [2, 3, 4, 5]) expect(cluster.offer(node, 'map').type).toBe('pass');
  });

  it('duplicates only once every original has launched (the last wave)', () => {
    const cluster = createTestCluster({
      topology,
      jobs: [
        {
          maps: [
            { replicas: [0] },
            { replicas: [0] },
            { replicas: [1] },
            { replicas: [1] },
            { replicas: [0] },
          ],
        },
      ],
    });
    const policy = createShadowPolicy({ userOrder: createTestUserOrder() }, context());
    cluster.attach(policy);
    for (const node of [0, 0, 1, 1]) expect(cluster.offer(node, 'map').type).toBe('launch');
    // Map 4 is still pending (its node is full, rack 0 full): a light rack gets no duplicate yet.
    const decision = cluster.offer(2, 'map');
    expect(decision.type === 'launch' && decision.duplicate === true).toBe(false);
  });

  it('without a replica in the light rack, copies a random running original (remote read)', () => {
    const cluster = createTestCluster({
      topology,
      jobs: [
        { maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [1] }, { replicas: [1] }], reduces: 1 },
      ],
    });
    const policy = createShadowPolicy({ userOrder: createTestUserOrder() }, context());
    cluster.attach(policy);
    for (const node of [0, 0, 1, 1]) cluster.offer(node, 'map');
    const duplicate = cluster.offer(2, 'map') as LaunchDecision;
    expect(duplicate).toMatchObject({ duplicate: true, reason: 'shadow/duplicate-remote' });
  });

  it('respects the threshold', () => {
    const cluster = createTestCluster({
      topology,
      jobs: [
        { maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [1] }, { replicas: [1] }], reduces: 1 },
      ],
    });
    const policy = createShadowPolicy({ userOrder: createTestUserOrder(), maxDuplicates: 1 }, context());
    cluster.attach(policy);
    for (const node of [0, 0, 1, 1]) cluster.offer(node, 'map');
    expect(cluster.offer(2, 'map')).toMatchObject({ duplicate: true });
    for (const node of [3, 4, 5]) expect(cluster.offer(node, 'map').type).toBe('pass');
    expect(policy.statistics().duplicatesLaunched).toBe(1);
  });
});

describe('Shadow task selection (§4.3)', () => {
  it('a copy that finishes first is chosen at once (early choice)', () => {
    const { cluster, policy } = figure6();
    cluster.offer(3, 'map');
    cluster.advance(10);
    expect(policy.duplication.chooseCopy(cluster.mapOf(0, 0), 3 as NodeId, cluster.view)).toBeUndefined();
    expect(policy.selections()[0]).toMatchObject({ outcome: 'early-choice', map: 0, fromRack: 0, toRack: 1 });
    expect(policy.statistics().chosenEarly).toBe(1);
  });

  it('a copy that eq. 11 expects to finish by T is used when its original finishes first', () => {
    const { cluster, policy } = figure6();
    cluster.offer(3, 'map');
    cluster.advance(10);
    expect(policy.duplication.chooseCopy(cluster.mapOf(0, 0), 0 as NodeId, cluster.view)).toBe(3);
    const record = policy.selections()[0]!;
    expect(record.outcome).toBe('chosen-before-t');
    expect(record.predictedFinish).toBeLessThanOrEqual(record.originalsDoneAt!);
    expect(policy.statistics().chosenBeforeT).toBe(1);
  });

  it('a remote copy of a map with almost no output is killed: its read costs more than it saves', () => {
    const cluster = createTestCluster({
      topology: { ...topology, rackUplinkCapacity: 1e6, rackDownlinkCapacity: 1e6 },
      jobs: [
        {
          maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [1] }, { replicas: [1] }],
          reduces: 3,
          declaredShuffleRatio: 1e-6,
        },
      ],
    });
    const policy = createShadowPolicy({ userOrder: createTestUserOrder() }, context());
    cluster.attach(policy);
    for (const node of [0, 0, 1, 1]) cluster.offer(node, 'map');
    const copy = cluster.offer(2, 'map') as LaunchDecision;
    cluster.advance(5);
    const answer = policy.duplication.chooseCopy(
      cluster.mapOf(0, copy.task.index),
      0 as NodeId,
      cluster.view,
    );
    expect(answer).toBeUndefined();
    const record = policy.selections()[0]!;
    expect(record.outcome).toBe('killed-by-model');
    expect(record.totalWith).toBeGreaterThan(record.totalWithout!);
  });

  it('the same remote copy of a shuffle-heavy map is chosen: the shuffle gain outweighs the read', () => {
    const cluster = createTestCluster({
      topology: { ...topology, rackUplinkCapacity: 1e8, rackDownlinkCapacity: 1e8 },
      jobs: [
        {
          maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [1] }, { replicas: [1] }],
          reduces: 3,
          declaredShuffleRatio: 10,
        },
      ],
    });
    const policy = createShadowPolicy({ userOrder: createTestUserOrder() }, context());
    cluster.attach(policy);
    for (const node of [0, 0, 1, 1]) cluster.offer(node, 'map');
    const copy = cluster.offer(2, 'map') as LaunchDecision;
    cluster.advance(5);
    expect(policy.duplication.chooseCopy(cluster.mapOf(0, copy.task.index), 0 as NodeId, cluster.view)).toBe(
      2,
    );
    expect(policy.selections()[0]?.outcome).toBe('chosen-by-model');
  });
});

describe('Shadow reduces (§4.2)', () => {
  it('go round-robin over the racks holding maps, most maps first, never to a rack without maps', () => {
    const cluster = createTestCluster({
      topology: { racks: 3, nodesPerRack: 2, slots: { model: 'split', mapSlots: 2, reduceSlots: 2 } },
      mapCompletionThreshold: 0,
      jobs: [
        { maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [1] }, { replicas: [2] }], reduces: 3 },
      ],
    });
    const policy = createShadowPolicy(
      { userOrder: createTestUserOrder(), duplicate: false, reduceRackWait: 1e9 },
      context(false),
    );
    cluster.attach(policy);
    for (const node of [0, 0, 1, 2]) cluster.offer(node, 'map');
    // Rack 0 holds 3 maps, rack 1 one, rack 2 none: quotas 2, 1, 0.
    expect(cluster.offer(4, 'reduce')).toMatchObject({ type: 'pass', reason: 'shadow/reduce-quota' });
    expect(cluster.offer(0, 'reduce')).toMatchObject({ reason: 'shadow/reduce-round-robin' });
    expect(cluster.offer(1, 'reduce')).toMatchObject({ reason: 'shadow/reduce-round-robin' });
    expect(cluster.offer(1, 'reduce').type).toBe('pass');
    expect(cluster.offer(2, 'reduce')).toMatchObject({ reason: 'shadow/reduce-round-robin' });
  });
});

describe('Shadow evidence', () => {
  it('is built only when the host asks for it', () => {
    const cluster = createTestCluster({ topology, jobs: [{ maps: 1 }] });
    cluster.attach(createShadowPolicy({ userOrder: createTestUserOrder() }, context(false)));
    expect(cluster.offer(0, 'map')).not.toHaveProperty('evidence');
  });
});
