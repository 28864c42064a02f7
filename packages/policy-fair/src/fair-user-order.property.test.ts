import { fc, test } from '@fast-check/vitest';
import { GroupJobsWhere, hasReadyReduce } from '@rackwise/policy-kit';
import { VersionedModelHost, modelHostBusyEventsArb, modelHostEventArb } from '@rackwise/testkit';
import type { JobView, ServiceGroup, SlotKind } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { createFairUserOrder } from './fair-user-order.js';

/**
 * Fair's per-user and per-job orders kept between states (`keptUserOrder`,
 * `keptJobOrder`) against the order sorted from scratch, after any sequence of events
 * on a small model of a host (`VersionedModelHost`): tasks start and end, jobs arrive,
 * complete and become ready to reduce, users leave and come back.
 */
const keysOf = (groups: readonly ServiceGroup[]) =>
  groups.map((g) => `${g.key}[${g.jobs.map((j) => j.id).join()}]`);

/** Weights and minimum shares for some of the groups `key` names. */
const tablesArb = (key: fc.Arbitrary<string>) =>
  fc.record({
    weights: fc.dictionary(key, fc.constantFrom(0.5, 1, 2, 3)),
    minShares: fc.dictionary(key, fc.integer({ min: 1, max: 3 })),
  });

const configArb = fc
  .tuple(
    fc.constantFrom('fifo' as const, 'fair' as const),
    tablesArb(fc.integer({ min: 0, max: 5 }).map((u) => `user:${u}`)),
  )
  .map(([jobOrder, tables]) => ({ jobOrder, ...tables }));

describe('Fair per-user orders kept between states', () => {
  test.prop([
    configArb,
    fc.array(modelHostEventArb(), { maxLength: 80 }),
    fc.array(fc.constantFrom<SlotKind>('map', 'reduce', 'container'), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('versions' as const, 'log' as const),
    fc.integer({ min: 0, max: 4 }),
  ])('equal the order sorted from scratch after every event', (config, events, kinds, mode, reach) => {
    const kept = createFairUserOrder(config);
    const fresh = createFairUserOrder(config);
    const host = new VersionedModelHost();
    const view = host.view(mode, reach);
    const unversioned = host.view('none');
    const ready = new GroupJobsWhere(hasReadyReduce);
    for (const [i, event] of events.entries()) {
      host.apply(event);
      const kind = kinds[i % kinds.length]!;
      const groups = kept.order(view, kind);
      const expected = fresh.order(unversioned, kind);
      expect(keysOf(groups)).toEqual(keysOf(expected));
      // Each group's jobs with a ready reduce, as the order found them while scoring.
      expect(groups.map((g) => ready.of(g, view).map((j) => j.id))).toEqual(
        expected.map((g) => g.jobs.filter(hasReadyReduce).map((j) => j.id)),
      );
    }
  });
});

/** What a job reports that a group's `version` covers here: its counts and readiness. */
const reportOf = (job: JobView) =>
  `${job.count('map', 'pending')}/${job.count('map', 'running')}/${job.count('reduce', 'pending')}/${job.count('reduce', 'running')}/${job.reducesReady}`;

const jobConfigArb = tablesArb(fc.integer({ min: 1, max: 40 }).map((j) => `job:${j}`));

describe('Fair per-job orders kept between states', () => {
  test.prop([
    jobConfigArb,
    fc.oneof(fc.array(modelHostEventArb(), { maxLength: 80 }), modelHostBusyEventsArb({ rest: true })),
    fc.array(fc.constantFrom<SlotKind>('map', 'reduce', 'container'), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('versions' as const, 'log' as const),
    fc.integer({ min: 0, max: 4 }),
    fc.constantFrom('new' as const, 'kept' as const),
    fc.integer({ min: 1, max: 4 }),
  ])(
    'equal the order sorted from scratch every few events, a group’s version moving with its jobs',
    (config, events, kinds, mode, reach, views, every) => {
      const kept = createFairUserOrder({ ...config, groupBy: 'job' });
      const fresh = createFairUserOrder({ ...config, groupBy: 'job' });
      const host = new VersionedModelHost();
      const view = host.view(mode, reach, views);
      const unversioned = host.view('none');
      const reported = new Map<ServiceGroup, { version: number | undefined; report: string }>();
      for (const [i, event] of events.entries()) {
        host.apply(event);
        // Asked every few events, the order sees users that moved more than once.
        if (i % every !== 0) continue;
        const kind = kinds[i % kinds.length]!;
        const groups = kept.order(view, kind);
        expect(keysOf(groups)).toEqual(keysOf(fresh.order(unversioned, kind)));
        for (const group of groups) {
          expect(group.version).toBeTypeOf('number');
          const report = group.jobs.map(reportOf).join();
          const before = reported.get(group);
          if (before !== undefined && before.version === group.version) expect(report).toBe(before.report);
          reported.set(group, { version: group.version, report });
        }
      }
    },
  );
});
