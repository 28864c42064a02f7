import { requireInteger, requireNonNegative } from '../internal/arguments.js';

/**
 * Splits `reduceCount` reduce tasks over racks in proportion to `weights` — the rounding
 * rule behind SARP's `PreferredReducesPerRack` (ShuffleWatcher Fig. 6, line 3) and SAMP's
 * `TentativeReducesPerRack` (Fig. 4, line 9), which the paper states as real numbers
 * (`NumReduces × share of rack r`) without saying how to make whole tasks of them.
 *
 * Rule (Hamilton's largest-remainder method): rack `r` first gets
 * `⌊reduceCount × w_r / Σw⌋`; the reduces left over go one each to the racks with the
 * largest fractional remainders, ties to the larger weight, then to the lower rack index.
 * So the counts sum to exactly `reduceCount`, each is the floor or the ceiling of its
 * exact quota, and a rack of weight 0 gets none. When every weight is 0 (a job whose
 * maps produced nothing) the weights are taken as equal.
 *
 * @param reduceCount the job's number of reduce tasks (`NumReduces`), an integer ≥ 0.
 * @param weights one finite weight ≥ 0 per rack (bytes of intermediate or input data).
 * @returns one count per rack, same length as `weights`.
 * @throws Error naming the argument when `reduceCount` is not an integer ≥ 0, `weights`
 *   is empty while `reduceCount > 0`, or a weight is negative or not finite.
 */
export function apportionReduces(reduceCount: number, weights: ArrayLike<number>): number[] {
  requireInteger(reduceCount, 'apportionReduces: reduceCount');
  let total = 0;
  for (let r = 0; r < weights.length; r += 1) {
    total += requireNonNegative(weights[r]!, `apportionReduces: weights[${r}]`);
  }
  const counts = new Array<number>(weights.length).fill(0);
  if (reduceCount === 0) return counts;
  if (weights.length === 0) {
    throw new Error(`apportionReduces: weights must name at least one rack to place ${reduceCount} reduces`);
  }
  const weightOf = (r: number): number => (total > 0 ? weights[r]! : 1);
  const sum = total > 0 ? total : weights.length;
  const remainders = new Array<number>(weights.length);
  let given = 0;
  for (let r = 0; r < weights.length; r += 1) {
    const quota = (reduceCount * weightOf(r)) / sum;
    const floor = Math.floor(quota);
    counts[r] = floor;
    remainders[r] = quota - floor;
    given += floor;
  }
  const order = Array.from({ length: weights.length }, (_, r) => r).sort(
    (a, b) => remainders[b]! - remainders[a]! || weightOf(b) - weightOf(a) || a - b,
  );
  // Floating-point rounding can leave the floors a hair off; the loop still hands out
  // exactly the reduces that are left, cycling if ever more are left than racks.
  for (let i = 0; given < reduceCount; i += 1, given += 1) {
    const r = order[i % order.length]!;
    counts[r] = counts[r]! + 1;
  }
  return counts;
}
