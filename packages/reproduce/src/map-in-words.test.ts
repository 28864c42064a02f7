import { describe, expect, it } from 'vitest';
import type { ClaimOutcome } from './evaluate-claim.js';
import { OFFERED_LOAD_AXIS } from './load-steps.js';
import { differBeyondSpread, paperInWords, readingEffects, towardClaim } from './map-in-words.js';
import { defaultSeries, mapSeries } from './map-series.js';
import type { Claim } from './paper-claims.js';
import { REPRODUCTION_FORMAT, type ReproductionMap } from './reproduce-paper.js';
import { reproductionMapMarkdown } from './reproduction-markdown.js';

const CLAIM: Claim = {
  id: 'nas-faster',
  figure: 'Fig. 1',
  statement: 'NAS shortens jobs',
  a: 'nas',
  b: 'fair',
  metric: 'executionTime.mean',
  expectation: 'lower',
};

/** An outcome from per-seed changes, read as `evaluateClaim` reads a `lower` claim. */
function outcome(changes: readonly number[]): ClaimOutcome {
  const mean = changes.reduce((s, c) => s + c, 0) / changes.length;
  const sd = Math.sqrt(changes.reduce((s, c) => s + (c - mean) ** 2, 0) / (changes.length - 1));
  const verdict = changes.every((c) => c < 0) ? 'holds' : mean < 0 ? 'mixed' : 'fails';
  return { verdict, changes, mean, sd, min: Math.min(...changes), max: Math.max(...changes) };
}

type Cell = { axes: Record<string, string | number>; changes: readonly number[] };

/** A map of one claim over hand-made cells. */
function map(cells: readonly Cell[], readingAxis?: string): ReproductionMap {
  const load = {
    offered: 0.5,
    offeredMin: 0.4,
    offeredMax: 0.6,
    uplinkP50: 0.3,
    uplinkP95: 0.9,
    slotUse: 0.6,
  };
  const label = (c: Cell) =>
    Object.entries(c.axes)
      .map(([k, v]) => `${k} ${v}`)
      .join(' · ');
  return {
    format: REPRODUCTION_FORMAT,
    paper: 'p',
    title: 'Paper P',
    preset: 'tiny',
    baseline: 'fair',
    quick: true,
    grid: {
      description: 'hand-made',
      seeds: [1, 2, 3],
      cells: cells.map((c) => ({ label: label(c), axes: c.axes, load })),
    },
    claims: [
      {
        claim: CLAIM,
        outcomes: cells.map((c) => ({ cell: label(c), axes: c.axes, ...outcome(c.changes) })),
        holds: 0,
        mixed: 0,
        fails: 0,
        unmeasured: 0,
      },
    ],
    loadAxis: OFFERED_LOAD_AXIS,
    ...(readingAxis === undefined ? {} : { readingAxis }),
    headline: [CLAIM.id],
    simulations: 1,
    wallSeconds: 1,
    secondsPerSimulation: 1,
    fullGridCost: 'little',
  };
}

const ALONG_LOAD: readonly Cell[] = [
  { axes: { load: 0.9, loss: 'none' }, changes: [0.08, 0.1, 0.12] },
  { axes: { load: 0.1, loss: 'none' }, changes: [-0.18, -0.2, -0.22] },
  { axes: { load: 0.3, loss: 'none' }, changes: [-0.1, -0.12, -0.08] },
  { axes: { load: 0.5, loss: 'none' }, changes: [-0.1, 0.02, -0.04] },
  { axes: { load: 0.1, loss: 'incast' }, changes: [-0.1, -0.1, -0.2] },
  { axes: { preset: 'bench', rackLinkGbps: 4, loss: 'none' }, changes: [0.1, 0.1, 0.2] },
];

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

describe('paperInWords', () => {
  it('says where the headline claim holds along the load, by how much at best, and where it fails', () => {
    const words = paperInWords(map(ALONG_LOAD));
    expect(words).toContain(
      'NAS shortens jobs (`executionTime.mean`, loss none): holds in every seed at offered cross-rack load 0.1–0.3 (up to −20 % at 0.1); in the mean only at 0.5 (−4 %); fails at 0.9 (+10 % at 0.9).',
    );
    expect(words).toContain(
      "In the grid's 2 other series it holds in every seed in 1 of 2 cells and in the mean only in 0.",
    );
  });

  it('says when a claim holds nowhere on the grid', () => {
    const words = paperInWords(map([{ axes: { load: 0.1 }, changes: [0.1, 0.2, 0.1] }]));
    expect(words).toContain('holds nowhere on this grid; fails at 0.1 (+13 % at 0.1)');
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
      'The reading other moves no result beyond the seed spread at any load.',
    );
    expect(defaultSeries(same).map((s) => s.reading)).toEqual(['paper']);
  });

  it('names a reading that turns a verdict, with the cell and its default twin', () => {
    const moved = map(cells([0.05, 0.06, 0.04]), 'reading');
    const [effect] = readingEffects(moved);
    expect(effect?.moves.map((m) => [m.cell, m.twin])).toEqual([[1, 0]]);
    expect(paperInWords(moved)).toContain('other moves 1 claim in 1 cell(s), a headline one among them');
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
