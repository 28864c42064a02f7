/**
 * Two traces' maps of one grid side by side in the document: a line per claim with its
 * verdicts on each trace along the shared cells and whether the traces agree, and a
 * sentence for the document's opening list.
 */
import { type MapSeries, axisText, mapSeries } from './map-series.js';
import { MARK } from './map-text.js';
import { shortName } from './plain-words.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';
import {
  type ClaimAgreement,
  type TraceComparison,
  type VerdictDifference,
  mapTrace,
} from './trace-agreement.js';
import { countWord, listText } from './word-lists.js';

/** A trace as the document names it: `fb2010` → `FB-2010`, a path by its file name. */
export function traceLabel(name: string): string {
  const day = /^fb(\d{4})$/.exec(name);
  return day === null ? (name.split(/[\\/]/).at(-1) ?? name) : `FB-${day[1]}`;
}

/** The first map's series, each kept to the shared cells. */
function sharedSeries(comparison: TraceComparison): MapSeries[] {
  const shared = new Set(comparison.cells.map(([i]) => i));
  return mapSeries(comparison.maps[0])
    .map((s) => ({ ...s, columns: s.columns.filter((c) => shared.has(c.cell)) }))
    .filter((s) => s.columns.length > 0);
}

/** The axes whose values differ between the shared cells: what says where a difference is. */
function varyingAxes(comparison: TraceComparison): string[] {
  const cells = comparison.maps[0].grid.cells;
  const values = new Map<string, Set<string>>();
  for (const [i] of comparison.cells) {
    for (const [axis, value] of Object.entries(cells[i]?.axes ?? {})) {
      values.set(axis, (values.get(axis) ?? new Set()).add(String(value)));
    }
  }
  return [...values].filter(([, seen]) => seen.size > 1).map(([axis]) => axis);
}

/** Where a difference is and the two verdicts: `load 0.5 · loss none ✓/✗`. */
function differenceText(d: VerdictDifference, axes: readonly string[]): string {
  const where = axes
    .filter((a) => d.axes[a] !== undefined)
    .map((a) => axisText(a, d.axes[a] as string | number))
    .join(' · ');
  return `${where === '' ? 'its cell' : where} ${MARK[d.verdicts[0]]}/${MARK[d.verdicts[1]]}`;
}

/** A claim's differences: where one trace fails and the other does not, and where only ✓ against ~ differ. */
function splitDifferences(agreement: ClaimAgreement) {
  const flips = agreement.differences.filter((d) => d.verdicts.includes('fails'));
  const seeds = agreement.differences.filter((d) => !d.verdicts.includes('fails'));
  return { flips, seeds };
}

/** Whether the traces agree on a claim, in words: `agree`, `disagree at load 0.5 ✓/✗`. */
export function agreementText(agreement: ClaimAgreement, axes: readonly string[] = []): string {
  const where = (ds: readonly VerdictDifference[]) => ds.map((d) => differenceText(d, axes)).join(', ');
  const { flips, seeds } = splitDifferences(agreement);
  switch (agreement.kind) {
    case 'agree':
      return 'agree';
    case 'mean':
      return `agree in the mean; in every seed on one trace only at ${where(seeds)}`;
    case 'disagree':
      return `disagree at ${where(flips)}${seeds.length === 0 ? '' : `; ✓ against ~ only at ${where(seeds)}`}`;
    case 'same-runs':
      return 'the same runs on both (its cells replay no trace)';
    default:
      return 'not measured on both';
  }
}

/** A claim's marks along the shared cells on one map, a group per series. */
function marks(claim: ClaimMap | undefined, series: readonly MapSeries[], cellOf: (i: number) => number) {
  return series
    .map((s) => s.columns.map((c) => MARK[claim?.outcomes[cellOf(c.cell)]?.verdict ?? 'unmeasured']).join(''))
    .join(' ');
}

/** How many cells of each kind of difference (`✗/✓ 9, ✗/~ 2`), most common first. */
function patternCounts(ds: readonly VerdictDifference[]): string {
  const counts = new Map<string, number>();
  for (const d of ds) {
    const mark = `${MARK[d.verdicts[0]]}/${MARK[d.verdicts[1]]}`;
    counts.set(mark, (counts.get(mark) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([mark, n]) => `${mark} ${n}`)
    .join(', ');
}

/** The distinct values of `axis` among the differences, in order: `at load 0.7, 0.9, 1.2`. */
function valuesAt(ds: readonly VerdictDifference[], axis: string): string {
  const values = [...new Set(ds.flatMap((d) => (d.axes[axis] === undefined ? [] : [d.axes[axis]!])))];
  if (values.length === 0) return '';
  values.sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );
  return ` at ${axis} ${values.join(', ')}`;
}

/**
 * Whether the traces agree on a claim, counted rather than listed (for the opening list):
 * `disagree in 11 of 30 cells at load 0.7, 0.9, 1.2 (✗/✓ 9, ✗/~ 2); ✓ against ~ only in 3 more`.
 */
export function agreementCounts(agreement: ClaimAgreement, axis = 'load'): string {
  const { flips, seeds } = splitDifferences(agreement);
  const of = `of ${agreement.compared} cells`;
  switch (agreement.kind) {
    case 'mean':
      return `agree in the mean; in every seed on one trace only in ${seeds.length} ${of}`;
    case 'disagree':
      return `disagree in ${flips.length} ${of}${valuesAt(flips, axis)} (${patternCounts(flips)})${seeds.length === 0 ? '' : `; ✓ against ~ only in ${seeds.length} more`}`;
    default:
      return agreementText(agreement);
  }
}

/** The two traces side by side: a heading, what the table says, and a row per claim. */
export interface TraceComparisonTable {
  readonly heading: string;
  readonly intro: string;
  readonly header: readonly string[];
  /** Per claim: statement, metric, marks on the first trace, marks on the second, agreement. */
  readonly rows: readonly (readonly string[])[];
}

/** Which grid the two maps ran: `quick grid`, `full grid`, or the part (`window=0+0.5h, loss=none`). */
export function gridPart(map: ReproductionMap): string {
  if (map.quick) return 'quick grid';
  if (map.only === undefined) return 'full grid';
  return Object.entries(map.only)
    .map(([axis, value]) => `${axis}=${value}`)
    .join(', ');
}

/**
 * A map's heading: the paper's title, then the trace it replayed and the part of the grid
 * it ran (`NAS … Fig. 3 · FB-2010, window=0+0.5h, loss=none`), so that a paper's maps can
 * be told apart in a contents.
 */
export function mapHeading(map: ReproductionMap): string {
  const trace = mapTrace(map);
  return `${map.title} · ${[trace === undefined ? '' : traceLabel(trace), gridPart(map)].filter((t) => t !== '').join(', ')}`;
}

/** The comparison's name: the paper, the two traces and the grid. */
const comparisonName = (first: ReproductionMap, t0: string, t1: string) =>
  `${shortName(first)} on ${t1} beside ${t0}, ${gridPart(first)}`;

/** The comparison as a table, for the Markdown document and the HTML page alike. */
export function traceComparisonTable(comparison: TraceComparison): TraceComparisonTable {
  const [first, second] = comparison.maps;
  const [t0, t1] = comparison.traces.map(traceLabel) as [string, string];
  const series = sharedSeries(comparison);
  const axes = varyingAxes(comparison);
  const twin = new Map(comparison.cells);
  const claimsOf = new Map(second.claims.map((c) => [c.claim.id, c]));
  const own = new Map(first.claims.map((c) => [c.claim.id, c]));
  const groups = series.map((s) => `${s.label} (${s.columns.map((c) => c.heading).join(', ')})`);
  return {
    heading: comparisonName(first, t0, t1),
    intro: `The claims of the two ${first.paper} sections above that ran the same grid, network model and seeds (${first.grid.seeds.join(', ')}) on ${t0} and on ${t1}, in the ${comparison.cells.length} cells both ran. Each claim's verdicts on ${t0}, then on ${t1}, one mark per cell (✓ every seed, ~ the mean only, ✗ fails, · not measured), a group per series: ${listText(groups)}. The traces agree on a claim when its verdict is the same in every cell; "in the mean" when only ✓ against ~ differ; they disagree where it holds on one and fails on the other (${t0}/${t1} marks given). Read off the two maps' verdicts; nothing was tuned toward agreement.${jobsText(comparison, t0, t1)}`,
    header: ['claim', 'metric', t0, t1, 'traces'],
    rows: comparison.claims.map((a) => [
      a.claim.statement,
      a.claim.metric,
      marks(own.get(a.claim.id), series, (i) => i),
      marks(claimsOf.get(a.claim.id), series, (i) => twin.get(i) ?? -1),
      agreementText(a, axes),
    ]),
  };
}

/** The section of the document that sets the two traces side by side. */
/** How many jobs a cell replays from each trace, as a sentence (empty when not read). */
function jobsText(comparison: TraceComparison, t0: string, t1: string): string {
  const jobs = comparison.windowJobs;
  if (jobs === undefined) return '';
  const [a, b] = jobs;
  const [few, many] = a < b ? [t0, t1] : [t1, t0];
  const weaker =
    Math.min(a, b) < 0.1 * Math.max(a, b)
      ? ` ${few}'s verdicts rest on a tenth of ${many}'s jobs or fewer: weaker evidence.`
      : '';
  return ` A cell replays ${countWord(a)} job${a === 1 ? '' : 's'} of ${t0} and ${countWord(b)} of ${t1} (seed 1, each at the cell's offered load).${weaker}`;
}

export function traceComparisonMarkdown(comparison: TraceComparison): string[] {
  const { heading, intro, header, rows } = traceComparisonTable(comparison);
  return [
    `## ${heading}`,
    '',
    intro,
    '',
    traceComparisonSummary(comparison),
    '',
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map(([statement, metric, ...rest]) => `| ${statement} | \`${metric}\` | ${rest.join(' | ')} |`),
    '',
  ];
}

/** The comparison in plain words, at the head of its section: the tally, then each headline claim. */
export const traceComparisonSummary = (comparison: TraceComparison): string =>
  `**In plain words.** ${traceComparisonWords(comparison)}`;

/** The words of `traceComparisonSummary`, without their lead. */
export function traceComparisonWords(comparison: TraceComparison): string {
  const [first] = comparison.maps;
  const [t0, t1] = comparison.traces.map(traceLabel) as [string, string];
  const traced = comparison.claims.filter((c) => c.kind !== 'same-runs' && c.kind !== 'unmeasured');
  const count = (kind: ClaimAgreement['kind']) => traced.filter((c) => c.kind === kind).length;
  const clause = (n: number, one: string, many: string) =>
    `${n === 0 ? 'none' : countWord(n)} ${n <= 1 ? one : many}`;
  const tally = listText([
    clause(count('agree'), 'agrees in every cell', 'agree in every cell'),
    clause(count('mean'), 'agrees in the mean only', 'agree in the mean only'),
    clause(count('disagree'), 'disagrees somewhere', 'disagree somewhere'),
  ]);
  const headline = comparison.claims
    .filter((c) => first.headline.includes(c.claim.id))
    .map((c) => `“${c.claim.statement}” (\`${c.claim.metric}\`): ${agreementCounts(c, first.loadAxis.axis)}`);
  return `Of the ${traced.length} claim${traced.length === 1 ? '' : 's'} read on both traces in their ${comparison.cells.length} shared cells, ${tally}. ${headline.length === 0 ? '' : `${headline.join('; ')}.`}${jobsText(comparison, t0, t1)}`.trimEnd();
}
