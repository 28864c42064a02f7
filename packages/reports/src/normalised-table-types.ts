// The shape of a table normalised to a baseline: what `normalisedTable` builds and the
// verdicts, the HTML report and the command line read. A leaf, so its readers need not
// import each other.
import type { MetricInfo } from '@rackwise/experiments';

/** One metric across the policies, relative to the baseline policy. */
export interface NormalisedRow {
  readonly metric: string;
  /** Human name, display unit and which way is better, from the metric catalogue. */
  readonly info: MetricInfo;
  /** The baseline's value (mean over seeds), in stored units. */
  readonly baselineValue: number;
  /** Half-width of the 95 % interval of the baseline's mean, stored units (`NaN` for one seed). */
  readonly baselineHalfWidth: number;
  /**
   * Per policy, in the result's order: its ratio to the baseline over the seeds, each
   * seed's value over the baseline's on the same seed, summarised on the log scale
   * (`pairedRatioInterval`: the geometric mean of the per-seed ratios).
   */
  readonly ratios: readonly number[];
  /**
   * Per policy: the 95 % interval of that ratio, `[low, high]`, never below zero (`NaN`
   * ends below two seeds). On the log scale, so not centred on the ratio.
   */
  readonly intervals: readonly (readonly [number, number])[];
}

/**
 * Which policy did best on one metric. `winners` holds the policy of the best ratio, and
 * every policy whose ratio reads the same to the three decimals the table shows (a tie);
 * none for a metric that is neither better higher nor lower, or that no policy has a
 * ratio of. `sure` is true where the winners' 95 % intervals (as the table shows them) lie
 * clear of every other policy's (the baseline's own ratio is exactly 1 on every seed, an
 * interval of width 0);
 * never with one seed, which has no interval, nor where every policy ties.
 */
export interface MetricVerdict {
  readonly metric: string;
  readonly winners: readonly string[];
  readonly sure: boolean;
}

/** A table of metrics normalised to a baseline policy, as the papers plot them. */
export interface NormalisedTable {
  readonly baseline: string;
  readonly policies: readonly string[];
  /** Number of seeds the means and intervals rest on. */
  readonly seeds: number;
  readonly rows: readonly NormalisedRow[];
  /** One verdict per row, in the rows' order. */
  readonly verdicts: readonly MetricVerdict[];
}

/** Options of `normalisedTable`. */
export interface NormalisedTableOptions {
  /** Policy to divide by; the result's baseline by default. Must be one of the result's policies. */
  readonly baseline?: string;
  /** Metrics to show, in order; the result's headline metrics by default. */
  readonly metrics?: readonly string[];
}
