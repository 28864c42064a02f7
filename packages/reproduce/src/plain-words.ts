/**
 * A paper's map in a short paragraph a person would write: how many of its claims hold,
 * where each headline claim holds and by how much, where it fails and what the network
 * was doing there, and what the paper's ambiguous readings change — every figure read
 * off the map.
 */
import type { ClaimOutcome } from './evaluate-claim.js';
import { lossInWords } from './loss-in-words.js';
import { readingEffects, signedPercent, towardClaim } from './map-in-words.js';
import { type MapSeries, defaultSeries, outcomeAt } from './map-series.js';
import type { ClaimMap, OperatingPoint, ReproductionMap } from './reproduce-paper.js';
import { allCells, countWord, listText } from './word-lists.js';

export { countWord, listText };

/** Axes other than the load axis a series can run along, in words. */
const ALONG: Readonly<Record<string, string>> = { rackLinkGbps: 'rack links' };

const capital = (text: string) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

/** The paper's short name: its title up to the first space, comma or parenthesis (`NAS`, `ShuffleWatcher`). */
export const shortName = (map: ReproductionMap): string => /^[^ ,(]+/.exec(map.title)?.[0] ?? map.paper;

/** Neighbouring columns as ranges: `0.1–0.5, 1.2`. */
function ranges(series: MapSeries, picked: readonly number[]): string {
  const runs: string[] = [];
  for (let i = 0; i < series.columns.length; i++) {
    if (!picked.includes(i)) continue;
    let j = i;
    while (picked.includes(j + 1)) j++;
    const [from, to] = [series.columns[i]!.heading, series.columns[j]!.heading];
    runs.push(i === j ? from : `${from}–${to}`);
    i = j;
  }
  return runs.join(', ');
}

/** How many claims hold in every seed wherever they are read, only in some cells, or nowhere. */
export function claimsTally(map: ReproductionMap): string {
  const measured = map.claims.filter((c) => c.outcomes.length > c.unmeasured);
  const everywhere = measured.filter((c) => c.holds === c.outcomes.length - c.unmeasured).length;
  const nowhere = measured.filter((c) => c.holds === 0 && c.mixed === 0).length;
  const some = measured.length - everywhere - nowhere;
  const clause = (n: number, some: string, none: string) =>
    n === 0
      ? none
      : `${countWord(n)} ${n === 1 ? some.replace('hold ', 'holds ').replace('they are', 'it is') : some}`;
  const clauses = [
    clause(
      everywhere,
      'hold in every seed wherever they are read',
      'none holds in every seed wherever it is read',
    ),
    clause(some, 'hold only in some cells or only in the mean', 'none holds only in some cells'),
    clause(nowhere, 'hold nowhere on this grid', 'none fails everywhere'),
  ];
  const claims = `${measured.length} claim${measured.length === 1 ? '' : 's'}`;
  return `Of ${shortName(map)}'s ${claims} measured here, ${listText(clauses)}.`;
}

/** The first default-reading series along the load axis in which the claim is measured. */
function mainSeries(map: ReproductionMap, claim: ClaimMap): MapSeries | undefined {
  const measured = (s: MapSeries) => s.columns.some((c) => outcomeAt(claim, c.cell).verdict !== 'unmeasured');
  const series = defaultSeries(map).filter(measured);
  return series.find((s) => s.along === map.loadAxis.axis && s.columns.length > 1) ?? series[0];
}

type Range = readonly [number, number];

/** The least and greatest of a figure over some columns' operating points, in whole per cent. */
function operatingRange(
  map: ReproductionMap,
  series: MapSeries,
  columns: readonly number[],
  figure: (load: OperatingPoint) => number,
): Range | undefined {
  const values = columns
    .map((i) => Math.round(100 * figure(map.grid.cells[series.columns[i]!.cell]!.load)))
    .filter(Number.isFinite);
  if (values.length === 0) return undefined;
  return [Math.min(...values), Math.max(...values)];
}

const rangeText = ([low, high]: Range) => (low === high ? `${low} %` : `${low}–${high} %`);
const apart = (a: Range, b: Range) => a[0] > b[1] || a[1] < b[0];

/**
 * Where a claim fails, what the network did there — the rack uplinks' median and 95th
 * percentile (on an axis of arrival rates: slot use) under the baseline — set against
 * where it holds: a contrast where some figure's ranges do not overlap; where none
 * separates them, that this load alone does not tell the two apart.
 */
function failingOperatingPoint(
  map: ReproductionMap,
  series: MapSeries,
  fails: readonly number[],
  held: readonly number[],
): string {
  const figures: readonly ((load: OperatingPoint) => number)[] =
    map.loadAxis.axis === 'load' ? [(l) => l.uplinkP50, (l) => l.uplinkP95] : [(l) => l.slotUse];
  const failing = figures.map((f) => operatingRange(map, series, fails, f));
  if (failing.some((r) => r === undefined)) return '';
  const holding = figures.map((f) => (held.length === 0 ? undefined : operatingRange(map, series, held, f)));
  const said = (ranges: readonly (Range | undefined)[]) => ranges.map((r) => rangeText(r!)).join(' and ');
  const what =
    map.loadAxis.axis === 'load' ? "the rack uplinks' median and 95th-percentile load were" : 'slot use was';
  if (holding.some((r) => r === undefined)) return `, where ${what} ${said(failing)}`;
  if (failing.some((r, i) => apart(r!, holding[i]!)))
    return `, where ${what} ${said(failing)}, against ${said(holding)} where it holds`;
  return `; ${what} ${said(failing)} there and ${said(holding)} where it holds, so that load alone does not tell the two apart`;
}

/** One headline claim along its main series, in one sentence. */
function headlineSentence(map: ReproductionMap, claim: ClaimMap, series: MapSeries): string {
  const label =
    series.along === map.loadAxis.axis ? map.loadAxis.label : (ALONG[series.along] ?? series.along);
  const at = (verdict: ClaimOutcome['verdict']) =>
    series.columns.flatMap((c, i) => (outcomeAt(claim, c.cell).verdict === verdict ? [i] : []));
  const [holds, mixed, fails] = [at('holds'), at('mixed'), at('fails')];
  const change = (i: number) => outcomeAt(claim, series.columns[i]!.cell).mean;
  const toward = (i: number) => towardClaim(claim.claim, change(i));
  const pick = (columns: readonly number[], best: boolean) =>
    columns.reduce((a, b) => ((best ? toward(b) > toward(a) : toward(b) < toward(a)) ? b : a));
  const where = series.label === '' || defaultSeries(map).length === 1 ? '' : `, ${series.label}`;
  const subject = `“${claim.claim.statement}” (\`${claim.claim.metric}\`${where})`;
  const good: string[] = [];
  if (holds.length > 0) {
    const best = pick(holds, true);
    const every = holds.length === series.columns.length ? 'every ' : '';
    good.push(
      `holds in every seed at ${every}${label} ${ranges(series, holds)} (${signedPercent(change(best))} at ${series.columns[best]!.heading})`,
    );
  }
  if (mixed.length > 0) {
    const [low, high] = [Math.min(...mixed.map(change)), Math.max(...mixed.map(change))];
    const span =
      signedPercent(low) === signedPercent(high)
        ? signedPercent(low)
        : `${signedPercent(low)} to ${signedPercent(high)}`;
    const lead =
      holds.length > 0
        ? 'in the mean but not in every seed at'
        : `holds in the mean but not in every seed at ${label}`;
    good.push(`${lead} ${ranges(series, mixed)} (${span})`);
  }
  let text = good.length === 0 ? `holds at no ${label} on this grid` : good.join(', ');
  if (fails.length > 0) {
    const worst = pick(fails, false);
    const why = failingOperatingPoint(map, series, fails, [...holds, ...mixed]);
    const failsText = `fails at ${ranges(series, fails)} (${signedPercent(change(worst))} at ${series.columns[worst]!.heading})${why}`;
    text += good.length === 0 ? `: it ${failsText}` : `${good.length > 1 ? ',' : ''} and ${failsText}`;
  }
  return `${subject} ${text}.`;
}

/** The headline claim in the paper's other series: in how many cells it holds. */
function otherSeriesSentence(map: ReproductionMap, claim: ClaimMap, main: MapSeries): string | undefined {
  const others = defaultSeries(map).filter((s) => s.label !== main.label || s.along !== main.along);
  const measured = others
    .flatMap((s) => s.columns.map((c) => outcomeAt(claim, c.cell)))
    .filter((o) => o.verdict !== 'unmeasured');
  if (measured.length === 0) return undefined;
  const count = (v: ClaimOutcome['verdict']) => measured.filter((o) => o.verdict === v).length;
  const where =
    others.length === 1 ? `On ${others[0]!.label}` : `Across the ${countWord(others.length)} other series`;
  return `${where} it ${cellCounts(count('holds'), count('mixed'), count('fails'))}.`;
}

/**
 * Where a claim holds among `holds + mixed + fails` cells, naming only the outcomes it
 * had: "holds in every seed in all six cells", "holds in every seed in 4 of 6 cells, in
 * the mean only in one and fails in one".
 */
export function cellCounts(holds: number, mixed: number, fails: number): string {
  const n = holds + mixed + fails;
  const all = allCells(n);
  if (holds === n) return `holds in every seed in ${all}`;
  if (mixed === n) return `holds in the mean but not in every seed in ${all}`;
  if (fails === n) return `fails in ${all}`;
  const parts: string[] = [];
  if (holds > 0) parts.push(`holds in every seed in ${holds} of ${n} cells`);
  if (mixed > 0)
    parts.push(
      `${holds > 0 ? '' : 'holds '}in the mean only in ${holds > 0 ? countWord(mixed) : `${mixed} of ${n} cells`}`,
    );
  if (fails > 0) parts.push(`fails in ${countWord(fails)}`);
  return listText(parts);
}

/**
 * The paper's readings in at most three sentences: those that turn a headline claim's
 * verdict in some cell, those that move results beyond the seed spread without turning
 * one, and — in one sentence for all of them — those that move nothing.
 */
export function readingsInWords(map: ReproductionMap): string | undefined {
  const effects = readingEffects(map);
  if (effects.length === 0) return undefined;
  const turns = effects.filter((e) =>
    e.moves.some(
      (m) =>
        map.headline.includes(m.claim.claim.id) &&
        outcomeAt(m.claim, m.cell).verdict !== outcomeAt(m.claim, m.twin).verdict,
    ),
  );
  const moves = effects.filter((e) => e.moves.length > 0 && !turns.includes(e));
  const still = effects.filter((e) => e.moves.length === 0);
  const total = effects.length;
  const name = shortName(map);
  const some = (group: readonly unknown[]) =>
    group.length === total
      ? total === 1
        ? `${name}'s one other reading`
        : total === 2
          ? `Both of ${name}'s other readings`
          : `All ${countWord(total)} of ${name}'s other readings`
      : `${capital(countWord(group.length))} of ${name}'s ${countWord(total)} other readings`;
  const names = (group: typeof effects) => `(${listText(group.map((e) => String(e.reading)))})`;
  const one = (group: readonly unknown[], singular: string, plural: string) =>
    group.length === 1 ? singular : plural;
  const sentences: string[] = [];
  if (turns.length > 0)
    sentences.push(
      `${some(turns)} ${names(turns)} ${one(turns, 'changes', 'each change')} the verdict of a headline claim in some cells; see Readings.`,
    );
  if (moves.length > 0)
    sentences.push(
      `${some(moves)} ${names(moves)} ${one(moves, 'moves', 'move')} some results beyond the seed spread but no headline verdict.`,
    );
  if (still.length > 0)
    sentences.push(
      `${some(still)} ${names(still)} ${one(still, 'moves', 'move')} no result beyond the seed spread.`,
    );
  return sentences.join(' ');
}

/**
 * Each headline claim along its main series, then in the other series, a sentence each;
 * those the grid does not measure (a part of it that leaves their workload out) named
 * together in one last sentence.
 */
function headlineSentences(map: ReproductionMap): string[] {
  const sentences: string[] = [];
  const unmeasured: string[] = [];
  for (const id of map.headline) {
    const claim = map.claims.find((c) => c.claim.id === id);
    if (claim === undefined) continue;
    const series = mainSeries(map, claim);
    if (series === undefined) {
      unmeasured.push(`“${claim.claim.statement}”`);
      continue;
    }
    sentences.push(headlineSentence(map, claim, series));
    const others = otherSeriesSentence(map, claim, series);
    if (others !== undefined) sentences.push(others);
  }
  if (unmeasured.length > 0) sentences.push(`Not measured on this grid: ${listText(unmeasured)}.`);
  return sentences;
}

const joined = (sentences: readonly (string | undefined)[]) =>
  sentences.filter((s) => s !== undefined).join(' ');

/**
 * The headline claims in sentences: for each, where it holds in every seed and by how
 * much, where in the mean only, where it fails and what the network did there, then the
 * other series; then what a loss model changes.
 */
export function headlinesInWords(map: ReproductionMap): string {
  return joined([...headlineSentences(map), lossInWords(map)]);
}

/**
 * One paragraph in plain words: how many claims hold, the headline claims as
 * `headlinesInWords` gives them, what the readings change, and what a loss model changes.
 */
export function paperInWords(map: ReproductionMap): string {
  return joined([claimsTally(map), ...headlineSentences(map), readingsInWords(map), lossInWords(map)]);
}
