import { describe, expect, it } from 'vitest';
import { jobGroupMetrics } from './job-group-metrics.js';
import type { JobRecord } from './run-metrics.js';

/** A record with only what the group metrics read set meaningfully. */
function record(fields: Partial<JobRecord> & Pick<JobRecord, 'submitTime'>): JobRecord {
  const finished = fields.finished ?? true;
  const completionTime = fields.completionTime ?? Number.NaN;
  return {
    id: 0,
    name: 'j',
    user: 0,
    queue: 'default',
    firstLaunchTime: Number.NaN,
    mapPhaseEnd: Number.NaN,
    firstReduceTime: Number.NaN,
    mapCount: 1,
    reduceCount: 1,
    inputBytes: 0,
    shuffleBytes: 0,
    outputBytes: 0,
    shuffleClass: 'light',
    inputClass: 'small',
    localMaps: 0,
    rackLocalMaps: 0,
    remoteMaps: 0,
    crossRackShuffleBytes: 0,
    crossRackMapInputBytes: 0,
    skew: Number.NaN,
    mapProgressAtFirstReduce: Number.NaN,
    reduceWaitTime: Number.NaN,
    preemptions: 0,
    duplicatesLaunched: 0,
    ...fields,
    finished,
    completionTime,
    executionTime: completionTime - fields.submitTime,
  } as JobRecord;
}

describe('jobGroupMetrics', () => {
  it('measures throughput over the group span and sums the cross-rack bytes of every job', () => {
    const group = jobGroupMetrics([
      record({ submitTime: 10, completionTime: 40, crossRackShuffleBytes: 100, crossRackMapInputBytes: 5 }),
      record({ submitTime: 20, completionTime: 110, crossRackShuffleBytes: 50 }),
      // Unfinished: counts for traffic and jobs, not for throughput or the mean.
      record({ submitTime: 30, finished: false, crossRackMapInputBytes: 7 }),
    ]);
    expect(group).toEqual({
      jobs: 3,
      jobsCompleted: 2,
      throughput: 2 / (110 - 10),
      executionTimeMean: (30 + 90) / 2,
      crossRackShuffleBytes: 150,
      crossRackMapInputBytes: 12,
    });
  });

  it('gives NaN throughput and mean for a group with nothing finished, and zeros for no jobs', () => {
    const unfinished = jobGroupMetrics([record({ submitTime: 0, finished: false })]);
    expect(unfinished.throughput).toBeNaN();
    expect(unfinished.executionTimeMean).toBeNaN();
    const empty = jobGroupMetrics([]);
    expect(empty.jobs).toBe(0);
    expect(empty.throughput).toBeNaN();
    expect(empty.crossRackShuffleBytes).toBe(0);
  });
});
