import type { RandomSource } from '@rackwise/types';
import type { Distribution, HistogramBin } from '../job-mix.js';

function logUniform(random: RandomSource, min: number, max: number): number {
  if (min === max) return min;
  return Math.exp(Math.log(min) + random.next() * (Math.log(max) - Math.log(min)));
}

function uniform(random: RandomSource, min: number, max: number): number {
  return min + random.next() * (max - min);
}

/** Index drawn with probability proportional to `weights[i]` (total > 0). */
export function pickWeighted(random: RandomSource, weights: readonly number[], total: number): number {
  let target = random.next() * total;
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i] as number;
    if (target < 0) return i;
  }
  // Rounding left a sliver: the last bin with weight.
  for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] as number) > 0) return i;
  return weights.length - 1;
}

function sampleBin(random: RandomSource, bins: readonly HistogramBin[]): number {
  const weights = bins.map((bin) => bin.weight);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const bin = bins[pickWeighted(random, weights, total)] as HistogramBin;
  return bin.min > 0 ? logUniform(random, bin.min, bin.max) : uniform(random, bin.min, bin.max);
}

/** One draw from a (valid) distribution. */
export function sample(random: RandomSource, distribution: Distribution): number {
  switch (distribution.kind) {
    case 'constant':
      return distribution.value;
    case 'uniform':
      return uniform(random, distribution.min, distribution.max);
    case 'log-uniform':
      return logUniform(random, distribution.min, distribution.max);
    case 'histogram':
      return sampleBin(random, distribution.bins);
  }
}
