import { escapeXml } from '@rackwise/reports';
import { describe, expect, it } from 'vitest';
import { svgTexts, xmlProblems } from '../../reports/test/well-formed-xml.js';
import { handMadeMap } from '../test/hand-made-map.js';
import { claimRowLabel } from './map-charts.js';
import { comparisonClaim, onlyIn } from './paper-claims.js';
import type { ReproductionMap } from './reproduce-paper.js';
import { reproductionHtml } from './reproduction-html.js';

const SHORTER = comparisonClaim(
  'P Fig. 1',
  'NAS shortens <jobs> & "waits"',
  'nas',
  'fair',
  'executionTime.mean',
  'lower',
);
const FASTER = comparisonClaim('P Fig. 2', 'NAS raises throughput', 'nas', 'fair', 'throughput', 'higher');
const BENCH = onlyIn(
  comparisonClaim('P Fig. 2', 'Delay keeps pace with Fair', 'delay', 'fair', 'makespan', 'similar'),
  { preset: 'bench' },
);

const LOADS = [0.1, 0.5, 0.9];
const CELLS = [
  ...LOADS.flatMap((load) => ['paper', 'other'].map((reading) => ({ axes: { load, reading } }))),
  { axes: { preset: 'bench', rackLinkGbps: 1 } },
  { axes: { preset: 'bench', rackLinkGbps: 2 } },
];

/** Two papers on the same hand-made grid; NAS's throughput is unmeasured at load 0.9 under the other reading. */
function maps(): ReproductionMap[] {
  const change = (claim: typeof SHORTER, axes: Record<string, string | number>, seed: number) => {
    if (claim === FASTER && axes.load === 0.9 && axes.reading === 'other') return Number.NaN;
    const load = typeof axes.load === 'number' ? axes.load : 0.3;
    const sign = claim.expectation === 'lower' ? -1 : 1;
    return claim.expectation === 'similar' ? 0.01 * seed : sign * (0.2 - load / 2) + 0.01 * seed;
  };
  const common = { cells: CELLS, seeds: [1, 2, 3], change, readingAxis: 'reading' };
  return [
    handMadeMap({
      ...common,
      paper: 'p',
      title: 'Paper <P> & "Q"',
      claims: [SHORTER, FASTER, BENCH],
      headline: [SHORTER.id, BENCH.id],
    }),
    handMadeMap({ ...common, paper: 'q', title: 'Paper Q', claims: [FASTER], headline: [FASTER.id] }),
  ];
}

/** Each paper's section of the page, and the SVG charts in it: heatmaps (a colour scale) and line charts. */
function sections(html: string) {
  return [...html.matchAll(/<section id="paper-(\w+)">([\s\S]*?)<\/section>/g)].map((m) => {
    const svgs = [...(m[2] ?? '').matchAll(/<svg[\s\S]*?<\/svg>/g)].map((s) => s[0]);
    const heatmaps = svgs.filter((s) => svgTexts(s).some((t) => t.startsWith('toward the claim')));
    return {
      paper: m[1],
      html: m[2] ?? '',
      svgs,
      heatmaps,
      lines: svgs.filter((s) => !heatmaps.includes(s)),
    };
  });
}

describe('reproductionHtml', () => {
  const html = reproductionHtml(maps(), 'rackwise reproduce all --quick --html <map>.html');
  const [p, q] = sections(html);

  it('names the command it came from and gives every paper a section of well-formed charts', () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain(`<code>${escapeXml('rackwise reproduce all --quick --html <map>.html')}</code>`);
    expect(sections(html).map((s) => s.paper)).toEqual(['p', 'q']);
    for (const svg of [...(p?.svgs ?? []), ...(q?.svgs ?? [])]) expect(xmlProblems(svg)).toEqual([]);
    expect(html).not.toContain('<script');
  });

  it('gives each map of a paper its own anchor and names its grid in the contents, and sets code as code in the words', () => {
    const [first, second] = maps();
    const page = reproductionHtml(
      [first!, { ...first!, trace: 'fb2009' }, second!],
      'rackwise reproduce all --from <map>.json --html <map>.html',
    );
    const ids = [...page.matchAll(/<section id="([^"]+)">/g)].map((m) => m[1]);
    expect(ids).toEqual(['paper-p', 'paper-p-2', 'paper-q']);
    for (const id of ids) expect(page).toContain(`<li><a href="#${id}">`);
    expect(page).toContain('<code>rackwise reproduce p --quick --trace fb2009</code></li>');
    const words = /<p class="words">([\s\S]*?)<\/p>/.exec(page)?.[1] ?? '';
    expect(words).toContain('<code>');
    expect(words).not.toContain('`');
  });

  it('opens with each paper in one paragraph over all its maps', () => {
    const [first, second] = maps();
    const page = reproductionHtml(
      [first!, { ...first!, trace: 'fb2009' }, second!],
      'rackwise reproduce all',
    );
    const opening = /<ul class="words">\n([\s\S]*?)\n<\/ul>/.exec(page)?.[1]?.split('\n') ?? [];
    expect(opening).toHaveLength(2);
    expect(opening[0]).toMatch(/^<li><b>[^<]+\.<\/b> Two quick maps, /);
    expect(opening[1]).toMatch(/^<li><b>[^<]+\.<\/b> One quick map, /);
    expect(page.indexOf('<ul class="words">')).toBeLessThan(page.indexOf('<section'));
  });

  it('draws a heatmap per paper: a row per claim, a column per cell grouped by series', () => {
    expect(p?.heatmaps).toHaveLength(1);
    expect(q?.heatmaps).toHaveLength(1);
    const texts = svgTexts(p?.heatmaps[0] ?? '');
    for (const claim of [SHORTER, FASTER, BENCH]) expect(texts).toContain(claimRowLabel(claim));
    expect(texts).toEqual(expect.arrayContaining(['reading paper', 'reading other', 'bench']));
    expect(texts.filter((t) => t === '0.5')).toHaveLength(2);
    expect(texts).toEqual(expect.arrayContaining(['1 Gbps', '2 Gbps']));
    // NAS's shortening at load 0.1: −14 %, −13 %, −12 % over the seeds: holds in every seed.
    expect(texts).toContain('✓ −13 %');
    // Not measured: the bench claim in the six load cells, throughput at 0.9 under the other reading.
    expect(texts.filter((t) => t === '·')).toHaveLength(6 + 1);
  });

  it('draws each headline claim as a line per series over load, with 95 % bands', () => {
    expect(p?.lines).toHaveLength(1);
    const [shorter] = p?.lines ?? [];
    const texts = svgTexts(shorter ?? '');
    expect(texts).toEqual(expect.arrayContaining(['reading paper', 'reading other']));
    expect(texts).toEqual(expect.arrayContaining(['offered cross-rack load', 'nas / fair − 1 (%)']));
    expect(texts.join(' ')).toContain("band: 95 % interval of the mean (Student's t)");
    expect(shorter?.match(/<polygon /g)).toHaveLength(2);
    // The bench claim sits off the load axis: a sentence instead of a chart.
    expect(p?.html).toContain('Delay keeps pace with Fair: not measured along the offered cross-rack load');
    // Throughput under the other reading has no value at 0.9: its line stops at 0.5.
    expect(q?.lines).toHaveLength(1);
  });

  it("splits a claim's chart past eight series by every axis but the reading", () => {
    const readings = ['r1', 'r2', 'r3', 'r4', 'r5'];
    const wide = handMadeMap({
      paper: 'w',
      title: 'Ten series',
      claims: [FASTER],
      cells: [0.1, 0.5].flatMap((load) =>
        ['none', 'incast'].flatMap((loss) => readings.map((reading) => ({ axes: { load, loss, reading } }))),
      ),
      seeds: [1, 2],
      change: (_, axes, seed) => Number(axes.load) / 10 + 0.01 * seed,
      readingAxis: 'reading',
      headline: [FASTER.id],
    });
    const [section] = sections(reproductionHtml([wide], 'rackwise reproduce w'));
    expect(section?.lines).toHaveLength(2);
    for (const [chart, loss] of [
      [section?.lines[0], 'none'],
      [section?.lines[1], 'incast'],
    ] as const) {
      const texts = svgTexts(chart ?? '');
      expect(texts).toEqual(expect.arrayContaining(readings.map((r) => `reading ${r}`)));
      expect(texts.join(' ')).toContain(`loss ${loss}`);
    }
  });

  it('reads a map back from JSON (NaN as null) exactly as the map itself', () => {
    const again = JSON.parse(JSON.stringify(maps())) as ReproductionMap[];
    expect(JSON.stringify(again)).toContain('"mean":null');
    // ECharts numbers its charts' ids and style classes per process; the pages are otherwise the same.
    const ids = (page: string) => page.replace(/zr\d+-(cls-\d+|[cg]\d+)/g, 'zr');
    expect(ids(reproductionHtml(again, 'rackwise reproduce all --quick --html <map>.html'))).toBe(ids(html));
  });

  it("escapes the papers' titles and the claims' text", () => {
    expect(html).toContain(`<h2>${escapeXml('Paper <P> & "Q" · quick grid')}</h2>`);
    expect(html).not.toContain('<jobs>');
    expect(html).not.toContain('"waits"');
    expect(html).toContain(escapeXml(SHORTER.statement));
  });

  it('lists every cell with its offered load, its range over seeds and what the baseline delivered', () => {
    const rows = [...(p?.html ?? '').matchAll(/<tr><td>([^<]*)<\/td><td>([^<]*)<\/td><td>([^<]*)<\/td>/g)];
    expect(rows.map((r) => r[1])).toEqual([
      'load 0.1 · reading paper',
      'load 0.1 · reading other',
      'load 0.5 · reading paper',
      'load 0.5 · reading other',
      'load 0.9 · reading paper',
      'load 0.9 · reading other',
      'bench · rackLinkGbps 1',
      'bench · rackLinkGbps 2',
    ]);
    expect(rows[2]?.slice(2)).toEqual(['0.50', '0.45–0.55']);
  });
});
