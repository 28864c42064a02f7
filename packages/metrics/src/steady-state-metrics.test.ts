import { describe, expect, it } from 'vitest';
import type { JobRecord, TimeSeries } from './run-metrics.js';
import { STEADY_STATE_METRICS, steadyStateMetrics } from './steady-state-metrics.js';

/** A finished job of the given class with only what the steady-state metrics read. */
function job(id: number, submit: number, done: number, shuffle: number, mapInput: number): JobRecord {
  return {
    id,
    finished: Number.isFinite(done),
    submitTime: submit,
    completionTime: done,
    executionTime: done - submit,
    shuffleClass: 'light',
    crossRackShuffleBytes: shuffle,
    crossRackMapInputBytes: mapInput,
    mapProgressAtFirstReduce: 0.5,
  } as unknown as JobRecord;
}

const series = {
  interval: 10,
  time: [0, 10, 20, 30, 40],
  crossRackRate: [1, 2, 3, 4, 5],
} as unknown as TimeSeries;

describe('steadyStateMetrics', () => {
  it('measures only jobs submitted inside the window, and splits them by the class given', () => {
    const jobs = [
      job(0, 5, 50, 1000, 0), // before the window: ignored
      job(1, 10, 40, 300, 10), // heavy
      job(2, 15, 75, 100, 20), // heavy
      job(3, 20, 30, 0, 40), // light
      job(4, 25, Number.NaN, 7, 1), // light, unfinished
      job(5, 30, 90, 1000, 1000), // at the window's end: ignored
    ];
    const classOf = (j: JobRecord) => (j.id === 1 || j.id === 2 ? 'heavy' : 'light');
    const m = steadyStateMetrics(jobs, series, { from: 10, to: 30 }, classOf);
    expect(Object.keys(m)).toEqual(STEADY_STATE_METRICS);
    expect(m['steadyState.jobs']).toBe(4);
    expect(m['steadyState.jobsCompleted']).toBe(3);
    expect(m['steadyState.throughput']).toBeCloseTo(3 / (75 - 10));
    expect(m['steadyState.executionTime.mean']).toBeCloseTo((30 + 60 + 10) / 3);
    expect(m['steadyState.crossRackShuffleBytes']).toBe(407);
    expect(m['steadyState.crossRackBytes']).toBe((2 + 3) * 10);
    expect(m['steadyState.byClass.heavy.throughput']).toBeCloseTo(2 / (75 - 10));
    expect(m['steadyState.byClass.heavy.crossRackShuffleBytes']).toBe(400);
    expect(m['steadyState.byClass.heavy.crossRackMapInputBytes']).toBe(30);
    expect(m['steadyState.byClass.light.throughput']).toBeCloseTo(1 / (30 - 20));
    expect(m['steadyState.byClass.light.crossRackShuffleBytes']).toBe(7);
    expect(m['steadyState.byClass.light.crossRackMapInputBytes']).toBe(41);
    expect(m['steadyState.byClass.medium.throughput']).toBeNaN();
    expect(m['steadyState.byClass.medium.crossRackShuffleBytes']).toBe(0);
  });
});
