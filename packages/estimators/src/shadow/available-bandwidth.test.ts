import { fc, test } from '@fast-check/vitest';
import type { RackId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { availableBandwidth, crossRackTransferRates } from './available-bandwidth.js';

const GBPS = 1e9;
const t = (from: number, to: number) => ({ from: from as RackId, to: to as RackId });

describe('crossRackTransferRates (Shadow Fig. 9)', () => {
  test('Fig. 9: four reads into rack 3 get 1/4 Gbps; rack 2 has 3/4 Gbps left for two, 3/8 each', () => {
    // Racks 1–4 are indices 0–3. Into rack 3: from racks 1, 2, 4, 4; into rack 1: two from rack 2.
    const transfers = [t(0, 2), t(1, 2), t(3, 2), t(3, 2), t(1, 0), t(1, 0)];
    const capacity = [GBPS, GBPS, GBPS, GBPS];
    expect(crossRackTransferRates(transfers, capacity, capacity)).toEqual([
      0.25 * GBPS,
      0.25 * GBPS,
      0.25 * GBPS,
      0.25 * GBPS,
      0.375 * GBPS,
      0.375 * GBPS,
    ]);
  });

  test('a read inside a rack crosses no rack link', () => {
    expect(crossRackTransferRates([t(1, 1)], [GBPS, GBPS], [GBPS, GBPS])).toEqual([Number.POSITIVE_INFINITY]);
  });

  test('bad input is refused', () => {
    expect(() => crossRackTransferRates([t(0, 3)], [GBPS, GBPS], [GBPS, GBPS])).toThrow(/transfers\[0\]\.to/);
    expect(() => crossRackTransferRates([], [GBPS], [GBPS, GBPS])).toThrow(/downlinkCapacity/);
    expect(() => crossRackTransferRates([], [-1], [GBPS])).toThrow(/uplinkCapacity\[0\]/);
  });

  test.prop([
    fc
      .integer({ min: 2, max: 5 })
      .chain((racks) =>
        fc.tuple(
          fc.array(fc.integer({ min: 1, max: 10 }), { minLength: racks, maxLength: racks }),
          fc.array(fc.integer({ min: 1, max: 10 }), { minLength: racks, maxLength: racks }),
          fc.array(fc.tuple(fc.nat(racks - 1), fc.nat(racks - 1)), { maxLength: 15 }),
        ),
      ),
  ])(
    'max-min fair: no link over capacity, and every transfer has a saturated link where it is largest',
    ([up, down, pairs]) => {
      const transfers = pairs.filter(([a, b]) => a !== b).map(([a, b]) => t(a, b));
      const rates = crossRackTransferRates(transfers, up, down);
      const racks = up.length;
      const load = new Array<number>(2 * racks).fill(0);
      const largest = new Array<number>(2 * racks).fill(0);
      transfers.forEach((tr, i) => {
        for (const link of [tr.from, racks + tr.to]) {
          load[link] = load[link]! + rates[i]!;
          largest[link] = Math.max(largest[link]!, rates[i]!);
        }
      });
      const capacity = [...up, ...down];
      load.forEach((l, link) => expect(l).toBeLessThanOrEqual(capacity[link]! * (1 + 1e-9)));
      transfers.forEach((tr, i) => {
        const bottlenecked = [tr.from, racks + tr.to].some(
          (link) => load[link]! >= capacity[link]! * (1 - 1e-9) && rates[i]! >= largest[link]! * (1 - 1e-9),
        );
        expect(bottlenecked).toBe(true);
      });
    },
  );
});

describe('availableBandwidth', () => {
  test('capacity less what is used', () => {
    expect(availableBandwidth(GBPS, 0.25)).toBe(0.75 * GBPS);
    expect(availableBandwidth(GBPS, 1)).toBe(0);
    expect(() => availableBandwidth(GBPS, 1.5)).toThrow(/utilisation/);
  });
});
