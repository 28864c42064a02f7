import type { Bytes } from '@rackwise/types';

/**
 * The share of a job's map output each of its `reduceCount` reduces fetches, or undefined
 * when every reduce fetches an even share. Recorded reduce inputs give each reduce its
 * input over their sum (even shares if the sum is 0); otherwise, with more than one
 * reduce and `partitionSkew` > 0, reduce i gets (i + 1)^−partitionSkew, normalised.
 */
export function partitionWeights(
  reduceCount: number,
  recordedReduceInputBytes: readonly Bytes[] | undefined,
  partitionSkew: number,
): Float64Array | undefined {
  const r = reduceCount;
  if (r > 0 && recordedReduceInputBytes !== undefined) {
    const sum = recordedReduceInputBytes.reduce((a, b) => a + b, 0);
    return Float64Array.from(recordedReduceInputBytes, (b) => (sum > 0 ? b / sum : 1 / r));
  }
  if (r > 1 && partitionSkew > 0) {
    const weights = new Float64Array(r);
    let sum = 0;
    for (let i = 0; i < r; i++) {
      weights[i] = (i + 1) ** -partitionSkew;
      sum += weights[i]!;
    }
    for (let i = 0; i < r; i++) weights[i]! /= sum;
    return weights;
  }
  return undefined;
}
