/**
 * Test data: a Spark event log of one map stage (2 tasks on hosts r1-h1 and r2-h1, 2
 * cores each) and one result stage reading its 16 MiB of shuffle.
 */
export function sparkLog(): string {
  const task = (stage: number, index: number, host: string, launch: number, run: number, m: object) =>
    JSON.stringify({
      Event: 'SparkListenerTaskEnd',
      'Stage ID': stage,
      'Task End Reason': { Reason: 'Success' },
      'Task Info': { Index: index, Host: host, 'Launch Time': launch, 'Finish Time': launch + run + 100 },
      'Task Metrics': { 'Executor Run Time': run, ...m },
    });
  const info = (id: number, parents: number[], submit: number, done?: number) => ({
    'Stage ID': id,
    'Number of Tasks': 2,
    'Parent IDs': parents,
    'Submission Time': submit,
    ...(done === undefined ? {} : { 'Completion Time': done }),
  });
  const write = {
    'Shuffle Write Metrics': { 'Shuffle Bytes Written': 8 * 1024 * 1024 },
    'Input Metrics': { 'Bytes Read': 64 * 1024 * 1024 },
  };
  const read = {
    'Shuffle Read Metrics': {
      'Remote Bytes Read': 4 * 1024 * 1024,
      'Local Bytes Read': 4 * 1024 * 1024,
      'Fetch Wait Time': 200,
    },
  };
  return [
    {
      Event: 'SparkListenerApplicationStart',
      'App ID': 'app-1',
      'App Name': 'wc',
      User: 'ana',
      Timestamp: 0,
    },
    { Event: 'SparkListenerExecutorAdded', 'Executor Info': { Host: 'r1-h1', 'Total Cores': 2 } },
    { Event: 'SparkListenerExecutorAdded', 'Executor Info': { Host: 'r2-h1', 'Total Cores': 2 } },
    { Event: 'SparkListenerStageSubmitted', 'Stage Info': info(0, [], 1000) },
  ]
    .map((e) => JSON.stringify(e))
    .concat([task(0, 0, 'r1-h1', 1000, 3000, write), task(0, 1, 'r2-h1', 1000, 4000, write)])
    .concat([JSON.stringify({ Event: 'SparkListenerStageCompleted', 'Stage Info': info(0, [], 1000, 5200) })])
    .concat([task(1, 0, 'r1-h1', 5300, 1000, read), task(1, 1, 'r2-h1', 5300, 1500, read)])
    .concat([
      JSON.stringify({ Event: 'SparkListenerStageCompleted', 'Stage Info': info(1, [0], 5300, 7000) }),
    ])
    .join('\n');
}

/**
 * Test data: a Rumen job history of one MapReduce job (2 maps on hosts of rack r1 and r2,
 * 1 reduce reading 96 MiB, its shuffle phase 4 s of its 10 s), pretty-printed as Rumen
 * writes it.
 */
export function rumenHistory(): string {
  const attempt = (host: string, start: number, finish: number, extra: object) => ({
    hostName: host,
    startTime: start,
    finishTime: finish,
    result: 'SUCCESS',
    shuffleFinished: -1,
    hdfsBytesRead: -1,
    reduceShuffleBytes: -1,
    ...extra,
  });
  const map = (i: number, host: string) => ({
    taskID: `task_1_0001_m_00000${i}`,
    taskType: 'MAP',
    taskStatus: 'SUCCESS',
    outputBytes: 48 * 1024 * 1024,
    attempts: [attempt(host, 1000, 9000, { hdfsBytesRead: 128 * 1024 * 1024 })],
  });
  const job = {
    jobID: 'job_1_0001',
    user: 'ana',
    queue: 'etl',
    jobName: 'sort',
    submitTime: 0,
    launchTime: 500,
    finishTime: 20_000,
    mapTasks: [map(0, '/r1/h1'), map(1, '/r2/h2')],
    reduceTasks: [
      {
        taskID: 'task_1_0001_r_000000',
        taskType: 'REDUCE',
        taskStatus: 'SUCCESS',
        attempts: [
          attempt('/r1/h3', 9500, 19_500, { shuffleFinished: 13_500, reduceShuffleBytes: 96 * 1024 * 1024 }),
        ],
      },
    ],
  };
  return `${JSON.stringify(job, null, 2)}\n`;
}
