import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { randomStream } from './random-streams.js';

const draws = (seed: number, purpose: string, n = 8) => {
  const random = randomStream(seed, purpose);
  return Array.from({ length: n }, () => random.next());
};

describe('randomStream', () => {
  test.prop([fc.integer(), fc.string()])('replays for the same seed and purpose', (seed, purpose) => {
    expect(draws(seed, purpose)).toEqual(draws(seed, purpose));
  });

  it('gives independent streams per purpose and per seed', () => {
    expect(draws(1, 'placement')).not.toEqual(draws(1, 'policy'));
    expect(draws(1, 'placement')).not.toEqual(draws(2, 'placement'));
  });

  test.prop([fc.integer(), fc.integer({ min: 1, max: 1000 })])('draws in range', (seed, bound) => {
    const random = randomStream(seed, 'x');
    for (let i = 0; i < 50; i++) {
      const u = random.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      const k = random.int(bound);
      expect(Number.isInteger(k) && k >= 0 && k < bound).toBe(true);
    }
  });

  it('refuses a bad bound', () => {
    expect(() => randomStream(1, 'x').int(0)).toThrow(/bound must be a positive integer/);
  });
});
