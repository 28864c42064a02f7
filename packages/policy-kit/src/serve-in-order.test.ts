import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { Decision, NodeId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { serveInOrder } from './serve-in-order.js';

const launch = (reason: string): Decision => ({
  type: 'launch',
  task: { job: 0 as never, kind: 'map', index: 0 },
  reason,
});

describe('serveInOrder', () => {
  const cluster = createTestCluster({ jobs: [{ maps: 2 }, { maps: 2 }] });
  const order = createTestUserOrder();
  const node = 0 as NodeId;

  it('runs the policy’s own work before any job’s map, and only for a map-capable slot', () => {
    const seen: string[] = [];
    const decision = serveInOrder(order, { node, kind: 'map' }, cluster.view, {
      reduce: () => {
        seen.push('reduce');
        return undefined;
      },
      beforeMaps: () => launch('x/copy'),
      map: () => launch('x/map'),
      idle: 'x/idle',
    });
    expect(decision.reason).toBe('x/copy');
    expect(seen).toEqual([]);
  });

  it('passes with the last reason a job held back for, or the idle reason', () => {
    const held = serveInOrder(order, { node, kind: 'map' }, cluster.view, {
      reduce: () => undefined,
      map: (job) => (job.id === (0 as never) ? { held: 'x/skip' } : undefined),
      idle: 'x/idle',
    });
    expect(held).toEqual({ type: 'pass', reason: 'x/skip' });
    const idle = serveInOrder(order, { node, kind: 'map' }, cluster.view, {
      reduce: () => undefined,
      map: () => undefined,
      idle: 'x/idle',
    });
    expect(idle).toEqual({ type: 'pass', reason: 'x/idle' });
  });

  it('takes the first job whose map step launches, in the order', () => {
    const decision = serveInOrder(order, { node, kind: 'map' }, cluster.view, {
      reduce: () => undefined,
      map: (job) => launch(`x/job-${String(job.id)}`),
      idle: 'x/idle',
    });
    expect(decision.reason).toBe('x/job-0');
  });
});
