import {
  type ExperimentResult,
  type PolicyResult,
  confidenceHalfWidth,
  metricInfo,
  metricTitle,
} from '@rackwise/experiments';
import { formatNumber } from './format-values.js';
import type {
  MetricVerdict,
  NormalisedRow,
  NormalisedTable,
  NormalisedTableOptions,
} from './normalised-table-types.js';
import { pairedRatioInterval, ratioText } from './ratio-interval.js';
import { verdictInWords } from './verdict-words.js';

/**
 * Normalises the chosen metrics of every policy to the baseline policy (NAS §IV-B,
 * ShuffleWatcher §5.2: "normalized to Fair"), paired by seed: the seeds share their
 * workload, so the mean of the per-seed ratios and its 95 % interval say how sure the
 * difference between the policies is, not how much the workloads differ. The command
 * line's table and the HTML report are both drawn from this one table. A ratio is `NaN`
 * where no ratio exists (see `normalise`). Throws if the baseline or a metric is not in
 * the result.
 */
export function normalisedTable(
  result: ExperimentResult,
  options: NormalisedTableOptions = {},
): NormalisedTable {
  const baseline = options.baseline ?? result.baseline;
  const policies = result.policies.map((p) => p.policy);
  const base = result.policies.find((p) => p.policy === baseline);
  if (base === undefined) {
    throw new Error(
      `baseline ${JSON.stringify(baseline)} is not among the policies run: ${policies.join(', ')}`,
    );
  }
  const metrics = options.metrics ?? result.headline;
  const known = new Set(result.metricNames);
  const rows = metrics.map((metric): NormalisedRow => {
    if (!known.has(metric)) {
      throw new Error(
        `metric ${JSON.stringify(metric)} is not in the result; known metrics: ${result.metricNames.join(', ')}`,
      );
    }
    const cells = result.policies.map((p) => pairedRatioInterval(p.runs, base.runs, metric));
    const spread = base.spread[metric];
    return {
      metric,
      info: metricInfo(metric),
      baselineValue: base.metrics[metric] ?? Number.NaN,
      baselineHalfWidth: spread === undefined ? Number.NaN : confidenceHalfWidth(spread),
      ratios: cells.map((c) => c.ratio),
      intervals: cells.map((c) => [c.low, c.high] as const),
    };
  });
  return {
    baseline,
    policies,
    seeds: result.seeds.length,
    rows,
    verdicts: rows.map((row) => verdict(row, policies)),
  };
}

/** The best policy of a row by the metric's direction, and whether the intervals are sure of it. */
function verdict(row: NormalisedRow, policies: readonly string[]): MetricVerdict {
  const { direction } = row.info;
  const cells = policies
    .map((policy, i) => ({
      policy,
      mean: row.ratios[i] ?? Number.NaN,
      low: row.intervals[i]?.[0] ?? Number.NaN,
      high: row.intervals[i]?.[1] ?? Number.NaN,
    }))
    .filter((c) => Number.isFinite(c.mean));
  if (direction === 'neither' || cells.length === 0) return { metric: row.metric, winners: [], sure: false };
  const better = direction === 'lower' ? -1 : 1;
  const best = cells.reduce((a, b) => (better * b.mean > better * a.mean ? b : a));
  const shown = (mean: number) => mean.toFixed(3);
  const winners = cells.filter((c) => shown(c.mean) === shown(best.mean));
  const others = cells.filter((c) => shown(c.mean) !== shown(best.mean));
  // Clear: the winner's interval and the other's do not meet, on the better side.
  const clear = (w: (typeof cells)[number], o: (typeof cells)[number]) =>
    better > 0 ? w.low > o.high : w.high < o.low;
  const sure =
    others.length > 0 &&
    cells.every((c) => Number.isFinite(c.low) && Number.isFinite(c.high)) &&
    winners.every((w) => others.every((o) => clear(w, o)));
  return { metric: row.metric, winners: winners.map((w) => w.policy), sure };
}

/** The cells of the table, header first, as both the text table and the HTML report show them. */
export function normalisedCells(table: NormalisedTable): {
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly caption: string;
} {
  return {
    header: [
      'metric',
      'better',
      `${table.baseline} (absolute)`,
      ...table.policies.map((p) => `${p} / ${table.baseline}`),
    ],
    rows: table.rows.map((row) => [
      metricTitle(row.info),
      row.info.direction,
      withInterval(row.baselineValue * row.info.scale, row.baselineHalfWidth * row.info.scale),
      ...row.ratios.map((r, i) => ratioText(r, row.intervals[i] ?? [Number.NaN, Number.NaN])),
    ]),
    caption: `Absolute: mean over ${seedsCount(table.seeds)}; ratios: geometric mean of the per-seed ratios to ${
      table.baseline
    }${table.seeds > 1 ? ' [95 % interval, on the log scale]' : ''}.`,
  };
}

/**
 * One line naming the best policy on each metric that has a better direction, `?` where
 * the intervals are not sure of it and `=` between tied policies:
 * `best (? = not sure: the 95 % intervals overlap): Throughput nas · Mean job execution time delay? · …`.
 * A metric on which every policy ties reads `all equal`.
 */
export function verdictLine(table: NormalisedTable): string {
  const oneSeed = table.seeds < 2;
  const judged = table.verdicts.flatMap((v, i) => {
    const row = table.rows[i];
    if (row === undefined || v.winners.length === 0) return [];
    if (v.winners.length === table.policies.length && table.policies.length > 1)
      return [`${row.info.label} all equal`];
    return [`${row.info.label} ${v.winners.join(' = ')}${v.sure || oneSeed ? '' : '?'}`];
  });
  if (judged.length === 0) return 'best: none of these metrics is better higher or lower';
  const legend = oneSeed
    ? 'one seed: no interval, so none is sure'
    : '? = not sure: the 95 % intervals overlap';
  return `best (${legend}): ${judged.join(' · ')}`;
}

/**
 * The table as aligned plain text: the verdict in words first (`verdictInWords`), then
 * the same cells as the HTML report's table, its caption under it, and the verdict line.
 */
export function formatNormalisedTable(table: NormalisedTable): string {
  const cells = normalisedCells(table);
  const text = alignColumns([cells.header, ...cells.rows], `normalised to ${table.baseline} (= 1.000)`);
  return `${verdictInWords(table).join('\n')}\n\n${text}\n${cells.caption}\n${verdictLine(table)}`;
}

/** `3 seeds` / `1 seed`. */
function seedsCount(n: number): string {
  return `${n} seed${n === 1 ? '' : 's'}`;
}

/** `1.234 ± 0.056` in the metric's display unit, or `—`; the mean alone without an interval; rounding noise shown as 0. */
export function withInterval(mean: number, half: number): string {
  if (!Number.isFinite(mean)) return '—';
  if (!Number.isFinite(half)) return formatNumber(withoutNoise(mean, 0));
  const value = withoutNoise(mean, 0);
  return `${formatNumber(value)} ± ${formatNumber(withoutNoise(half, value))}`;
}

/**
 * A value with the rounding noise of floating point taken out: 0 when it is below
 * `NOISE` of `scale` (the mean beside a half-width) or below `NOISE` absolutely. Equal
 * values over seeds leave a half-width of about 1e-15 of their mean (`10 ± 3.553e-15`);
 * no display unit of the reports (s, GB, %, jobs/h) measures anything that small.
 */
function withoutNoise(value: number, scale: number): number {
  return Math.abs(value) < NOISE * Math.max(1, Math.abs(scale)) ? 0 : value;
}

/** Below this fraction of the value it stands beside (or of 1), a number is rounding noise. */
const NOISE = 1e-9;

/** Left-aligns the first column and right-aligns the others; a caption line comes first. */
export function alignColumns(rows: readonly (readonly string[])[], caption: string): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, [...cell].length);
    });
  }
  const pad = (cell: string, i: number): string => {
    const gap = ' '.repeat((widths[i] ?? 0) - [...cell].length);
    return i === 0 ? cell + gap : gap + cell;
  };
  const lines = rows.map((row) => row.map(pad).join('  ').trimEnd());
  const rule = '─'.repeat(Math.max(...lines.map((l) => [...l].length)));
  return [caption, lines[0], rule, ...lines.slice(1)].join('\n');
}
