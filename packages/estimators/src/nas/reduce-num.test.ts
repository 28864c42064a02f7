import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { reduceNumPerRack } from './reduce-num.js';

describe('ReduceNum per rack (NAS eq. 4, largest remainder)', () => {
  it('follows the map-output distribution', () => {
    expect(reduceNumPerRack(10, [600, 300, 100])).toEqual([6, 3, 1]);
  });

  it('gives the left-over reduces to the largest remainders', () => {
    // shares 3.5, 2.5, 1.0 (total 7): floors 3, 2, 1; one left, tie → larger output (rack 0)
    expect(reduceNumPerRack(7, [350, 250, 100])).toEqual([4, 2, 1]);
    // shares 1/3 each: one each
    expect(reduceNumPerRack(3, [1, 1, 1])).toEqual([1, 1, 1]);
    // shares 0.4, 0.4, 0.2 of 2 reduces: 0.8, 0.8, 0.4 → floors 0; two left to racks 0, 1
    expect(reduceNumPerRack(2, [2, 2, 1])).toEqual([1, 1, 0]);
  });

  it('spreads evenly when no map output exists yet', () => {
    expect(reduceNumPerRack(5, [0, 0, 0])).toEqual([2, 2, 1]);
  });

  it('refuses bad input, naming the field', () => {
    expect(() => reduceNumPerRack(-1, [1])).toThrow(/totalReduceNum/);
    expect(() => reduceNumPerRack(2, [1, Number.NaN])).toThrow(/mapOutputByRack\[1\]/);
    expect(() => reduceNumPerRack(2, [])).toThrow(/mapOutputByRack/);
  });

  const outputs = fc.array(fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1e13, noNaN: true })), {
    minLength: 1,
    maxLength: 40,
  });

  test.prop([fc.integer({ min: 0, max: 5000 }), outputs])(
    'counts sum to the reduce count and stay within one task of the exact share',
    (total, output) => {
      const counts = reduceNumPerRack(total, output);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
      const sum = output.reduce((a, b) => a + b, 0);
      counts.forEach((count, r) => {
        const share = sum > 0 ? (total * (output[r] as number)) / sum : total / output.length;
        expect(Number.isInteger(count) && count >= 0).toBe(true);
        expect(Math.abs(count - share)).toBeLessThan(1 + 1e-9);
      });
    },
  );
});
