import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  compareRemainingWork,
  mapCompletionRate,
  remainingReduceData,
  remainingShuffleTime,
} from './remaining-work.js';

describe('FCS remaining work (§4)', () => {
  test('T_rs = (M_left / M_rate) × T_mavg', () => {
    expect(remainingShuffleTime({ remainingMaps: 10, mapRate: 0.5, meanMapTime: 20 })).toBe(400);
    expect(remainingShuffleTime({ remainingMaps: 0, mapRate: 0, meanMapTime: 20 })).toBe(0);
    expect(remainingShuffleTime({ remainingMaps: 3, mapRate: 0, meanMapTime: 20 })).toBe(
      Number.POSITIVE_INFINITY,
    );
    expect(() => remainingShuffleTime({ remainingMaps: -1, mapRate: 1, meanMapTime: 1 })).toThrow(
      /remainingMaps/,
    );
  });

  test('M_rate from completions over elapsed time', () => {
    expect(mapCompletionRate(10, 0, 50)).toBe(0.2);
    expect(mapCompletionRate(0, 5, 5)).toBe(0);
    expect(() => mapCompletionRate(1, 10, 5)).toThrow(/now/);
  });

  test('R_left = R_total − R_done', () => {
    expect(remainingReduceData(100, 30)).toBe(70);
    expect(() => remainingReduceData(10, 30)).toThrow(/reduced/);
  });

  test('Algorithm 1 line 7: more T_rs, or equal T_rs and more R_left, is more work', () => {
    const small = { remainingShuffleTime: 0, remainingReduceData: 10 };
    const large = { remainingShuffleTime: 0, remainingReduceData: 500 };
    const mapping = { remainingShuffleTime: 40, remainingReduceData: 0 };
    expect([mapping, large, small].sort(compareRemainingWork)).toEqual([small, large, mapping]);
    expect(compareRemainingWork(small, { ...small })).toBe(0);
  });

  test.prop([
    fc.nat(1000),
    fc.double({ min: 0.001, max: 100, noNaN: true }),
    fc.double({ min: 0, max: 600, noNaN: true }),
  ])('T_rs grows with the maps left', (left, rate, mean) => {
    const a = remainingShuffleTime({ remainingMaps: left, mapRate: rate, meanMapTime: mean });
    const b = remainingShuffleTime({ remainingMaps: left + 1, mapRate: rate, meanMapTime: mean });
    expect(b).toBeGreaterThanOrEqual(a);
  });
});
