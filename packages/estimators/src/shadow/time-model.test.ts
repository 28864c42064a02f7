import { fc, test } from '@fast-check/vitest';
import type { RackId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import {
  duplicateFinishTime,
  estimateShadowTime,
  mapPhaseTime,
  selectLateDuplicates,
  shuffleTransferTime,
  transferSeconds,
} from './time-model.js';

const GBPS = 1e9;

describe('Shadow time model (eqs. 11–13)', () => {
  test('a duplicate finishes after its cross-rack read and its run time (bytes are 8 bits)', () => {
    expect(transferSeconds(125e6, GBPS)).toBe(1);
    expect(duplicateFinishTime({ crossRackInputBytes: 125e6, inputBandwidth: GBPS, runtime: 10 })).toBe(11);
    expect(
      duplicateFinishTime({ crossRackInputBytes: 0, inputBandwidth: 0, runtime: 10, startTime: 3 }),
    ).toBe(13);
    expect(duplicateFinishTime({ crossRackInputBytes: 1, inputBandwidth: 0, runtime: 10 })).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  test('eq. 11: the Map phase ends at T or at the last chosen duplicate', () => {
    expect(mapPhaseTime(20, [])).toBe(20);
    expect(
      mapPhaseTime(20, [
        { crossRackInputBytes: 125e6, inputBandwidth: GBPS, runtime: 10 },
        { crossRackInputBytes: 250e6, inputBandwidth: 0.5 * GBPS, runtime: 21 },
      ]),
    ).toBe(25);
  });

  test('eq. 12: the Shuffle is as long as the slowest uplink', () => {
    expect(shuffleTransferTime([125e6, 250e6], [GBPS, GBPS])).toBe(2);
    expect(shuffleTransferTime([0, 125e6], [0, GBPS])).toBe(1);
    expect(shuffleTransferTime([1, 0], [0, GBPS])).toBe(Number.POSITIVE_INFINITY);
    expect(() => shuffleTransferTime([1, 1], [GBPS])).toThrow(/uplinkBandwidth/);
  });

  test('eq. 13 adds them', () => {
    expect(estimateShadowTime(20, [], [250e6], [GBPS])).toEqual({ mapPhase: 20, shuffle: 2, total: 22 });
  });

  test('§4.3 selection keeps a late duplicate that shortens T_t and drops one that does not', () => {
    const rack = (r: number) => r as RackId;
    const selection = selectLateDuplicates({
      originalsDoneAt: 20,
      mapOutputPerRack: [3e9, 2e9, 1e9],
      reducersPerRack: [1, 1, 1],
      uplinkBandwidth: [GBPS, GBPS, GBPS],
      candidates: [
        {
          from: rack(0),
          to: rack(2),
          outputBytes: 1e9,
          crossRackInputBytes: 250e6,
          inputBandwidth: GBPS,
          runtime: 20,
        },
        {
          from: rack(0),
          to: rack(1),
          outputBytes: 1e9,
          crossRackInputBytes: 0,
          inputBandwidth: GBPS,
          runtime: 100,
        },
      ],
    });
    // Before: S = (2/3)·{3,2,1} GB, T_s = 16 s, T_t = 36 s. With the first: {2,2,2} GB,
    // T_s = 10.67 s, T_m = 22 s, T_t = 32.67 s. The second would make T_m = 100 s.
    expect(selection.chosen).toEqual([0]);
    expect(selection.mapOutputPerRack).toEqual([2e9, 2e9, 2e9]);
    expect(selection.estimate.mapPhase).toBe(22);
    expect(selection.estimate.total).toBeCloseTo(22 + 32 / 3, 9);
  });

  test('selection refuses candidates outside the racks or larger than their rack', () => {
    const base = {
      originalsDoneAt: 1,
      mapOutputPerRack: [10, 0],
      reducersPerRack: [1, 1],
      uplinkBandwidth: [1, 1],
    };
    const timing = { crossRackInputBytes: 0, inputBandwidth: 1, runtime: 1 };
    expect(() =>
      selectLateDuplicates({
        ...base,
        candidates: [{ from: 0 as RackId, to: 5 as RackId, outputBytes: 1, ...timing }],
      }),
    ).toThrow(/candidates\[0\]/);
    expect(() =>
      selectLateDuplicates({
        ...base,
        candidates: [{ from: 1 as RackId, to: 0 as RackId, outputBytes: 1, ...timing }],
      }),
    ).toThrow(/exceeds/);
  });

  test.prop([
    fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 2, maxLength: 6 }),
    fc.array(fc.record({ from: fc.nat(5), to: fc.nat(5), runtime: fc.integer({ min: 0, max: 60 }) }), {
      maxLength: 6,
    }),
  ])('the selected estimate is never worse than keeping the originals', (mapsPerRack, raw) => {
    const racks = mapsPerRack.length;
    const output = mapsPerRack.map((m) => m * 1e8);
    const candidates = raw
      .map((c) => ({ ...c, from: (c.from % racks) as RackId, to: (c.to % racks) as RackId }))
      .filter((c) => output[c.from]! >= 1e8)
      .map((c) => ({ ...c, outputBytes: 1e8, crossRackInputBytes: 64e6, inputBandwidth: GBPS }));
    const input = {
      originalsDoneAt: 30,
      mapOutputPerRack: output,
      reducersPerRack: mapsPerRack.map(() => 1),
      uplinkBandwidth: mapsPerRack.map(() => GBPS),
    };
    const baseline = selectLateDuplicates({ ...input, candidates: [] }).estimate.total;
    const selection = selectLateDuplicates({ ...input, candidates });
    expect(selection.estimate.total).toBeLessThanOrEqual(baseline);
    expect(selection.chosen.length).toBeLessThanOrEqual(candidates.length);
  });
});
