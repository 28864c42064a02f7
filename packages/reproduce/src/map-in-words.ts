import { confidenceHalfWidth } from '@rackwise/experiments';
import type { ClaimOutcome } from './evaluate-claim.js';
import { type MapSeries, defaultReading, defaultSeries, halfWidth95, outcomeAt } from './map-series.js';
import type { Claim } from './paper-claims.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';

/** A relative change as signed whole per cent: `+12 %`, `−3 %`. */
export const signedPercent = (x: number): string =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(Math.round(100 * x))} %` : '—';

/** How far a change goes the claim's way: positive when it bears the claim out. */
export function towardClaim(claim: Claim, change: number): number {
  if (claim.expectation === 'higher') return change;
  if (claim.expectation === 'lower') return -change;
  return (claim.tolerance ?? 0.05) - Math.abs(change);
}

/** Column headings as ranges of neighbouring columns: `0.1–0.5, 1.2`. */
function ranges(series: MapSeries, picked: readonly number[]): string {
  const runs: string[] = [];
  let start = -1;
  series.columns.forEach((_, i) => {
    const inside = picked.includes(i);
    if (inside && start < 0) start = i;
    if (start >= 0 && (!inside || i === series.columns.length - 1)) {
      const end = inside ? i : i - 1;
      const from = series.columns[start]!.heading;
      runs.push(end === start ? from : `${from}–${series.columns[end]!.heading}`);
      start = -1;
    }
  });
  return runs.join(', ');
}

/** Where one claim holds along one series, in a sentence (without the claim). */
export function claimAlongSeries(claim: ClaimMap, series: MapSeries, axisLabel: string): string {
  const at = (verdict: ClaimOutcome['verdict']) =>
    series.columns.flatMap((c, i) => (outcomeAt(claim, c.cell).verdict === verdict ? [i] : []));
  const holds = at('holds');
  const mixed = at('mixed');
  const fails = at('fails');
  const extreme = (columns: readonly number[], pick: (a: number, b: number) => boolean) => {
    let best: { i: number; change: number } | undefined;
    for (const i of columns) {
      const change = outcomeAt(claim, series.columns[i]!.cell).mean;
      if (best === undefined || pick(towardClaim(claim.claim, change), towardClaim(claim.claim, best.change)))
        best = { i, change };
    }
    return best === undefined ? '' : `${signedPercent(best.change)} at ${series.columns[best.i]!.heading}`;
  };
  const parts: string[] = [];
  if (holds.length > 0)
    parts.push(
      `holds in every seed at ${axisLabel === '' ? '' : `${axisLabel} `}${ranges(series, holds)} (up to ${extreme(holds, (a, b) => a > b)})`,
    );
  if (mixed.length > 0) {
    const means = mixed.map((i) => outcomeAt(claim, series.columns[i]!.cell).mean);
    const [low, high] = [Math.min(...means), Math.max(...means)];
    const span =
      means.length === 1 || signedPercent(low) === signedPercent(high)
        ? signedPercent(low)
        : `${signedPercent(low)} to ${signedPercent(high)}`;
    parts.push(`in the mean only at ${ranges(series, mixed)} (${span})`);
  }
  if (holds.length === 0 && mixed.length === 0)
    parts.push(fails.length === 0 ? 'is not measured' : 'holds nowhere on this grid');
  if (fails.length > 0) parts.push(`fails at ${ranges(series, fails)} (${extreme(fails, (a, b) => a < b)})`);
  return parts.join('; ');
}

/** A claim that a reading moves beyond the seed spread, in one cell. */
export interface ReadingMove {
  readonly claim: ClaimMap;
  /** The reading's cell and its default-reading twin (indices into the grid's cells). */
  readonly cell: number;
  readonly twin: number;
}

/** What one of the paper's readings moves: the claims and cells where it changes a result. */
export interface ReadingEffect {
  readonly reading: string | number;
  readonly moves: readonly ReadingMove[];
}

/** Smallest change between two readings' outcomes that counts as a move: half a percentage point. */
export const LEAST_MOVE = 0.005;

/**
 * Whether a reading's outcome of a claim differs from the default's beyond the seed
 * spread. Both ran on the same seeds, so the comparison is paired: per seed, the reading's
 * a / b − 1 minus the default's; the reading moves the claim when the 95 % interval of
 * their mean (Student's t) excludes 0 and the mean is at least `LEAST_MOVE`. With one
 * seed, when the difference is at least `LEAST_MOVE`. Outcomes that share their runs
 * differ by exactly 0 and never move.
 */
export function differBeyondSpread(reading: ClaimOutcome, base: ClaimOutcome): boolean {
  if (reading.verdict === 'unmeasured' || base.verdict === 'unmeasured') return false;
  const diffs = reading.changes.flatMap((c, i) => {
    const d = c - (base.changes[i] ?? Number.NaN);
    return Number.isFinite(d) ? [d] : [];
  });
  if (diffs.length === 0) return false;
  const mean = diffs.reduce((s, d) => s + d, 0) / diffs.length;
  if (Math.abs(mean) < LEAST_MOVE) return false;
  if (diffs.length === 1) return true;
  const sd = Math.sqrt(diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (diffs.length - 1));
  const half = confidenceHalfWidth({ n: diffs.length, sd });
  return Math.abs(mean) > half;
}

/** The cell that differs from cell i only in taking `value` on `axis`; −1 if the grid has none. */
export function twinCell(
  cells: readonly { readonly axes: Readonly<Record<string, string | number>> }[],
  i: number,
  axis: string,
  value: string | number,
): number {
  const { [axis]: _, ...rest } = cells[i]!.axes;
  return cells.findIndex(
    (c) =>
      c.axes[axis] === value &&
      Object.keys(c.axes).length === Object.keys(cells[i]!.axes).length &&
      Object.entries(rest).every(([k, v]) => c.axes[k] === v),
  );
}

/**
 * Each non-default reading against the default, cell by cell (twins share every other
 * axis): the claims it moves beyond the seed spread.
 */
export function readingEffects(map: ReproductionMap): ReadingEffect[] {
  const axis = map.readingAxis;
  const base = defaultReading(map);
  if (axis === undefined || base === undefined) return [];
  const cells = map.grid.cells;
  const twinOf = (i: number) => twinCell(cells, i, axis, base);
  const readings = [...new Set(cells.map((c) => c.axes[axis]).filter((r) => r !== undefined && r !== base))];
  return readings.map((reading) => {
    const moves: ReadingMove[] = [];
    cells.forEach((cell, i) => {
      if (cell.axes[axis] !== reading) return;
      const twin = twinOf(i);
      if (twin < 0) return;
      for (const claim of map.claims) {
        if (differBeyondSpread(outcomeAt(claim, i), outcomeAt(claim, twin)))
          moves.push({ claim, cell: i, twin });
      }
    });
    return { reading: reading as string | number, moves };
  });
}
