import { createTestCluster, createTestUserOrder, jobId } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { DELAY_DEFAULTS } from './delay-config.js';
import { createDelayPolicy, delayPolicy } from './delay-policy.js';

const userOrder = createTestUserOrder();
const reasons = (decisions: readonly { reason: string }[]) => decisions.map((d) => d.reason);

describe('createDelayPolicy', () => {
  it('launches node-local maps at once', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [2] }] }] }).attach(
      createDelayPolicy({ userOrder }),
    );
    expect(cluster.offer(2)).toEqual({
      type: 'launch',
      task: cluster.mapOf(0, 0),
      reason: 'delay/node-local',
    });
  });

  it('skips a job without a local map and serves the next one', () => {
    const policy = createDelayPolicy({ userOrder });
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [3] }] }, { maps: [{ replicas: [0] }] }],
    }).attach(policy);
    expect(cluster.offer(0)).toMatchObject({ task: { job: 1 }, reason: 'delay/node-local' });
    expect(policy.skipCount(jobId(0))).toBe(1);
    expect(cluster.offer(0)).toEqual({ type: 'pass', reason: 'delay/skip' });
    expect(policy.skipCount(jobId(0))).toBe(2);
  });

  it('lets a job skipped D times launch anywhere, rack-local first', () => {
    const policy = createDelayPolicy({ userOrder, maxSkips: 2 });
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [3] }, { replicas: [1] }] }],
    }).attach(policy);
    expect(reasons([cluster.offer(0), cluster.offer(0), cluster.offer(0)])).toEqual([
      'delay/skip',
      'delay/skip',
      'delay/rack-local',
    ]);
    expect(policy.skipCount(jobId(0))).toBe(0);
  });

  it('waits D more skips for rack locality when rackMaxSkips is set', () => {
    const policy = createDelayPolicy({ userOrder, maxSkips: 1, rackMaxSkips: 2 });
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [3] }, { replicas: [2] }] }] }).attach(
      policy,
    );
    const seen: number[] = [];
    const decisions = Array.from({ length: 4 }, () => {
      const d = cluster.offer(0);
      seen.push(policy.skipCount(jobId(0)));
      return d;
    });
    expect(reasons(decisions)).toEqual(['delay/skip', 'delay/skip', 'delay/skip', 'delay/remote']);
    expect(seen).toEqual([1, 2, 3, 0]);
  });

  it('remembers the level of the last launch and resets it on a node-local one', () => {
    const policy = createDelayPolicy({ userOrder, maxSkips: 1, rackMaxSkips: 5 });
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [1] }, { replicas: [1] }, { replicas: [0] }, { replicas: [1] }] }],
    }).attach(policy);
    expect(reasons([cluster.offer(0), cluster.offer(0)])).toEqual(['delay/node-local', 'delay/skip']);
    expect(cluster.offer(0)).toMatchObject({ reason: 'delay/rack-local', task: { index: 0 } });
    // rack level kept: no wait for the next rack-local map
    cluster.completeAllRunning();
    expect(cluster.offer(0)).toMatchObject({ reason: 'delay/rack-local', task: { index: 1 } });
  });

  it('with relaxedLevel reset waits D again after a rack-local launch', () => {
    const policy = createDelayPolicy({ userOrder, maxSkips: 1, rackMaxSkips: 5, relaxedLevel: 'reset' });
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [1] }, { replicas: [1] }] }],
    }).attach(policy);
    expect(reasons([cluster.offer(0), cluster.offer(0)])).toEqual(['delay/skip', 'delay/rack-local']);
    cluster.completeAllRunning();
    // Back at node level: the second rack-local map waits one more skip (kept: launches at once).
    expect(reasons([cluster.offer(0), cluster.offer(0)])).toEqual(['delay/skip', 'delay/rack-local']);
  });

  it('refuses an unknown relaxedLevel', () => {
    expect(() => createDelayPolicy({ userOrder, relaxedLevel: 'never' as never })).toThrow(
      /relaxedLevel must be 'kept' or 'reset'/,
    );
  });

  it('waits in seconds when by = time (NAS cluster experiment: 5 s)', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [3] }] }] }).attach(
      createDelayPolicy({ userOrder, by: 'time', nodeLocalityWait: 5 }),
    );
    expect(cluster.offer(0).reason).toBe('delay/skip');
    cluster.setTime(4.9);
    expect(cluster.offer(0).reason).toBe('delay/skip');
    cluster.setTime(5);
    expect(cluster.offer(0).reason).toBe('delay/remote');
  });

  it('waits only for rack locality as Shadow configured it', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [1] }, { replicas: [3] }] }] }).attach(
      createDelayPolicy({ userOrder, by: 'time', nodeLocalityWait: 0, rackLocalityWait: 3 }),
    );
    expect(cluster.offer(0).reason).toBe('delay/rack-local');
    expect(cluster.offer(0).reason).toBe('delay/skip');
    cluster.setTime(3);
    expect(cluster.offer(0).reason).toBe('delay/remote');
  });

  it('never delays reduces', () => {
    const cluster = createTestCluster({
      mapCompletionThreshold: 0,
      jobs: [{ maps: [{ replicas: [3] }], reduces: 1 }],
    }).attach(createDelayPolicy({ userOrder }));
    expect(cluster.offer(0, 'reduce')).toMatchObject({ reason: 'delay/reduce' });
    expect(cluster.offer(0, 'map')).toEqual({ type: 'pass', reason: 'delay/skip' });
  });

  it('requires a user order and refuses bad options by name', () => {
    expect(() => createDelayPolicy()).toThrow(/userOrder is required/);
    expect(() => delayPolicy.create(undefined, { random: { next: () => 0, int: () => 0 } })).toThrow(
      /userOrder/,
    );
    expect(() => createDelayPolicy({ userOrder, maxSkips: 1.5 })).toThrow(/maxSkips must be an integer/);
    expect(() => createDelayPolicy({ userOrder, nodeLocalityWait: -1 })).toThrow(/nodeLocalityWait/);
    expect(() => createDelayPolicy({ userOrder, by: 'offers' as never })).toThrow(/by must be/);
    expect(DELAY_DEFAULTS.maxSkips).toBe(135);
  });
});
