import type { MetricSummary } from '@rackwise/metrics';
import type { JobTable } from './job-table.js';

/**
 * Time series of one run, downsampled for reports (docs/architecture.md §7 "Time series"): the
 * cross-rack shuffle rate over time and the running tasks by kind.
 */
export interface RunSeries {
  /** Sample times, seconds of simulated time. */
  readonly time: readonly number[];
  /** Cross-rack shuffle rate summed over all rack uplinks, bits per second. */
  readonly crossRackShuffleRate: readonly number[];
  /** Cross-rack rate of all traffic (shuffle, map input, replication), bits per second; absent in older results. */
  readonly crossRackRate?: readonly number[];
  readonly runningMaps: readonly number[];
  readonly runningReduces: readonly number[];
  /** Rack links (up and down) at or above the congestion threshold; absent in older results. */
  readonly congestedLinks?: readonly number[];
  /** Per rack, the rate on its uplink, bits per second; absent in older results and without a network. */
  readonly rackUplinkRate?: readonly (readonly number[])[];
}

/** One simulation: one policy, one seed. */
export interface PolicyRun {
  readonly seed: number;
  /** Every metric of the run, by stable dotted name (`jobTime.mean`, `crossRack.shuffleBytes`). */
  readonly metrics: Readonly<Record<string, number>>;
  readonly series: RunSeries;
  /**
   * Every job of the run (`--jobs-csv`); absent in results written before per-job
   * records were kept.
   */
  readonly jobs?: JobTable;
  /** Engine counters (events, solves, flows, time in the solver). */
  readonly stats: Readonly<Record<string, number>>;
  /** Wall-clock seconds the run took (never written to CSV). */
  readonly wallSeconds: number;
  /**
   * CPU seconds the run took on its thread (never written to CSV): on the main thread the
   * process's, on a worker its own where Linux tells it; absent where it cannot be told
   * apart from the runs beside it, and in results written before it was kept.
   */
  readonly cpuSeconds?: number;
}

/** Every run of one policy in an experiment, with the mean and spread over seeds. */
export interface PolicyResult {
  /** Registered policy name. */
  readonly policy: string;
  /** Configuration the policy ran with, over its defaults. */
  readonly config: Readonly<Record<string, unknown>>;
  /** One run per seed, in seed order. */
  readonly runs: readonly PolicyRun[];
  /** Mean of each metric over the runs. */
  readonly metrics: Readonly<Record<string, number>>;
  /** Mean, standard deviation, minimum and maximum of each metric over the runs. */
  readonly spread: Readonly<Record<string, MetricSummary>>;
}

/** Format tag of result files, so readers can refuse what they do not understand. */
export const RESULT_FORMAT = 'rackwise-experiment-result@1';

/** The outcome of `runExperiment`: what was run, with what, and every metric per policy. */
export interface ExperimentResult {
  readonly format: typeof RESULT_FORMAT;
  readonly preset: string;
  readonly description: string;
  /** The fully resolved configuration (topology, workload, engine, metrics, policies). */
  readonly configuration: Readonly<Record<string, unknown>>;
  readonly seeds: readonly number[];
  /** Policy every table and chart is normalised to. */
  readonly baseline: string;
  /** Metrics the table shows first, in order. */
  readonly headline: readonly string[];
  /** Every metric name, sorted; the CSV header. */
  readonly metricNames: readonly string[];
  readonly policies: readonly PolicyResult[];
  /** Versions of the rackwise packages that produced the result. */
  readonly versions: Readonly<Record<string, string>>;
  /** When the run started (ISO 8601) and how long it took; JSON only. */
  readonly timing: { readonly startedAt: string; readonly wallSeconds: number };
}
