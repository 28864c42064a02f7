import { describe, expect, it } from 'vitest';
import { type SparkAppPlan, type TaskPlan, sparkEventLog } from '../test/spark-log-writer.js';
import { recordedWorkload } from './recorded-workload.js';
import { parseSparkEventLog } from './spark-event-log.js';

const APP = 'application_1700000000000_0077';
const map = (executor: string, launch: number, written: number): TaskPlan => ({
  executor,
  launch,
  finish: launch + 1000,
  run: 900,
  input: 32e6,
  written,
});
const read = (executor: string, launch: number, remote: number, local: number): TaskPlan => ({
  executor,
  launch,
  finish: launch + 800,
  run: 700,
  fetchWait: 100,
  remote,
  local,
});

/**
 * What Spark SQL writes: job 0 runs an exchange's map stage 0 (RDD 41); job 1 lists a new
 * stage 1 over the same RDD, skipped (its output is job 0's), and stage 2 reads it. Job 2
 * reads the output of stage 3, skipped, whose RDD no stage of the log computed (it ran in
 * a job before the log's first).
 */
function sqlPlan(): SparkAppPlan {
  return {
    appId: APP,
    user: 'ana',
    mode: 'FIFO',
    start: 1_700_000_000_000,
    executors: [
      { id: '1', host: 'node-1', cores: 2, added: 100 },
      { id: '2', host: 'node-2', cores: 2, added: 100 },
    ],
    jobs: [
      {
        id: 0,
        stages: [
          {
            id: 0,
            rdd: 41,
            parents: [],
            submit: 1000,
            complete: 2200,
            tasks: [map('1', 1100, 10e6), map('2', 1100, 12e6), map('1', 1100, 8e6)],
          },
        ],
      },
      {
        id: 1,
        skipped: [{ id: 1, rdd: 41, tasks: 3, parents: [] }],
        stages: [
          {
            id: 2,
            parents: [1],
            submit: 2300,
            complete: 3200,
            tasks: [read('1', 2400, 9e6, 6e6), read('2', 2400, 8e6, 7e6)],
          },
        ],
      },
      {
        id: 2,
        skipped: [{ id: 3, rdd: 7, tasks: 4, parents: [] }],
        stages: [
          {
            id: 4,
            parents: [3],
            submit: 3300,
            complete: 4200,
            tasks: [read('1', 3400, 5e6, 1e6), read('2', 3400, 4e6, 2e6)],
          },
        ],
      },
    ],
  };
}

describe('a Spark SQL log whose stages read the shuffle of skipped stages', () => {
  const trace = parseSparkEventLog(sparkEventLog(sqlPlan()).join('\n'), APP);

  it('takes a skipped parent’s output from the earlier job’s stage that wrote it', () => {
    expect(trace.stages.map((s) => [s.id.split(' ').at(-1), s.parents])).toEqual([
      ['0', []],
      ['2', [0]],
      ['4', []],
    ]);
    expect(trace.assumptions.join('\n')).toContain(
      '1 skipped parent stage(s) read from the stage of an earlier job that wrote their output (the same RDD): 1 → 0',
    );
    const replay = recordedWorkload(trace);
    expect(replay.workload.jobs[1]).toMatchObject({
      dependsOn: [0],
      mapCount: 3,
      reduceCount: 2,
      shuffleBytes: 30e6,
    });
    expect(replay.workload.jobs[1]!.recorded?.mapsFromParents).toBe(true);
    expect(replay.workload.jobs[1]!.recorded?.mapOutputBytes).toEqual([10e6, 12e6, 8e6]);
  });

  it('models a skipped parent no stage of the log ran from what its consumer read, and says so', () => {
    expect(trace.stages[2]!.skippedParentTasks).toBe(4);
    expect(trace.assumptions.join('\n')).toContain(
      'stage 4 read 12000000 shuffle bytes from skipped stage(s) 3 that no stage of this log ran: their output is modelled from what stage 4 read, as 4 task(s) of no compute placed by the scheduler',
    );
    const replay = recordedWorkload(trace);
    const job = replay.workload.jobs[2]!;
    expect(job).toMatchObject({ mapCount: 4, reduceCount: 2, shuffleBytes: 12e6, inputBytes: 0 });
    expect(job.dependsOn).toBeUndefined();
    expect(job.recorded?.mapSeconds).toEqual([0, 0, 0, 0]);
    expect(job.recorded?.mapOutputBytes).toEqual([3e6, 3e6, 3e6, 3e6]);
    expect(job.recorded?.reduceInputBytes).toEqual([6e6, 6e6]);
    expect(replay.units[2]).toMatchObject({ recordedFetchWait: 0.1 });
    expect(replay.assumptions.join('\n')).toMatch(
      /1 stage\(s\) read shuffle that no stage of the trace wrote/,
    );
    // Every shuffle byte the log's stages read is in the replay.
    const read = trace.stages.flatMap((s) => s.tasks).reduce((a, t) => a + t.shuffleReadBytes, 0);
    expect(replay.workload.jobs.reduce((a, j) => a + j.shuffleBytes, 0)).toBe(read);
  });
});
