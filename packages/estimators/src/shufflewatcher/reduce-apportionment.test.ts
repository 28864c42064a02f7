import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { apportionReduces } from './reduce-apportionment.js';

const weights = fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e12, noNaN: true })), {
  minLength: 1,
  maxLength: 12,
});
const count = fc.integer({ min: 0, max: 500 });

describe('apportionReduces', () => {
  test('splits in proportion and gives the leftover to the largest remainders', () => {
    expect(apportionReduces(10, [90, 10])).toEqual([9, 1]);
    expect(apportionReduces(3, [1, 1, 1, 1])).toEqual([1, 1, 1, 0]);
    expect(apportionReduces(5, [0.5, 0.3, 0.2])).toEqual([3, 1, 1]);
    expect(apportionReduces(7, [0, 0, 0])).toEqual([3, 2, 2]);
  });

  test('breaks equal remainders by the larger weight, then the lower rack', () => {
    // quotas 1.5, 0.5, 1.0 → floors 1, 0, 1; one left: remainders 0.5 and 0.5, rack 0 weighs more
    expect(apportionReduces(3, [3, 1, 2])).toEqual([2, 0, 1]);
    expect(apportionReduces(1, [5, 5])).toEqual([1, 0]);
  });

  test('places nothing for a job without reduces', () => {
    expect(apportionReduces(0, [])).toEqual([]);
    expect(apportionReduces(0, [4, 2])).toEqual([0, 0]);
  });

  test('refuses bad arguments, naming them', () => {
    expect(() => apportionReduces(2.5, [1])).toThrow(/reduceCount must be an integer/);
    expect(() => apportionReduces(-1, [1])).toThrow(/reduceCount/);
    expect(() => apportionReduces(1, [1, -2])).toThrow(/weights\[1\]/);
    expect(() => apportionReduces(1, [Number.NaN])).toThrow(/weights\[0\]/);
    expect(() => apportionReduces(1, [])).toThrow(/at least one rack/);
  });

  test.prop([count, weights])('the counts sum to the reduce count', (n, w) => {
    const counts = apportionReduces(n, w);
    expect(counts).toHaveLength(w.length);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(n);
  });

  test.prop([count, weights])('each count is the floor or the ceiling of its exact quota', (n, w) => {
    const total = w.reduce((a, b) => a + b, 0);
    const counts = apportionReduces(n, w);
    counts.forEach((c, r) => {
      const quota = total > 0 ? (n * w[r]!) / total : n / w.length;
      expect(Number.isInteger(c)).toBe(true);
      expect(c).toBeGreaterThanOrEqual(Math.floor(quota - 1e-9));
      expect(c).toBeLessThanOrEqual(Math.ceil(quota + 1e-9));
    });
  });

  test.prop([count, weights])('a rack of weight 0 gets nothing while another has weight', (n, w) => {
    fc.pre(w.some((x) => x > 0));
    const counts = apportionReduces(n, w);
    w.forEach((x, r) => {
      if (x === 0) expect(counts[r]).toBe(0);
    });
  });
});
