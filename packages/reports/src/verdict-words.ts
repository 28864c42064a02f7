import type { NormalisedRow, NormalisedTable } from './normalised-table-types.js';
import { ratioText, sideOfOne } from './ratio-interval.js';

/** Where one policy stands against the baseline on the table's metrics. */
export interface PolicyStanding {
  readonly policy: string;
  /** Metrics on which the policy is better than the baseline, surely (the paired interval excludes 1). */
  readonly better: readonly string[];
  /** Metrics on which it is worse, surely. */
  readonly worse: readonly string[];
  /** Metrics with a better direction on which the interval holds 1 (or there is no interval). */
  readonly unsure: readonly string[];
}

/**
 * Each policy against the baseline, metric by metric: better or worse where the 95 %
 * interval of its per-seed ratios lies wholly on one side of 1 — a paired comparison on
 * the same workloads — and unsure otherwise (always with one seed, which has no
 * interval). Metrics that are neither better higher nor lower are left out.
 */
export function policyStandings(table: NormalisedTable): PolicyStanding[] {
  return table.policies.flatMap((policy, p) => {
    if (policy === table.baseline) return [];
    const better: string[] = [];
    const worse: string[] = [];
    const unsure: string[] = [];
    for (const row of table.rows) {
      const side = sureSide(row, p);
      if (side === undefined) continue;
      (side === 'better' ? better : side === 'worse' ? worse : unsure).push(row.metric);
    }
    return [{ policy, better, worse, unsure }];
  });
}

/** Better, worse or unsure for policy `p` on one row; undefined for a metric without direction or ratio. */
function sureSide(row: NormalisedRow, p: number): 'better' | 'worse' | 'unsure' | undefined {
  const { direction } = row.info;
  const mean = row.ratios[p] ?? Number.NaN;
  if (direction === 'neither' || !Number.isFinite(mean)) return undefined;
  const [low, high] = row.intervals[p] ?? [Number.NaN, Number.NaN];
  const side = sideOfOne({ low, high });
  if (side === undefined) return 'unsure';
  return (side === 'above') === (direction === 'higher') ? 'better' : 'worse';
}

/**
 * The verdict in words, one sentence per policy against the baseline, for the top of the
 * command line's table and the HTML report: `nas against fair: worse on mean job execution
 * time (1.425 ± 0.081 of fair's) and cross-rack traffic (…); no sure difference on 5 other
 * metrics.` With one seed it says that nothing can be sure.
 */
export function verdictInWords(table: NormalisedTable): string[] {
  const seeds = table.seeds;
  const head =
    seeds < 2
      ? 'One seed: no interval, so no difference below is sure (run --seeds 1..5).'
      : `Over ${seeds} seeds, paired by seed (ratio to ${table.baseline} per seed, 95 % interval):`;
  const rowOf = new Map(table.rows.map((row) => [row.metric, row]));
  const index = new Map(table.policies.map((policy, p) => [policy, p]));
  const named = (metrics: readonly string[], p: number): string =>
    listText(
      metrics.map((metric) => {
        const row = rowOf.get(metric)!;
        const interval = row.intervals[p] ?? [Number.NaN, Number.NaN];
        return `${lowerFirst(row.info.label)} (${ratioText(row.ratios[p]!, interval)} of ${table.baseline}'s)`;
      }),
    );
  const sentences = policyStandings(table).map(({ policy, better, worse, unsure }) => {
    const p = index.get(policy)!;
    const parts = [
      better.length > 0 ? `better on ${named(better, p)}` : '',
      worse.length > 0 ? `worse on ${named(worse, p)}` : '',
    ].filter((part) => part !== '');
    const rest =
      unsure.length === 0
        ? ''
        : `${parts.length > 0 ? 'no sure difference on ' : 'no sure difference on any of '}${unsure.length} ${
            parts.length > 0 ? 'other ' : ''
          }metric${unsure.length === 1 ? '' : 's'}`;
    return `${policy} against ${table.baseline}: ${[...parts, rest].filter((s) => s !== '').join('; ')}.`;
  });
  return [head, ...sentences];
}

/** `a`, `a and b`, `a, b and c`. */
function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** `Mean job execution time` → `mean job execution time` (an acronym stays as it is). */
function lowerFirst(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}
