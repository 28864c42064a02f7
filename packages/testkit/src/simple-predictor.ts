import type { Bytes, JobView, MapTaskView, ShufflePredictor } from '@rackwise/types';

/**
 * The plainest `ShufflePredictor` the contract allows (NAS §III-A, ShuffleWatcher §3.1):
 * once a map of the job completed, ratio = completedMapOutputBytes / completedMapInputBytes;
 * before that, the job's declared ratio if it has one, else 1.
 */
export function createSimplePredictor(): ShufflePredictor {
  const observed = (job: JobView): boolean =>
    job.count('map', 'completed') > 0 && job.completedMapInputBytes > 0;
  const ratio = (job: JobView): number =>
    observed(job)
      ? job.completedMapOutputBytes / job.completedMapInputBytes
      : (job.declaredShuffleRatio ?? 1);
  return Object.freeze({
    ratio,
    isPredicted: (job: JobView): boolean => observed(job) || job.declaredShuffleRatio !== undefined,
    mapOutput: (job: JobView, map: MapTaskView): Bytes => ratio(job) * map.inputBytes,
    shuffleBytes: (job: JobView): Bytes => ratio(job) * job.inputBytes,
  });
}
