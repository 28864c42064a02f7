import type { Bytes, Fraction } from '@rackwise/types';
import { requireFraction, requireInteger, requirePerRack } from '../internal/arguments.js';
import { apportionReduces } from './reduce-apportionment.js';

/**
 * SARP's `PreferredReducesPerRack` from the intermediate data — ShuffleWatcher Fig. 6,
 * lines 2–3: `NumReduces × intermediate data on rack r / current intermediate data of j`,
 * made whole by {@link apportionReduces} (largest remainder; sums to `reduceCount`).
 * With no intermediate data anywhere the reduces are spread evenly over all racks.
 *
 * @param reduceCount the job's reduce count, an integer ≥ 0.
 * @param mapOutputOnRack output bytes of the job's completed maps on each rack
 *   (`JobView.mapOutputOnRack`), one entry per rack.
 * @throws Error naming the argument when a value is negative, not finite, or the count
 *   is not an integer.
 */
export function preferredReducesPerRack(reduceCount: number, mapOutputOnRack: ArrayLike<Bytes>): number[] {
  const output = requirePerRack(mapOutputOnRack, 'preferredReducesPerRack: mapOutputOnRack');
  return apportionReduces(requireInteger(reduceCount, 'preferredReducesPerRack: reduceCount'), output);
}

/** Inputs of {@link sarpReducesPerRack} — the quantities Fig. 6 reads for one job. */
export interface SarpInput {
  /** `NumReduces`: the job's reduce count. */
  readonly reduceCount: number;
  /** Fraction of the job's maps completed. */
  readonly completedMapFraction: Fraction;
  /** `MapCompletionThreshold` (ShuffleWatcher §4.2: 15 %). */
  readonly mapCompletionThreshold: Fraction;
  /** Output bytes of the job's completed maps on each rack (`JobView.mapOutputOnRack`). */
  readonly mapOutputOnRack: ArrayLike<Bytes>;
  /** SAMP's `TentativeReducesPerRack` (Fig. 4, line 9); must sum to `reduceCount`. */
  readonly tentativeReducesPerRack: ArrayLike<number>;
}

/** What {@link sarpReducesPerRack} decided and from which data. */
export interface SarpReducesPerRack {
  /** `PreferredReducesPerRack`, one count per rack, summing to the reduce count. */
  readonly reducesPerRack: number[];
  /** `intermediate-data`: Fig. 6 lines 2–3; `tentative`: lines 5–6. */
  readonly source: 'intermediate-data' | 'tentative';
}

/**
 * SARP — ShuffleWatcher Fig. 6 (§3.3): once the fraction of completed maps exceeds
 * `MapCompletionThreshold` (strictly, as line 1 reads), the reduces are placed in
 * proportion to the job's intermediate data per rack; before that — or while the maps
 * done so far produced no output at all, when proportions are undefined — SAMP's
 * tentative counts stand in (lines 5–6).
 *
 * @throws Error naming the field when a value is out of range, the per-rack arrays differ
 *   in length, or the tentative counts do not sum to `reduceCount`.
 */
export function sarpReducesPerRack(input: SarpInput): SarpReducesPerRack {
  const reduceCount = requireInteger(input.reduceCount, 'sarpReducesPerRack: reduceCount');
  const done = requireFraction(input.completedMapFraction, 'sarpReducesPerRack: completedMapFraction');
  const threshold = requireFraction(
    input.mapCompletionThreshold,
    'sarpReducesPerRack: mapCompletionThreshold',
  );
  const output = requirePerRack(input.mapOutputOnRack, 'sarpReducesPerRack: mapOutputOnRack');
  const tentative = requirePerRack(
    input.tentativeReducesPerRack,
    'sarpReducesPerRack: tentativeReducesPerRack',
    {
      integer: true,
      length: output.length,
    },
  );
  const tentativeSum = tentative.reduce((a, b) => a + b, 0);
  if (tentativeSum !== reduceCount) {
    throw new Error(
      `sarpReducesPerRack: tentativeReducesPerRack must sum to reduceCount (${reduceCount}), got ${tentativeSum}`,
    );
  }
  const produced = output.reduce((a, b) => a + b, 0);
  if (done > threshold && produced > 0) {
    return { reducesPerRack: apportionReduces(reduceCount, output), source: 'intermediate-data' };
  }
  return { reducesPerRack: tentative, source: 'tentative' };
}

/**
 * Cross-rack shuffle bytes of a job whose intermediate data lies `mapOutputOnRack` and
 * whose reduces run `reducesPerRack` — the quantity SARP lowers (ShuffleWatcher §3.3,
 * Fig. 7). Every reduce fetches an equal partition of every map output (Hadoop's default
 * hash partitioning), so a reduce on rack `r` pulls `(total − output on r) / reduces`
 * across racks: `Σ_r (n_r / N) × (total − out_r)`. Zero for a job without reduces.
 *
 * Fig. 7's example: 100 GB of intermediate data, 90 GB on rack 1 and 10 GB on rack 2,
 * 10 reduces — spread 5 / 5 they move 50 GB across racks; SARP's 9 / 1 moves 18 GB.
 *
 * @throws Error naming the argument when the arrays differ in length or hold a negative
 *   or non-finite value (counts must be integers).
 */
export function crossRackShuffleBytes(
  mapOutputOnRack: ArrayLike<Bytes>,
  reducesPerRack: ArrayLike<number>,
): Bytes {
  const output = requirePerRack(mapOutputOnRack, 'crossRackShuffleBytes: mapOutputOnRack');
  const reduces = requirePerRack(reducesPerRack, 'crossRackShuffleBytes: reducesPerRack', {
    integer: true,
    length: output.length,
  });
  return shuffleAcrossRacks(output, reduces);
}

/** {@link crossRackShuffleBytes} on arrays already checked. */
export function shuffleAcrossRacks(output: readonly Bytes[], reduces: readonly number[]): Bytes {
  let total = 0;
  let reduceCount = 0;
  for (let r = 0; r < output.length; r += 1) {
    total += output[r]!;
    reduceCount += reduces[r]!;
  }
  if (reduceCount === 0) return 0;
  let cross = 0;
  for (let r = 0; r < output.length; r += 1) cross += (reduces[r]! / reduceCount) * (total - output[r]!);
  return Math.max(0, cross);
}
