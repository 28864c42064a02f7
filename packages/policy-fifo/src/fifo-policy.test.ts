import { createTestCluster } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { createFifoPolicy, fifoPolicy } from './fifo-policy.js';
import { createFifoUserOrder } from './fifo-user-order.js';

describe('createFifoPolicy', () => {
  it('serves the head job first, node-local map first', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [0] }, { replicas: [3] }] }, { maps: [{ replicas: [3] }] }],
    }).attach(createFifoPolicy());
    expect(cluster.offer(3)).toEqual({
      type: 'launch',
      task: cluster.mapOf(0, 1),
      reason: 'fifo/node-local',
    });
    expect(cluster.offer(3)).toEqual({ type: 'launch', task: cluster.mapOf(0, 0), reason: 'fifo/remote' });
    expect(cluster.offer(2)).toEqual({
      type: 'launch',
      task: cluster.mapOf(1, 0),
      reason: 'fifo/rack-local',
    });
    expect(cluster.offer(1)).toEqual({ type: 'pass', reason: 'fifo/no-pending' });
  });

  it('does not skip the head job for a later job’s local map', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [0] }] }, { maps: [{ replicas: [3] }] }],
    }).attach(createFifoPolicy());
    expect(cluster.offer(3)).toMatchObject({ task: { job: 0 }, reason: 'fifo/remote' });
  });

  it('launches reduces only past slowstart, oldest job first', () => {
    const cluster = createTestCluster({
      mapCompletionThreshold: 0.5,
      jobs: [
        { maps: 2, reduces: 1 },
        { maps: 1, reduces: 1 },
      ],
    }).attach(createFifoPolicy());
    expect(cluster.offer(0, 'reduce')).toEqual({ type: 'pass', reason: 'fifo/no-pending' });
    cluster.launch(cluster.mapOf(1, 0), 0);
    cluster.completeMap(cluster.mapOf(1, 0));
    expect(cluster.offer(0, 'reduce')).toMatchObject({
      task: { job: 1, kind: 'reduce' },
      reason: 'fifo/reduce',
    });
    cluster.launch(cluster.mapOf(0, 0), 1);
    cluster.completeMap(cluster.mapOf(0, 0));
    expect(cluster.offer(1, 'reduce')).toMatchObject({ task: { job: 0, kind: 'reduce' } });
  });

  it('keeps some containers for maps while reduces of unfinished jobs wait', () => {
    const cluster = createTestCluster({
      topology: { racks: 1, nodesPerRack: 1, slots: { model: 'container', containers: 4 } },
      mapCompletionThreshold: 0,
      jobs: [{ maps: 6, reduces: 4 }],
    }).attach(createFifoPolicy());
    const rules = cluster.offerRound().map((d) => d.reason);
    expect(rules).toEqual(['fifo/reduce', 'fifo/reduce', 'fifo/node-local', 'fifo/node-local']);
  });

  it('orders one group per job with waiting work', () => {
    const cluster = createTestCluster({ jobs: [{ maps: 1 }, { maps: 1, reduces: 1 }] });
    cluster.launch(cluster.mapOf(0, 0), 0);
    const order = createFifoUserOrder();
    expect(order.order(cluster.view, 'map').map((g) => g.key)).toEqual(['job:1']);
    expect(order.order(cluster.view, 'reduce')).toEqual([]);
  });

  it('refuses unknown options and bad values, naming them', () => {
    expect(() => createFifoPolicy({ rampup: 1 } as never)).toThrow(/unknown option "rampup"/);
    expect(() => createFifoPolicy({ reduceRampupLimit: 2 })).toThrow(/reduceRampupLimit/);
    expect(fifoPolicy.create({ name: 'fifo-2' }, { random: { next: () => 0, int: () => 0 } }).name).toBe(
      'fifo-2',
    );
  });
});
