import { createTestCluster } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { capacityPolicy, createCapacityPolicy } from './capacity-policy.js';
import { createCapacityUserOrder } from './capacity-user-order.js';

const queues = [
  { name: 'prod', capacity: 0.75 },
  { name: 'dev', capacity: 0.25, maximumCapacity: 0.5 },
];
const node8 = { racks: 1, nodesPerRack: 1, slots: { model: 'container', containers: 8 } } as const;
const launchedJobs = (decisions: readonly { type: string; task?: { job: number } }[]) =>
  decisions.flatMap((d) => (d.type === 'launch' && d.task ? [d.task.job] : []));

describe('createCapacityPolicy', () => {
  it('behaves as FIFO with the default single queue', () => {
    const cluster = createTestCluster({
      jobs: [
        { user: 1, maps: [{ replicas: [0] }] },
        { user: 0, maps: [{ replicas: [3] }] },
      ],
    }).attach(createCapacityPolicy());
    expect(cluster.offer(3)).toMatchObject({ task: { job: 0 }, reason: 'capacity/remote' });
  });

  it('serves the most under-served queue first, ties in configuration order', () => {
    const cluster = createTestCluster({
      topology: node8,
      jobs: [
        { queue: 'dev', maps: 9 },
        { queue: 'prod', maps: 9 },
      ],
    }).attach(createCapacityPolicy({ queues }));
    // prod is guaranteed 6 containers, dev 2 (at most 4).
    expect(launchedJobs(cluster.offerRound())).toEqual([1, 0, 1, 1, 1, 0, 1, 1]);
  });

  it('lends idle capacity up to the maximum', () => {
    const cluster = createTestCluster({ topology: node8, jobs: [{ queue: 'dev', maps: 9 }] }).attach(
      createCapacityPolicy({ queues }),
    );
    const decisions = cluster.offerRound();
    expect(launchedJobs(decisions)).toEqual([0, 0, 0, 0]);
    expect(decisions.at(-1)).toEqual({ type: 'pass', reason: 'capacity/no-pending' });
  });

  it('keeps a small queue’s reduces from taking the containers its own maps need', () => {
    const cluster = createTestCluster({
      topology: { racks: 2, nodesPerRack: 1, slots: { model: 'container', containers: 1 } },
      mapCompletionThreshold: 0,
      jobs: [{ queue: 'dev', maps: 2, reduces: 1 }],
    }).attach(
      createCapacityPolicy({
        queues: [
          { name: 'prod', capacity: 0.7 },
          { name: 'dev', capacity: 0.3, maximumCapacity: 0.6 },
        ],
      }),
    );
    expect(cluster.offer(0)).toMatchObject({ task: { kind: 'map' } });
    cluster.completeAllRunning();
    expect(cluster.offer(0)).toMatchObject({ task: { kind: 'map' } });
    cluster.completeAllRunning();
    expect(cluster.offer(0)).toMatchObject({ task: { kind: 'reduce' }, reason: 'capacity/reduce' });
  });

  it('runs FIFO inside a queue', () => {
    const cluster = createTestCluster({
      topology: node8,
      jobs: [
        { queue: 'prod', maps: 2 },
        { queue: 'prod', maps: 9 },
      ],
    }).attach(createCapacityPolicy({ queues }));
    expect(launchedJobs(cluster.offerRound())).toEqual([0, 0, 1, 1, 1, 1, 1, 1]);
  });

  it('sends jobs of unknown queues to the default queue, or refuses them', () => {
    const scene = { topology: node8, jobs: [{ queue: 'adhoc', maps: 1 }] };
    const order = createCapacityUserOrder({ queues });
    expect(order.order(createTestCluster(scene).view, 'container').map((g) => g.key)).toEqual(['queue:prod']);
    const toDev = createCapacityUserOrder({ queues, defaultQueue: 'dev' });
    expect(toDev.order(createTestCluster(scene).view, 'container').map((g) => g.key)).toEqual(['queue:dev']);
    const strict = createCapacityPolicy({ queues, unknownQueue: 'error' });
    expect(() => createTestCluster(scene).attach(strict).submit({ queue: 'adhoc' })).toThrow(
      /queue "adhoc", which is not configured \(queues: prod, dev\)/,
    );
  });

  it('refuses impossible queue configurations, naming the field', () => {
    expect(() =>
      createCapacityPolicy({
        queues: [
          { name: 'a', capacity: 0.7 },
          { name: 'b', capacity: 0.7 },
        ],
      }),
    ).toThrow(/sum to at most 1/);
    expect(() =>
      createCapacityPolicy({ queues: [{ name: 'a', capacity: 0.5, maximumCapacity: 0.4 }] }),
    ).toThrow(/queues\[0\]\.maximumCapacity/);
    expect(() => createCapacityPolicy({ queues, defaultQueue: 'test' })).toThrow(/defaultQueue "test"/);
    expect(() =>
      createCapacityPolicy({
        queues: [
          { name: 'a', capacity: 0.5 },
          { name: 'a', capacity: 0.5 },
        ],
      }),
    ).toThrow(/listed twice/);
    expect(capacityPolicy.name).toBe('capacity');
  });
});
