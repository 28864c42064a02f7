import { fc, test } from '@fast-check/vitest';
import { arbOffer, arbTestCluster, arbTopologySpec, createTestCluster, userId } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { FAIR_DEFAULTS } from './fair-config.js';
import { createFairPolicy, fairPolicy } from './fair-policy.js';
import { createFairUserOrder } from './fair-user-order.js';

const one = { racks: 1, nodesPerRack: 1, slots: { model: 'split', mapSlots: 4, reduceSlots: 2 } } as const;

describe('createFairPolicy', () => {
  it('serves the user furthest below its share, not the oldest job', () => {
    const cluster = createTestCluster({
      topology: one,
      jobs: [
        { user: 0, maps: 4 },
        { user: 1, maps: 4 },
      ],
    }).attach(createFairPolicy());
    cluster.launch(cluster.mapOf(0, 0), 0);
    expect(cluster.offer(0)).toMatchObject({ type: 'launch', task: { job: 1 }, reason: 'fair/node-local' });
    expect(cluster.offer(0)).toMatchObject({ task: { job: 0 } });
    expect(cluster.offer(0)).toMatchObject({ task: { job: 1 } });
  });

  it('breaks a tie by user id, also for a user who arrives after the scores were kept', () => {
    const cluster = createTestCluster({
      topology: one,
      jobs: [
        { user: 5, maps: 4 },
        { user: 7, maps: 4 },
      ],
    }).attach(createFairPolicy());
    expect(cluster.offer(0)).toMatchObject({ type: 'launch', task: { job: 0 } });
    cluster.submit({ user: 3, maps: 4 });
    // Users 3 and 7 run nothing and their first jobs came at the same time: 3 goes first.
    expect(cluster.offer(0)).toMatchObject({ type: 'launch', task: { job: 2 } });
    expect(cluster.offer(0)).toMatchObject({ type: 'launch', task: { job: 1 } });
  });

  it('shares by weight', () => {
    const cluster = createTestCluster({
      topology: { racks: 1, nodesPerRack: 1, slots: { model: 'container', containers: 6 } },
      jobs: [
        { user: 0, maps: 9 },
        { user: 1, maps: 9 },
      ],
    }).attach(createFairPolicy({ weights: { 'user:0': 2 } }));
    cluster.offerRound();
    expect(cluster.view.user(userId(0)).running('map')).toBe(4);
    expect(cluster.view.user(userId(1)).running('map')).toBe(2);
  });

  it('serves a group below its minimum share first', () => {
    const cluster = createTestCluster({
      topology: one,
      jobs: [
        { user: 0, maps: 9 },
        { user: 1, maps: 9 },
      ],
    }).attach(createFairPolicy({ minShares: { 'user:1': 3 } }));
    const jobs = cluster
      .offerRound()
      .filter((d) => d.type === 'launch')
      .map((d) => (d.type === 'launch' ? d.task.job : -1));
    expect(jobs).toEqual([1, 1, 1, 0]);
  });

  it('caps the minimum share at the demand', () => {
    const cluster = createTestCluster({
      topology: one,
      jobs: [
        { user: 0, maps: 9 },
        { user: 1, maps: 1 },
      ],
    }).attach(createFairPolicy({ minShares: { 'user:1': 3 } }));
    const jobs = cluster
      .offerRound()
      .filter((d) => d.type === 'launch')
      .map((d) => (d.type === 'launch' ? d.task.job : -1));
    expect(jobs).toEqual([1, 0, 0, 0]);
  });

  it('runs a user’s jobs FIFO, or fair when asked', () => {
    const scene = {
      topology: one,
      jobs: [
        { user: 0, maps: 3 },
        { user: 0, maps: 3 },
      ],
    };
    const fifo = createTestCluster(scene).attach(createFairPolicy());
    expect(
      fifo
        .offerRound()
        .filter((d) => d.type === 'launch')
        .map((d) => (d.type === 'launch' ? d.task.job : -1)),
    ).toEqual([0, 0, 0, 1]);
    const fair = createTestCluster(scene).attach(createFairPolicy({ jobOrder: 'fair' }));
    expect(
      fair
        .offerRound()
        .filter((d) => d.type === 'launch')
        .map((d) => (d.type === 'launch' ? d.task.job : -1)),
    ).toEqual([0, 1, 0, 1]);
  });

  it('shares among jobs or queues when grouped so', () => {
    const cluster = createTestCluster({
      topology: one,
      jobs: [
        { user: 0, queue: 'a', maps: 3 },
        { user: 0, queue: 'a', maps: 3 },
        { user: 0, queue: 'b', maps: 3 },
      ],
    });
    expect(
      createFairUserOrder({ groupBy: 'job' })
        .order(cluster.view, 'map')
        .map((g) => g.key),
    ).toEqual(['job:0', 'job:1', 'job:2']);
    cluster.launch(cluster.mapOf(0, 0), 0);
    const byQueue = createFairUserOrder({ groupBy: 'queue' }).order(cluster.view, 'map');
    expect(byQueue.map((g) => [g.key, g.jobs.map((j) => j.id)])).toEqual([
      ['queue:b', [2]],
      ['queue:a', [0, 1]],
    ]);
  });

  it('shares reduce slots apart from map slots and respects slowstart', () => {
    const cluster = createTestCluster({
      topology: one,
      mapCompletionThreshold: 0.5,
      jobs: [
        { user: 0, maps: 2, reduces: 2 },
        { user: 1, maps: 2, reduces: 2 },
      ],
    }).attach(createFairPolicy());
    expect(cluster.offer(0, 'reduce')).toEqual({ type: 'pass', reason: 'fair/no-pending' });
    cluster.launch(cluster.mapOf(0, 0), 0);
    cluster.launch(cluster.mapOf(0, 1), 0);
    cluster.launch(cluster.mapOf(1, 0), 0);
    cluster.completeMap(cluster.mapOf(0, 0));
    // user 0 holds 1 map slot, user 1 one: the reduce share is what counts.
    expect(cluster.offer(0, 'reduce')).toMatchObject({
      task: { job: 0, kind: 'reduce' },
      reason: 'fair/reduce',
    });
    cluster.completeMap(cluster.mapOf(1, 0));
    expect(cluster.offer(0, 'reduce')).toMatchObject({ task: { job: 1, kind: 'reduce' } });
  });

  it('passes on an empty cluster and refuses bad options by name', () => {
    const cluster = createTestCluster().attach(createFairPolicy());
    expect(cluster.offer(0)).toEqual({ type: 'pass', reason: 'fair/no-pending' });
    expect(() => createFairPolicy({ weights: { 'user:1': 0 } })).toThrow(/weights\["user:1"\]/);
    expect(() => createFairPolicy({ minShares: { 'user:1': -1 } })).toThrow(/minShares/);
    expect(() => createFairPolicy({ groupBy: 'pool' as never })).toThrow(/groupBy/);
    expect(() => createFairPolicy({ pools: {} } as never)).toThrow(/unknown option "pools"/);
    expect(fairPolicy.defaults).toBe(FAIR_DEFAULTS);
  });

  test.prop([
    arbTopologySpec(),
    fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 4 }),
    fc.integer({ min: 1, max: 4 }),
  ])(
    'filling an empty cluster keeps every backlogged user within one task of its weighted share',
    (topology, weights, rounds) => {
      const users = weights.length;
      const perNode = topology.slots.model === 'split' ? topology.slots.mapSlots : topology.slots.containers;
      const slots = topology.racks * topology.nodesPerRack * perNode;
      const cluster = createTestCluster({
        topology,
        jobs: weights.map((_, u) => ({ user: u, maps: slots * rounds + 1 })),
      }).attach(createFairPolicy({ weights: Object.fromEntries(weights.map((w, u) => [`user:${u}`, w])) }));
      for (let r = 0; r < rounds; r++) {
        cluster.offerRound();
        const kind = topology.slots.model === 'split' ? 'map' : 'container';
        const running = weights.map((_, u) => cluster.view.user(userId(u)).running('map'));
        // u got its last slot while its ratio was the least: running_u − 1 ≤ w_u × running_v / w_v.
        for (let u = 0; u < users; u++) {
          for (let v = 0; v < users; v++) {
            expect((running[u]! - 1) / weights[u]!).toBeLessThanOrEqual(running[v]! / weights[v]! + 1e-9);
          }
        }
        expect(running.reduce((a, b) => a + b, 0)).toBe(cluster.view.totalSlots(kind));
        cluster.completeAllRunning();
      }
    },
  );

  test.prop([
    arbTestCluster({ maxSteps: 8, maxJobs: 6 }).chain((c) =>
      fc.tuple(
        fc.constant(c),
        fc.array(fc.tuple(arbOffer(c.topology), fc.integer({ min: 0, max: 5 })), { maxLength: 40 }),
      ),
    ),
    fc.record({
      groupBy: fc.constantFrom('user' as const, 'job' as const, 'queue' as const),
      jobOrder: fc.constantFrom('fifo' as const, 'fair' as const),
      weights: fc.dictionary(
        fc.constantFrom('user:0', 'user:1', 'job:0', 'queue:default'),
        fc.integer({ min: 1, max: 3 }),
      ),
      minShares: fc.dictionary(fc.constantFrom('user:1', 'user:2', 'job:1'), fc.integer({ min: 0, max: 4 })),
    }),
  ])('decides as if it scanned every group afresh on every offer', ([cluster, steps], config) => {
    cluster.attach(createFairPolicy(config));
    for (const [offer, action] of steps) {
      if (action === 0) cluster.completeAllRunning();
      if (action === 1) cluster.advance(1);
      if (cluster.view.freeSlots(offer.node, offer.kind) === 0) continue;
      const fresh = createFairPolicy(config).assign(offer, cluster.view);
      expect(cluster.offer(offer.node, offer.kind)).toEqual(fresh);
    }
  });
});
