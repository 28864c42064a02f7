import { createTestCluster, userId } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { createDrfPolicy, drfPolicy } from './drf-policy.js';
import { createDrfUserOrder } from './drf-user-order.js';

const ghodsiNode = {
  racks: 1,
  nodesPerRack: 1,
  slots: { model: 'container', containers: 12 },
  nodeResources: { vcores: 9, memoryMb: 18 * 1024 },
} as const;

describe('createDrfPolicy', () => {
  it('reproduces the worked example of Ghodsi et al. §4: A gets 3 tasks, B gets 2', () => {
    const cluster = createTestCluster({
      topology: ghodsiNode,
      jobs: [
        { user: 0, maps: 10, mapDemand: { vcores: 1, memoryMb: 4 * 1024 } },
        { user: 1, maps: 10, mapDemand: { vcores: 3, memoryMb: 1024 } },
      ],
    }).attach(createDrfPolicy({ countSlots: false }));
    const decisions = Array.from({ length: 6 }, () => cluster.offer(0));
    expect(decisions.map((d) => (d.type === 'launch' ? d.task.job : d.reason))).toEqual([
      0,
      1,
      0,
      1,
      0,
      'drf/no-fit',
    ]);
    expect(cluster.view.user(userId(0)).running('map')).toBe(3);
    expect(cluster.view.user(userId(1)).running('map')).toBe(2);
  });

  it('counts slots as a resource by default', () => {
    const cluster = createTestCluster({
      topology: { racks: 1, nodesPerRack: 2, slots: { model: 'split', mapSlots: 2, reduceSlots: 1 } },
      jobs: [
        { user: 0, maps: 4 },
        { user: 1, maps: 4 },
      ],
    });
    cluster.launch(cluster.mapOf(0, 0), 0);
    expect(
      createDrfUserOrder()
        .order(cluster.view, 'map')
        .map((g) => g.key),
    ).toEqual(['user:1', 'user:0']);
  });

  it('divides the dominant share by the weight', () => {
    const cluster = createTestCluster({
      topology: ghodsiNode,
      jobs: [
        { user: 0, maps: 10 },
        { user: 1, maps: 10 },
      ],
    }).attach(createDrfPolicy({ weights: { 'user:1': 3 } }));
    for (let i = 0; i < 8; i++) cluster.offer(0);
    expect(cluster.view.user(userId(0)).running('map')).toBe(2);
    expect(cluster.view.user(userId(1)).running('map')).toBe(6);
  });

  it('fills absent demands from the default and lets an oversized task run alone', () => {
    const cluster = createTestCluster({
      topology: ghodsiNode,
      jobs: [
        { maps: 3, mapDemand: { vcores: 0, memoryMb: 0 } },
        { maps: 2, mapDemand: { vcores: 20, memoryMb: 1 } },
      ],
    }).attach(createDrfPolicy({ defaultDemand: { vcores: 4, memoryMb: 1 }, groupBy: 'job' }));
    expect(cluster.offer(0)).toMatchObject({ task: { job: 0 } });
    expect(cluster.offer(0)).toMatchObject({ task: { job: 0 } });
    expect(cluster.offer(0)).toEqual({ type: 'pass', reason: 'drf/no-fit' });
    cluster.completeAllRunning();
    expect(cluster.offer(0)).toMatchObject({ task: { job: 0, index: 2 } });
    expect(cluster.offer(0)).toEqual({ type: 'pass', reason: 'drf/no-fit' });
    cluster.completeAllRunning();
    expect(cluster.offer(0)).toMatchObject({ task: { job: 1 } });
  });

  it('passes when nothing waits and refuses bad options by name', () => {
    expect(createTestCluster().attach(createDrfPolicy()).offer(0)).toEqual({
      type: 'pass',
      reason: 'drf/no-pending',
    });
    expect(() => createDrfPolicy({ defaultDemand: { vcores: 0, memoryMb: 1 } })).toThrow(/defaultDemand/);
    expect(() => createDrfPolicy({ weights: { 'user:0': -1 } })).toThrow(/weights\["user:0"\]/);
    expect(() => createDrfPolicy({ checkFit: 'yes' as never })).toThrow(/checkFit/);
    expect(drfPolicy.defaults.defaultDemand).toEqual({ vcores: 1, memoryMb: 1024 });
  });
});
