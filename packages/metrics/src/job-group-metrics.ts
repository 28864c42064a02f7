import type { JobGroupMetrics, JobRecord } from './run-metrics.js';

/**
 * Throughput and cross-rack traffic of a group of jobs — a shuffle class, a benchmark
 * class, a steady-state window: completed jobs over the group's own span (first
 * submission to last completion), and the cross-rack shuffle and map-input bytes of
 * every job in the group, finished or not. NaN throughput and mean when nothing finished.
 */
export function jobGroupMetrics(records: readonly JobRecord[]): JobGroupMetrics {
  let completed = 0;
  let firstSubmit = Number.POSITIVE_INFINITY;
  let lastCompletion = Number.NEGATIVE_INFINITY;
  let executionSum = 0;
  let shuffle = 0;
  let mapInput = 0;
  for (const r of records) {
    if (r.submitTime < firstSubmit) firstSubmit = r.submitTime;
    shuffle += r.crossRackShuffleBytes;
    mapInput += r.crossRackMapInputBytes;
    if (!r.finished) continue;
    completed += 1;
    executionSum += r.executionTime;
    if (r.completionTime > lastCompletion) lastCompletion = r.completionTime;
  }
  const span = lastCompletion - firstSubmit;
  return {
    jobs: records.length,
    jobsCompleted: completed,
    throughput: completed > 0 && span > 0 ? completed / span : Number.NaN,
    executionTimeMean: completed > 0 ? executionSum / completed : Number.NaN,
    crossRackShuffleBytes: shuffle,
    crossRackMapInputBytes: mapInput,
  };
}
