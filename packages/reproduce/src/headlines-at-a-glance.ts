/**
 * Each paper's headline claims at a glance: per claim, one table whose rows are every
 * series of every map of the paper (trace, window, loss model; the default reading) and
 * whose columns are the load steps (or the steps of another axis a series runs along), each entry the verdict and the
 * mean change; above it, in how many of those cells the claim holds in every seed, in the
 * mean only, and not at all. The paragraphs of "In plain words" tell one map at a time;
 * this puts a claim's parts, windows and traces under one another.
 */
import type { ClaimOutcome } from './evaluate-claim.js';
import { signedPercent } from './map-in-words.js';
import { type MapSeries, axisText, defaultSeries, outcomeAt } from './map-series.js';
import { MARK, table } from './map-text.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';
import { traceLabel } from './trace-agreement-text.js';
import { mapTrace } from './trace-agreement.js';

/** A column of a claim's table: a step of the axis its series run along. */
interface GlanceColumn {
  readonly heading: string;
  /** Whether the axis is the paper's load axis (its columns come first). */
  readonly onLoad: boolean;
  readonly value: string | number;
}

/** One row of a claim's table: a series of one map, its outcome per column heading. */
interface GlanceRow {
  readonly trace: string;
  readonly series: string;
  readonly columns: readonly GlanceColumn[];
  /** Outcome per column heading (`0.5`, `1 Gbps`), measured or not. */
  readonly at: ReadonlyMap<string, ClaimOutcome>;
}

/** A row's trace where its cells replay none. */
export const NO_TRACE = '—';

/** The heading of the document's part that holds the tables. */
export const GLANCE_HEADING = '## The headline claims at a glance';

/** A paper's block under it: its title as a heading of the next level. */
export const glancePaperHeading = (title: string): string => `### ${title}`;

/** A series' axes in words, the reading left out (the tables are at the default one). */
function seriesText(map: ReproductionMap, s: MapSeries): string {
  const words = Object.entries(s.axes)
    .filter(([axis]) => axis !== map.readingAxis)
    .map(([axis, value]) => axisText(axis, value))
    .join(' · ');
  const grid = map.quick ? 'quick grid' : '';
  return [grid, words].filter((t) => t !== '').join(' · ') || 'every cell';
}

/** The rows of one headline claim over a paper's maps: each series at the default reading that measured it. */
function seriesRows(maps: readonly ReproductionMap[], id: string): GlanceRow[] {
  return maps.flatMap((map) => {
    const claim = map.claims.find((c) => c.claim.id === id);
    if (claim === undefined) return [];
    const trace = mapTrace(map);
    return defaultSeries(map)
      .filter((s) => s.columns.some((col) => outcomeAt(claim, col.cell).verdict !== 'unmeasured'))
      .map((s) => ({
        trace: trace === undefined ? NO_TRACE : traceLabel(trace),
        series: seriesText(map, s),
        columns: s.columns.map((col) => ({
          heading: col.heading,
          onLoad: s.along === map.loadAxis.axis,
          value: col.value,
        })),
        at: new Map(s.columns.map((col) => [col.heading, outcomeAt(claim, col.cell)])),
      }));
  });
}

/** What a row's runs gave, seed by seed: equal for two rows that ran the same simulations. */
const runsKey = (row: GlanceRow) =>
  JSON.stringify([row.series, [...row.at].map(([heading, o]) => [heading, o.changes])]);

/**
 * The claim's rows, a series run on several traces once: where its cells replay no trace
 * (Shadow's benchmarks beside its Facebook workload) every trace's map holds the same
 * runs, seed by seed, and the row stands once, under no trace.
 */
export function glanceRows(maps: readonly ReproductionMap[], id: string): GlanceRow[] {
  const rows: GlanceRow[] = [];
  const seen = new Map<string, number>();
  for (const row of seriesRows(maps, id)) {
    const key = runsKey(row);
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, rows.length);
      rows.push(row);
    } else if (rows[earlier]!.trace !== row.trace) rows[earlier] = { ...rows[earlier]!, trace: NO_TRACE };
  }
  return rows;
}

const entry = (o: ClaimOutcome | undefined): string =>
  o === undefined || o.verdict === 'unmeasured' ? '·' : `${MARK[o.verdict]} ${signedPercent(o.mean)}`;

/** A tally in words from the cells counted by verdict: `✓ in 3 of 5 cells, ~ in 1, ✗ in 1`. */
export const tallyText = (holds: number, mixed: number, fails: number): string =>
  `${MARK.holds} in ${holds} of ${holds + mixed + fails} cells, ${MARK.mixed} in ${mixed}, ${MARK.fails} in ${fails}`;

/** In how many of the rows' cells the claim holds in every seed, in the mean only and not in the mean. */
export function glanceTally(rows: readonly { readonly at: ReadonlyMap<unknown, ClaimOutcome> }[]): string {
  const outcomes = rows.flatMap((r) => [...r.at.values()]);
  const count = (verdict: ClaimOutcome['verdict']) => outcomes.filter((o) => o.verdict === verdict).length;
  return tallyText(count('holds'), count('mixed'), count('fails'));
}

/** The start of a claim's line, which names it: `**“statement”** (`metric`)`. */
export const glanceClaimPrefix = (statement: string, metric: string): string =>
  `**“${statement}”** (\`${metric}\`)`;

/** The columns of every row, once each: the load axis's steps first, each axis's in order along it. */
function glanceColumns(rows: readonly GlanceRow[]): string[] {
  const columns = new Map<string, GlanceColumn>();
  for (const row of rows) for (const col of row.columns) columns.set(col.heading, col);
  const order = (a: GlanceColumn, b: GlanceColumn) =>
    Number(b.onLoad) - Number(a.onLoad) ||
    (typeof a.value === 'number' && typeof b.value === 'number'
      ? a.value - b.value
      : String(a.value).localeCompare(String(b.value)));
  return [...columns.values()].sort(order).map((c) => c.heading);
}

/** One claim's lines: its statement and tally, then its table (none when no map measured it). */
function claimGlance(maps: readonly ReproductionMap[], claim: ClaimMap): string[] {
  const rows = glanceRows(maps, claim.claim.id);
  if (rows.length === 0) return [];
  const headings = glanceColumns(rows);
  return [
    `${glanceClaimPrefix(claim.claim.statement, claim.claim.metric)}: ${glanceTally(rows)}.`,
    '',
    ...table(
      ['trace', 'series', ...headings],
      rows.map((r) => [r.trace, r.series, ...headings.map((h) => entry(r.at.get(h)))]),
    ),
    '',
  ];
}

/** One paper's block: its heading, then a table per headline claim, in the paper's order. */
export function paperGlance(maps: readonly ReproductionMap[]): string[] {
  const [first] = maps;
  if (first === undefined) return [];
  const claims = first.headline.flatMap((id) => {
    const claim = maps.flatMap((m) => m.claims).find((c) => c.claim.id === id);
    return claim === undefined ? [] : [claim];
  });
  const body = claims.flatMap((claim) => claimGlance(maps, claim));
  return body.length === 0 ? [] : [glancePaperHeading(first.title), '', ...body];
}

/** The part of the document: its heading and what an entry means, then one block per paper in the maps' order. */
export function headlinesAtAGlance(maps: readonly ReproductionMap[]): string[] {
  const blocks = [...new Set(maps.map((m) => m.paper))].flatMap((paper) =>
    paperGlance(maps.filter((m) => m.paper === paper)),
  );
  if (blocks.length === 0) return [];
  return [
    GLANCE_HEADING,
    '',
    'Every map of a paper, its headline claims one table each: a row per trace and series (window, loss model, workload; the default reading; — where the series replays no trace), a column per step of the load axis (or of the axis a series runs along). ✓ the claim holds in every seed, ~ in the mean only, ✗ not in the mean, · not measured; the figure is the mean change a / b − 1 over the seeds, paired by seed. Each section below gives the intervals.',
    '',
    ...blocks,
  ];
}
