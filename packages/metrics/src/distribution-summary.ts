import type { DistributionSummary } from './run-metrics.js';

/** Count, mean, nearest-rank p50 / p95 and max of the finite values; NaN fields when none. */
export function distributionSummary(values: readonly number[]): DistributionSummary {
  const finite = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  const n = finite.length;
  if (n === 0) return { count: 0, mean: Number.NaN, p50: Number.NaN, p95: Number.NaN, max: Number.NaN };
  let sum = 0;
  for (const v of finite) sum += v;
  const rank = (q: number): number => finite[Math.max(0, Math.ceil(q * n) - 1)]!;
  return { count: n, mean: sum / n, p50: rank(0.5), p95: rank(0.95), max: finite[n - 1]! };
}

/** Mean of the finite values; NaN when none. */
export function finiteMean(values: readonly number[]): number {
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return n === 0 ? Number.NaN : sum / n;
}
