import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createPredictionErrorTracker, predictionError } from './prediction-error.js';

describe('predictionError', () => {
  test('signed relative error', () => {
    expect(predictionError(1.5, 1)).toBe(0.5);
    expect(predictionError(0.5, 2)).toBe(-0.75);
    expect(predictionError(2, 2)).toBe(0);
  });

  test('a true ratio of 0: exact when predicted 0, infinite otherwise', () => {
    expect(predictionError(0, 0)).toBe(0);
    expect(predictionError(1, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  test('refuses negative or non-finite ratios', () => {
    expect(() => predictionError(-1, 1)).toThrow(/predictedRatio/);
    expect(() => predictionError(1, Number.NaN)).toThrow(/trueRatio/);
  });
});

describe('createPredictionErrorTracker', () => {
  test('mean, p95 (nearest rank) and max of absolute errors; infinite ones counted apart', () => {
    const tracker = createPredictionErrorTracker();
    for (let i = 1; i <= 20; i += 1) tracker.record(1 + i / 100, 1);
    tracker.record(0.5, 1);
    tracker.record(3, 0);
    const s = tracker.summary();
    expect(s.count).toBe(22);
    expect(s.finiteCount).toBe(21);
    expect(s.infiniteCount).toBe(1);
    expect(s.max).toBe(0.5);
    expect(s.p95).toBeCloseTo(0.2, 12);
    expect(s.mean).toBeCloseTo((2.1 + 0.5) / 21, 12);
  });

  test('empty tracker reports NaN statistics', () => {
    const s = createPredictionErrorTracker().summary();
    expect(s.count).toBe(0);
    expect(s.mean).toBeNaN();
    expect(s.p95).toBeNaN();
  });

  test.prop([
    fc.array(
      fc.tuple(fc.double({ min: 0, max: 100, noNaN: true }), fc.double({ min: 0.01, max: 100, noNaN: true })),
      {
        minLength: 1,
        maxLength: 50,
      },
    ),
  ])('mean ≤ max and p95 ≤ max, all ≥ 0', (pairs) => {
    const tracker = createPredictionErrorTracker();
    for (const [p, t] of pairs) tracker.record(p, t);
    const s = tracker.summary();
    expect(s.mean).toBeGreaterThanOrEqual(0);
    expect(s.mean).toBeLessThanOrEqual(s.max * (1 + 1e-12));
    expect(s.p95).toBeLessThanOrEqual(s.max);
  });
});
