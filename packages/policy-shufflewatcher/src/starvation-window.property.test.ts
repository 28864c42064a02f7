import { fc, test } from '@fast-check/vitest';
import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { JobView } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { CONTAINER_TOPOLOGY, TEST_CONTEXT } from '../test/scenes.js';
import { createShuffleWatcherPolicy } from './shufflewatcher-policy.js';

const fewestRunningFirst = createTestUserOrder('user');

const WINDOW = 600;

const arbJobs = fc.array(
  fc.record({
    user: fc.integer({ min: 0, max: 1 }),
    submitTime: fc.integer({ min: 0, max: 2400 }),
    replicas: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 4 }),
    reduces: fc.integer({ min: 0, max: 2 }),
    finished: fc.integer({ min: 0, max: 4 }),
    ratio: fc.constantFrom(0, 0.5, 2),
  }),
  { minLength: 1, maxLength: 6 },
);

describe('starvation window (§3.4)', () => {
  test.prop([arbJobs, fc.integer({ min: 0, max: 3 }), fc.boolean()])(
    "the launched task belongs to the selected user's earliest window with a runnable job",
    (jobs, node, saturated) => {
      const cluster = createTestCluster({ topology: CONTAINER_TOPOLOGY });
      cluster.attach(createShuffleWatcherPolicy({ userOrder: fewestRunningFirst }, TEST_CONTEXT));
      const sorted = [...jobs].sort((a, b) => a.submitTime - b.submitTime);
      sorted.forEach((job, id) => {
        cluster.setTime(job.submitTime);
        cluster.submit({
          user: job.user,
          maps: job.replicas.map((n) => ({ replicas: [n] })),
          reduces: job.reduces,
        });
        // Run some of its maps to completion so reduces become ready and ratios vary.
        for (let i = 0; i < Math.min(job.finished, job.replicas.length); i += 1) {
          const map = cluster.mapOf(id, i);
          cluster.launch(map, job.replicas[i]!);
          cluster.completeMap(map, map.inputBytes * job.ratio);
        }
      });
      if (saturated) for (const rack of [0, 1]) cluster.setRackUtilisation(rack, 1);
      const runnable = (j: JobView) =>
        j.pendingMaps().length > 0 || (j.reducesReady && j.waitingReduces().length > 0);
      const selected = fewestRunningFirst.order(cluster.view, 'container').find((g) => g.jobs.some(runnable));
      const windows = (selected?.jobs ?? []).filter(runnable).map((j) => Math.floor(j.submitTime / WINDOW));
      const decision = cluster.offer(node);
      if (selected === undefined) {
        expect(decision.type).toBe('pass');
        return;
      }
      expect(decision.type).toBe('launch');
      if (decision.type !== 'launch') return;
      const job = cluster.job(decision.task.job);
      expect(Math.floor(job.submitTime / WINDOW)).toBe(Math.min(...windows));
    },
  );
});
