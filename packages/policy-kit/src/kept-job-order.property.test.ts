import { fc, test } from '@fast-check/vitest';
import { VersionedModelHost, modelHostBusyEventsArb, modelHostEventArb } from '@rackwise/testkit';
import type { ClusterView, JobView, ServiceGroup, SlotKind } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { type JobScoring, keptJobOrder } from './kept-job-order.js';
import { versionedOrder } from './versioned-order.js';
import { waitsFor } from './waits-for.js';

/**
 * `keptJobOrder` against a fresh sort, with a scoring of its own (not Fair's): the job
 * with the fewest tasks holding slots of the kind first, then the one with more waiting,
 * then the lower id. With `held`, the running count stands for the score while the job
 * waits — true only if the waiting count does not move it, so the test's `held` also
 * counts the waiting tasks.
 */
interface Score {
  running: number;
  waiting: number;
  id: number;
}

const runningOf = (job: JobView, kind: SlotKind): number =>
  (kind !== 'reduce' ? job.count('map', 'running') : 0) +
  (kind !== 'map' ? job.count('reduce', 'running') : 0);
const waitingOf = (job: JobView, kind: SlotKind): number =>
  (kind !== 'reduce' ? job.count('map', 'pending') : 0) +
  (kind !== 'map' && job.reducesReady ? job.count('reduce', 'pending') : 0);
const compare = (a: Score, b: Score): number => a.running - b.running || b.waiting - a.waiting || a.id - b.id;

const scoring = (held: boolean): JobScoring<Score> => ({
  score: (job, kind, group, spare) => {
    expect(group).toEqual([job]);
    if (!waitsFor(job, kind)) return undefined;
    const score = spare ?? { running: 0, waiting: 0, id: 0 };
    score.running = runningOf(job, kind);
    score.waiting = waitingOf(job, kind);
    score.id = job.id;
    return score;
  },
  jobs: (job) => [job],
  compare,
  ...(held
    ? { held: (job: JobView, kind: SlotKind) => runningOf(job, kind) * 1000 + waitingOf(job, kind) }
    : {}),
});

const freshOrder = versionedOrder('fresh', (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] =>
  view
    .activeUsers()
    .flatMap((user) => user.jobs)
    .filter((job) => waitsFor(job, kind))
    .map((job) => ({
      job,
      score: { running: runningOf(job, kind), waiting: waitingOf(job, kind), id: job.id },
    }))
    .sort((a, b) => compare(a.score, b.score))
    .map(({ job }) => ({ key: `job:${job.id}`, jobs: [job] })),
);

describe('keptJobOrder', () => {
  test.prop([
    fc.oneof(fc.array(modelHostEventArb(), { maxLength: 80 }), modelHostBusyEventsArb({ users: 3 })),
    fc.array(fc.constantFrom<SlotKind>('map', 'reduce', 'container'), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('versions' as const, 'log' as const),
    fc.integer({ min: 0, max: 4 }),
    fc.constantFrom('new' as const, 'kept' as const),
    fc.integer({ min: 1, max: 4 }),
    fc.boolean(),
  ])(
    'equals a fresh sort every few events, a group kept only while its job reports the same',
    (events, kinds, mode, reach, views, every, held) => {
      const kept = keptJobOrder(scoring(held), freshOrder);
      const host = new VersionedModelHost();
      const view = host.view(mode, reach, views);
      const unversioned = host.view('none');
      const keys = (groups: readonly ServiceGroup[]) =>
        groups.map((g) => `${g.key}[${g.jobs.map((j) => j.id)}]`);
      const reported = new Map<ServiceGroup, string>();
      for (const [i, event] of events.entries()) {
        host.apply(event);
        if (i % every !== 0) continue;
        const kind = kinds[i % kinds.length]!;
        const groups = kept.order(view, kind);
        expect(keys(groups)).toEqual(keys(freshOrder.order(unversioned, kind)));
        for (const group of groups) {
          const job = group.jobs[0]!;
          const report = `${group.version}:${runningOf(job, kind)}/${waitingOf(job, kind)}`;
          // A group handed out again under the same version reports the same job state.
          const before = reported.get(group);
          if (before !== undefined && before.split(':')[0] === String(group.version))
            expect(report).toBe(before);
          reported.set(group, report);
        }
      }
    },
  );
});
