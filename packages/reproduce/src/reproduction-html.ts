import { escapeXml, htmlPage, htmlTable } from '@rackwise/reports';
import { adaptiveSeedsHtml } from './adaptive-seeds-text.js';
import { claimHeatmaps, headlineCharts } from './map-charts.js';
import { gridCommand, gridLines, percent0 } from './map-text.js';
import { paperSummary } from './paper-summary.js';
import { paperInWords } from './plain-words.js';
import { provenanceLines } from './provenance-text.js';
import type { ReproductionMap } from './reproduce-paper.js';
import { mapHeading, traceComparisonTable, traceComparisonWords } from './trace-agreement-text.js';
import { type TraceComparison, traceComparisons } from './trace-agreement.js';
import { withWindowJobs } from './trace-window-jobs.js';

/** The page is wider than a report: a heatmap of twelve columns and its claims' labels. */
const STYLE = `body{max-width:1240px}
.words{background:#f4f7fb;border-left:4px solid #0072B2;padding:.5rem .8rem}
.note{color:#555}details{margin:1rem 0}summary{cursor:pointer;color:#333}`;

/** Cells shown at once in a paper's table; a bigger grid's table starts folded. */
const OPEN_CELLS = 36;

/** A number from a map that went through JSON, where NaN became `null`. */
const num = (x: number | null | undefined): number =>
  typeof x === 'number' && Number.isFinite(x) ? x : Number.NaN;

/**
 * The map with every number JSON may have turned into `null` (NaN: an unmeasured mean, a
 * cell with no run) a number again, so nothing downstream reads `null` as 0.
 */
function withNaN(map: ReproductionMap): ReproductionMap {
  return {
    ...map,
    wallSeconds: num(map.wallSeconds),
    secondsPerSimulation: num(map.secondsPerSimulation),
    grid: {
      ...map.grid,
      cells: map.grid.cells.map((cell) => ({
        ...cell,
        load: {
          offered: num(cell.load?.offered),
          offeredMin: num(cell.load?.offeredMin),
          offeredMax: num(cell.load?.offeredMax),
          uplinkP50: num(cell.load?.uplinkP50),
          uplinkP95: num(cell.load?.uplinkP95),
          slotUse: num(cell.load?.slotUse),
        },
      })),
    },
    claims: map.claims.map((c) => ({
      ...c,
      outcomes: c.outcomes.map((o) => ({
        ...o,
        changes: o.changes.map(num),
        mean: num(o.mean),
        sd: num(o.sd),
        min: num(o.min),
        max: num(o.max),
      })),
    })),
  };
}

/** Markdown-ish text as HTML: escaped, its `code spans` as `<code>`. */
const withCode = (text: string) => escapeXml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const fixed2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

/** Every cell of the grid: its offered load over seeds and what the baseline delivered while jobs arrived. */
function cellsTable(map: ReproductionMap): string {
  const cells = map.grid.cells;
  const table = htmlTable(
    ['cell', 'offered load (median)', 'range over seeds', 'uplinks p50', 'uplinks p95', 'slot use'],
    cells.map((cell) => [
      cell.label,
      fixed2(cell.load.offered),
      `${fixed2(cell.load.offeredMin)}–${fixed2(cell.load.offeredMax)}`,
      percent0(cell.load.uplinkP50),
      percent0(cell.load.uplinkP95),
      percent0(cell.load.slotUse),
    ]),
    `<caption>Offered cross-rack shuffle load of the arrival window over the rack uplinks' capacity, median and range over seeds ${escapeXml(map.grid.seeds.join(', '))}; rack-uplink utilisation and slot use while jobs arrived, means over seeds, under ${escapeXml(map.baseline)}.</caption>`,
  );
  const open = cells.length <= OPEN_CELLS ? ' open' : '';
  return `<details${open}><summary>${cells.length} cells: where each sat</summary>\n${table}\n</details>`;
}

/**
 * Each map's anchor: `paper-<paper>` for a paper's first map, `paper-<paper>-2`, … for
 * the grids after it, so that every section of a paper run on several grids has its own.
 */
function sectionIds(maps: readonly ReproductionMap[]): string[] {
  const seen = new Map<string, number>();
  return maps.map((m) => {
    const k = (seen.get(m.paper) ?? 0) + 1;
    seen.set(m.paper, k);
    return k === 1 ? `paper-${m.paper}` : `paper-${m.paper}-${k}`;
  });
}

/** One paper: its grid, the map in plain words, the cells, the claims × cells heatmaps and the headline claims over load. */
function paperSection(map: ReproductionMap, id: string): string {
  const [grid, cost] = gridLines(map);
  const headline = headlineCharts(map).flatMap(({ claim, svgs }) =>
    svgs.length > 0
      ? svgs
      : [
          `<p class="note">${escapeXml(claim.statement)}: not measured along the ${escapeXml(map.loadAxis.label)} on this grid.</p>`,
        ],
  );
  return [
    `<section id="${escapeXml(id)}">`,
    `<h2>${escapeXml(mapHeading(map))}</h2>`,
    `<p>${withCode(grid)} ${withCode(cost)}</p>`,
    `<ul class="note">${provenanceLines(map)
      .map((line) => `<li>${withCode(line.slice(2))}</li>`)
      .join('')}</ul>`,
    `<p class="words"><b>In plain words.</b> ${withCode(paperInWords(map))}</p>`,
    cellsTable(map),
    ...adaptiveSeedsHtml(map),
    '<h3>Claims × cells</h3>',
    `<p class="note">Per claim (row) and cell (column), the mean over seeds of a / b − 1 on the claim's metric, paired by seed, and the verdict: ✓ holds in every seed, ~ in the mean only, ✗ fails in the mean, · not measured. The colour is that effect toward the claim — the mean for a claim that a is higher, its opposite for lower, the tolerance less its size for similar — blue where the claim holds, red where it fails, clamped at ±50 %; grey: not measured. Columns are grouped by series (cells that differ only in their ${escapeXml(map.loadAxis.label)}) and ordered along it.</p>`,
    ...claimHeatmaps(map),
    `<h3>Headline claims along the ${escapeXml(map.loadAxis.label)}</h3>`,
    ...headline,
    '</section>',
  ].join('\n');
}

/** Two traces of one grid side by side: a row per claim, its marks on each and whether they agree. */
function comparisonSection(comparison: TraceComparison): string {
  const { heading, intro, header, rows } = traceComparisonTable(comparison);
  return [
    `<section id="traces-${escapeXml(comparison.maps[0].paper)}">`,
    `<h2>${escapeXml(heading)}</h2>`,
    `<p class="note">${escapeXml(intro)}</p>`,
    `<p class="words"><b>In plain words.</b> ${withCode(traceComparisonWords(comparison))}</p>`,
    htmlTable(header, rows),
    '</section>',
  ].join('\n');
}

/**
 * The reproduction map as one self-contained HTML page (inline SVG and CSS, no scripts or
 * external assets): the command it came from, each paper in plain words over all its maps
 * (`paperSummary`), then per map its grid, the map in plain
 * words (`paperInWords`), a table of its cells' operating points, heatmaps of claims ×
 * cells coloured by the effect toward each claim, and each headline claim as lines over
 * load with 95 % bands. Maps read back from JSON (NaN as `null`) are taken as they are.
 */
export function reproductionHtml(maps: readonly ReproductionMap[], command: string): string {
  const readable = maps.map(withNaN);
  const comparisons = traceComparisons(readable).map(withWindowJobs);
  const ids = sectionIds(readable);
  const contents = readable
    .map(
      (m, i) =>
        `<li><a href="#${escapeXml(ids[i]!)}">${escapeXml(m.title)}</a> <code>${escapeXml(gridCommand(m))}</code></li>`,
    )
    .join('\n');
  const body = [
    "<h1>Where the papers' claims hold</h1>",
    `<p class="lede">Generated by <code>${escapeXml(command)}</code> — do not edit by hand; run the command again.</p>`,
    "<p>Each published claim is a comparison of two policies on one metric, read per seed on runs that share their workload, over a grid of operating points along the offered cross-rack load, network models and the papers' ambiguous readings. Nothing in the simulator or the policies was tuned toward a paper's number.</p>",
    '<h2>In plain words</h2>',
    `<ul class="words">\n${[...new Set(readable.map((m) => m.paper))]
      .map((paper) => {
        const own = readable.filter((m) => m.paper === paper);
        return `<li><b>${escapeXml(own[0]!.title)}.</b> ${withCode(paperSummary(own))}</li>`;
      })
      .join('\n')}\n</ul>`,
    `<ul>\n${contents}\n</ul>`,
    ...readable.flatMap((m, i) => [
      paperSection(m, ids[i]!),
      ...comparisons.filter((c) => c.maps[1] === m).map(comparisonSection),
    ]),
  ];
  return htmlPage("rackwise · where the papers' claims hold", body.join('\n'), STYLE);
}
