import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { confidenceHalfWidth, normalise, pairedRatioSummary, summarise } from './seed-summary.js';

describe('normalise', () => {
  it('divides by the baseline, as the papers normalise to Fair', () => {
    expect(normalise(1.569, 1)).toBeCloseTo(1.569);
    expect(normalise(30, 60)).toBe(0.5);
  });

  it('gives 1 for 0 / 0 and no ratio for x / 0 or non-finite input', () => {
    expect(normalise(0, 0)).toBe(1);
    expect(normalise(3, 0)).toBeNaN();
    expect(normalise(Number.NaN, 2)).toBeNaN();
    expect(normalise(2, Number.POSITIVE_INFINITY)).toBeNaN();
  });

  test.prop([fc.double({ min: 1e-6, max: 1e9, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true })])(
    'a value k times the baseline normalises to k, and the baseline to 1',
    (baseline, k) => {
      expect(normalise(baseline, baseline)).toBe(1);
      expect(normalise(k * baseline, baseline)).toBeCloseTo(k, 9);
    },
  );
});

describe('summarise', () => {
  it('gives mean, sample standard deviation, min and max', () => {
    const s = summarise([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s).toMatchObject({ n: 8, mean: 5, min: 2, max: 9 });
    expect(s.sd).toBeCloseTo(2.13809, 5);
  });

  it('has no spread for one sample and leaves out non-finite samples', () => {
    expect(summarise([3])).toEqual({ n: 1, mean: 3, sd: 0, min: 3, max: 3 });
    expect(summarise([1, Number.NaN, 3])).toMatchObject({ n: 2, mean: 2 });
    expect(summarise([]).mean).toBeNaN();
  });

  test.prop([fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 20 })])(
    'the mean lies between min and max and the spread is never negative',
    (samples) => {
      const s = summarise(samples);
      expect(s.mean).toBeGreaterThanOrEqual(s.min - 1e-6);
      expect(s.mean).toBeLessThanOrEqual(s.max + 1e-6);
      expect(s.sd).toBeGreaterThanOrEqual(0);
    },
  );
});

describe('confidenceHalfWidth', () => {
  it('is t(0.975, n − 1) · sd / √n, and undefined for one seed', () => {
    expect(confidenceHalfWidth({ n: 5, sd: 2 })).toBeCloseTo((2.776 * 2) / Math.sqrt(5), 9);
    expect(confidenceHalfWidth({ n: 100, sd: 1 })).toBeCloseTo(0.196, 9);
    expect(confidenceHalfWidth({ n: 1, sd: 0 })).toBeNaN();
  });
});

describe('pairedRatioSummary', () => {
  it('divides seed by seed, so a shared workload effect leaves no spread', () => {
    const base = [1, 2, 3].map((seed) => ({ seed, metrics: { t: seed * 100 } }));
    const policy = [3, 1, 2].map((seed) => ({ seed, metrics: { t: seed * 80 } }));
    const summary = pairedRatioSummary(policy, base, 't');
    expect(summary.mean).toBeCloseTo(0.8, 12);
    expect(summary.sd).toBeCloseTo(0, 12);
    expect(summary.n).toBe(3);
  });
});
