import type { Bytes } from '@rackwise/types';
import { requireCount, requireMeasure } from './internal/validate-input.js';

/**
 * ReduceNum of every rack — NAS §III-D, eq. 4:
 * `ReduceNum_r = TotalReduceNum · MapOutputPortion_r`, where `MapOutputPortion_r` is the
 * share of the job's map output produced in rack `r`.
 *
 * Eq. 4 gives fractions; whole reduces are apportioned by the **largest remainder**
 * (Hamilton) rule: each rack gets `⌊ReduceNum_r⌋`, and the reduces left over go one
 * each to the racks with the largest fractional parts (ties: the larger map output,
 * then the lower rack index). Hence
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
  const racks = mapOutputByRack.length;
  if (racks === 0) {
    if (total === 0) return [];
    throw new Error('reduceNumPerRack: mapOutputByRack must have one entry per rack, got an empty list');
  }
  let sum = 0;
  for (let r = 0; r < racks; r += 1) {
    sum += requireMeasure(mapOutputByRack[r] as number, `reduceNumPerRack: mapOutputByRack[${r}]`);
  }
  const weight = sum > 0 ? (r: number) => mapOutputByRack[r] as number : () => 1;
  const weightSum = sum > 0 ? sum : racks;

  const counts = new Array<number>(racks);
  const remainders = new Array<number>(racks);
  let assigned = 0;
  for (let r = 0; r < racks; r += 1) {
    const share = (total * weight(r)) / weightSum;
    const whole = Math.floor(share);
    counts[r] = whole;
    remainders[r] = share - whole;
    assigned += whole;
  }
  // Racks by largest remainder first; ties by larger output, then lower index.
  const order = Array.from({ length: racks }, (_, r) => r).sort(
    (a, b) => (remainders[b] as number) - (remainders[a] as number) || weight(b) - weight(a) || a - b,
  );
  // Floating-point floors can leave the sum off by a unit either way; settle it here.
  for (let i = 0; assigned < total; i = (i + 1) % racks) {
    const r = order[i] as number;
    counts[r] = (counts[r] as number) + 1;
    assigned += 1;
  }
  for (let i = racks - 1; assigned > total; i = (i + racks - 1) % racks) {
    const r = order[i] as number;
    if ((counts[r] as number) > 0) {
      counts[r] = (counts[r] as number) - 1;
      assigned -= 1;
    }
  }
  return counts;
}
