import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { fakeJob } from '../test/fake-job.js';
import {
  MEBIBYTE,
  classifyInput,
  classifyShuffleByRatio,
  classifyShuffleBySize,
  jobShuffleClass,
} from './job-classes.js';
import { createShufflePredictor } from './shuffle-predictor.js';

describe('classifyShuffleBySize (NAS §IV-A)', () => {
  test('boundaries: light < 1 MiB ≤ medium ≤ 100 MiB < heavy', () => {
    expect(classifyShuffleBySize(0)).toBe('light');
    expect(classifyShuffleBySize(MEBIBYTE - 1)).toBe('light');
    expect(classifyShuffleBySize(MEBIBYTE)).toBe('medium');
    expect(classifyShuffleBySize(100 * MEBIBYTE)).toBe('medium');
    expect(classifyShuffleBySize(100 * MEBIBYTE + 1)).toBe('heavy');
    expect(classifyShuffleBySize(1_000_000)).toBe('light');
  });

  test('custom thresholds and bad ones', () => {
    expect(classifyShuffleBySize(5, { lightBelow: 10, heavyAbove: 20 })).toBe('light');
    expect(classifyShuffleBySize(21, { lightBelow: 10, heavyAbove: 20 })).toBe('heavy');
    expect(() => classifyShuffleBySize(5, { lightBelow: 30, heavyAbove: 20 })).toThrow(/lightBelow/);
    expect(() => classifyShuffleBySize(-1)).toThrow(/bytes/);
  });

  test.prop([fc.double({ min: 0, max: 1e12, noNaN: true }), fc.double({ min: 0, max: 1e12, noNaN: true })])(
    'monotone: more shuffle bytes never gives a lighter class',
    (a, b) => {
      const rank = { light: 0, medium: 1, heavy: 2 } as const;
      const [low, high] = a <= b ? [a, b] : [b, a];
      expect(rank[classifyShuffleBySize(low)]).toBeLessThanOrEqual(rank[classifyShuffleBySize(high)]);
    },
  );
});

describe('classifyShuffleByRatio (ShuffleWatcher §3.1)', () => {
  test('ratio > 1 is heavy; the default rule has two classes', () => {
    expect(classifyShuffleByRatio(1)).toBe('light');
    expect(classifyShuffleByRatio(1.0001)).toBe('heavy');
    expect(classifyShuffleByRatio(0.5)).toBe('light');
  });

  test('a lower mediumAbove gives three classes', () => {
    const t = { mediumAbove: 0.2, heavyAbove: 1 };
    expect(classifyShuffleByRatio(0.2, t)).toBe('light');
    expect(classifyShuffleByRatio(0.5, t)).toBe('medium');
    expect(classifyShuffleByRatio(1, t)).toBe('medium');
    expect(classifyShuffleByRatio(2, t)).toBe('heavy');
    expect(() => classifyShuffleByRatio(1, { mediumAbove: 2, heavyAbove: 1 })).toThrow(/mediumAbove/);
  });
});

describe('classifyInput (NAS §III-B)', () => {
  test('small below 10 MiB, large from it on', () => {
    expect(classifyInput(10 * MEBIBYTE - 1)).toBe('small');
    expect(classifyInput(10 * MEBIBYTE)).toBe('large');
    expect(classifyInput(500, 1000)).toBe('small');
    expect(() => classifyInput(Number.NaN)).toThrow(/bytes/);
  });
});

describe('jobShuffleClass', () => {
  const predictor = createShufflePredictor();
  const job = fakeJob({
    maps: [{ inputBytes: 64 * MEBIBYTE, outputBytes: 128 * MEBIBYTE }, { inputBytes: 64 * MEBIBYTE }],
  });

  test('by size uses the predicted shuffle bytes (ratio 2 × 128 MiB = 256 MiB: heavy)', () => {
    expect(jobShuffleClass(job, predictor)).toBe('heavy');
    expect(
      jobShuffleClass(job, predictor, { by: 'size', thresholds: { lightBelow: 0, heavyAbove: 1e12 } }),
    ).toBe('medium');
  });

  test('by ratio uses the predicted ratio', () => {
    expect(jobShuffleClass(job, predictor, 'ratio')).toBe('heavy');
    expect(
      jobShuffleClass(job, predictor, { by: 'ratio', thresholds: { mediumAbove: 1, heavyAbove: 3 } }),
    ).toBe('medium');
  });
});
