import { describe, expect, it } from 'vitest';
import { ALONG_LOAD, CLAIM, type Cell, map, outcome } from '../test/words-map.js';
import { differBeyondSpread, readingEffects, towardClaim } from './map-in-words.js';
import { defaultSeries, mapSeries } from './map-series.js';
import { paperInWords } from './plain-words.js';
import { reproductionMapMarkdown } from './reproduction-markdown.js';

describe('mapSeries', () => {
  it('groups cells by every axis but the one they run along, sorted along it', () => {
    const series = mapSeries(map(ALONG_LOAD));
    expect(series.map((s) => [s.label, s.along, s.columns.map((c) => c.heading)])).toEqual([
      ['loss none', 'load', ['0.1', '0.3', '0.5', '0.9']],
      ['loss incast', 'load', ['0.1']],
      ['bench · loss none', 'rackLinkGbps', ['4 Gbps']],
    ]);
    expect(series[0]!.columns.map((c) => c.cell)).toEqual([1, 2, 3, 0]);
  });
});

describe('readingEffects', () => {
  const cells = (other: readonly number[]): Cell[] => [
    { axes: { load: 0.1, reading: 'paper' }, changes: [-0.1, -0.11, -0.12] },
    { axes: { load: 0.1, reading: 'other' }, changes: other },
  ];

  it('finds nothing when a reading leaves every result within the seed spread', () => {
    const same = map(cells([-0.1, -0.11, -0.12]), 'reading');
    expect(readingEffects(same)).toEqual([{ reading: 'other', moves: [] }]);
    expect(paperInWords(same)).toContain(
      "Paper's one other reading (other) moves no result beyond the seed spread.",
    );
    expect(defaultSeries(same).map((s) => s.reading)).toEqual(['paper']);
  });

  it('names a reading that turns a verdict, with the cell and its default twin', () => {
    const moved = map(cells([0.05, 0.06, 0.04]), 'reading');
    const [effect] = readingEffects(moved);
    expect(effect?.moves.map((m) => [m.cell, m.twin])).toEqual([[1, 0]]);
    expect(paperInWords(moved)).toContain(
      "Paper's one other reading (other) changes the verdict of a headline claim in some cells; see Readings.",
    );
    const markdown = reproductionMapMarkdown(moved);
    expect(markdown).toContain('`other` against `paper`, where it moves a claim beyond the seed spread:');
    expect(markdown).toContain('| NAS shortens jobs | `executionTime.mean` | load 0.1 |');
  });

  it('counts a paired difference whose interval excludes 0 as a move, and one within the spread as none', () => {
    const base = outcome([-0.1, -0.11, -0.12]);
    expect(differBeyondSpread(outcome([-0.3, -0.31, -0.33]), base)).toBe(true);
    // Per seed −0.05, −0.04, 0: the mean −0.03 is within its interval of 0.
    expect(differBeyondSpread(outcome([-0.15, -0.15, -0.12]), base)).toBe(false);
    // The same runs differ by 0; a difference below half a point is no move either.
    expect(differBeyondSpread(base, base)).toBe(false);
    expect(differBeyondSpread(outcome([-0.102, -0.112, -0.122]), base)).toBe(false);
    expect(towardClaim(CLAIM, -0.2)).toBe(0.2);
    expect(towardClaim({ ...CLAIM, expectation: 'similar' }, 0.02)).toBeCloseTo(0.03, 12);
  });
});
