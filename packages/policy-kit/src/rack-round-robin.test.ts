import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { roundRobinReduceQuota, roundRobinReduceQuotaOn } from './rack-round-robin.js';

describe('roundRobinReduceQuota (Shadow §4.2)', () => {
  it('deals reduces over the racks holding maps, most maps first, ties by index', () => {
    expect(roundRobinReduceQuota([1, 4, 0, 4], 5)).toEqual([1, 2, 0, 2]);
    expect(roundRobinReduceQuota([4, 1, 1], 3)).toEqual([1, 1, 1]);
    expect(roundRobinReduceQuota([0, 0], 3)).toEqual([2, 1]);
  });

  test.prop([fc.array(fc.nat(20), { minLength: 1, maxLength: 9 }), fc.nat(200)])(
    'hands out every reduce, none to a rack without maps, within one of each other',
    (maps, reduces) => {
      const quota = roundRobinReduceQuota(maps, reduces);
      expect(quota.reduce((a, b) => a + b, 0)).toBe(reduces);
      const holding = maps.some((m) => m > 0);
      const used = quota.filter((_, r) => !holding || maps[r]! > 0);
      if (holding) quota.forEach((q, r) => maps[r] === 0 && expect(q).toBe(0));
      expect(Math.max(...used) - Math.min(...used)).toBeLessThanOrEqual(1);
    },
  );

  test.prop([
    fc.array(fc.integer({ min: -2, max: 6 }), { maxLength: 9 }),
    fc.nat(40),
    fc.integer({ min: -1, max: 10 }),
  ])("one rack's quota is its entry of the whole deal", (maps, reduces, rack) => {
    expect(roundRobinReduceQuotaOn(maps, reduces, rack)).toBe(
      roundRobinReduceQuota(maps, reduces)[rack] ?? 0,
    );
  });
});
