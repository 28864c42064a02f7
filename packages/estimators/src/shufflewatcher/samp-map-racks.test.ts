import { fc, test } from '@fast-check/vitest';
import type { RackId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import {
  type SampBlock,
  type SampJob,
  sampCrossRackTraffic,
  shuffleAwareMapPlacement,
  sortRacksByInput,
  tentativeReducesPerRack,
} from './samp-map-racks.js';

const racks = (...ids: number[]): RackId[] => ids as RackId[];
const BLOCK = 128;

/** A job of blocks given by the racks of their replicas. */
function jobOf(
  blockRacks: readonly (readonly number[])[],
  ratio: number,
  reduceCount: number,
  rackCount: number,
) {
  const blocks: SampBlock[] = blockRacks.map((r) => ({ bytes: BLOCK, racks: racks(...r) }));
  const inputOnRack = Array.from({ length: rackCount }, (_, rack) =>
    blocks.filter((b) => b.racks.includes(rack as RackId)).reduce((s, b) => s + b.bytes, 0),
  );
  return { inputBytes: blocks.length * BLOCK, shuffleInputRatio: ratio, reduceCount, inputOnRack, blocks };
}

describe('SAMP (ShuffleWatcher Fig. 4)', () => {
  test('line 1: racks in decreasing order of input, equal input by lower load, then lower id', () => {
    const job: SampJob = { inputBytes: 10, shuffleInputRatio: 1, reduceCount: 1, inputOnRack: [3, 7, 3, 7] };
    expect(sortRacksByInput(job)).toEqual([1, 3, 0, 2]);
    expect(sortRacksByInput({ ...job, rackLoad: [0, 2, 1, 1] })).toEqual([3, 1, 0, 2]);
  });

  test('Fig. 5: input replicated on both racks — each job keeps to one rack, no remote maps', () => {
    const job = jobOf(
      [
        [0, 1],
        [0, 1],
        [0, 1],
        [0, 1],
      ],
      2,
      4,
      2,
    );
    const first = shuffleAwareMapPlacement(job);
    expect(first.preferredMapRacks).toEqual([0]);
    expect(first.tentativeReducesPerRack).toEqual([4, 0]);
    expect(first.estimate).toEqual({ remoteMapBytes: 0, crossRackShuffleBytes: 0, totalBytes: 0 });
    // The second job sees rack 0 already preferred by one job and takes rack 1.
    const second = shuffleAwareMapPlacement({ ...job, rackLoad: [1, 0] });
    expect(second.preferredMapRacks).toEqual([1]);
    expect(second.tentativeReducesPerRack).toEqual([0, 4]);
  });

  test('a shuffle-heavy job accepts remote maps to keep its shuffle in one rack', () => {
    // 3 blocks on rack 0, 1 block on rack 1; shuffle 4 × input.
    const job = jobOf([[0], [0], [0], [1]], 4, 4, 2);
    const placement = shuffleAwareMapPlacement(job);
    expect(placement.preferredMapRacks).toEqual([0]);
    expect(placement.estimate.remoteMapBytes).toBe(BLOCK);
    expect(placement.estimate.crossRackShuffleBytes).toBe(0);
    const both = sampCrossRackTraffic(job, racks(0, 1));
    expect(both.remoteMapBytes).toBe(0);
    // shares 3/4 and 1/4, reduces 3 and 1: 3/4·(1/4·S) + 1/4·(3/4·S) = 3/8·S with S = 4·512
    expect(both.crossRackShuffleBytes).toBeCloseTo((3 / 8) * 4 * 4 * BLOCK);
    expect(both.totalBytes).toBeGreaterThan(placement.estimate.totalBytes);
  });

  test('a shuffle-light job spreads over the racks that hold its input', () => {
    const job = jobOf([[0], [0], [0], [1]], 0.01, 1, 2);
    const placement = shuffleAwareMapPlacement(job);
    expect(placement.preferredMapRacks).toEqual([0, 1]);
    expect(placement.estimate.remoteMapBytes).toBe(0);
    expect(placement.tentativeReducesPerRack).toEqual([1, 0]);
  });

  test('stops at the minimum: the rack that does not lower the estimate is left out', () => {
    // Rack 2 holds nothing: adding it changes nothing, so it never enters.
    const job = jobOf([[0], [1]], 0.001, 2, 3);
    expect(shuffleAwareMapPlacement(job).preferredMapRacks).toEqual([0, 1]);
  });

  test('without blocks, remote traffic is the input not counted on the chosen racks', () => {
    const job: SampJob = { inputBytes: 100, shuffleInputRatio: 0, reduceCount: 0, inputOnRack: [60, 30, 10] };
    expect(sampCrossRackTraffic(job, racks(0)).remoteMapBytes).toBe(40);
    expect(sampCrossRackTraffic(job, racks(0, 1)).remoteMapBytes).toBe(10);
    expect(shuffleAwareMapPlacement(job).preferredMapRacks).toEqual([0, 1, 2]);
  });

  test('a map-only job has no cross-rack shuffle', () => {
    const job = jobOf([[0], [1]], 3, 0, 2);
    expect(sampCrossRackTraffic(job, racks(0, 1)).crossRackShuffleBytes).toBe(0);
    expect(tentativeReducesPerRack(job, racks(0, 1))).toEqual([0, 0]);
  });

  test('refuses bad input, naming the field', () => {
    const job: SampJob = { inputBytes: 1, shuffleInputRatio: 1, reduceCount: 1, inputOnRack: [1, 0] };
    expect(() => sampCrossRackTraffic(job, [])).toThrow(/mapRacks must name at least one rack/);
    expect(() => sampCrossRackTraffic(job, racks(0, 0))).toThrow(/must not repeat/);
    expect(() => sampCrossRackTraffic(job, racks(2))).toThrow(/mapRacks must hold racks in \[0, 2\)/);
    expect(() => shuffleAwareMapPlacement({ ...job, inputOnRack: [] })).toThrow(/inputOnRack/);
    expect(() => shuffleAwareMapPlacement({ ...job, shuffleInputRatio: -1 })).toThrow(/shuffleInputRatio/);
    expect(() => shuffleAwareMapPlacement({ ...job, reduceCount: 1.5 })).toThrow(/reduceCount/);
    expect(() => shuffleAwareMapPlacement({ ...job, rackLoad: [1] })).toThrow(/rackLoad/);
    expect(() => shuffleAwareMapPlacement({ ...job, blocks: [{ bytes: 1, racks: racks(5) }] })).toThrow(
      /blocks\[0\]\.racks/,
    );
  });

  const arbJob = fc
    .record({
      rackCount: fc.integer({ min: 1, max: 8 }),
      ratio: fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 20, noNaN: true })),
      reduceCount: fc.integer({ min: 0, max: 40 }),
      withBlocks: fc.boolean(),
    })
    .chain(({ rackCount, ratio, reduceCount, withBlocks }) =>
      fc
        .array(
          fc.record({
            bytes: fc.integer({ min: 0, max: 1 << 27 }),
            racks: fc.uniqueArray(fc.integer({ min: 0, max: rackCount - 1 }), { maxLength: 3 }),
          }),
          { maxLength: 30 },
        )
        .map((raw): SampJob => {
          const blocks = raw.map((b) => ({ bytes: b.bytes, racks: b.racks as RackId[] }));
          const inputOnRack = Array.from({ length: rackCount }, (_, r) =>
            blocks.filter((b) => b.racks.includes(r as RackId)).reduce((s, b) => s + b.bytes, 0),
          );
          const inputBytes = blocks.reduce((s, b) => s + b.bytes, 0);
          const base = { inputBytes, shuffleInputRatio: ratio, reduceCount, inputOnRack };
          return withBlocks ? { ...base, blocks } : base;
        }),
    );

  test.prop([arbJob])(
    'the loop never returns an empty set, and returns a prefix of the sorted racks',
    (job) => {
      const { preferredMapRacks } = shuffleAwareMapPlacement(job);
      expect(preferredMapRacks.length).toBeGreaterThan(0);
      expect(preferredMapRacks).toEqual(sortRacksByInput(job).slice(0, preferredMapRacks.length));
    },
  );

  test.prop([arbJob])('estimates are non-negative and add up', (job) => {
    const sorted = sortRacksByInput(job);
    for (let k = 1; k <= sorted.length; k += 1) {
      const e = sampCrossRackTraffic(job, sorted.slice(0, k));
      expect(e.remoteMapBytes).toBeGreaterThanOrEqual(0);
      expect(e.crossRackShuffleBytes).toBeGreaterThanOrEqual(0);
      expect(e.totalBytes).toBeCloseTo(e.remoteMapBytes + e.crossRackShuffleBytes);
    }
  });

  test.prop([arbJob])(
    'the chosen set has the estimate the loop reports, no larger than one rack alone',
    (job) => {
      const placement = shuffleAwareMapPlacement(job);
      const direct = sampCrossRackTraffic(job, placement.preferredMapRacks);
      expect(placement.estimate.totalBytes).toBeCloseTo(direct.totalBytes, 3);
      const first = sampCrossRackTraffic(job, sortRacksByInput(job).slice(0, 1));
      expect(placement.estimate.totalBytes).toBeLessThanOrEqual(first.totalBytes);
    },
  );

  test.prop([arbJob])('tentative reduces sum to the reduce count and stay on the map racks', (job) => {
    const { preferredMapRacks, tentativeReducesPerRack: counts } = shuffleAwareMapPlacement(job);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(job.reduceCount);
    counts.forEach((c, r) => {
      if (!preferredMapRacks.includes(r as RackId)) expect(c).toBe(0);
    });
  });
});
