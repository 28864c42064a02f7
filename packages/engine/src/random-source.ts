import type { RandomSource } from '@rackwise/types';
import { randomStream } from './internal/random-streams.js';

/**
 * A seeded `RandomSource` (xoroshiro128+) for one purpose of a seed: the stream the
 * engine hands a policy is `createRandomSource(seed, 'policy')`. Different purposes give
 * independent streams.
 */
export function createRandomSource(seed: number, purpose = 'policy'): RandomSource {
  if (!Number.isSafeInteger(seed)) throw new Error(`seed must be a safe integer, got ${String(seed)}`);
  if (typeof purpose !== 'string') throw new Error(`purpose must be a string, got ${String(purpose)}`);
  return randomStream(seed, purpose);
}
