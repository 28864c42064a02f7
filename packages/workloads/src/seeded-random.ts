import type { RandomSource } from '@rackwise/types';
import { requireInteger, requirePositiveInteger } from './internal/validate.js';
import { randomFromSeed } from './internal/xoroshiro-random.js';

/**
 * The seeded {@link RandomSource} this package draws from (xoroshiro128+ from
 * `pure-rand`): `next()` is uniform in [0, 1) with 53 random bits, `int(bound)` uniform
 * in [0, bound). The same seed always gives the same sequence. Hand it to a
 * `BlockPlacement` when you place blocks outside a simulator.
 * @throws Error when `seed` is not a safe integer (and, from `int`, when `bound` is not
 * an integer ≥ 1).
 */
export function seededRandom(seed: number): RandomSource {
  requireInteger(seed, 'seededRandom', 'seed');
  const source = randomFromSeed(seed);
  return {
    next: () => source.next(),
    int: (bound: number) => source.int(requirePositiveInteger(bound, 'RandomSource.int', 'bound')),
  };
}
