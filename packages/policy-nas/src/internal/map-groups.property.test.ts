import { fc, test } from '@fast-check/vitest';
import type { ClusterView, JobView, ServiceGroup } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { MapGroupCache } from './map-groups.js';

/**
 * MapGroupCache against a cut computed afresh, over sequences of orders such as a kept
 * order hands out: users change (their pending maps move with a new version, on a new
 * group object or the same one), move, leave and come back, and requests come with CR-RTS's
 * pause in force or not.
 */
type Step =
  | { type: 'touch'; user: number; pending: number[]; sameObject: boolean }
  | { type: 'move'; user: number; to: number }
  | { type: 'leave' | 'return'; user: number };

const USERS = 6;
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    type: fc.constant('touch' as const),
    user: fc.nat(USERS - 1),
    pending: fc.array(fc.nat(2), { minLength: 3, maxLength: 3 }),
    sameObject: fc.boolean(),
  }),
  fc.record({ type: fc.constant('move' as const), user: fc.nat(USERS - 1), to: fc.nat(USERS - 1) }),
  fc.record({ type: fc.constantFrom('leave' as const, 'return' as const), user: fc.nat(USERS - 1) }),
);

interface FakeJob {
  readonly id: number;
  pending: number;
}

const fakeJob = (id: number): FakeJob => {
  const job = {
    id,
    pending: 1,
    count: (kind: string, state: string) => (kind === 'map' && state === 'pending' ? job.pending : 0),
  };
  return job;
};

describe('MapGroupCache over changing orders', () => {
  test.prop([fc.array(fc.tuple(stepArb, fc.boolean(), fc.nat(USERS)), { maxLength: 60 }), fc.boolean()])(
    'gives the cut of a fresh look at every group after every step',
    (steps, inPlace) => {
      const jobs = Array.from({ length: USERS }, (_, u) => [0, 1, 2].map((i) => fakeJob(10 * u + i)));
      const groups: { key: string; jobs: JobView[]; version: number }[] = jobs.map((own, u) => ({
        key: `user:${u}`,
        jobs: own as unknown as JobView[],
        version: 0,
      }));
      let order: number[] = Array.from({ length: USERS }, (_, u) => u);
      // Odd job ids are the ones the pause holds.
      const pausable = (job: JobView) => job.id % 2 === 1;
      // The order hands out a fresh array per call, or one array it updates in place (both
      // allowed by the UserOrder contract: the array is valid during the call).
      const live: ServiceGroup[] = [];
      const handOut = (): readonly ServiceGroup[] => {
        if (!inPlace) return order.map((u) => groups[u]!);
        live.length = 0;
        for (const u of order) live.push(groups[u]!);
        return live;
      };
      const cache = new MapGroupCache({ name: 'test', order: handOut }, pausable);
      const host = { stateVersion: 0 };
      const view = host as unknown as ClusterView;
      for (const [step, pause, reach] of steps) {
        host.stateVersion++;
        if (step.type === 'touch') {
          jobs[step.user]!.forEach((job, i) => {
            job.pending = step.pending[i]!;
          });
          const was = groups[step.user]!;
          if (step.sameObject) was.version++;
          else groups[step.user] = { ...was, version: was.version + 1 };
        } else if (step.type === 'move' && order.includes(step.user)) {
          order = order.filter((u) => u !== step.user);
          order.splice(Math.min(step.to, order.length), 0, step.user);
        } else if (step.type === 'leave') {
          order = order.filter((u) => u !== step.user);
        } else if (step.type === 'return' && !order.includes(step.user)) {
          order = [...order, step.user];
          // A user that comes back is a new group.
          groups[step.user] = { ...groups[step.user]!, version: groups[step.user]!.version + 1 };
        }
        const expected = order.flatMap((u): string[] => {
          const waiting = jobs[u]!.filter((job) => job.pending > 0);
          const kept = waiting.filter((job) => !(pause && pausable(job as unknown as JobView)));
          return kept.length > 0 ? [`user:${u}:${kept.map((job) => job.id).join()}`] : [];
        });
        const held = order.some((u) => pause && jobs[u]!.some((job) => job.pending > 0 && job.id % 2 === 1));
        // A walk reaches a drawn number of groups, as MTS stops at a launch; some states
        // are walked to the end and asked for the pause.
        const answer = cache.groups(view, 'map', pause);
        const walked: string[] = [];
        for (
          let group = answer.at(0);
          group !== undefined && walked.length < reach;
          group = answer.at(walked.length)
        ) {
          walked.push(`${group.key}:${group.jobs.map((j) => j.id).join()}`);
        }
        expect(walked).toEqual(expected.slice(0, reach));
        if (reach === USERS) expect(answer.paused).toBe(held);
      }
    },
  );
});
