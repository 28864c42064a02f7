/** Mean and spread of one metric over the seeds of a configuration (DESIGN §6: sweeps report mean and spread). */
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
