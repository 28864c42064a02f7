import { describe, expect, it } from 'vitest';
import { type Cell, map } from '../test/words-map.js';
import type { ClaimVerdict } from './evaluate-claim.js';
import type { ReproductionMap } from './reproduce-paper.js';
import { reproductionHtml } from './reproduction-html.js';
import { reproductionDocument } from './reproduction-markdown.js';
import {
  agreementCounts,
  agreementText,
  gridPart,
  traceComparisonMarkdown,
  traceComparisonSummary,
  traceComparisonTable,
  traceLabel,
} from './trace-agreement-text.js';
import { compareTraces, mapTrace, traceComparisons } from './trace-agreement.js';

const MODEL = { network: true, resolveInterval: 0.01 };

/** A hand-made map of the one claim, run on `trace` under MODEL with seeds 1–3. */
function onTrace(trace: string | undefined, cells: readonly Cell[], recorded = trace): ReproductionMap {
  return {
    ...map(cells),
    ...(trace === undefined ? {} : { trace }),
    provenance: {
      model: MODEL,
      traces: recorded === undefined ? [] : [{ name: recorded }],
      seeds: [1, 2, 3],
      cpuSeconds: 1,
    },
  };
}

const at = (load: number, changes: readonly number[], loss = 'none'): Cell => ({
  axes: { load, loss },
  changes,
});
const HOLDS = [-0.2, -0.1, -0.3];
const MEAN_ONLY = [-0.2, 0.05, -0.1];
const FAILS = [0.1, 0.2, 0.05];

describe('two traces of one grid, claim by claim', () => {
  it('agree where every shared cell has the same verdict, though the figures differ', () => {
    const c = compareTraces(
      onTrace(undefined, [at(0.1, HOLDS), at(0.5, FAILS)], 'fb2010'),
      onTrace('fb2009', [at(0.5, [0.3, 0.3, 0.1]), at(0.1, [-0.5, -0.4, -0.6]), at(0.9, HOLDS)]),
    );
    expect(c.traces).toEqual(['fb2010', 'fb2009']);
    expect(c.cells).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect(c.claims.map((a) => [a.kind, a.compared, a.differences.length])).toEqual([['agree', 2, 0]]);
  });

  it('disagree where the claim holds on one trace and fails on the other, and say where', () => {
    const c = compareTraces(
      onTrace('fb2010', [at(0.1, HOLDS), at(0.5, MEAN_ONLY), at(0.9, FAILS)]),
      onTrace('fb2009', [at(0.1, HOLDS), at(0.5, FAILS), at(0.9, FAILS)]),
    );
    const [claim] = c.claims;
    expect(claim?.kind).toBe('disagree');
    expect(claim?.differences).toEqual([{ axes: { load: 0.5, loss: 'none' }, verdicts: ['mixed', 'fails'] }]);
    expect(agreementText(claim!, ['load'])).toBe('disagree at load 0.5 ~/✗');
  });

  it('agree in the mean only where every seed holds on one trace and only the mean on the other', () => {
    const c = compareTraces(
      onTrace('fb2010', [at(0.1, HOLDS), at(0.1, HOLDS, 'incast')]),
      onTrace('fb2009', [at(0.1, HOLDS), at(0.1, MEAN_ONLY, 'incast')]),
    );
    expect(c.claims[0]?.kind).toBe('mean');
    expect(agreementText(c.claims[0]!, ['loss'])).toBe(
      'agree in the mean; in every seed on one trace only at loss incast ✓/~',
    );
  });

  it('leave out cells whose every seed is identical on both traces (they replay no trace)', () => {
    const bench: Cell = { axes: { preset: 'bench', rackLinkGbps: 1 }, changes: HOLDS };
    const same = compareTraces(onTrace('fb2010', [bench]), onTrace('fb2009', [bench]));
    expect(same.claims[0]?.kind).toBe('same-runs');
    const mixed = compareTraces(
      onTrace('fb2010', [bench, at(0.1, HOLDS)]),
      onTrace('fb2009', [bench, at(0.1, FAILS)]),
    );
    expect(mixed.claims[0]).toMatchObject({ kind: 'disagree', compared: 1 });
  });

  it('refuse maps that are not one grid on two traces', () => {
    const a = onTrace('fb2010', [at(0.1, HOLDS)]);
    expect(() => compareTraces(a, onTrace('fb2010', [at(0.1, HOLDS)]))).toThrow(/not the same grid/);
    const otherModel = { ...onTrace('fb2009', [at(0.1, HOLDS)]) };
    const moved = { ...otherModel, provenance: { ...otherModel.provenance!, model: { network: false } } };
    expect(() => compareTraces(a, moved)).toThrow(/not the same grid/);
    const seeds = onTrace('fb2009', [at(0.1, HOLDS)]);
    expect(() => compareTraces(a, { ...seeds, grid: { ...seeds.grid, seeds: [1, 2] } })).toThrow(
      /not the same grid/,
    );
    expect(() => compareTraces(a, onTrace('fb2009', [at(0.3, HOLDS)]))).toThrow(/share no cell/);
    expect(mapTrace({ ...a, provenance: undefined } as unknown as ReproductionMap)).toBe('fb2010');
    expect(mapTrace(onTrace(undefined, [at(0.1, HOLDS)]))).toBeUndefined();
  });

  it('pair a map of both loss settings with one of a single setting, on the cells they share', () => {
    const both = onTrace('fb2010', [at(0.1, HOLDS), at(0.1, FAILS, 'congestion-cost')]);
    const withLoss = {
      ...both,
      provenance: { ...both.provenance!, model: { ...MODEL, congestionLoss: ['none', 'congestion-cost'] } },
    };
    const none = onTrace('fb2009', [at(0.1, FAILS)]);
    const lossOff = {
      ...none,
      provenance: { ...none.provenance!, model: { ...MODEL, congestionLoss: 'none' } },
    };
    const comparison = compareTraces(withLoss, lossOff);
    expect(comparison.cells).toEqual([[0, 0]]);
    expect(comparison.claims[0]).toMatchObject({ kind: 'disagree', compared: 1 });
    const otherInterval = {
      ...lossOff,
      provenance: {
        ...lossOff.provenance,
        model: { ...MODEL, resolveInterval: 0.1, congestionLoss: 'none' },
      },
    };
    expect(() => compareTraces(withLoss, otherInterval)).toThrow(/not the same grid/);
  });

  it('pair each map with the first later one of its grid on another trace', () => {
    const maps = [
      onTrace('fb2010', [at(0.1, HOLDS)]),
      { ...onTrace('fb2009', [at(0.1, HOLDS)]), paper: 'other' },
      onTrace('fb2009', [at(0.1, FAILS)]),
    ];
    const pairs = traceComparisons(maps);
    expect(pairs.map((c) => [c.maps[0], c.maps[1]])).toEqual([[maps[0], maps[2]]]);
  });
});

describe('the two traces side by side in the document', () => {
  const comparison = compareTraces(
    onTrace('fb2010', [at(0.1, HOLDS), at(0.5, HOLDS), at(0.1, HOLDS, 'incast')]),
    onTrace('fb2009', [at(0.1, HOLDS), at(0.5, FAILS), at(0.1, MEAN_ONLY, 'incast')]),
  );

  it('names the traces as the document does', () => {
    expect(traceLabel('fb2009')).toBe('FB-2009');
    expect(traceLabel('/data/traces/FB-x.tsv')).toBe('FB-x.tsv');
  });

  it('gives each claim one line: its marks on each trace along the shared cells, and whether they agree', () => {
    const lines = traceComparisonMarkdown(comparison);
    expect(lines[0]).toBe('## Paper on FB-2009 beside FB-2010, quick grid');
    expect(lines).toContain('| claim | metric | FB-2010 | FB-2009 | traces |');
    expect(lines).toContain(
      '| NAS shortens jobs | `executionTime.mean` | ✓✓ ✓ | ✓✗ ~ | disagree at load 0.5 · loss none ✓/✗; ✓ against ~ only at load 0.1 · loss incast ✓/~ |',
    );
  });

  it('says how many jobs a cell replays from each trace, and calls a tenth or fewer weaker evidence', () => {
    const intro = (jobs: readonly [number, number]) =>
      traceComparisonMarkdown({ ...comparison, windowJobs: jobs })[2]!;
    expect(intro([88, 6])).toContain(
      "A cell replays 88 jobs of FB-2010 and six of FB-2009 (seed 1, each at the cell's offered load). FB-2009's verdicts rest on a tenth of FB-2010's jobs or fewer: weaker evidence.",
    );
    expect(intro([50, 50])).toMatch(/replays 50 jobs of FB-2010 and 50 of FB-2009 \([^)]*\)\.$/);
    expect(intro([1, 40])).toContain('replays one job of FB-2010 and 40 of FB-2009');
    expect(traceComparisonMarkdown(comparison)[2]).not.toContain('A cell replays');
  });

  it('names the grid the two maps ran: quick, full, or the part', () => {
    const [a] = comparison.maps;
    expect(gridPart({ ...a, quick: true })).toBe('quick grid');
    expect(a.only).toBeUndefined();
    expect(gridPart({ ...a, quick: false })).toBe('full grid');
    expect(gridPart({ ...a, quick: false, only: { window: '0+0.5h', loss: 'none' } })).toBe(
      'window=0+0.5h, loss=none',
    );
  });

  it('sums it up in plain words, headline claims by name', () => {
    expect(traceComparisonSummary(comparison)).toBe(
      '**In plain words.** Of the 1 claim read on both traces in their 3 shared cells, none agrees in every cell, none agrees in the mean only and one disagrees somewhere. “NAS shortens jobs” (`executionTime.mean`): disagree in 1 of 2 cells at load 0.5 (✓/✗ 1); ✓ against ~ only in 1 more.',
    );
  });

  it('says in plain words how many jobs a cell replays of each trace, and when one is weaker evidence', () => {
    const line = traceComparisonSummary({ ...comparison, windowJobs: [437, 34] });
    expect(line).toMatch(
      / A cell replays 437 jobs of FB-2010 and 34 of FB-2009 \(seed 1, each at the cell's offered load\)\. FB-2009's verdicts rest on a tenth of FB-2010's jobs or fewer: weaker evidence\.$/,
    );
    expect(traceComparisonSummary(comparison)).not.toContain('A cell replays');
  });

  it('counts the differences in plain words, by kind and along the load, most common first', () => {
    const [a] = comparison.claims;
    const at = (load: number, verdicts: readonly [ClaimVerdict, ClaimVerdict]) => ({
      axes: { load },
      verdicts,
    });
    const many = {
      ...a!,
      kind: 'disagree' as const,
      compared: 12,
      differences: [
        at(1.2, ['fails', 'holds']),
        at(0.7, ['fails', 'holds']),
        at(0.9, ['fails', 'mixed']),
        at(0.5, ['mixed', 'holds']),
      ],
    };
    expect(agreementCounts(many)).toBe(
      'disagree in 3 of 12 cells at load 0.7, 0.9, 1.2 (✗/✓ 2, ✗/~ 1); ✓ against ~ only in 1 more',
    );
    expect(agreementCounts({ ...many, kind: 'mean', differences: [at(0.5, ['mixed', 'holds'])] })).toBe(
      'agree in the mean; in every seed on one trace only in 1 of 12 cells',
    );
  });

  it('stands after the later of the two sections in the document and on the page, its words at its head', () => {
    const [a, b] = comparison.maps;
    const document = reproductionDocument([a, b], 'rackwise reproduce all --from m.json');
    const sections = [...document.matchAll(/^## (.*)$/gm)].map((m) => m[1]);
    expect(sections.slice(-3)).toEqual([
      'Paper P · FB-2010, quick grid',
      'Paper P · FB-2009, quick grid',
      'Paper on FB-2009 beside FB-2010, quick grid',
    ]);
    expect(document).toContain(
      `quick grid\n\n${traceComparisonTable(comparison).intro}\n\n${traceComparisonSummary(comparison)}\n`,
    );
    expect(document).toContain('On FB-2009 beside FB-2010, ');
    expect(reproductionDocument([a], 'rackwise reproduce all')).not.toContain('FB-2009 beside');
    const page = reproductionHtml([a, b], 'rackwise reproduce all --from m.json');
    expect(page).toContain('<h2>Paper on FB-2009 beside FB-2010, quick grid</h2>');
    const section = /<section id="traces-p">[\s\S]*?<\/section>/.exec(page)?.[0] ?? '';
    expect(section).toContain('<p class="words"><b>In plain words.</b> Of the 1 claim read on both traces');
    expect(page).toContain(
      '<td>✓✗ ~</td><td>disagree at load 0.5 · loss none ✓/✗; ✓ against ~ only at load 0.1 · loss incast ✓/~</td>',
    );
  });
});
