import type { RackId } from '@rackwise/types';
import { requireInteger, requirePerRack } from '../internal/arguments.js';

/** One duplicate of Shadow's Algorithm 1: a map of rack `from` gets a copy in rack `to`. */
export interface DuplicationMove {
  readonly from: RackId;
  readonly to: RackId;
}

/** Options of {@link planDuplicates}. */
export interface DuplicationPlanOptions {
  /**
   * Shadow's duplicate-count threshold: at most this many duplicates (Algorithm 1 line 8;
   * "the system administrator can adjust the threshold"). The paper gives no value;
   * default `Infinity`, i.e. stop only when balanced.
   */
  readonly maxDuplicates?: number;
}

/** What {@link planDuplicates} returns. */
export interface DuplicationPlan {
  /** The duplicates in the order Algorithm 1 makes them. */
  readonly moves: readonly DuplicationMove[];
  /** Maps per rack once every duplicate's copy is the one used (`racksMapCount` at the end). */
  readonly distribution: readonly number[];
  /** `balanced`: max − min ≤ 1; `threshold`: `maxDuplicates` reached first. */
  readonly stoppedBy: 'balanced' | 'threshold';
}

/**
 * Shadow Algorithm 1 (§4.2, Fig. 6): while the most and the least loaded racks differ by
 * more than one map, duplicate a map of the most loaded rack onto the least loaded one
 * (moving one unit of the count), until balanced or `maxDuplicates` duplicates exist.
 * Ties go to the lowest rack index, as the pseudocode's strict comparisons do.
 *
 * The pseudocode's guard `dupNum <= threshold` would allow `threshold + 1` duplicates;
 * here `maxDuplicates` is the exact cap. Which map to copy (one with a replica in the
 * target rack first, else any) is the caller's choice: this plans counts only.
 *
 * Each move lowers the maximum or raises the minimum and never widens the spread
 * `max − min`; without a cap the result has spread ≤ 1.
 *
 * @throws Error when a count is not an integer ≥ 0 or `maxDuplicates` is not an integer
 *   ≥ 0 (or `Infinity`).
 */
export function planDuplicates(
  mapsPerRack: ArrayLike<number>,
  options: DuplicationPlanOptions = {},
): DuplicationPlan {
  const counts = requirePerRack(mapsPerRack, 'planDuplicates: mapsPerRack', { integer: true });
  const cap = options.maxDuplicates ?? Number.POSITIVE_INFINITY;
  if (cap !== Number.POSITIVE_INFINITY) requireInteger(cap, 'planDuplicates: options.maxDuplicates');
  const moves: DuplicationMove[] = [];
  for (;;) {
    let heaviest = 0;
    let lightest = 0;
    for (let rack = 1; rack < counts.length; rack += 1) {
      if (counts[rack]! > counts[heaviest]!) heaviest = rack;
      if (counts[rack]! < counts[lightest]!) lightest = rack;
    }
    if (counts.length === 0 || counts[heaviest]! - counts[lightest]! <= 1) {
      return { moves, distribution: counts, stoppedBy: 'balanced' };
    }
    if (moves.length >= cap) return { moves, distribution: counts, stoppedBy: 'threshold' };
    counts[heaviest] = counts[heaviest]! - 1;
    counts[lightest] = counts[lightest]! + 1;
    moves.push({ from: heaviest as RackId, to: lightest as RackId });
  }
}
