import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { fakeJob, fakeMap } from '../test/fake-job.js';
import { createShufflePredictor } from './shuffle-predictor.js';

const mapArb = fc.record({
  inputBytes: fc.integer({ min: 1, max: 256 * 2 ** 20 }),
  ratio: fc.double({ min: 0, max: 20, noNaN: true }),
  completed: fc.boolean(),
});

describe('createShufflePredictor', () => {
  test.prop([fc.array(mapArb, { minLength: 1, maxLength: 40 })])(
    'the ratio is the exact input-weighted mean of the completed maps it observed',
    (maps) => {
      const job = fakeJob({
        maps: maps.map((m) =>
          m.completed
            ? { inputBytes: m.inputBytes, outputBytes: m.inputBytes * m.ratio }
            : { inputBytes: m.inputBytes },
        ),
        declaredShuffleRatio: 3.5,
      });
      const done = maps.filter((m) => m.completed);
      const predictor = createShufflePredictor();
      if (done.length === 0) {
        expect(predictor.ratio(job)).toBe(3.5);
        return;
      }
      const weight = done.reduce((sum, m) => sum + m.inputBytes, 0);
      const mean = done.reduce((sum, m) => sum + (m.ratio * m.inputBytes) / weight, 0);
      expect(predictor.ratio(job)).toBeCloseTo(mean, 9);
      expect(predictor.isPredicted(job)).toBe(true);
      expect(predictor.shuffleBytes(job)).toBeCloseTo(mean * job.inputBytes, 0);
    },
  );

  test.prop([fc.array(fc.double({ min: 0, max: 10, noNaN: true }), { minLength: 1, maxLength: 30 })])(
    'with equal blocks it is the plain mean of per-map ratios (NAS §III-A)',
    (ratios) => {
      const block = 128 * 2 ** 20;
      const job = fakeJob({ maps: ratios.map((r) => ({ inputBytes: block, outputBytes: r * block })) });
      const mean = ratios.reduce((sum, r) => sum + r, 0) / ratios.length;
      expect(createShufflePredictor().ratio(job)).toBeCloseTo(mean, 9);
    },
  );

  test('an unpredicted job has ratio 1 and its shuffle equals its input', () => {
    const job = fakeJob({ maps: [{ inputBytes: 100 }, { inputBytes: 50 }] });
    const predictor = createShufflePredictor();
    expect(predictor.ratio(job)).toBe(1);
    expect(predictor.isPredicted(job)).toBe(false);
    expect(predictor.shuffleBytes(job)).toBe(150);
    expect(predictor.mapOutput(job, fakeMap(50))).toBe(50);
  });

  test('a declared ratio is used up front, then observation takes over', () => {
    const predictor = createShufflePredictor();
    const before = fakeJob({ maps: [{ inputBytes: 100 }, { inputBytes: 100 }], declaredShuffleRatio: 0.25 });
    expect(predictor.ratio(before)).toBe(0.25);
    expect(predictor.isPredicted(before)).toBe(true);
    expect(predictor.mapOutput(before, fakeMap(100))).toBe(25);
    const after = fakeJob({
      maps: [{ inputBytes: 100, outputBytes: 300 }, { inputBytes: 100 }],
      declaredShuffleRatio: 0.25,
    });
    expect(predictor.ratio(after)).toBe(3);
    expect(predictor.mapOutput(after, fakeMap(100))).toBe(300);
  });

  test('useDeclaredRatios: false ignores declarations', () => {
    const job = fakeJob({ maps: [{ inputBytes: 10 }], declaredShuffleRatio: 0.25 });
    const predictor = createShufflePredictor({ useDeclaredRatios: false });
    expect(predictor.ratio(job)).toBe(1);
    expect(predictor.isPredicted(job)).toBe(false);
  });

  test('learnt ratios apply by signature, after a declared ratio', () => {
    const predictor = createShufflePredictor({ learnedRatios: new Map([['daily-etl', 4]]) });
    expect(predictor.ratio(fakeJob({ maps: [{ inputBytes: 10 }], signature: 'daily-etl' }))).toBe(4);
    expect(predictor.ratio(fakeJob({ maps: [{ inputBytes: 10 }], signature: 'other' }))).toBe(1);
    expect(
      predictor.ratio(
        fakeJob({ maps: [{ inputBytes: 10 }], signature: 'daily-etl', declaredShuffleRatio: 2 }),
      ),
    ).toBe(2);
  });

  test('completed maps that read 0 bytes say nothing: the up-front ratio or the default stands', () => {
    const predictor = createShufflePredictor({ defaultRatio: 1 });
    const empty = fakeJob({ maps: [{ inputBytes: 0, outputBytes: 0 }] });
    expect(predictor.ratio(empty)).toBe(1);
    expect(predictor.isPredicted(empty)).toBe(false);
    expect(predictor.shuffleBytes(empty)).toBe(0);
    const declared = fakeJob({ maps: [{ inputBytes: 0, outputBytes: 0 }], declaredShuffleRatio: 0.5 });
    expect(predictor.ratio(declared)).toBe(0.5);
  });

  test('bad configuration and declarations are refused with the field named', () => {
    expect(() => createShufflePredictor({ defaultRatio: -1 })).toThrow(/defaultRatio/);
    expect(() => createShufflePredictor({ learnedRatios: new Map([['x', Number.NaN]]) })).toThrow(
      /learnedRatios\['x'\]/,
    );
    const job = fakeJob({ maps: [{ inputBytes: 10 }], declaredShuffleRatio: -2 });
    expect(() => createShufflePredictor().ratio(job)).toThrow(/declaredShuffleRatio/);
  });
});
