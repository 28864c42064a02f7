import type { Bytes, InputClass, JobView, ShuffleClass, ShufflePredictor } from '@rackwise/types';

/** The shuffle classes, lightest first: the order per-class reports use. */
export const SHUFFLE_CLASSES: readonly ShuffleClass[] = Object.freeze(['light', 'medium', 'heavy']);

/** One mebibyte, 2^20 bytes: the paper's "MB" (see {@link NAS_SHUFFLE_CLASS_THRESHOLDS}). */
export const MEBIBYTE: Bytes = 1_048_576;

/**
 * Size boundaries of the shuffle classes: `bytes < lightBelow` is light,
 * `bytes > heavyAbove` is heavy, anything in between (both ends included) is medium.
 */
export interface ShuffleSizeThresholds {
  readonly lightBelow: Bytes;
  readonly heavyAbove: Bytes;
}

/**
 * NAS §III-A and §IV-A: shuffle-light < 1 MB, shuffle-medium 1–100 MB, shuffle-heavy
 * > 100 MB. "MB" is read as 2^20 bytes (MiB): on the FB-2010 day trace the paper uses,
 * binary units reproduce its Fig. 2 job-type distribution (light 68.70 %, medium 12.58 %,
 * small-input 50.02 %) where decimal units give 68.58 %, 12.59 % and 49.87 %.
 */
export const NAS_SHUFFLE_CLASS_THRESHOLDS: ShuffleSizeThresholds = Object.freeze({
  lightBelow: MEBIBYTE,
  heavyAbove: 100 * MEBIBYTE,
});

/** NAS §III-B and §IV-A: small-input jobs read less than 10 MB (2^20-byte MB, as above). */
export const NAS_SMALL_INPUT_BYTES: Bytes = 10 * MEBIBYTE;

/**
 * Ratio boundaries of the shuffle classes: `ratio > heavyAbove` is heavy,
 * `mediumAbove < ratio ≤ heavyAbove` is medium, `ratio ≤ mediumAbove` is light.
 */
export interface ShuffleRatioThresholds {
  readonly mediumAbove: number;
  readonly heavyAbove: number;
}

/**
 * ShuffleWatcher §3.1: a `ShuffleInputRatio` above 1.0 marks a shuffle-heavy job. The
 * paper names shuffle-medium benchmarks (Table 1) but gives no ratio rule for them, so
 * the default is its two-class rule (`mediumAbove` = `heavyAbove` = 1: light or heavy,
 * never medium). Pass a lower `mediumAbove` for three classes. An unpredicted job
 * (ratio 1) is light under this rule.
 */
export const SHUFFLEWATCHER_RATIO_THRESHOLDS: ShuffleRatioThresholds = Object.freeze({
  mediumAbove: 1,
  heavyAbove: 1,
});

function requireMeasure(value: number, what: string): void {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new Error(`${what} must be a number >= 0, got ${String(value)}`);
  }
}

function requireOrdered(low: number, high: number, lowName: string, highName: string, fn: string): void {
  requireMeasure(low, `${fn}: thresholds.${lowName}`);
  requireMeasure(high, `${fn}: thresholds.${highName}`);
  if (low > high) {
    throw new Error(`${fn}: thresholds.${lowName} (${low}) must not exceed thresholds.${highName} (${high})`);
  }
}

/**
 * Shuffle class by (predicted) shuffle size — NAS §III-A / §IV-A.
 * @throws Error when `bytes` is negative or NaN, or the thresholds are out of order.
 */
export function classifyShuffleBySize(
  bytes: Bytes,
  thresholds: ShuffleSizeThresholds = NAS_SHUFFLE_CLASS_THRESHOLDS,
): ShuffleClass {
  requireMeasure(bytes, 'classifyShuffleBySize: bytes');
  requireOrdered(
    thresholds.lightBelow,
    thresholds.heavyAbove,
    'lightBelow',
    'heavyAbove',
    'classifyShuffleBySize',
  );
  if (bytes < thresholds.lightBelow) return 'light';
  return bytes > thresholds.heavyAbove ? 'heavy' : 'medium';
}

/**
 * Shuffle class by map output / input ratio — ShuffleWatcher §3.1 (`ShuffleInputRatio`).
 * @throws Error when `ratio` is negative or NaN, or the thresholds are out of order.
 */
export function classifyShuffleByRatio(
  ratio: number,
  thresholds: ShuffleRatioThresholds = SHUFFLEWATCHER_RATIO_THRESHOLDS,
): ShuffleClass {
  requireMeasure(ratio, 'classifyShuffleByRatio: ratio');
  requireOrdered(
    thresholds.mediumAbove,
    thresholds.heavyAbove,
    'mediumAbove',
    'heavyAbove',
    'classifyShuffleByRatio',
  );
  if (ratio > thresholds.heavyAbove) return 'heavy';
  return ratio > thresholds.mediumAbove ? 'medium' : 'light';
}

/**
 * Input class of a job — NAS §III-B (MTS categories): `small` below `threshold`
 * (10 MB by default), `large` from it on.
 * @throws Error when `bytes` or `threshold` is negative or NaN.
 */
export function classifyInput(bytes: Bytes, threshold: Bytes = NAS_SMALL_INPUT_BYTES): InputClass {
  requireMeasure(bytes, 'classifyInput: bytes');
  requireMeasure(threshold, 'classifyInput: threshold');
  return bytes < threshold ? 'small' : 'large';
}

/**
 * How {@link jobShuffleClass} classifies: `'size'` (NAS, by predicted shuffle bytes) or
 * `'ratio'` (ShuffleWatcher, by predicted ratio), with the paper's thresholds or others.
 */
export type ShuffleClassRule =
  | 'size'
  | 'ratio'
  | { readonly by: 'size'; readonly thresholds: ShuffleSizeThresholds }
  | { readonly by: 'ratio'; readonly thresholds: ShuffleRatioThresholds };

/**
 * A job's shuffle class from a predictor: by `predictor.shuffleBytes(job)` under the
 * `'size'` rule (NAS §III-A), by `predictor.ratio(job)` under `'ratio'` (ShuffleWatcher §3.1).
 */
export function jobShuffleClass(
  job: JobView,
  predictor: ShufflePredictor,
  rule: ShuffleClassRule = 'size',
): ShuffleClass {
  if (rule === 'size') return classifyShuffleBySize(predictor.shuffleBytes(job));
  if (rule === 'ratio') return classifyShuffleByRatio(predictor.ratio(job));
  return rule.by === 'size'
    ? classifyShuffleBySize(predictor.shuffleBytes(job), rule.thresholds)
    : classifyShuffleByRatio(predictor.ratio(job), rule.thresholds);
}
