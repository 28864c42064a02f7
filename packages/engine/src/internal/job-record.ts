import type { JobRecord } from '@rackwise/metrics';
import { classifyInput, classifyShuffleBySize } from '@rackwise/predictor';
import type { JobState } from './job-state.js';
import { jobSkew } from './skew.js';

/** The record of a job: finished at `now`, or (at the end of a stopped run) not. */
export function buildJobRecord(job: JobState, finished: boolean, now: number): JobRecord {
  const spec = job.spec;
  const completion = finished ? now : Number.NaN;
  let launched = 0;
  for (let r = 0; r < job.reduceCount; r++) launched += job.reduceFirstLaunched[r]!;
  return {
    id: job.id,
    name: spec.name,
    user: job.user,
    queue: job.queue,
    finished,
    submitTime: job.submitTime,
    firstLaunchTime: job.firstLaunchTime,
    mapPhaseEnd: job.mapPhaseEnd,
    firstReduceTime: job.firstReduceTime ?? Number.NaN,
    completionTime: completion,
    executionTime: completion - job.submitTime,
    mapCount: job.mapCount,
    reduceCount: job.reduceCount,
    inputBytes: job.inputBytes,
    shuffleBytes: job.shuffleBytes,
    outputBytes: job.outputBytes,
    shuffleClass: classifyShuffleBySize(job.shuffleBytes),
    inputClass: classifyInput(job.inputBytes),
    localMaps: job.localMaps,
    rackLocalMaps: job.rackLocalMaps,
    remoteMaps: job.remoteMaps,
    crossRackShuffleBytes: job.crossRackShuffleBytes,
    crossRackMapInputBytes: job.crossRackMapInputBytes,
    skew: jobSkew(job.shuffleUp, job.shuffleDown),
    mapProgressAtFirstReduce: job.mapProgressAtFirstReduce,
    reduceWaitTime: launched === 0 ? Number.NaN : job.reduceWaitSum / launched,
    shufflePhaseTime: job.shufflePhaseCount === 0 ? Number.NaN : job.shufflePhaseSum / job.shufflePhaseCount,
    preemptions: job.preemptionCount,
    duplicatesLaunched: job.duplicatesLaunched,
  };
}
