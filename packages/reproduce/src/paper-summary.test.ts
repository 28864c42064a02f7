import { describe, expect, it } from 'vitest';
import { type Cell, FAILS, HOLDS, MEAN_ONLY, atLoad, map } from '../test/words-map.js';
import { paperSummary, summaryCells } from './paper-summary.js';
import type { ReproductionMap } from './reproduce-paper.js';

/** Uplinks saturated at 0.9 and above, lightly used below. */
const uplinks = (axes: Cell['axes']) => {
  const busy = typeof axes.load === 'number' && axes.load >= 0.9;
  return {
    offered: Number(axes.load ?? 0.5),
    offeredMin: 0,
    offeredMax: 1,
    uplinkP50: busy ? 0.6 : 0.2,
    uplinkP95: busy ? 1 : 0.7,
    slotUse: 0.6,
  };
};

const full = (m: ReproductionMap, trace?: string): ReproductionMap => ({
  ...m,
  quick: false,
  ...(trace === undefined ? {} : { trace }),
});

/** Holds at light load on both traces, fails at 0.9 on FB-2010 only. */
const fb2010 = full(
  map([atLoad(0.1, HOLDS), atLoad(0.5, MEAN_ONLY), atLoad(0.9, FAILS)], undefined, uplinks),
  'fb2010',
);
/** Other runs than FB-2010's (the same per-seed changes would be the same runs: a cell replaying no trace). */
const OTHER = [-0.25, -0.15, -0.3];
const fb2009 = full(
  map([atLoad(0.1, OTHER), atLoad(0.5, OTHER), atLoad(0.9, OTHER)], undefined, uplinks),
  'fb2009',
);

describe("a paper's paragraph over all its maps", () => {
  it('counts the cells of every map, says by how much the claim holds and where it fails, with the load there', () => {
    const words = paperSummary([fb2010, fb2009]);
    expect(words).toBe(
      [
        'Two full maps, 6 cells at the default reading (FB-2010 and FB-2009; loss off).',
        "“NAS shortens jobs” holds in every seed in 4 of 6 cells (median −23 %), in the mean only in 1 and fails in 1 on FB-2010 · loss none, on busier links: the rack uplinks' median load 60 % where it fails against 20 % where it holds, their 95th percentile 100 % against 70 % (medians over the cells).",
        'On FB-2009 beside FB-2010, the traces agree on 1 of the 3 headline verdicts read in the same cell on both.',
      ].join(' '),
    );
  });

  it('names the series holding most failures, and says when the load does not tell them apart', () => {
    const flat = () => uplinks({ load: 0.1 });
    const m = full(
      map(
        [
          atLoad(0.1, FAILS),
          atLoad(0.5, FAILS),
          atLoad(0.9, HOLDS),
          atLoad(0.1, FAILS, 'incast'),
          atLoad(0.5, HOLDS, 'incast'),
        ],
        undefined,
        flat,
      ),
    );
    const words = paperSummary([m]);
    expect(words).toContain(
      "fails in 3, 2 of them on loss none; the rack uplinks' median load 20 % where it fails against 20 % where it holds, their 95th percentile 70 % against 70 % (medians over the cells): the load does not tell them apart.",
    );
    expect(words).toContain(
      '`incast` changes 1 of the 2 headline verdicts read in the same cell with loss off and on.',
    );
  });

  it('says a loss model changes none of the verdicts, and traces agree on all, in words', () => {
    const same = full(map([atLoad(0.1, HOLDS), atLoad(0.1, HOLDS, 'incast')], undefined, uplinks), 'fb2010');
    const other = full(map([atLoad(0.1, OTHER), atLoad(0.1, OTHER, 'incast')], undefined, uplinks), 'fb2009');
    const words = paperSummary([same, other]);
    expect(words).toContain('`incast` changes none of the 2 headline verdicts read in the same cell');
    expect(words).toContain('the traces agree on all 2 headline verdicts read in the same cell on both.');
  });

  it('says the load does not explain failures on quieter links', () => {
    const m = full(map([atLoad(0.1, FAILS), atLoad(0.9, HOLDS)], undefined, uplinks));
    expect(paperSummary([m])).toContain('fails in 1, on quieter links: ');
    expect(paperSummary([m])).toContain('so the load does not explain it.');
  });

  it('reads the full grids and sets the quick ones aside, and counts the same runs once', () => {
    const quick = map([atLoad(0.1, FAILS)]);
    const words = paperSummary([quick, fb2010]);
    expect(words).toMatch(
      /^One full map, 3 cells at the default reading \(FB-2010; loss off; one quick grid aside\)\./,
    );
    const twice = { ...fb2010, trace: 'fb2009' };
    expect(summaryCells([fb2010, twice])).toHaveLength(3);
  });

  it('gives the readings one sentence for all of them', () => {
    const cells: Cell[] = [
      { axes: { load: 0.1, reading: 'paper' }, changes: HOLDS },
      { axes: { load: 0.1, reading: 'other' }, changes: HOLDS },
      { axes: { load: 0.1, reading: 'third' }, changes: FAILS },
    ];
    expect(paperSummary([full(map(cells, 'reading'))])).toContain(
      'Of the other readings, `third` changes a headline verdict somewhere and `other` moves nothing.',
    );
  });

  it('says a claim fails in every cell, or holds in the mean only, with its median', () => {
    expect(paperSummary([full(map([atLoad(0.1, FAILS), atLoad(0.3, FAILS)]))])).toContain(
      '“NAS shortens jobs” fails in all two cells (median +12 %).',
    );
    expect(paperSummary([full(map([atLoad(0.1, MEAN_ONLY)]))])).toContain(
      '“NAS shortens jobs” holds in the mean only in its one cell (median −8 %).',
    );
  });
});
