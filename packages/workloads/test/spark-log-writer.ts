/**
 * Writes Spark event logs from a plan, the way Spark's `EventLoggingListener` writes them:
 * one JSON event per line, in time order — executors added and removed, jobs, stages
 * submitted and completed, task starts and ends (failed attempts included). The readers'
 * tests use it instead of logs taken from other projects.
 */

/** An executor: where it ran, its cores, when it was added and (maybe) removed, ms after start. */
export interface ExecutorPlan {
  readonly id: string;
  readonly host: string;
  readonly cores: number;
  readonly added: number;
  readonly removed?: number;
}

/** An attempt that failed before the task's successful one. */
export interface FailedAttemptPlan {
  readonly executor: string;
  readonly launch: number;
  readonly finish: number;
  readonly reason: 'ExecutorLostFailure' | 'ExceptionFailure' | 'FetchFailed' | 'TaskKilled';
}

/** One task's successful attempt (times in ms after the application's start). */
export interface TaskPlan {
  readonly executor: string;
  readonly launch: number;
  readonly finish: number;
  /** Executor Run Time, ms (fetch wait included, as Spark counts it). */
  readonly run: number;
  readonly fetchWait?: number;
  readonly remote?: number;
  readonly local?: number;
  readonly written?: number;
  readonly input?: number;
  readonly failed?: readonly FailedAttemptPlan[];
  /** Executor Deserialize Time, ms (default 12). */
  readonly deserialise?: number;
  /** Result Serialization Time, ms (default 1). */
  readonly resultSerialisation?: number;
  /** JVM GC Time, ms, part of `run` (default 0). */
  readonly gc?: number;
}

export interface StagePlan {
  readonly id: number;
  readonly parents: readonly number[];
  readonly submit: number;
  readonly complete: number;
  readonly tasks: readonly TaskPlan[];
  /** The stage failed (or was cancelled) at `complete` with this reason: its job failed. */
  readonly failure?: string;
  /** No completion event at all (a stage under way when the log ends or the application stops). */
  readonly unfinished?: boolean;
  /** The RDD the stage computes (default 100 + 2 × id); a skipped stage over the same RDD reuses its output. */
  readonly rdd?: number;
  /** Tasks (after `tasks`) whose attempts all failed or were killed: no successful attempt. */
  readonly lost?: readonly FailedAttemptPlan[];
}

export interface JobPlan {
  readonly id: number;
  readonly stages: readonly StagePlan[];
  /** Stages the job lists but Spark skipped (their output was reused): never submitted. */
  readonly skipped?: readonly { id: number; tasks: number; parents: readonly number[]; rdd?: number }[];
}

export interface SparkAppPlan {
  readonly appId: string;
  readonly user: string;
  readonly mode: 'FIFO' | 'FAIR';
  /** Epoch ms of the application's start. */
  readonly start: number;
  readonly executors: readonly ExecutorPlan[];
  readonly jobs: readonly JobPlan[];
}

interface Timed {
  readonly at: number;
  readonly order: number;
  readonly event: object;
}

/** The log's lines, in the order Spark writes them. */
export function sparkEventLog(plan: SparkAppPlan): string[] {
  const hostOf = new Map(plan.executors.map((e) => [e.id, e.host]));
  const host = (executor: string): string => {
    const h = hostOf.get(executor);
    if (h === undefined) throw new Error(`sparkEventLog: no executor ${executor}`);
    return h;
  };
  const abs = (ms: number) => plan.start + ms;
  const events: Timed[] = [];
  let order = 0;
  const at = (ms: number, event: object) => events.push({ at: ms, order: order++, event });
  for (const e of plan.executors) {
    at(e.added, {
      Event: 'SparkListenerExecutorAdded',
      Timestamp: abs(e.added),
      'Executor ID': e.id,
      'Executor Info': { Host: e.host, 'Total Cores': e.cores, 'Log Urls': {} },
    });
    if (e.removed !== undefined) {
      at(e.removed, {
        Event: 'SparkListenerExecutorRemoved',
        Timestamp: abs(e.removed),
        'Executor ID': e.id,
        'Removed Reason': 'Container released',
      });
    }
  }
  let taskId = 0;
  for (const job of plan.jobs) {
    const info = (
      s: { id: number; tasks: number; parents: readonly number[]; rdd?: number },
      times: object = {},
    ) => ({
      'Stage ID': s.id,
      'Stage Attempt ID': 0,
      'Stage Name': `stage ${s.id} at Job.scala:${10 + s.id}`,
      'Number of Tasks': s.tasks,
      // The stage's RDD first, then its narrow ancestor (created before it: a lower id).
      'RDD Info': [
        rddInfo(s.rdd ?? 100 + 2 * s.id, s.tasks),
        rddInfo((s.rdd ?? 100 + 2 * s.id) - 1, s.tasks),
      ],
      'Parent IDs': s.parents,
      Details: '',
      ...times,
      Accumulables: [],
    });
    const listed = [
      ...job.stages.map((s) => ({
        ...(s.rdd === undefined ? {} : { rdd: s.rdd }),
        id: s.id,
        tasks: s.tasks.length + (s.lost?.length ?? 0),
        parents: s.parents,
      })),
      ...(job.skipped ?? []),
    ];
    const first = Math.min(...job.stages.map((s) => s.submit));
    const last = Math.max(...job.stages.map((s) => s.complete));
    at(first, {
      Event: 'SparkListenerJobStart',
      'Job ID': job.id,
      'Submission Time': abs(first),
      'Stage Infos': listed.map((s) => info(s)),
      'Stage IDs': listed.map((s) => s.id),
      Properties: {},
    });
    for (const s of job.stages) {
      const described = {
        ...(s.rdd === undefined ? {} : { rdd: s.rdd }),
        id: s.id,
        tasks: s.tasks.length + (s.lost?.length ?? 0),
        parents: s.parents,
      };
      at(s.submit, {
        Event: 'SparkListenerStageSubmitted',
        'Stage Info': info(described, { 'Submission Time': abs(s.submit) }),
        Properties: {},
      });
      const planned = [
        ...s.tasks.map((t) => [...(t.failed ?? []), { ...t, reason: 'Success' as const }]),
        ...(s.lost ?? []).map((a) => [a]),
      ];
      planned.forEach((attempts, index) => {
        const t = s.tasks[index] ?? { run: 0 };
        attempts.forEach((a, attempt) => {
          const id = taskId++;
          const taskInfo = {
            'Task ID': id,
            Index: index,
            Attempt: attempt,
            'Launch Time': abs(a.launch),
            'Executor ID': a.executor,
            Host: host(a.executor),
            Locality: 'PROCESS_LOCAL',
            Speculative: false,
            'Getting Result Time': 0,
            'Finish Time': abs(a.finish),
            Failed: a.reason !== 'Success' && a.reason !== 'TaskKilled',
            Killed: a.reason === 'TaskKilled',
            Accumulables: [],
          };
          at(a.launch, {
            Event: 'SparkListenerTaskStart',
            'Stage ID': s.id,
            'Stage Attempt ID': 0,
            'Task Info': { ...taskInfo, 'Finish Time': 0, Failed: false, Killed: false },
          });
          at(a.finish, {
            Event: 'SparkListenerTaskEnd',
            'Stage ID': s.id,
            'Stage Attempt ID': 0,
            'Task Type': s.parents.length === 0 ? 'ShuffleMapTask' : 'ResultTask',
            'Task End Reason':
              a.reason === 'Success'
                ? { Reason: 'Success' }
                : { Reason: a.reason, 'Executor ID': a.executor, 'Exit Caused By App': true },
            'Task Info': taskInfo,
            'Task Metrics': taskMetrics(a.reason === 'Success' ? t : { run: a.finish - a.launch }),
          });
        });
      });
      if (s.unfinished !== true) {
        at(s.complete, {
          Event: 'SparkListenerStageCompleted',
          'Stage Info': info(described, {
            'Submission Time': abs(s.submit),
            'Completion Time': abs(s.complete),
            ...(s.failure === undefined ? {} : { 'Failure Reason': s.failure }),
          }),
        });
      }
    }
    const failed = job.stages.some((s) => s.failure !== undefined || s.unfinished === true);
    at(last, {
      Event: 'SparkListenerJobEnd',
      'Job ID': job.id,
      'Completion Time': abs(last),
      'Job Result': failed
        ? { Result: 'JobFailed', Exception: { Message: 'Job aborted due to stage failure' } }
        : { Result: 'JobSucceeded' },
    });
  }
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  const end = events.length === 0 ? 0 : events[events.length - 1]!.at + 10;
  const head = [
    { Event: 'SparkListenerLogStart', 'Spark Version': '3.5.1' },
    {
      Event: 'SparkListenerEnvironmentUpdate',
      'JVM Information': { 'Java Version': '17.0.10 (Eclipse Adoptium)' },
      'Spark Properties': {
        'spark.master': 'yarn',
        'spark.scheduler.mode': plan.mode,
        'spark.app.id': plan.appId,
      },
      'System Properties': {},
      'Classpath Entries': {},
    },
    {
      Event: 'SparkListenerApplicationStart',
      'App Name': 'written-by-tests',
      'App ID': plan.appId,
      Timestamp: plan.start,
      User: plan.user,
    },
  ];
  return [
    ...head.map((e) => JSON.stringify(e)),
    ...events.map((e) => JSON.stringify(e.event)),
    JSON.stringify({ Event: 'SparkListenerApplicationEnd', Timestamp: abs(end) }),
  ];
}

function rddInfo(id: number, partitions: number): object {
  return {
    'RDD ID': id,
    Name: `MapPartitionsRDD ${id}`,
    'Parent IDs': [id - 1],
    'Storage Level': { 'Use Disk': false, 'Use Memory': false, Deserialized: false, Replication: 1 },
    'Number of Partitions': partitions,
    'Number of Cached Partitions': 0,
    'Memory Size': 0,
    'Disk Size': 0,
  };
}

function taskMetrics(t: Partial<TaskPlan> & { run: number }): object {
  return {
    'Executor Deserialize Time': t.deserialise ?? 12,
    'Executor Deserialize CPU Time': 9_000_000,
    'Executor Run Time': t.run,
    'Executor CPU Time': t.run * 900_000,
    'Result Size': 1500,
    'JVM GC Time': t.gc ?? 0,
    'Result Serialization Time': t.resultSerialisation ?? 1,
    'Memory Bytes Spilled': 0,
    'Disk Bytes Spilled': 0,
    'Shuffle Read Metrics': {
      'Remote Blocks Fetched': t.remote ? 1 : 0,
      'Local Blocks Fetched': t.local ? 1 : 0,
      'Fetch Wait Time': t.fetchWait ?? 0,
      'Remote Bytes Read': t.remote ?? 0,
      'Remote Bytes Read To Disk': 0,
      'Local Bytes Read': t.local ?? 0,
      'Total Records Read': 0,
    },
    'Shuffle Write Metrics': {
      'Shuffle Bytes Written': t.written ?? 0,
      'Shuffle Write Time': 0,
      'Shuffle Records Written': 0,
    },
    'Input Metrics': { 'Bytes Read': t.input ?? 0, 'Records Read': 0 },
    'Output Metrics': { 'Bytes Written': 0, 'Records Written': 0 },
    'Updated Blocks': [],
  };
}

/** The lines split into `parts` consecutive pieces, as a rolling event log writes them. */
export function rollingParts(lines: readonly string[], parts: number): string[] {
  const size = Math.ceil(lines.length / parts);
  return Array.from({ length: parts }, (_, p) => `${lines.slice(p * size, (p + 1) * size).join('\n')}\n`);
}
