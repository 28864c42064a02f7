import { requireRatio } from './internal/validate.js';

/**
 * Signed relative error of a predicted map output / input ratio against the job's true
 * ratio: `(predicted − true) / true` (so −0.5 is an under-prediction by half).
 *
 * When the true ratio is 0 (a job whose maps emit nothing, common in the FB traces) the
 * relative error is 0 if the prediction is 0 too, and `+Infinity` (or `-Infinity`, which
 * cannot happen for ratios ≥ 0) otherwise.
 *
 * @throws Error when either ratio is negative or not finite.
 */
export function predictionError(predictedRatio: number, trueRatio: number): number {
  requireRatio(predictedRatio, 'predictionError: predictedRatio');
  requireRatio(trueRatio, 'predictionError: trueRatio');
  if (trueRatio === 0) return predictedRatio === 0 ? 0 : Number.POSITIVE_INFINITY;
  return (predictedRatio - trueRatio) / trueRatio;
}

/** What a {@link PredictionErrorTracker} has seen, as absolute relative errors. */
export interface PredictionErrorSummary {
  /** Samples recorded. */
  readonly count: number;
  /** Samples with a finite error, over which `mean`, `p95` and `max` are taken. */
  readonly finiteCount: number;
  /**
   * Samples whose error is infinite: the true ratio was 0 and the prediction was not.
   * Left out of `mean` / `p95` / `max` and reported here instead.
   */
  readonly infiniteCount: number;
  /** Mean of `|predictionError|`; NaN when `finiteCount` is 0. */
  readonly mean: number;
  /** 95th percentile of `|predictionError|` (nearest rank); NaN when `finiteCount` is 0. */
  readonly p95: number;
  /** Largest finite `|predictionError|`; NaN when `finiteCount` is 0. */
  readonly max: number;
}

/** Accumulates per-job prediction errors for a run's metrics. */
export interface PredictionErrorTracker {
  /**
   * Record one job: the ratio predicted at the moment the host chose (for example
   * when its first reduce launched) against its true ratio. Returns the signed error.
   */
  record(predictedRatio: number, trueRatio: number): number;
  summary(): PredictionErrorSummary;
}

/**
 * A tracker of {@link predictionError} samples: mean and 95th percentile of the absolute
 * relative error (the accuracy metric behind NAS §III-A's "estimated with a low error").
 */
export function createPredictionErrorTracker(): PredictionErrorTracker {
  const finite: number[] = [];
  let infinite = 0;
  return {
    record(predictedRatio, trueRatio) {
      const error = predictionError(predictedRatio, trueRatio);
      if (Number.isFinite(error)) finite.push(Math.abs(error));
      else infinite += 1;
      return error;
    },
    summary() {
      const sorted = [...finite].sort((a, b) => a - b);
      const n = sorted.length;
      const rank = Math.max(1, Math.ceil(0.95 * n));
      return {
        count: n + infinite,
        finiteCount: n,
        infiniteCount: infinite,
        mean: n === 0 ? Number.NaN : sorted.reduce((sum, e) => sum + e, 0) / n,
        p95: n === 0 ? Number.NaN : sorted[rank - 1]!,
        max: n === 0 ? Number.NaN : sorted[n - 1]!,
      };
    },
  };
}
