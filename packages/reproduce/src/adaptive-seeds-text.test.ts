import { describe, expect, it } from 'vitest';
import { CLAIM, map } from '../test/words-map.js';
import { adaptiveSeedsInWords, adaptiveSeedsLines } from './adaptive-seeds-text.js';
import type { ReproductionMap } from './reproduce-paper.js';
import { SEQUENTIAL_RULE, sequentialInterval } from './sequential-interval.js';

/** A hand-made map run with adaptive seeds: each cell stopped where its changes say. */
function adaptiveMap(cells: readonly { load: number; changes: readonly number[] }[]): ReproductionMap {
  const base = map(cells.map((c) => ({ axes: { load: c.load }, changes: c.changes })));
  const intervals = cells.map((c) => sequentialInterval(CLAIM, c.changes));
  return {
    ...base,
    adaptive: SEQUENTIAL_RULE,
    grid: {
      ...base.grid,
      cells: base.grid.cells.map((cell, i) => ({
        ...cell,
        seeds: { seeds: cells[i]!.changes.length, decided: intervals[i]!.decision !== 'undecided' },
      })),
    },
    claims: base.claims.map((c) => ({
      ...c,
      outcomes: c.outcomes.map((o, i) => ({ ...o, interval: intervals[i]! })),
    })),
  };
}

const scattered = [-0.05, 0.04, -0.03, 0.05, -0.04, 0.03, -0.02, 0.02, -0.01, 0.01];

describe('Seeds per cell', () => {
  it('names the cells that stopped early, and counts a long list of undecided claims', () => {
    const m = adaptiveMap([
      { load: 0.1, changes: [-0.3, -0.31, -0.29] },
      ...[0.3, 0.5, 0.7, 0.9].map((load) => ({ load, changes: scattered })),
    ]);
    expect(adaptiveSeedsInWords(m)).toBe(
      'One of 5 cells stopped early: load 0.1 after 3 seeds. Four cells took all 10 seeds. Four readings of a claim in a cell stayed undecided at the cap, in four cells; the table gives their intervals.',
    );
    const table = adaptiveSeedsLines(m).join('\n');
    expect(table).toContain('| seeds |  | 3, early | 10, cap | 10, cap | 10, cap | 10, cap |');
    expect(table).toMatch(
      /\| NAS shortens jobs \| `executionTime.mean` \| ✓ −30 % \[−\d+ %, −\d+ %\] \| \? −0 % \[/,
    );
  });

  it('marks a cell where the claim is not measured with a dot, and says nothing for a map on fixed seeds', () => {
    const m = adaptiveMap([
      { load: 0.1, changes: [-0.3, -0.31, -0.29] },
      { load: 0.3, changes: [Number.NaN, Number.NaN, Number.NaN] },
    ]);
    expect(adaptiveSeedsLines(m).join('\n')).toMatch(
      /\| NAS shortens jobs \| `executionTime.mean` \| ✓ −30 % \[[^|]+\] \| · \|/,
    );
    expect(adaptiveSeedsLines(map([{ axes: { load: 0.1 }, changes: [-0.1, -0.2] }]))).toEqual([]);
  });
});
