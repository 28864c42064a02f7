import type { RandomSource } from '@rackwise/types';
import { type RandomGenerator, xoroshiro128plus } from 'pure-rand';

const TWO_POW_26 = 67_108_864;
const TWO_POW_53 = 9_007_199_254_740_992;

/** Folds any safe integer to 32 bits, mixing the high half in. */
function foldSeed(seed: number): number {
  const low = seed | 0;
  const high = Math.floor(seed / 4_294_967_296) | 0;
  return (low ^ Math.imul(high, 0x9e3779b1)) | 0;
}

/** FNV-1a over the purpose name, so each purpose gets its own stream. */
function hashPurpose(purpose: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < purpose.length; i++) {
    h ^= purpose.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h | 0;
}

/** xoroshiro128+ behind the `RandomSource` interface. */
export class SeededRandom implements RandomSource {
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
    if (!(Number.isInteger(bound) && bound > 0)) {
      throw new Error(`random.int: bound must be a positive integer, got ${String(bound)}`);
    }
    return Math.floor(this.next() * bound);
  }
}

/**
 * An independent random stream for one purpose (`placement`, `policy`, `output`…) of a
 * run's seed: the draws of one purpose never shift those of another, so every policy sees
 * the same block placement for the same seed.
 */
export function randomStream(seed: number, purpose: string): SeededRandom {
  // murmur3-style finaliser over (seed, purpose).
  let x = (foldSeed(seed) ^ Math.imul(hashPurpose(purpose), 0x85ebca6b)) | 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  x ^= x >>> 16;
  return new SeededRandom(x);
}
