import { describe, expect, it } from 'vitest';
import { type Cell, FAILS, HOLDS, MEAN_ONLY, atLoad, map } from '../test/words-map.js';
import { mergeGlanceBlock } from './glance-merge.js';
import { paperGlance } from './headlines-at-a-glance.js';
import type { ReproductionMap } from './reproduce-paper.js';

const at = atLoad;

const onTrace = (cells: readonly Cell[], trace: string): ReproductionMap => ({
  ...map(cells),
  quick: false,
  trace,
});

describe("a paper's glance block merged from its text", () => {
  it('is the block of every map rendered again when one map ran again, with its new rows and columns', () => {
    const a = onTrace([at(0.1, HOLDS), at(0.5, FAILS)], 'fb2010');
    const before = onTrace([at(0.1, FAILS)], 'fb2009');
    const after = onTrace([at(0.1, MEAN_ONLY), at(0.9, HOLDS), at(0.3, HOLDS, 'congestion-cost')], 'fb2009');
    expect(mergeGlanceBlock(paperGlance([a, before]), paperGlance([after]))).toEqual(paperGlance([a, after]));
  });

  it('keeps a series that replays no trace under no trace when its runs come again on one trace', () => {
    const a = onTrace([at(0.1, HOLDS), at(0.5, FAILS, 'congestion-cost')], 'fb2010');
    const b = onTrace([at(0.1, HOLDS), at(0.5, MEAN_ONLY, 'congestion-cost')], 'fb2009');
    const merged = mergeGlanceBlock(paperGlance([a, b]), paperGlance([b]));
    expect(merged).toEqual(paperGlance([a, b]));
    expect(merged.filter((line) => line.startsWith('| — | loss none |'))).toHaveLength(1);
  });

  it('keeps the old block when the new map measured nothing', () => {
    const a = onTrace([at(0.1, HOLDS)], 'fb2010');
    expect(mergeGlanceBlock(paperGlance([a]), [])).toEqual(paperGlance([a]));
  });
});
