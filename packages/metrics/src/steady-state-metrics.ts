import { SHUFFLE_CLASSES } from '@rackwise/predictor';
import type { Seconds, ShuffleClass } from '@rackwise/types';
import { distributionSummary, finiteMean } from './distribution-summary.js';
import { jobGroupMetrics } from './job-group-metrics.js';
import type { JobRecord, TimeSeries } from './run-metrics.js';

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
  window: { readonly from: Seconds; readonly to: Seconds },
  classOf: (job: JobRecord) => ShuffleClass = (job) => job.shuffleClass,
): Record<string, number> {
  const measured = jobs.filter((j) => j.submitTime >= window.from && j.submitTime < window.to);
  const times = distributionSummary(measured.filter((j) => j.finished).map((j) => j.executionTime));
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
    'steadyState.executionTime.p50': times.p50,
    'steadyState.executionTime.p95': times.p95,
    'steadyState.executionTime.max': times.max,
    'steadyState.mapProgressAtFirstReduce': finiteMean(measured.map((j) => j.mapProgressAtFirstReduce)),
    'steadyState.crossRackShuffleBytes': group.crossRackShuffleBytes,
    'steadyState.crossRackBytes': crossRackBytes,
    ...perClass,
  };
}
