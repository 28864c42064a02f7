/**
 * A paper in one short paragraph over all its maps (the document's "In plain words"):
 * what the maps cover, then per headline claim in how many cells it holds and by how
 * much, where it fails and what the network was doing there, then in a sentence each
 * what the loss model, the second trace and the paper's readings change. Every figure is
 * read off the maps; each map's own paragraph stays in its section.
 */
import type { ClaimOutcome } from './evaluate-claim.js';
import { readingEffects, signedPercent } from './map-in-words.js';
import { axisText, defaultSeries, outcomeAt } from './map-series.js';
import type { ClaimMap, OperatingPoint, ReproductionMap } from './reproduce-paper.js';
import { traceLabel } from './trace-agreement-text.js';
import { mapTrace } from './trace-agreement.js';
import { allCells, countWord, listText } from './word-lists.js';

/** One cell of a map at the default reading, with what the paragraph reads of it. */
interface SummaryCell {
  readonly map: ReproductionMap;
  readonly cell: number;
  /** The trace its runs replay, in words; undefined where they replay none. */
  readonly trace: string | undefined;
  /** Its series in words, the reading and the load step left out: `window 0+0.5h · loss none`. */
  readonly series: string;
  readonly axes: Readonly<Record<string, string | number>>;
  readonly load: OperatingPoint;
}

/** Smallest gap between two medians of a load figure, in its own units, that sets them apart. */
const APART = 0.1;

const median = (values: readonly number[]): number => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  return n % 2 === 1 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
};

const wholePercent = (x: number) => `${Math.round(100 * x)} %`;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The maps the paragraph reads: the paper's full grids (and parts of them), or its quick
 * grids where it has no full one.
 */
export function summaryMaps(maps: readonly ReproductionMap[]): ReproductionMap[] {
  const full = maps.filter((m) => !m.quick);
  return full.length > 0 ? full : [...maps];
}

/** The outcome that stands for a cell's runs: equal for two cells that ran the same simulations. */
const runsKey = (c: SummaryCell) =>
  JSON.stringify([
    c.series,
    Object.entries(c.axes).sort(),
    c.map.claims.map((claim) => outcomeAt(claim, c.cell).changes),
  ]);

/**
 * Every default-reading cell of the maps, once each: a cell that replays no trace (Shadow's
 * benchmarks) is in every trace's map with the same runs, and counts once.
 */
export function summaryCells(maps: readonly ReproductionMap[]): SummaryCell[] {
  const seen = new Set<string>();
  const cells: SummaryCell[] = [];
  for (const map of maps) {
    const trace = mapTrace(map);
    for (const series of defaultSeries(map)) {
      const words = Object.entries(series.axes)
        .filter(([axis]) => axis !== map.readingAxis)
        .map(([axis, value]) => axisText(axis, value))
        .join(' · ');
      for (const col of series.columns) {
        const grid = map.grid.cells[col.cell]!;
        const cell: SummaryCell = {
          map,
          cell: col.cell,
          trace: trace === undefined ? undefined : traceLabel(trace),
          series: words,
          axes: grid.axes,
          load: grid.load,
        };
        const key = runsKey(cell);
        if (seen.has(key)) continue;
        seen.add(key);
        cells.push(cell);
      }
    }
  }
  return cells;
}

/** A headline claim of the maps, as the first map that measures it holds it. */
function headlineClaims(maps: readonly ReproductionMap[]): ClaimMap[] {
  const ids = [...new Set(maps.flatMap((m) => m.headline))];
  return ids.flatMap((id) => {
    const claim = maps.flatMap((m) => m.claims).find((c) => c.claim.id === id);
    return claim === undefined ? [] : [claim];
  });
}

const outcomeIn = (c: SummaryCell, id: string): ClaimOutcome | undefined => {
  const claim = c.map.claims.find((x) => x.claim.id === id);
  if (claim === undefined) return undefined;
  const o = outcomeAt(claim, c.cell);
  return o.verdict === 'unmeasured' ? undefined : o;
};

/** What the maps cover, in a sentence: how many maps and cells, their traces and loss models. */
function scopeSentence(
  maps: readonly ReproductionMap[],
  all: readonly ReproductionMap[],
  cells: readonly SummaryCell[],
): string {
  const traces = [...new Set(cells.flatMap((c) => (c.trace === undefined ? [] : [c.trace])))];
  const losses = [...new Set(cells.flatMap((c) => (c.axes.loss === undefined ? [] : [String(c.axes.loss)])))];
  const kind = maps.some((m) => !m.quick) ? 'full' : 'quick';
  const quick = all.length - maps.length;
  const parts = [
    listText(traces),
    losses.length === 0 ? '' : `loss ${listText(losses.map((l) => (l === 'none' ? 'off' : `\`${l}\``)))}`,
    quick === 0 ? '' : `${countWord(quick)} quick ${quick === 1 ? 'grid' : 'grids'} aside`,
  ].filter((p) => p !== '');
  const count = maps.length === 1 ? `One ${kind} map` : `${capital(countWord(maps.length))} ${kind} maps`;
  return `${count}, ${plural(cells.length, 'cell')} at the default reading${parts.length === 0 ? '' : ` (${parts.join('; ')})`}.`;
}

/**
 * The load figures that tell where a claim fails from where it holds: the rack uplinks'
 * median and 95th-percentile load (slot use on an axis of arrival rates), their medians
 * over the failing and over the holding cells.
 */
function failingLoad(loadAxis: string, fails: readonly SummaryCell[], holds: readonly SummaryCell[]): string {
  const figures: readonly [string, (l: OperatingPoint) => number][] =
    loadAxis === 'load'
      ? [
          ["the rack uplinks' median load", (l) => l.uplinkP50],
          ['their 95th percentile', (l) => l.uplinkP95],
        ]
      : [['slot use', (l) => l.slotUse]];
  const pairs = figures.map(([name, f]) => ({
    name,
    fail: median(fails.map((c) => f(c.load))),
    hold: median(holds.map((c) => f(c.load))),
  }));
  if (pairs.some((p) => !Number.isFinite(p.fail) || !Number.isFinite(p.hold))) return '';
  const [head, ...rest] = pairs;
  const said = [
    `${head!.name} ${wholePercent(head!.fail)} where it fails against ${wholePercent(head!.hold)} where it holds`,
    ...rest.map((p) => `${p.name} ${wholePercent(p.fail)} against ${wholePercent(p.hold)}`),
  ].join(', ');
  const higher = pairs.some((p) => p.fail - p.hold >= APART);
  const lower = pairs.some((p) => p.hold - p.fail >= APART);
  if (higher && !lower) return `, on busier links: ${said} (medians over the cells)`;
  if (lower && !higher)
    return `, on quieter links: ${said} (medians over the cells), so the load does not explain it`;
  return `; ${said} (medians over the cells): the load does not tell them apart`;
}

const whereIs = (c: SummaryCell) =>
  [c.trace, c.series].filter((x) => x !== undefined && x !== '').join(' · ');

/**
 * The series that holds most of a claim's failures, where one holds more than half of
 * them and the claim was read in more than one series.
 */
function whereMost(fails: readonly SummaryCell[], read: readonly SummaryCell[]): string {
  if (new Set(read.map(whereIs)).size < 2) return '';
  const count = new Map<string, number>();
  for (const c of fails) count.set(whereIs(c), (count.get(whereIs(c)) ?? 0) + 1);
  const [top] = [...count].sort((a, b) => b[1] - a[1]);
  if (top === undefined || top[0] === '' || 2 * top[1] <= fails.length) return '';
  if (top[1] < fails.length) return `, ${top[1]} of them on ${top[0]}`;
  return fails.length === 1 ? ` on ${top[0]}` : `, all on ${top[0]}`;
}

/** One headline claim over the cells, in a sentence. */
function claimSentence(loadAxis: string, claim: ClaimMap, cells: readonly SummaryCell[]): string | undefined {
  const id = claim.claim.id;
  const read = cells.flatMap((c) => {
    const o = outcomeIn(c, id);
    return o === undefined ? [] : [{ c, o }];
  });
  if (read.length === 0) return undefined;
  const by = (v: ClaimOutcome['verdict']) => read.filter((r) => r.o.verdict === v);
  const [holds, mixed, fails] = [by('holds'), by('mixed'), by('fails')];
  const n = read.length;
  const subject = `“${claim.claim.statement}”`;
  const paper =
    claim.claim.paperChange === undefined ? '' : `; the paper ${signedPercent(claim.claim.paperChange)}`;
  const parts: string[] = [];
  const ofAll = (k: number) => (k === n ? allCells(n) : `${k} of ${n} cells`);
  if (fails.length === n)
    return `${subject} fails in ${allCells(n)} (median ${signedPercent(median(fails.map((r) => r.o.mean)))}${paper}).`;
  if (holds.length > 0)
    parts.push(
      `holds in every seed in ${ofAll(holds.length)} (median ${signedPercent(median(holds.map((r) => r.o.mean)))}${paper})`,
    );
  if (mixed.length > 0)
    parts.push(
      holds.length > 0
        ? `in the mean only in ${mixed.length}`
        : `holds in the mean only in ${ofAll(mixed.length)} (median ${signedPercent(median(mixed.map((r) => r.o.mean)))}${paper})`,
    );
  if (fails.length > 0) {
    const why = failingLoad(
      loadAxis,
      fails.map((r) => r.c),
      [...holds, ...mixed].map((r) => r.c),
    );
    parts.push(
      `fails in ${fails.length}${whereMost(
        fails.map((r) => r.c),
        read.map((r) => r.c),
      )}${why}`,
    );
  }
  return `${subject} ${listText(parts)}.`;
}

/** The cells that differ from each other only in `axis` (loss, trace), as pairs against a base value. */
function pairsAlong(
  cells: readonly SummaryCell[],
  key: (c: SummaryCell) => string,
  side: (c: SummaryCell) => string | undefined,
  base: string,
): [SummaryCell, SummaryCell][] {
  const bases = new Map<string, SummaryCell>();
  for (const c of cells) if (side(c) === base) bases.set(key(c), c);
  return cells.flatMap((c) => {
    const s = side(c);
    if (s === undefined || s === base) return [];
    const twin = bases.get(key(c));
    return twin === undefined ? [] : [[c, twin] as [SummaryCell, SummaryCell]];
  });
}

/** How many paired cells change a headline verdict, and which claim most often. */
function verdictChanges(claims: readonly ClaimMap[], pairs: readonly [SummaryCell, SummaryCell][]) {
  let compared = 0;
  let changed = 0;
  const byClaim = new Map<string, number>();
  for (const claim of claims)
    for (const [a, b] of pairs) {
      const [x, y] = [outcomeIn(a, claim.claim.id), outcomeIn(b, claim.claim.id)];
      if (x === undefined || y === undefined) continue;
      compared++;
      if (x.verdict !== y.verdict) {
        changed++;
        byClaim.set(claim.claim.statement, (byClaim.get(claim.claim.statement) ?? 0) + 1);
      }
    }
  const most = [...byClaim].sort((p, q) => q[1] - p[1])[0];
  return { compared, changed, most };
}

const withoutAxes = (c: SummaryCell, drop: readonly string[]) =>
  JSON.stringify(
    Object.entries(c.axes)
      .filter(([axis]) => !drop.includes(axis))
      .sort(),
  );

/** What each loss model does to the headline verdicts against the same cell without loss. */
function lossSentence(claims: readonly ClaimMap[], cells: readonly SummaryCell[]): string | undefined {
  const models = [...new Set(cells.map((c) => c.axes.loss).filter((l) => l !== undefined && l !== 'none'))];
  const clauses = models.flatMap((model) => {
    const pairs = pairsAlong(
      cells.filter((c) => c.axes.loss === model || c.axes.loss === 'none'),
      (c) => `${c.trace}|${withoutAxes(c, ['loss'])}`,
      (c) => (c.axes.loss === undefined ? undefined : String(c.axes.loss)),
      'none',
    );
    const { compared, changed, most } = verdictChanges(claims, pairs);
    if (compared === 0) return [];
    const often = most === undefined || changed < 2 ? '' : `, ${most[1]} of them of “${most[0]}”`;
    return [
      `\`${String(model)}\` changes ${changed === 0 ? 'none' : changed} of the ${compared} headline verdicts read in the same cell with loss off and on${often}`,
    ];
  });
  return clauses.length === 0 ? undefined : `${capital(listText(clauses))}.`;
}

/** Whether the traces agree on the headline verdicts, cell by cell. */
function traceSentence(claims: readonly ClaimMap[], cells: readonly SummaryCell[]): string | undefined {
  const traces = [...new Set(cells.flatMap((c) => (c.trace === undefined ? [] : [c.trace])))];
  if (traces.length < 2) return undefined;
  const [first] = traces;
  const pairs = pairsAlong(
    cells,
    (c) => withoutAxes(c, []),
    (c) => c.trace,
    first!,
  );
  const { compared, changed } = verdictChanges(claims, pairs);
  if (compared === 0) return undefined;
  const agree = changed === 0 ? `all ${compared}` : `${compared - changed} of the ${compared}`;
  return `On ${listText(traces.slice(1))} beside ${first}, the traces agree on ${agree} headline verdicts read in the same cell on both.`;
}

const capital = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/**
 * The paper's readings over all its maps, in one sentence: those that turn a headline
 * verdict somewhere, those that move results beyond the seed spread only, those that
 * move nothing.
 */
function readingsSentence(maps: readonly ReproductionMap[]): string | undefined {
  const turns = new Set<string>();
  const moves = new Set<string>();
  const seen = new Set<string>();
  for (const map of maps)
    for (const e of readingEffects(map)) {
      const reading = String(e.reading);
      seen.add(reading);
      if (e.moves.length > 0) moves.add(reading);
      if (
        e.moves.some(
          (m) =>
            map.headline.includes(m.claim.claim.id) &&
            outcomeAt(m.claim, m.cell).verdict !== outcomeAt(m.claim, m.twin).verdict,
        )
      )
        turns.add(reading);
    }
  if (seen.size === 0) return undefined;
  const only = [...moves].filter((r) => !turns.has(r));
  const still = [...seen].filter((r) => !moves.has(r));
  const names = (rs: readonly string[]) => listText(rs.map((r) => `\`${r}\``));
  const clauses = [
    turns.size === 0
      ? ''
      : `${names([...turns])} ${turns.size === 1 ? 'changes' : 'change'} a headline verdict somewhere`,
    only.length === 0
      ? ''
      : `${names(only)} ${only.length === 1 ? 'moves' : 'move'} results beyond the seed spread but no headline verdict`,
    still.length === 0 ? '' : `${names(still)} ${still.length === 1 ? 'moves' : 'move'} nothing`,
  ].filter((c) => c !== '');
  return `Of the other readings, ${listText(clauses)}.`;
}

/** The paper's paragraph over its maps (those of one paper). */
export function paperSummary(maps: readonly ReproductionMap[]): string {
  const [first] = maps;
  if (first === undefined) return '';
  const used = summaryMaps(maps);
  const cells = summaryCells(used);
  const claims = headlineClaims(used);
  const sentences = claims.flatMap((claim) => claimSentence(first.loadAxis.axis, claim, cells) ?? []);
  return [
    scopeSentence(used, maps, cells),
    ...sentences,
    lossSentence(claims, cells),
    traceSentence(claims, cells),
    readingsSentence(used),
  ]
    .filter((s) => s !== undefined)
    .join(' ');
}
