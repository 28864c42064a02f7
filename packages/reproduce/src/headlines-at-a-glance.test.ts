import { describe, expect, it } from 'vitest';
import { type Cell, FAILS, HOLDS, MEAN_ONLY, atLoad, map } from '../test/words-map.js';
import { GLANCE_HEADING, glanceRows, glanceTally, headlinesAtAGlance } from './headlines-at-a-glance.js';
import type { ReproductionMap } from './reproduce-paper.js';
import { reproductionDocument, updateReproductionDocument } from './reproduction-markdown.js';

const at = atLoad;

/** A full (not quick) map of the one claim, on `trace` when given. */
function onTrace(cells: readonly Cell[], trace?: string): ReproductionMap {
  return { ...map(cells), quick: false, ...(trace === undefined ? {} : { trace }) };
}

/** The lines of the table under the claim's heading. */
const tableOf = (lines: readonly string[]) => lines.filter((line) => line.startsWith('|'));

describe('the headline claims at a glance', () => {
  it('puts every trace and series of a paper in one table per claim, load steps in order', () => {
    const lines = headlinesAtAGlance([
      onTrace([at(0.5, FAILS), at(0.1, HOLDS), at(0.1, MEAN_ONLY, 'congestion-cost')]),
      onTrace([at(0.1, FAILS), at(0.9, HOLDS)], 'fb2009'),
    ]);
    expect(lines[0]).toBe(GLANCE_HEADING);
    expect(lines).toContain('### Paper P');
    expect(lines).toContain(
      '**“NAS shortens jobs”** (`executionTime.mean`): ✓ in 2 of 5 cells, ~ in 1, ✗ in 2.',
    );
    expect(tableOf(lines)).toEqual([
      '| trace | series | 0.1 | 0.5 | 0.9 |',
      '|---|---|---|---|---|',
      '| — | loss none | ✓ −20 % | ✗ +12 % | · |',
      '| — | loss congestion-cost | ~ −8 % | · | · |',
      '| FB-2009 | loss none | ✗ +12 % | · | ✓ −20 % |',
    ]);
  });

  it('names a quick grid in its rows', () => {
    const rows = glanceRows([map([at(0.1, HOLDS)])], 'nas-faster');
    expect(rows.map((r) => r.series)).toEqual(['quick grid · loss none']);
  });

  it('gives a series whose runs are the same on two traces one row under no trace, and keeps rows whose runs differ', () => {
    const rows = glanceRows(
      [
        onTrace([at(0.1, HOLDS), at(0.1, FAILS, 'congestion-cost')], 'fb2010'),
        onTrace([at(0.1, HOLDS), at(0.1, MEAN_ONLY, 'congestion-cost')], 'fb2009'),
      ],
      'nas-faster',
    );
    expect(rows.map((r) => [r.trace, r.series])).toEqual([
      ['—', 'loss none'],
      ['FB-2010', 'loss congestion-cost'],
      ['FB-2009', 'loss congestion-cost'],
    ]);
    expect(glanceTally(rows)).toBe('✓ in 1 of 3 cells, ~ in 1, ✗ in 1');
  });

  it('says nothing of a paper whose headline claims no cell measured', () => {
    const measured = onTrace([at(0.1, HOLDS)]);
    const unmeasured: ReproductionMap = {
      ...measured,
      claims: measured.claims.map((c) => ({
        ...c,
        outcomes: c.outcomes.map((o) => ({ ...o, verdict: 'unmeasured' as const })),
      })),
    };
    expect(headlinesAtAGlance([measured])).not.toEqual([]);
    expect(headlinesAtAGlance([unmeasured])).toEqual([]);
  });

  it("stands in the document after the plain words, and a section regenerated alone replaces its paper's block", () => {
    const before = onTrace([at(0.1, HOLDS)]);
    const document = reproductionDocument([before], 'rackwise reproduce all');
    const glance = document.indexOf(GLANCE_HEADING);
    expect(glance).toBeGreaterThan(document.indexOf('## In plain words'));
    expect(glance).toBeLessThan(document.indexOf('## How to read the map'));
    const updated = updateReproductionDocument(document, onTrace([at(0.1, FAILS)]), 'rackwise reproduce p');
    const part = (doc: string) =>
      doc.slice(doc.indexOf(GLANCE_HEADING), doc.indexOf('## How to read the map'));
    expect(part(document)).toContain('| — | loss none | ✓ −20 % |');
    expect(part(updated)).toContain('| — | loss none | ✗ +12 % |');
    expect(part(updated)).not.toContain('✓ −20 %');
    expect(part(updated).match(/### Paper P/g)).toHaveLength(1);
  });
});
