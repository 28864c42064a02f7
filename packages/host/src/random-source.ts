import type { RandomSource } from '@rackwise/types';

/**
 * A seeded `RandomSource` (mulberry32) for the policies a host creates: the same seed
 * gives the same decisions, as the policy contract requires.
 */
export function createRandomSource(seed: number): RandomSource {
  if (!Number.isSafeInteger(seed)) throw new Error(`seed must be a safe integer, got ${String(seed)}`);
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (bound) => {
      if (!(Number.isInteger(bound) && bound > 0))
        throw new Error(`int: bound must be a positive integer, got ${String(bound)}`);
      return Math.floor(next() * bound);
    },
  };
}
