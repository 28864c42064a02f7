import { createTestCluster } from '@rackwise/testkit';
import type { PolicyContext } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { createTemplatePolicy } from './template-policy.js';

/** A fixed random source: tests choose what the policy draws. */
const drawing = (value: number): PolicyContext => ({
  random: { next: () => value, int: (n) => Math.floor(value * n) },
});

describe('createTemplatePolicy', () => {
  it('prefers a job with a node-local map', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [1] }] }, { maps: [{ replicas: [0] }] }],
    }).attach(createTemplatePolicy(undefined, drawing(0)));
    expect(cluster.offer(0)).toEqual({
      type: 'launch',
      task: cluster.mapOf(1, 0),
      reason: 'template/node-local',
    });
  });

  it('draws among jobs with the host’s random source', () => {
    const scene = { jobs: [{ maps: [{ replicas: [1] }] }, { maps: [{ replicas: [1] }] }] };
    const first = createTestCluster(scene).attach(createTemplatePolicy(undefined, drawing(0)));
    const last = createTestCluster(scene).attach(createTemplatePolicy(undefined, drawing(0.99)));
    expect(first.offer(0)).toMatchObject({ task: { job: 0 }, reason: 'template/any' });
    expect(last.offer(0)).toMatchObject({ task: { job: 1 }, reason: 'template/any' });
  });

  it('launches reduces only past slowstart', () => {
    const cluster = createTestCluster({ mapCompletionThreshold: 1, jobs: [{ maps: 1, reduces: 1 }] }).attach(
      createTemplatePolicy(undefined, drawing(0)),
    );
    expect(cluster.offer(0, 'reduce')).toEqual({ type: 'pass', reason: 'template/no-pending' });
  });

  it('refuses unknown options by name', () => {
    expect(() => createTemplatePolicy({ locality: true } as never, drawing(0))).toThrow(
      /unknown option "locality"/,
    );
  });
});
