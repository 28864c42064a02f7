import { confidenceHalfWidth, normalise, summarise } from '@rackwise/experiments';

/**
 * A policy's ratio to the baseline over the seeds, with its 95 % interval. Where every
 * per-seed ratio is positive the summary is taken on the log scale: `ratio` is the
 * geometric mean `exp(mean ln rₛ)` and the interval `exp(mean ln rₛ ± t · sd / √n)`
 * (Student's t, n − 1 degrees of freedom), so it never reaches zero and 0.5 and 2 lie
 * equally far from 1. Where a ratio is zero (the policy's value was 0 on a seed), the
 * arithmetic mean and its interval are used instead, cut at zero.
 */
export interface RatioInterval {
  /** Geometric mean of the per-seed ratios (arithmetic where one is zero); `NaN` with none. */
  readonly ratio: number;
  /** Lower and upper ends of the 95 % interval; `NaN` below two seeds. */
  readonly low: number;
  readonly high: number;
  /** Seeds with a ratio. */
  readonly n: number;
}

/**
 * The ratio of a policy's metric to the baseline's, paired by seed (`value(seed) /
 * baseline(seed)` for every seed both ran; see `normalise`), summarised as a
 * {@link RatioInterval}.
 */
export function pairedRatioInterval(
  runs: readonly { readonly seed: number; readonly metrics: Readonly<Record<string, number>> }[],
  baseline: readonly { readonly seed: number; readonly metrics: Readonly<Record<string, number>> }[],
  metric: string,
): RatioInterval {
  const base = new Map(baseline.map((r) => [r.seed, r.metrics[metric] ?? Number.NaN]));
  const ratios = runs
    .map((r) => normalise(r.metrics[metric] ?? Number.NaN, base.get(r.seed) ?? Number.NaN))
    .filter(Number.isFinite);
  return ratioInterval(ratios);
}

/** The {@link RatioInterval} of finite per-seed ratios. */
export function ratioInterval(ratios: readonly number[]): RatioInterval {
  const n = ratios.length;
  if (n === 0) return { ratio: Number.NaN, low: Number.NaN, high: Number.NaN, n };
  if (ratios.every((r) => r > 0)) {
    const logs = summarise(ratios.map(Math.log));
    const half = confidenceHalfWidth(logs);
    // Every ratio equal: exactly that ratio, not exp(ln r) a few ulps away.
    const same = ratios.every((r) => r === ratios[0]);
    const ratio = same ? (ratios[0] as number) : Math.exp(logs.mean);
    if (!Number.isFinite(half)) return { ratio, low: Number.NaN, high: Number.NaN, n };
    return same
      ? { ratio, low: ratio, high: ratio, n }
      : { ratio, low: Math.exp(logs.mean - half), high: Math.exp(logs.mean + half), n };
  }
  const plain = summarise(ratios);
  const half = confidenceHalfWidth(plain);
  const floor = ratios.every((r) => r >= 0) ? 0 : Number.NEGATIVE_INFINITY;
  return { ratio: plain.mean, low: Math.max(floor, plain.mean - half), high: plain.mean + half, n };
}

/** Where an interval lies against 1: wholly above (`'above'`), wholly below (`'below'`), else undefined. */
export function sideOfOne(interval: { readonly low: number; readonly high: number }):
  | 'above'
  | 'below'
  | undefined {
  if (interval.low > 1) return 'above';
  if (interval.high < 1) return 'below';
  return undefined;
}

/** A ratio to three decimals with its interval: `0.907 [0.862, 0.955]`, or `—`. */
export function ratioText(mean: number, [low, high]: readonly [number, number]): string {
  if (!Number.isFinite(mean)) return '—';
  return Number.isFinite(low) && Number.isFinite(high)
    ? `${mean.toFixed(3)} [${low.toFixed(3)}, ${high.toFixed(3)}]`
    : mean.toFixed(3);
}
