import { fc, test } from '@fast-check/vitest';
import { VersionedModelHost, modelHostEventArb } from '@rackwise/testkit';
import type { ServiceGroup, SlotKind } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { capacityOrder } from './capacity-user-order.js';
import { resolveCapacityConfig } from './internal/resolve-capacity-config.js';

/**
 * Capacity's queue order kept between states (`QueueTally`: queue sums and waiting lists
 * moved only for the users that moved) against the order counted from scratch, after any
 * sequence of events on a small model of a host: tasks start and end, jobs arrive in any
 * queue (an unconfigured one too), complete and become ready to reduce, users leave and
 * come back. The running reduces each queue holds (the policy's ramp-up cap) must match
 * too.
 */
const QUEUE_NAMES = ['default', 'prod', 'dev', 'adhoc'] as const;

/** Groups with their jobs, and the jobs' running maps (a stale job view would show old counts). */
const shown = (groups: readonly ServiceGroup[]) =>
  groups.map((g) => `${g.key}[${g.jobs.map((j) => `${j.id}:${j.count('map', 'running')}`).join()}]`);

const queueArb = fc
  .subarray([...QUEUE_NAMES.slice(0, 3)], { minLength: 1 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc
          .record({ capacity: fc.constantFrom(0.1, 0.2, 0.3), spare: fc.constantFrom(0, 0.1, 0.4) })
          .map(({ capacity, spare }) => ({ name, capacity, maximumCapacity: capacity + spare })),
      ),
    ),
  );

describe('Capacity queue order kept between states', () => {
  test.prop(
    [
      queueArb,
      fc.array(modelHostEventArb({ queues: QUEUE_NAMES.length }), { maxLength: 80 }),
      fc.array(fc.constantFrom<SlotKind>('map', 'reduce', 'container'), { minLength: 1, maxLength: 3 }),
      fc.constantFrom('versions' as const, 'log' as const),
      fc.integer({ min: 0, max: 4 }),
      fc.constantFrom('new' as const, 'kept' as const),
      fc.constantFrom(2, 8),
    ],
    { numRuns: 400 },
  )(
    'equals the order counted from scratch after every event',
    (queues, events, kinds, mode, reach, views, slots) => {
      const resolved = resolveCapacityConfig({ queues });
      const kept = capacityOrder(resolved);
      const fresh = capacityOrder(resolved);
      // Job ids out of submission order: the tally ranks jobs by where they stand.
      const host = new VersionedModelHost(QUEUE_NAMES, (now) => (now * 7919) % 1009);
      // On two slots a queue at its maximum leaves the order: every running task counts.
      const view = host.view(mode, reach, views, slots);
      const unversioned = host.view('none', 0, 'new', slots);
      for (const [i, event] of events.entries()) {
        host.apply(event);
        const kind = kinds[i % kinds.length]!;
        expect(shown(kept.order.order(view, kind))).toEqual(shown(fresh.order.order(unversioned, kind)));
        const counted = new Map<string, number>();
        for (const job of unversioned.activeJobs()) {
          const queue = queues.some((q) => q.name === job.queue) ? job.queue : resolved.defaultQueue;
          counted.set(queue, (counted.get(queue) ?? 0) + job.count('reduce', 'running'));
        }
        resolved.queues.forEach((queue, q) => {
          expect(kept.runningReduces(view, q)).toBe(counted.get(queue.name) ?? 0);
        });
        expect(fresh.runningReduces(unversioned, 0)).toBeUndefined();
      }
    },
  );
});
