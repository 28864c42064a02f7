import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { SINK, SOURCE, TwoTierFilling } from './two-tier-filling.js';

/** Sources are links 0 … 4, sinks 5 … 9. */
const LINKS = 10;

function filling(capacities: Float64Array): TwoTierFilling {
  const f = new TwoTierFilling(capacities);
  for (let l = 0; l < LINKS; l++) f.claim(l, l < LINKS / 2 ? SOURCE : SINK);
  return f;
}

const frozen = (f: TwoTierFilling) => [...f.order.subarray(0, f.frozen)].map((l) => [l, f.share[l]] as const);

describe('two-tier filling', () => {
  test.prop([
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: LINKS, maxLength: LINKS }),
    fc.array(
      fc.array(fc.tuple(fc.nat(4), fc.integer({ min: 5, max: 9 }), fc.constantFrom(-1, -1, -2, 1, 3)), {
        minLength: 1,
        maxLength: 4,
      }),
      { minLength: 1, maxLength: 60 },
    ),
  ])(
    'a run resumed after flows left freezes the same links at the same shares as a fresh one',
    (capacityList, rounds) => {
      const capacities = Float64Array.from(capacityList);
      const kept = filling(capacities);
      const cells = new Map<number, number>();
      for (const round of rounds) {
        for (const [source, sink, delta] of round) {
          const key = source * LINKS + sink;
          const change = Math.max(delta, -(cells.get(key) ?? 0));
          if (change === 0) continue;
          cells.set(key, (cells.get(key) ?? 0) + change);
          kept.weigh(source, sink, change);
        }
        kept.run();
        const fresh = filling(capacities);
        for (const [key, w] of cells) if (w > 0) fresh.weigh(Math.floor(key / LINKS), key % LINKS, w);
        fresh.run();
        // Bit for bit: the resumed run does the same arithmetic.
        expect(frozen(kept)).toEqual(frozen(fresh));
      }
    },
  );
});
