import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  crossRackShuffleBytes,
  preferredReducesPerRack,
  sarpReducesPerRack,
} from './sarp-reduces-per-rack.js';

const GB = 1e9;

describe('SARP (ShuffleWatcher Fig. 6)', () => {
  test('Fig. 7: 90 GB / 10 GB of intermediate data, 10 reduces — 18 GB across racks instead of 50', () => {
    const output = [90 * GB, 10 * GB];
    const preferred = preferredReducesPerRack(10, output);
    expect(preferred).toEqual([9, 1]);
    expect(crossRackShuffleBytes(output, [5, 5])).toBeCloseTo(50 * GB, -3);
    expect(crossRackShuffleBytes(output, preferred)).toBeCloseTo(18 * GB, -3);
  });

  test('spreads evenly when no map produced output', () => {
    expect(preferredReducesPerRack(4, [0, 0, 0, 0])).toEqual([1, 1, 1, 1]);
  });

  test('line 1: uses the intermediate data only once the completed fraction exceeds the threshold', () => {
    const base = {
      reduceCount: 4,
      mapCompletionThreshold: 0.15,
      mapOutputOnRack: [0, 300, 100],
      tentativeReducesPerRack: [2, 2, 0],
    };
    expect(sarpReducesPerRack({ ...base, completedMapFraction: 0.1 })).toEqual({
      reducesPerRack: [2, 2, 0],
      source: 'tentative',
    });
    expect(sarpReducesPerRack({ ...base, completedMapFraction: 0.15 }).source).toBe('tentative');
    expect(sarpReducesPerRack({ ...base, completedMapFraction: 0.2 })).toEqual({
      reducesPerRack: [0, 3, 1],
      source: 'intermediate-data',
    });
  });

  test('keeps the tentative counts while the completed maps produced nothing', () => {
    const decision = sarpReducesPerRack({
      reduceCount: 2,
      completedMapFraction: 0.5,
      mapCompletionThreshold: 0.15,
      mapOutputOnRack: [0, 0],
      tentativeReducesPerRack: [0, 2],
    });
    expect(decision).toEqual({ reducesPerRack: [0, 2], source: 'tentative' });
  });

  test('refuses inconsistent inputs, naming the field', () => {
    const base = {
      reduceCount: 3,
      completedMapFraction: 0.5,
      mapCompletionThreshold: 0.15,
      mapOutputOnRack: [1, 2],
      tentativeReducesPerRack: [1, 2],
    };
    expect(() => sarpReducesPerRack({ ...base, tentativeReducesPerRack: [1, 1] })).toThrow(
      /sum to reduceCount/,
    );
    expect(() => sarpReducesPerRack({ ...base, tentativeReducesPerRack: [3] })).toThrow(/one entry per rack/);
    expect(() => sarpReducesPerRack({ ...base, mapCompletionThreshold: 2 })).toThrow(
      /mapCompletionThreshold/,
    );
    expect(() => crossRackShuffleBytes([1, -1], [1, 1])).toThrow(/mapOutputOnRack\[1\]/);
  });

  const perRack = fc.integer({ min: 1, max: 10 }).chain((racks) =>
    fc.record({
      reduceCount: fc.integer({ min: 0, max: 300 }),
      // Whole bytes: a subnormal byte count has no meaning, and its arithmetic no precision.
      output: fc.array(
        fc.double({ min: 0, max: 1e13, noNaN: true }).map((bytes) => Math.round(bytes)),
        { minLength: racks, maxLength: racks },
      ),
    }),
  );

  test.prop([perRack])('PreferredReducesPerRack sums to the reduce count', ({ reduceCount, output }) => {
    const counts = preferredReducesPerRack(reduceCount, output);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(reduceCount);
  });

  test.prop([perRack])(
    'SARP never moves more shuffle across racks than an even spread would',
    ({ reduceCount, output }) => {
      fc.pre(reduceCount > 0);
      const even = preferredReducesPerRack(reduceCount, new Array<number>(output.length).fill(1));
      const sarp = crossRackShuffleBytes(output, preferredReducesPerRack(reduceCount, output));
      const total = output.reduce((a, b) => a + b, 0);
      // Whole reduces miss the exact proportions by up to one per rack, in both placements.
      const slack = (2 * output.length * total) / reduceCount;
      expect(sarp).toBeGreaterThanOrEqual(0);
      expect(sarp).toBeLessThanOrEqual(crossRackShuffleBytes(output, even) + slack + 1e-6 * total);
    },
  );
});
