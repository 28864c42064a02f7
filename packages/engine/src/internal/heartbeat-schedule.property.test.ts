import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { heartbeatSchedule, heartbeatTime, nextHeartbeat, spreadPhases } from './heartbeat-schedule.js';
import { randomStream } from './random-streams.js';

const scheduleArbitrary = fc.record({
  seed: fc.integer(),
  nodes: fc.integer({ min: 1, max: 16 }),
  interval: fc.oneof(fc.constantFrom(1e-3, 0.3, 1, 3), fc.double({ min: 1e-3, max: 60, noNaN: true })),
  phases: fc.constantFrom('random' as const, 'spread' as const),
  jitter: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 0.999, noNaN: true })),
});

interface Drawn {
  readonly seed: number;
  readonly nodes: number;
  readonly interval: number;
  readonly phases: 'random' | 'spread';
  readonly jitter: number;
}

const build = (a: Drawn) =>
  heartbeatSchedule(a.nodes, a.interval, a.phases, a.jitter, randomStream(a.seed, 'heartbeat'));

describe('heartbeat schedule', () => {
  test.prop([scheduleArbitrary])('phases lie in [0, interval)', (a) => {
    for (const phase of build(a).phases) {
      expect(phase).toBeGreaterThanOrEqual(0);
      expect(phase).toBeLessThan(a.interval);
    }
  });

  test.prop([scheduleArbitrary, fc.integer({ min: 0, max: 1e6 })])(
    "jitter keeps heartbeats at or after 0, late by less than jitter × interval, and each node's in order",
    (a, from) => {
      const schedule = build(a);
      for (let n = 0; n < a.nodes; n++) {
        let previous = Number.NEGATIVE_INFINITY;
        for (let k = from; k < from + 20; k++) {
          const t = heartbeatTime(schedule, n, k);
          const grid = schedule.phases[n]! + k * a.interval;
          expect(t).toBeGreaterThanOrEqual(0);
          expect(t).toBeGreaterThanOrEqual(grid);
          if (a.jitter === 0) expect(t).toBe(grid);
          // Both times are rounded at t's scale: a jitter below a few ulps of t is lost in them.
          else
            expect(t - grid).toBeLessThanOrEqual(a.jitter * a.interval * (1 + 1e-9) + 4 * Number.EPSILON * t);
          expect(t).toBeGreaterThan(previous);
          previous = t;
        }
      }
    },
  );

  test.prop([scheduleArbitrary, fc.double({ min: 0, max: 1e5, noNaN: true })])(
    "the next heartbeat after `now` is the first of the node's heartbeats after it",
    (a, now) => {
      const schedule = build(a);
      const eps = 1e-9 * Math.max(1, now);
      for (let n = 0; n < a.nodes; n++) {
        const next = nextHeartbeat(schedule, n, now);
        expect(next).toBeGreaterThan(now);
        const around = Math.floor((now - schedule.phases[n]!) / a.interval);
        let hit = false;
        for (let k = Math.max(0, around - 2); k <= around + 3; k++) {
          const t = heartbeatTime(schedule, n, k);
          // None lies strictly between `now` and the next; the next is one of them.
          expect(t <= now + eps || t >= next - eps).toBe(true);
          if (Math.abs(t - next) <= eps) hit = true;
        }
        expect(hit).toBe(true);
      }
    },
  );

  test.prop([scheduleArbitrary])('replays for the same seed', (a) => {
    const one = build(a);
    const two = build(a);
    expect(two.phases).toEqual(one.phases);
    for (let n = 0; n < a.nodes; n++) expect(heartbeatTime(two, n, 7)).toBe(heartbeatTime(one, n, 7));
  });

  it('draws phases from the seed, and spreads them by the golden ratio when asked', () => {
    const random = (seed: number) => heartbeatSchedule(20, 1, 'random', 0, randomStream(seed, 'heartbeat'));
    expect(random(1).phases).not.toEqual(random(2).phases);
    const spread = (seed: number) => heartbeatSchedule(20, 3, 'spread', 0, randomStream(seed, 'heartbeat'));
    expect(spread(1).phases).toEqual(spread(2).phases);
    // frac(1 × 0.618…) × 3 and frac(2 × 0.618…) × 3 = frac(1.236…) × 3.
    expect(spreadPhases(2, 3)[0]).toBeCloseTo(1.854102, 6);
    expect(spreadPhases(2, 3)[1]).toBeCloseTo(0.708204, 6);
  });
});
