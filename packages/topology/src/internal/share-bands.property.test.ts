import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ShareBands } from './share-bands.js';

const sharesArb = fc.array(
  fc.oneof(
    fc.double({ min: -3, max: 25, noNaN: true }).map((e) => 10 ** e),
    fc.integer({ min: 0, max: 70 }).map((k) => 2 ** k),
    fc.integer({ min: 1, max: 70 }).map((k) => 2 ** k * (1 - 2 ** -52)),
  ),
  { minLength: 1, maxLength: 50 },
);

describe('share bands', () => {
  test.prop([sharesArb])(
    'puts each link in the band of doubling width its starting share falls in, band by band',
    (values) => {
      const shares = Float64Array.from(values);
      const bands = new ShareBands(shares.length);
      bands.clear();
      shares.forEach((s, l) => bands.note(l, s));
      bands.group(shares);
      const smallest = Math.min(...shares);
      const seen: number[] = [];
      for (let b = 0; b <= bands.last; b++) {
        const floor = b === 0 ? 0 : bands.ceiling(b - 1);
        for (let x = bands.start[b]!; x < bands.start[b + 1]!; x++) {
          const l = bands.links[x]!;
          seen.push(l);
          const s = shares[l]!;
          expect(s).toBeGreaterThanOrEqual(b === 0 ? smallest : floor);
          expect(s).toBeLessThan(bands.ceiling(b));
          if (b > 0) expect(floor).toBe(smallest * 2 ** b);
        }
      }
      expect(seen.sort((a, c) => a - c)).toEqual(values.map((_, l) => l));
    },
  );
});
