/**
 * The recorded traces the readers' tests replay, written by this project's test code: a
 * multi-executor, multi-stage Spark application on YARN (shuffles between stages, a failed
 * attempt retried on another host, executors added and removed while it runs, a job whose
 * map stage Spark skipped) and a Rumen history of two MapReduce jobs (one with reduces
 * and a failed map attempt, one map-only) on two racks.
 */
import { type RumenAttemptPlan, type RumenJobPlan, rumenJobHistory } from './rumen-history-writer.js';
import { type SparkAppPlan, type TaskPlan, sparkEventLog } from './spark-log-writer.js';

export const SPARK_APP_ID = 'application_1700000000000_0042';
export const SPARK_START = 1_700_000_000_000;

const map = (executor: string, launch: number, finish: number, input: number, written: number): TaskPlan => ({
  executor,
  launch,
  finish,
  run: finish - launch - 100,
  input,
  written,
});

const read = (
  executor: string,
  launch: number,
  finish: number,
  fetchWait: number,
  remote: number,
  local: number,
  written = 0,
): TaskPlan => ({ executor, launch, finish, run: finish - launch - 100, fetchWait, remote, local, written });

/**
 * Executors 1, 2, 3 (two cores each) on node-1, node-2, node-3; executor 2 is removed at
 * 9 s, executor 4 (node-1, two cores) and 5 (node-2, one core) are added at 9.5 s.
 * Job 0: stages 0 (4 tasks) and 1 (3 tasks) read input and write shuffle; stage 2 reads
 * both (22 MB); stage 3 reads stage 2's. Task 1 of stage 0 fails on executor 2 and is
 * retried on executor 3. Job 1: stage 4 skipped (its output reused), stage 5 reads it.
 */
export function sparkPlan(mode: 'FIFO' | 'FAIR' = 'FAIR'): SparkAppPlan {
  return {
    appId: SPARK_APP_ID,
    user: 'ana',
    mode,
    start: SPARK_START,
    executors: [
      { id: '1', host: 'node-1.rack-a.example', cores: 2, added: 500 },
      { id: '2', host: 'node-2.rack-a.example', cores: 2, added: 600, removed: 9000 },
      { id: '3', host: 'node-3.rack-b.example', cores: 2, added: 700 },
      { id: '4', host: 'node-1.rack-a.example', cores: 2, added: 9500 },
      { id: '5', host: 'node-2.rack-a.example', cores: 1, added: 9600 },
    ],
    jobs: [
      {
        id: 0,
        stages: [
          {
            id: 0,
            parents: [],
            submit: 1000,
            complete: 4800,
            tasks: [
              map('1', 1100, 3100, 64e6, 4e6),
              {
                ...map('3', 1700, 4700, 64e6, 6e6),
                failed: [{ executor: '2', launch: 1100, finish: 1600, reason: 'ExecutorLostFailure' }],
              },
              map('2', 1100, 3600, 64e6, 5e6),
              map('3', 1100, 3900, 32e6, 3e6),
            ],
          },
          {
            id: 1,
            parents: [],
            submit: 1000,
            complete: 4600,
            tasks: [
              map('1', 1150, 2150, 16e6, 1e6),
              map('1', 2200, 3000, 16e6, 2e6),
              map('2', 3700, 4500, 16e6, 1e6),
            ],
          },
          {
            id: 2,
            parents: [0, 1],
            submit: 4800,
            complete: 7500,
            tasks: [read('1', 4900, 6900, 400, 8e6, 3.5e6, 2e6), read('3', 4900, 7400, 600, 9e6, 1.5e6, 1e6)],
          },
          {
            id: 3,
            parents: [2],
            submit: 7500,
            complete: 8700,
            tasks: [read('3', 7600, 8600, 100, 2e6, 1e6)],
          },
        ],
      },
      {
        id: 1,
        skipped: [{ id: 4, tasks: 2, parents: [] }],
        stages: [
          {
            id: 5,
            parents: [4],
            submit: 10_000,
            complete: 11_400,
            tasks: [
              read('4', 10_100, 11_100, 50, 1e6, 1e6),
              read('4', 10_100, 11_300, 50, 1.5e6, 0.5e6),
              read('5', 10_100, 11_000, 80, 1e6, 0),
            ],
          },
        ],
      },
    ],
  };
}

/** The Spark application's event log lines. */
export function sparkLines(mode: 'FIFO' | 'FAIR' = 'FAIR'): string[] {
  return sparkEventLog(sparkPlan(mode));
}

const ok = (
  rack: string,
  host: string,
  start: number,
  finish: number,
  more: Partial<RumenAttemptPlan> = {},
) => ({
  rack,
  host,
  start,
  finish,
  ...more,
});

/**
 * Job 1 (Sort, queue sls_queue_1): 4 maps on node-1, node-2 (rack-a) and node-3 (rack-b),
 * map 1 failing on node-2 and succeeding on node-3; 2 reduces reading 120 MB.
 * Job 2 (TeraGen, queue sls_queue_2): 3 maps writing to HDFS, no reduce.
 */
export function rumenJobs(): RumenJobPlan[] {
  return [
    {
      id: 'job_1369942127770_0001',
      name: 'Sort',
      user: 'jenkins',
      queue: 'sls_queue_1',
      submit: 0,
      launch: 1000,
      finish: 40_000,
      maps: [
        { attempts: [ok('rack-a', 'node-1', 2000, 12_000, { hdfsRead: 128e6 })], outputBytes: 30e6 },
        {
          attempts: [
            ok('rack-a', 'node-2', 2000, 5000, { result: 'FAILED' }),
            ok('rack-b', 'node-3', 5500, 16_000, { hdfsRead: 128e6 }),
          ],
          outputBytes: 40e6,
        },
        { attempts: [ok('rack-a', 'node-2', 2100, 11_000, { hdfsRead: 128e6 })], outputBytes: 20e6 },
        { attempts: [ok('rack-b', 'node-3', 2100, 10_000, { hdfsRead: 64e6 })], outputBytes: 30e6 },
      ],
      reduces: [
        {
          attempts: [
            ok('rack-a', 'node-1', 13_000, 35_000, {
              shuffleFinished: 20_000,
              shuffleBytes: 70e6,
              hdfsWritten: 70e6,
            }),
          ],
        },
        {
          attempts: [
            ok('rack-b', 'node-3', 13_000, 38_000, {
              shuffleFinished: 21_000,
              shuffleBytes: 50e6,
              hdfsWritten: 50e6,
            }),
          ],
        },
      ],
    },
    {
      id: 'job_1369942127770_0002',
      name: 'TeraGen',
      user: 'jenkins',
      queue: 'sls_queue_2',
      submit: 5000,
      launch: 6000,
      finish: 30_000,
      maps: ['node-1', 'node-2', 'node-4'].map((host, k) => ({
        attempts: [
          ok(host === 'node-4' ? 'rack-b' : 'rack-a', host, 7000 + k * 100, 25_000 + k * 1000, {
            hdfsRead: 82,
            hdfsWritten: 400e6,
          }),
        ],
        outputBytes: 72_234,
      })),
      reduces: [],
    },
  ];
}

/** The two jobs' Rumen history. */
export function rumenText(): string {
  return rumenJobHistory(rumenJobs());
}
