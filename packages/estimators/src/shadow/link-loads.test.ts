import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import {
  linkLoadExtremes,
  linkSkew,
  shuffleLinkLoads,
  shuffleSkew,
  shuffleTransferCounts,
  taskCountSkew,
} from './link-loads.js';

const perRack = (racks: number, max: number) =>
  fc.array(fc.integer({ min: 0, max }), { minLength: racks, maxLength: racks });
const layout = fc
  .integer({ min: 1, max: 8 })
  .chain((racks) => fc.tuple(perRack(racks, 30), perRack(racks, 10)));

describe('Shadow link loads and Skew (eqs. 6–10)', () => {
  test('Fig. 6: L = {4,1,1}, H = {1,1,1} has count Skew 4; the balanced {2,2,2} has Skew 1', () => {
    expect(shuffleTransferCounts([4, 1, 1], [1, 1, 1])).toEqual({ up: [8, 2, 2], down: [2, 5, 5] });
    expect(taskCountSkew([4, 1, 1], [1, 1, 1])).toBe(4);
    expect(taskCountSkew([2, 2, 2], [1, 1, 1])).toBe(1);
  });

  test('Fig. 5 (layout read from its text): Skew 6 with L = {3,1,1}, H = {0,1,1}; 4 after one duplicate', () => {
    const before = shuffleTransferCounts([3, 1, 1], [0, 1, 1]);
    expect(linkLoadExtremes(before)).toEqual({ max: 6, min: 1 });
    expect(linkSkew(before)).toBe(6);
    expect(taskCountSkew([2, 2, 1], [0, 1, 1])).toBe(4);
  });

  test('eqs. 6–7 by bytes', () => {
    const loads = shuffleLinkLoads([600, 300, 100], [1, 1, 2]);
    expect(loads.up).toEqual([450, 225, 50]);
    expect(loads.down).toEqual([100, 175, 450]);
    expect(shuffleSkew([600, 300, 100], [1, 1, 2])).toBe(9);
  });

  test('undefined when no link is in use', () => {
    expect(shuffleSkew([5, 5], [0, 0])).toBeUndefined();
    expect(taskCountSkew([3, 0], [2, 0])).toBeUndefined();
    expect(shuffleLinkLoads([5, 5], [0, 0])).toEqual({ up: [0, 0], down: [0, 0] });
  });

  test('bad input is refused with the argument named', () => {
    expect(() => shuffleLinkLoads([1, 2], [1])).toThrow(/reducersPerRack must have one entry per rack/);
    expect(() => shuffleLinkLoads([1, -2], [1, 1])).toThrow(/mapOutputPerRack\[1\]/);
    expect(() => shuffleTransferCounts([1.5], [1])).toThrow(/mapsPerRack\[0\]/);
  });

  test.prop([layout])('Skew ≥ 1 whenever defined', ([maps, reducers]) => {
    const skew = taskCountSkew(maps, reducers);
    if (skew !== undefined) expect(skew).toBeGreaterThanOrEqual(1);
    const bytes = shuffleSkew(
      maps.map((l) => l * 1e6),
      reducers,
    );
    if (bytes !== undefined) expect(bytes).toBeGreaterThanOrEqual(1);
  });

  test.prop([layout])('equal map outputs: the byte Skew equals the count Skew', ([maps, reducers]) => {
    const bytes = shuffleSkew(maps, reducers);
    const counts = taskCountSkew(maps, reducers);
    if (counts === undefined) expect(bytes).toBeUndefined();
    else expect(bytes).toBeCloseTo(counts, 9);
  });

  test.prop([
    fc.integer({ min: 2, max: 8 }),
    fc.integer({ min: 1, max: 20 }),
    fc.integer({ min: 1, max: 5 }),
    fc.integer({ min: 0, max: 4 }),
  ])(
    'Skew = 1 when map output and reduces are spread evenly over the racks in use',
    (used, mapsEach, reducesEach, idle) => {
      const maps = [...Array(used).fill(mapsEach), ...Array(idle).fill(0)];
      const reducers = [...Array(used).fill(reducesEach), ...Array(idle).fill(0)];
      expect(taskCountSkew(maps, reducers)).toBe(1);
      expect(
        shuffleSkew(
          maps.map((l) => l * 1e6),
          reducers,
        ),
      ).toBeCloseTo(1, 12);
    },
  );

  test.prop([layout])(
    'in proportion (O_j / O = h_j / t), each rack sends out what it takes in',
    ([, reducers]) => {
      const perReducer = 1e6;
      const loads = shuffleLinkLoads(
        reducers.map((h) => h * perReducer),
        reducers,
      );
      loads.up.forEach((up, j) => expect(up).toBeCloseTo(loads.down[j]!, 3));
    },
  );
});
