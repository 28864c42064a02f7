import { fc, test } from '@fast-check/vitest';
import type { ClusterView, JobView, ServiceGroup, UserId, UserView } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { type UserScoring, keptUserOrder } from './kept-user-order.js';

/**
 * `keptUserOrder` against a fresh sort of the users' scores, over sequences of moves in
 * which a user's score rises, falls, ties another's, or leaves the order (no waiting
 * work), and users leave and come back; the host names the users that moved, or not.
 */
type Step = { user: number; score: number | undefined } | { user: number; leave: true };

const USERS = 7;
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ user: fc.nat(USERS - 1), score: fc.option(fc.nat(5), { nil: undefined }) }),
  },
  { weight: 1, arbitrary: fc.record({ user: fc.nat(USERS - 1), leave: fc.constant(true as const) }) },
);

interface Score {
  readonly value: number;
  readonly user: number;
}

/** Lower value first, then lower user: a total order over the users' scores. */
const compare = (a: Score, b: Score): number => a.value - b.value || a.user - b.user;

describe('keptUserOrder', () => {
  test.prop([fc.array(stepArb, { maxLength: 80 }), fc.boolean()])(
    'equals a fresh sort of the scores after every move',
    (steps, named) => {
      // A user's score; undefined: no waiting work. Every user starts with some.
      const scores: (number | undefined)[] = Array.from({ length: USERS }, (_, u) => u % 3);
      const active = Array.from({ length: USERS }, () => true);
      const versions = Array.from({ length: USERS }, () => 0);
      const job = { id: 0 } as unknown as JobView;
      const userView = (id: number): UserView => ({
        id: id as UserId,
        jobs: active[id] ? [job] : [],
        running: () => 0,
        version: versions[id]!,
      });
      const log: number[] = [];
      const host = {
        stateVersion: 0,
        activeUsers: () => versions.flatMap((_, u) => (active[u] ? [userView(u)] : [])),
        user: userView,
        usersChangedSince: named
          ? (since: number) => log.slice(since) as unknown as readonly UserId[]
          : undefined,
      };
      const scoring: UserScoring<Score> = {
        score: (user) => {
          const value = scores[user.id];
          return value === undefined ? undefined : { value, user: user.id };
        },
        jobs: (user) => user.jobs,
        compare,
      };
      const order = keptUserOrder(scoring, { name: 'fresh', order: () => [] });
      const view = host as unknown as ClusterView;
      const keys = (groups: readonly ServiceGroup[]) => groups.map((g) => g.key);
      for (const step of steps) {
        if ('leave' in step) active[step.user] = false;
        else {
          active[step.user] = true;
          scores[step.user] = step.score;
        }
        versions[step.user]!++;
        log.push(step.user);
        host.stateVersion++;
        const expected = scores
          .flatMap((value, user) => (active[user] && value !== undefined ? [{ value, user }] : []))
          .sort(compare)
          .map((s) => `user:${s.user}`);
        expect(keys(order.order(view, 'container'))).toEqual(expected);
      }
    },
  );
});
