import { type ExperimentResult, normalise } from '@rackwise/experiments';
import { formatMetricValue } from './format-values.js';

/** One metric across the policies, normalised to the baseline policy. */
export interface NormalisedRow {
  readonly metric: string;
  /** The baseline's value (mean over seeds). */
  readonly baselineValue: number;
  /** Per policy, in the result's order: its mean divided by the baseline's mean. */
  readonly ratios: readonly number[];
  /** Per policy: standard deviation over seeds divided by the baseline's mean (0 for one seed). */
  readonly spreads: readonly number[];
}

/** A table of metrics normalised to a baseline policy, as the papers plot them. */
export interface NormalisedTable {
  readonly baseline: string;
  readonly policies: readonly string[];
  readonly rows: readonly NormalisedRow[];
}

/** Options of `normalisedTable`. */
export interface NormalisedTableOptions {
  /** Policy to divide by; the result's baseline by default. Must be one of the result's policies. */
  readonly baseline?: string;
  /** Metrics to show, in order; the result's headline metrics by default. */
  readonly metrics?: readonly string[];
}

/**
 * Normalises the chosen metrics of every policy to the baseline policy (NAS §IV-B,
 * ShuffleWatcher §5.2: "normalized to Fair"). A ratio is `NaN` where no ratio exists
 * (see `normalise`). Throws if the baseline or a metric is not in the result.
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
    const baselineValue = base.metrics[metric] ?? Number.NaN;
    return {
      metric,
      baselineValue,
      ratios: result.policies.map((p) => normalise(p.metrics[metric] ?? Number.NaN, baselineValue)),
      spreads: result.policies.map((p) => normalise(p.spread[metric]?.sd ?? Number.NaN, baselineValue)),
    };
  });
  return { baseline, policies, rows };
}

/**
 * The table as aligned plain text: one row per metric, the baseline's absolute value,
 * then each policy's ratio (with ± spread when several seeds ran).
 */
export function formatNormalisedTable(table: NormalisedTable): string {
  const withSpread = table.rows.some((row) => row.spreads.some((s) => Number.isFinite(s) && s > 0));
  const ratio = (r: number, s: number): string =>
    !Number.isFinite(r)
      ? '—'
      : withSpread && Number.isFinite(s)
        ? `${r.toFixed(3)} ±${s.toFixed(3)}`
        : r.toFixed(3);
  const header = ['metric', `${table.baseline} (absolute)`, ...table.policies];
  const body = table.rows.map((row) => [
    row.metric,
    formatMetricValue(row.metric, row.baselineValue),
    ...row.ratios.map((r, i) => ratio(r, row.spreads[i] ?? Number.NaN)),
  ]);
  return alignColumns([header, ...body], `normalised to ${table.baseline} (= 1.000)`);
}

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
