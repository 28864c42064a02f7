/** Mean and spread of one metric over the seeds of a configuration (docs/architecture.md §6: sweeps report mean and spread). */
export interface MetricSummary {
  /** Number of finite samples the summary rests on. */
  readonly n: number;
  readonly mean: number;
  /** Sample standard deviation (n − 1 in the denominator); 0 for a single sample. */
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Summarises samples; non-finite samples (a metric undefined for a run, such as a mean
 * over no jobs) are left out, and a summary of no finite sample is all `NaN` with n = 0.
 */
export function summarise(samples: readonly number[]): MetricSummary {
  const finite = samples.filter(Number.isFinite);
  const n = finite.length;
  if (n === 0) return { n: 0, mean: Number.NaN, sd: Number.NaN, min: Number.NaN, max: Number.NaN };
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const x of finite) {
    sum += x;
    if (x < min) min = x;
    if (x > max) max = x;
  }
  const mean = sum / n;
  let squares = 0;
  for (const x of finite) squares += (x - mean) ** 2;
  const sd = n > 1 ? Math.sqrt(squares / (n - 1)) : 0;
  return { n, mean, sd, min, max };
}

/**
 * A metric value divided by the baseline's, as the papers plot their figures
 * (NAS §IV-B "we normalize the experimental results by the Fair scheduler").
 * 0 / 0 is 1 (both equal); x / 0 with x ≠ 0, or any non-finite input, is `NaN`
 * (shown as "—"): no ratio exists.
 */
export function normalise(value: number, baseline: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(baseline)) return Number.NaN;
  if (baseline === 0) return value === 0 ? 1 : Number.NaN;
  return value / baseline;
}

/** Two-sided 97.5 % quantiles of Student's t for 1…30 degrees of freedom. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131,
  2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/**
 * Half-width of the 95 % confidence interval of the mean over seeds (Student's t with
 * n − 1 degrees of freedom, 1.96 beyond 30): `t · sd / √n`. `NaN` below two samples —
 * one seed gives no interval.
 */
export function confidenceHalfWidth(summary: Pick<MetricSummary, 'n' | 'sd'>): number {
  if (summary.n < 2 || !Number.isFinite(summary.sd)) return Number.NaN;
  const t = T_975[summary.n - 2] ?? 1.96;
  return (t * summary.sd) / Math.sqrt(summary.n);
}

/**
 * A policy's metric relative to the baseline, paired by seed: `value(seed) /
 * baseline(seed)` for every seed both ran, summarised. The seeds share their workload, so
 * the pairing takes the workload's variation out of the spread: the interval says how
 * sure the difference between the policies is, not how much workloads differ.
 */
export function pairedRatioSummary(
  runs: readonly { readonly seed: number; readonly metrics: Readonly<Record<string, number>> }[],
  baseline: readonly { readonly seed: number; readonly metrics: Readonly<Record<string, number>> }[],
  metric: string,
): MetricSummary {
  const base = new Map(baseline.map((r) => [r.seed, r.metrics[metric] ?? Number.NaN]));
  return summarise(
    runs.map((r) => normalise(r.metrics[metric] ?? Number.NaN, base.get(r.seed) ?? Number.NaN)),
  );
}
