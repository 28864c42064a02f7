/**
 * Small traces written the way Spark and Rumen write them, for the readers' tests: a
 * Spark application of two stages (a map stage and a result stage reading its shuffle)
 * on two executors, and a Rumen history of one MapReduce job and one map-only job.
 */

/** A Spark task end with the metrics the reader uses. */
export function sparkTaskEnd(o: {
  stage: number;
  index: number;
  host: string;
  launch: number;
  finish: number;
  run: number;
  fetchWait?: number;
  remote?: number;
  local?: number;
  written?: number;
  input?: number;
  reason?: string;
}): string {
  return JSON.stringify({
    Event: 'SparkListenerTaskEnd',
    'Stage ID': o.stage,
    'Stage Attempt ID': 0,
    'Task Type': o.remote === undefined ? 'ShuffleMapTask' : 'ResultTask',
    'Task End Reason': { Reason: o.reason ?? 'Success' },
    'Task Info': {
      'Task ID': o.stage * 100 + o.index,
      Index: o.index,
      Attempt: 0,
      'Launch Time': o.launch,
      'Executor ID': o.host === 'host-a' ? '1' : '2',
      Host: o.host,
      'Finish Time': o.finish,
      Failed: o.reason !== undefined,
      Killed: false,
    },
    'Task Metrics': {
      'Executor Run Time': o.run,
      'Shuffle Read Metrics': {
        'Remote Bytes Read': o.remote ?? 0,
        'Local Bytes Read': o.local ?? 0,
        'Fetch Wait Time': o.fetchWait ?? 0,
      },
      'Shuffle Write Metrics': { 'Shuffle Bytes Written': o.written ?? 0 },
      'Input Metrics': { 'Bytes Read': o.input ?? 0 },
      'Output Metrics': { 'Bytes Written': 0 },
    },
  });
}

const T0 = 1_600_000_000_000;

function stageInfo(id: number, tasks: number, parents: number[], submit?: number, complete?: number) {
  return {
    'Stage ID': id,
    'Stage Attempt ID': 0,
    'Stage Name': `stage ${id} at <console>`,
    'Number of Tasks': tasks,
    'Parent IDs': parents,
    ...(submit === undefined ? {} : { 'Submission Time': submit }),
    ...(complete === undefined ? {} : { 'Completion Time': complete }),
  };
}

/** The lines of a two-stage Spark application log (FAIR mode, 2 executors of 2 cores). */
export function sparkLogLines(): string[] {
  return [
    JSON.stringify({ Event: 'SparkListenerLogStart', 'Spark Version': '3.5.0' }),
    JSON.stringify({
      Event: 'SparkListenerEnvironmentUpdate',
      'Spark Properties': { 'spark.scheduler.mode': 'FAIR', 'spark.master': 'yarn' },
    }),
    JSON.stringify({
      Event: 'SparkListenerApplicationStart',
      'App Name': 'wordcount',
      'App ID': 'application_1_0001',
      Timestamp: T0,
      User: 'ana',
    }),
    JSON.stringify({
      Event: 'SparkListenerExecutorAdded',
      Timestamp: T0 + 500,
      'Executor ID': '1',
      'Executor Info': { Host: 'host-a', 'Total Cores': 2 },
    }),
    JSON.stringify({
      Event: 'SparkListenerExecutorAdded',
      Timestamp: T0 + 600,
      'Executor ID': '2',
      'Executor Info': { Host: 'host-b', 'Total Cores': 2 },
    }),
    JSON.stringify({
      Event: 'SparkListenerJobStart',
      'Job ID': 0,
      'Submission Time': T0 + 1000,
      'Stage Infos': [stageInfo(0, 2, []), stageInfo(1, 2, [0])],
      'Stage IDs': [0, 1],
    }),
    JSON.stringify({ Event: 'SparkListenerStageSubmitted', 'Stage Info': stageInfo(0, 2, [], T0 + 1000) }),
    sparkTaskEnd({
      stage: 0,
      index: 0,
      host: 'host-a',
      launch: T0 + 1100,
      finish: T0 + 3100,
      run: 1900,
      input: 64_000_000,
      written: 4_000_000,
    }),
    sparkTaskEnd({
      stage: 0,
      index: 1,
      host: 'host-b',
      launch: T0 + 1100,
      finish: T0 + 4100,
      run: 2900,
      input: 64_000_000,
      written: 6_000_000,
    }),
    JSON.stringify({
      Event: 'SparkListenerStageCompleted',
      'Stage Info': stageInfo(0, 2, [], T0 + 1000, T0 + 4200),
    }),
    JSON.stringify({ Event: 'SparkListenerStageSubmitted', 'Stage Info': stageInfo(1, 2, [0], T0 + 4300) }),
    sparkTaskEnd({
      stage: 1,
      index: 0,
      host: 'host-a',
      launch: T0 + 4400,
      finish: T0 + 5400,
      run: 900,
      fetchWait: 300,
      remote: 3_000_000,
      local: 2_000_000,
    }),
    sparkTaskEnd({
      stage: 1,
      index: 1,
      host: 'host-b',
      launch: T0 + 4400,
      finish: T0 + 5900,
      run: 1400,
      fetchWait: 500,
      remote: 2_000_000,
      local: 3_000_000,
    }),
    JSON.stringify({
      Event: 'SparkListenerStageCompleted',
      'Stage Info': stageInfo(1, 2, [0], T0 + 4300, T0 + 6000),
    }),
    JSON.stringify({
      Event: 'SparkListenerJobEnd',
      'Job ID': 0,
      'Completion Time': T0 + 6000,
      'Job Result': { Result: 'JobSucceeded' },
    }),
    JSON.stringify({ Event: 'SparkListenerApplicationEnd', Timestamp: T0 + 7000 }),
  ];
}

function rumenAttempt(o: {
  host: string;
  start: number;
  finish: number;
  shuffleFinished?: number;
  hdfs?: number;
  shuffle?: number;
}) {
  return {
    location: { layers: ['rack-1', o.host] },
    hostName: `/${o.host === 'c3' ? 'rack-2' : 'rack-1'}/${o.host}`,
    startTime: o.start,
    finishTime: o.finish,
    result: 'SUCCESS',
    attemptID: `attempt_${o.host}_${o.start}`,
    shuffleFinished: o.shuffleFinished ?? -1,
    sortFinished: -1,
    hdfsBytesRead: o.hdfs ?? -1,
    reduceShuffleBytes: o.shuffle ?? -1,
    mapOutputBytes: -1,
  };
}

/** Two Rumen jobs, pretty-printed and concatenated as Rumen writes them. */
export function rumenHistoryText(): string {
  const S = 1_371_222_054_000;
  const job1 = {
    priority: 'NORMAL',
    jobID: 'job_1_0001',
    user: 'jenkins',
    jobName: 'Sort',
    submitTime: S,
    launchTime: S + 1000,
    finishTime: S + 30_000,
    queue: 'q1',
    outcome: 'SUCCESS',
    mapTasks: [
      {
        taskID: 'task_1_0001_m_000000',
        taskType: 'MAP',
        taskStatus: 'SUCCESS',
        startTime: S + 1500,
        finishTime: S + 11_500,
        inputBytes: 100,
        outputBytes: 50_000_000,
        attempts: [rumenAttempt({ host: 'c1', start: S + 2000, finish: S + 11_000, hdfs: 128_000_000 })],
      },
      {
        taskID: 'task_1_0001_m_000001',
        taskType: 'MAP',
        taskStatus: 'SUCCESS',
        startTime: S + 1500,
        finishTime: S + 13_500,
        inputBytes: 100,
        outputBytes: 70_000_000,
        attempts: [rumenAttempt({ host: 'c3', start: S + 2000, finish: S + 13_000, hdfs: 128_000_000 })],
      },
    ],
    reduceTasks: [
      {
        taskID: 'task_1_0001_r_000000',
        taskType: 'REDUCE',
        taskStatus: 'SUCCESS',
        startTime: S + 12_000,
        finishTime: S + 29_000,
        inputBytes: -1,
        outputBytes: -1,
        attempts: [
          rumenAttempt({
            host: 'c2',
            start: S + 12_000,
            finish: S + 29_000,
            shuffleFinished: S + 20_000,
            shuffle: 120_000_000,
          }),
        ],
      },
    ],
  };
  const job2 = {
    jobID: 'job_1_0002',
    user: 'jenkins',
    jobName: 'TeraGen',
    submitTime: S + 5000,
    launchTime: S + 6000,
    finishTime: S + 20_000,
    queue: 'q2',
    mapTasks: [
      {
        taskID: 'task_1_0002_m_000000',
        taskType: 'MAP',
        taskStatus: 'SUCCESS',
        startTime: S + 6000,
        finishTime: S + 19_000,
        inputBytes: 82,
        outputBytes: 72_234,
        attempts: [rumenAttempt({ host: 'c2', start: S + 6500, finish: S + 19_000, hdfs: 82 })],
      },
    ],
    reduceTasks: [],
  };
  return `${JSON.stringify(job1, null, 2)}\n${JSON.stringify(job2, null, 2)}\n`;
}

/**
 * A zstd frame holding `bytes` in raw (stored) blocks — what a zstd compressor writes for
 * incompressible data — so the zstd path is tested without a compressor.
 */
export function rawZstdFrame(bytes: Uint8Array): Uint8Array {
  const size = bytes.length;
  if (size < 256) throw new Error('rawZstdFrame: 256 <= size');
  // Single segment; the content size in 2 bytes (minus 256) or, past that, in 4.
  const header =
    size < 65_792
      ? [0x28, 0xb5, 0x2f, 0xfd, 0x60, (size - 256) & 0xff, (size - 256) >> 8]
      : [0x28, 0xb5, 0x2f, 0xfd, 0xa0, size & 0xff, (size >> 8) & 0xff, (size >> 16) & 0xff, size >>> 24];
  const out: number[] = [...header];
  const BLOCK = 65_536;
  for (let at = 0; at < size; at += BLOCK) {
    const n = Math.min(BLOCK, size - at);
    const last = at + n >= size ? 1 : 0;
    const h = last | (n << 3);
    out.push(h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff);
    for (let i = at; i < at + n; i++) out.push(bytes[i]!);
  }
  return Uint8Array.from(out);
}
