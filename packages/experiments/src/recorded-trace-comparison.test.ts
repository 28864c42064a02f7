import type { JobSpec, UserId } from '@rackwise/types';
import type { RecordedReplay, ReplayUnit } from '@rackwise/workloads';
import { describe, expect, it } from 'vitest';
import type { PolicyRun } from './experiment-result.js';
import { replayError } from './recorded-trace-comparison.js';

const spec = (name: string): JobSpec => ({
  name,
  user: 0 as UserId,
  queue: 'default',
  submitTime: 0,
  inputBytes: 0,
  shuffleBytes: 0,
  outputBytes: 0,
  mapCount: 1,
  reduceCount: 0,
  blockBytes: 1,
});

/** Jobs recorded at 10, 20, 40 and 80 s, each submitted at 0 in the recording. */
function replay(): RecordedReplay {
  const units: ReplayUnit[] = [10, 20, 40, 80].map((seconds, job) => ({
    job,
    stages: [job],
    recordedSubmit: 0,
    recordedSeconds: seconds,
    recordedFetchWait: job === 3 ? 2 : 0,
    recordedLaunchDelay: 1,
  }));
  return {
    workload: {
      name: 't',
      jobs: units.map((u) => spec(`j${u.job}`)),
      placement: { name: 'none', replication: 1, place: () => {} },
    },
    cluster: {
      racks: ['r'],
      nodesPerRack: 1,
      containers: 1,
      containersPerNode: [1],
      nodeOfHost: new Map(),
      paddingNodes: 0,
    },
    units,
    assumptions: [],
  };
}

/** A run whose job table lists the jobs out of order, job 3 with a shuffle phase of 5 s. */
function run(simulated: readonly number[]): PolicyRun {
  const order = [2, 0, 3, 1];
  return {
    seed: 1,
    metrics: {},
    series: {} as PolicyRun['series'],
    stats: {},
    wallSeconds: 0,
    jobs: {
      columns: ['id', 'submit', 'start', 'finish', 'shufflePhase'],
      rows: 4,
      values: [
        order,
        order.map(() => 0),
        order.map(() => 0.5),
        order.map((j) => simulated[j]!),
        order.map((j) => (j === 3 ? 5 : null)),
      ],
      missing: [],
    },
  };
}

describe('replayError', () => {
  it('matches jobs by id and sums the error up: median and p90 of |error|, mean signed bias', () => {
    // Errors: +10 %, −50 %, +25 %, −5 %.
    const e = replayError(replay(), run([11, 10, 50, 76]), 'fair');
    expect(e.rows.map((r) => Math.round(r.relativeError * 1000) / 1000)).toEqual([0.1, -0.5, 0.25, -0.05]);
    expect(e.medianAbsError).toBeCloseTo((0.1 + 0.25) / 2, 10);
    expect(e.p90AbsError).toBeCloseTo(0.5, 10);
    expect(e.bias).toBeCloseTo((0.1 - 0.5 + 0.25 - 0.05) / 4, 10);
    expect(e.rows[0]!.simulatedLaunchDelay).toBe(0.5);
    expect([e.recordedSpan, e.simulatedSpan]).toEqual([80, 76]);
    // Only job 3 shuffles: its recorded fetch wait beside its simulated shuffle phase.
    expect([e.recordedFetchWait, e.simulatedShufflePhase]).toEqual([2, 5]);
  });

  it('refuses a run without per-job records', () => {
    const { jobs: _, ...bare } = run([1, 1, 1, 1]);
    expect(() => replayError(replay(), bare, 'fair')).toThrow('the fair run kept no per-job records');
  });
});
