import { type JobRecord, type TimeSeries, jobGroupMetrics } from '@rackwise/engine';
import { SHUFFLE_CLASSES } from '@rackwise/predictor';
import type { ShuffleClass } from '@rackwise/types';
import type { MeasuredWindow } from '../workload-recipe.js';

const PER_CLASS = ['throughput', 'executionTime.mean', 'crossRackShuffleBytes', 'crossRackMapInputBytes'];

/** Names of the metrics `steadyStateMetrics` returns, in its order. */
export const STEADY_STATE_METRICS: readonly string[] = Object.freeze([
  'steadyState.jobs',
  'steadyState.jobsCompleted',
  'steadyState.throughput',
  'steadyState.executionTime.mean',
  'steadyState.executionTime.p50',
  'steadyState.executionTime.p95',
  'steadyState.executionTime.max',
  'steadyState.mapProgressAtFirstReduce',
  'steadyState.crossRackShuffleBytes',
  'steadyState.crossRackBytes',
  ...SHUFFLE_CLASSES.flatMap((c) => PER_CLASS.map((m) => `steadyState.byClass.${c}.${m}`)),
]);

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Metrics of the steady state (ShuffleWatcher §4.3: ramp-up and ramp-down ignored), over
 * the jobs submitted in [from, to):
 * - `steadyState.jobs`, `.jobsCompleted`;
 * - `.throughput`: completed / (last completion − first submission) of those jobs;
 * - `.executionTime.mean|p50|p95|max`; `.mapProgressAtFirstReduce` (mean over jobs with a reduce);
 * - `.crossRackShuffleBytes`: their shuffle bytes that crossed racks;
 * - `.crossRackBytes`: all bytes that crossed racks while the window lasted, from the
 *   sampled cross-rack rate (rate × sample interval for samples in [from, to)).
 * - `.byClass.<heavy|medium|light>.throughput|executionTime.mean|crossRackShuffleBytes|
 *   crossRackMapInputBytes`: the same per class as `classOf` gives it (ShuffleWatcher
 *   Figs. 12–13: throughput, and cross-rack traffic split into shuffle and remote map).
 */
export function steadyStateMetrics(
  jobs: readonly JobRecord[],
  series: TimeSeries,
  window: MeasuredWindow,
  classOf: (job: JobRecord) => ShuffleClass = (job) => job.shuffleClass,
): Record<string, number> {
  const measured = jobs.filter((j) => j.submitTime >= window.from && j.submitTime < window.to);
  const times = measured
    .filter((j) => j.finished)
    .map((j) => j.executionTime)
    .sort((a, b) => a - b);
  const group = jobGroupMetrics(measured);
  const perClass: Record<string, number> = {};
  for (const c of SHUFFLE_CLASSES) {
    const g = jobGroupMetrics(measured.filter((j) => classOf(j) === c));
    perClass[`steadyState.byClass.${c}.throughput`] = g.throughput;
    perClass[`steadyState.byClass.${c}.executionTime.mean`] = g.executionTimeMean;
    perClass[`steadyState.byClass.${c}.crossRackShuffleBytes`] = g.crossRackShuffleBytes;
    perClass[`steadyState.byClass.${c}.crossRackMapInputBytes`] = g.crossRackMapInputBytes;
  }
  let crossRackBytes = 0;
  series.time.forEach((t, i) => {
    if (t >= window.from && t < window.to) crossRackBytes += (series.crossRackRate[i] ?? 0) * series.interval;
  });
  return {
    'steadyState.jobs': group.jobs,
    'steadyState.jobsCompleted': group.jobsCompleted,
    'steadyState.throughput': group.throughput,
    'steadyState.executionTime.mean': group.executionTimeMean,
    'steadyState.executionTime.p50': percentile(times, 0.5),
    'steadyState.executionTime.p95': percentile(times, 0.95),
    'steadyState.executionTime.max': times.at(-1) ?? Number.NaN,
    'steadyState.mapProgressAtFirstReduce': mean(
      measured.map((j) => j.mapProgressAtFirstReduce).filter(Number.isFinite),
    ),
    'steadyState.crossRackShuffleBytes': group.crossRackShuffleBytes,
    'steadyState.crossRackBytes': crossRackBytes,
    ...perClass,
  };
}
