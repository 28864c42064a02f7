import type { RandomSource } from '@rackwise/types';
import { type RandomGenerator, unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';

const TWO_POW_26 = 67_108_864;
const TWO_POW_53 = 9_007_199_254_740_992;

/** Folds any safe integer to 32 bits so that seeds above 2^32 do not collide trivially. */
function foldSeed(seed: number): number {
  const low = seed | 0;
  const high = Math.floor(seed / 4_294_967_296) | 0;
  return (low ^ Math.imul(high, 0x9e3779b1)) | 0;
}

/** xoroshiro128+ behind the `RandomSource` interface; no argument checks (internal use). */
export class XoroshiroRandom implements RandomSource {
  readonly #generator: RandomGenerator;

  constructor(seed32: number) {
    this.#generator = xoroshiro128plus(seed32);
  }

  next(): number {
    const high = this.#generator.unsafeNext() >>> 5;
    const low = this.#generator.unsafeNext() >>> 6;
    return (high * TWO_POW_26 + low) / TWO_POW_53;
  }

  int(bound: number): number {
    return unsafeUniformIntDistribution(0, bound - 1, this.#generator);
  }
}

/** The generator of a seed (any safe integer). */
export function randomFromSeed(seed: number): XoroshiroRandom {
  return new XoroshiroRandom(foldSeed(seed));
}

/**
 * An independent stream for one purpose (users, arrivals, sizes…) of one seed, so that
 * changing how many draws one purpose makes never shifts another.
 */
export function randomStream(seed: number, stream: number): XoroshiroRandom {
  // splitmix32-style finaliser over (seed, stream).
  let x = (foldSeed(seed) ^ Math.imul(stream + 1, 0x85ebca6b)) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  x ^= x >>> 16;
  return new XoroshiroRandom(x);
}

/** Draws from an exponential distribution with the given mean (inverse transform). */
export function exponential(random: RandomSource, mean: number): number {
  return -mean * Math.log(1 - random.next());
}
