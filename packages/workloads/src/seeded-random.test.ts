import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random.js';

describe('seededRandom', () => {
  test.prop([fc.integer(), fc.integer({ min: 1, max: 1000 })])(
    'stays in range and replays per seed',
    (seed, bound) => {
      const a = seededRandom(seed);
      const b = seededRandom(seed);
      for (let i = 0; i < 20; i++) {
        const x = a.next();
        expect(x >= 0 && x < 1).toBe(true);
        expect(b.next()).toBe(x);
        const k = a.int(bound);
        expect(Number.isInteger(k) && k >= 0 && k < bound).toBe(true);
        expect(b.int(bound)).toBe(k);
      }
    },
  );

  it('differs between seeds, also above 2^32', () => {
    const draw = (seed: number) =>
      Array.from(
        { length: 5 },
        (
          (r) => () =>
            r.next()
        )(seededRandom(seed)),
      );
    expect(draw(1)).not.toEqual(draw(2));
    expect(draw(1)).not.toEqual(draw(1 + 2 ** 32));
  });

  it('refuses a bad seed or bound', () => {
    expect(() => seededRandom(0.5)).toThrow('seededRandom: seed must be a safe integer, got 0.5');
    expect(() => seededRandom(1).int(0)).toThrow('RandomSource.int: bound must be an integer >= 1, got 0');
  });
});
