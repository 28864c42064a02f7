import { describe, expect, it } from 'vitest';
import { jobClassMetrics, jobClassOf, slowdownSummary } from './job-class-metrics.js';
import type { JobRecord } from './run-metrics.js';

function record(name: string, execution: number, extra: Partial<JobRecord> = {}): JobRecord {
  return {
    name,
    finished: true,
    executionTime: execution,
    reduceWaitTime: 0,
    preemptions: 0,
    ...extra,
  } as JobRecord;
}

describe('per-group metrics (FCS §5.1)', () => {
  it('takes the class from a generated name', () => {
    expect(jobClassOf('group3-inverted-index-17')).toBe('group3-inverted-index');
    expect(jobClassOf('probe')).toBe('probe');
  });

  it('gives mean execution time, mean and maximum slowdown, wait and preemptions per group', () => {
    const records = [
      record('g1-a-0', 20, { reduceWaitTime: 2, preemptions: 1 }),
      record('g1-a-1', 40, { reduceWaitTime: 4, preemptions: 3 }),
      record('g2-b-0', 300, { reduceWaitTime: Number.NaN }),
      record('g2-b-1', Number.NaN, { finished: false }),
    ];
    const standalone = (r: JobRecord) => (r.name.startsWith('g1') ? 10 : 100);
    const groups = jobClassMetrics(records, standalone);
    expect(Object.keys(groups)).toEqual(['g1-a', 'g2-b']);
    expect(groups['g1-a']).toEqual({
      jobs: 2,
      jobsCompleted: 2,
      executionTimeMean: 30,
      slowdownMean: 3,
      slowdownMax: 4,
      reduceWaitTimeMean: 3,
      preemptionsMean: 2,
    });
    expect(groups['g2-b']).toMatchObject({
      jobs: 2,
      jobsCompleted: 1,
      executionTimeMean: 300,
      slowdownMax: 3,
    });
    expect(slowdownSummary(records, standalone)).toEqual({ mean: 3, max: 4 });
  });
});
