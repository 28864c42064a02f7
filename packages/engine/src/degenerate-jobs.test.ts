import {
  arrivalSpan,
  isDegenerateJob,
  minimumShuffleSeconds,
  throughputWhileArriving,
} from '@rackwise/metrics';
import type { JobRecord } from '@rackwise/metrics';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

function record(fields: Partial<JobRecord>): JobRecord {
  return {
    finished: true,
    submitTime: 0,
    completionTime: 1,
    executionTime: 1,
    mapCount: 1,
    reduceCount: 1,
    shuffleBytes: 0,
    mapProgressAtFirstReduce: Number.NaN,
    crossRackShuffleBytes: 0,
    crossRackMapInputBytes: 0,
    ...fields,
  } as JobRecord;
}

describe('the degenerate-job rule', () => {
  it('bounds a shuffle by the NICs of its fewer side: one map serves 1.2 TB through one 250 Mbps NIC', () => {
    // FB-2010 job763: 0 input bytes (one map), 1.2 TB of shuffle, 120 reduces, nas-sim NICs.
    const job763 = { shuffleBytes: 1.2e12, mapCount: 1, reduceCount: 120 };
    expect(minimumShuffleSeconds(job763, 600, 250e6 / 8)).toBeCloseTo(38_400, 0);
    expect(isDegenerateJob(job763, 600, 250e6 / 8, 3600)).toBe(true);
    expect(isDegenerateJob(job763, 600, 250e6 / 8, 86_400)).toBe(false);
    // With 1,000 maps the same shuffle spreads over min(1000, 120, 600) = 120 NICs.
    expect(isDegenerateJob({ ...job763, mapCount: 1000 }, 600, 250e6 / 8, 3600)).toBe(false);
  });

  it('never marks a job without shuffle, nor any job when the arrival span is 0', () => {
    expect(isDegenerateJob({ shuffleBytes: 0, mapCount: 1, reduceCount: 1 }, 1, 1, 10)).toBe(false);
    expect(isDegenerateJob({ shuffleBytes: 1e15, mapCount: 1, reduceCount: 1 }, 1, 1, 0)).toBe(false);
  });

  it('reports the run again without the job whose shuffle outlasts the arrivals', () => {
    const jobs = [
      jobSpec({ name: 'light-a', inputBytes: 100e6, submitTime: 0 }),
      jobSpec({
        name: 'huge',
        inputBytes: 0,
        mapCount: 1,
        shuffleBytes: 2e11,
        reduceCount: 4,
        submitTime: 50,
      }),
      jobSpec({ name: 'light-b', inputBytes: 100e6, submitTime: 100 }),
    ];
    const result = simulate({
      topology: testTopology({ racks: 1, nodesPerRack: 3 }),
      workload: workload(jobs),
      policy: fifoTestPolicy(),
      seed: 1,
    });
    const m = result.metrics;
    expect(m.jobsCompleted).toBe(3);
    // 2e11 B through one 1e9 B/s NIC: 200 s > the 100 s arrival span.
    expect(m.withoutDegenerate.degenerateJobs).toBe(1);
    expect(m.withoutDegenerate.jobs).toBe(2);
    expect(m.withoutDegenerate.makespan).toBeLessThan(m.makespan);
    expect(m.withoutDegenerate.throughput).toBeGreaterThan(m.throughput);
    expect(m.withoutDegenerate.byShuffleClass.heavy.jobs).toBe(0);
  });
});

describe('throughput while the workload arrives', () => {
  it('counts completions between the first and last submission over that span', () => {
    const records = [
      record({ submitTime: 0, completionTime: 10 }),
      record({ submitTime: 50, completionTime: 90 }),
      record({ submitTime: 100, completionTime: 5000 }),
    ];
    expect(arrivalSpan(records)).toBe(100);
    expect(throughputWhileArriving(records)).toBeCloseTo(2 / 100, 12);
  });

  it('is NaN for one job and ignores unfinished jobs', () => {
    expect(throughputWhileArriving([record({})])).toBeNaN();
    const records = [
      record({ submitTime: 0, completionTime: 5 }),
      record({ submitTime: 10, finished: false }),
    ];
    expect(throughputWhileArriving(records)).toBeCloseTo(0.1, 12);
  });
});
