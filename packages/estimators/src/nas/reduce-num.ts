import type { Bytes } from '@rackwise/types';
import { apportionReduces } from '../shufflewatcher/reduce-apportionment.js';
import { requireCount, requireMeasure } from './internal/validate-input.js';

/**
 * ReduceNum of every rack — NAS §III-D, eq. 4:
 * `ReduceNum_r = TotalReduceNum · MapOutputPortion_r`, where `MapOutputPortion_r` is the
 * share of the job's map output produced in rack `r`.
 *
 * Eq. 4 gives fractions; whole reduces are apportioned by the **largest remainder**
 * (Hamilton) rule, shared with ShuffleWatcher's SARP (`apportionReduces`): each rack
 * gets `⌊ReduceNum_r⌋`, and the reduces left over go one each to the racks with the
 * largest fractional parts (ties: the larger map output, then the lower rack index).
 * Hence
 *
 * - the counts sum to `totalReduceNum` exactly, and
 * - every count is within one of the exact share: `|count_r − ReduceNum_r| < 1`.
 *
 * When no map output exists yet (every rack 0 bytes) the portions are undefined (0/0);
 * the reduces are then spread evenly over the racks by the same rule.
 *
 * @param totalReduceNum the job's reduce count (`TotalReduceNum`).
 * @param mapOutputByRack map output in bytes of the job on rack 0, 1, … (one entry per rack).
 * @returns the per-rack counts, indexed like `mapOutputByRack`.
 * @throws Error naming the field when a count or size is invalid, or when there are
 *   reduces to place but no rack.
 */
export function reduceNumPerRack(totalReduceNum: number, mapOutputByRack: readonly Bytes[]): number[] {
  const total = requireCount(totalReduceNum, 'reduceNumPerRack: totalReduceNum');
  if (mapOutputByRack.length === 0 && total > 0) {
    throw new Error('reduceNumPerRack: mapOutputByRack must have one entry per rack, got an empty list');
  }
  mapOutputByRack.forEach((bytes, r) => requireMeasure(bytes, `reduceNumPerRack: mapOutputByRack[${r}]`));
  return apportionReduces(total, mapOutputByRack);
}
