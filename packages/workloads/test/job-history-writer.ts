/**
 * Writes a MapReduce job history (`.jhist`) the way Hadoop's JobHistoryEventHandler does:
 * `Avro-Json`, the event schema on one line, then one JSON event a line, nullable fields
 * as Avro unions (`{"string": …}`), counters in groups. The readers' tests use it instead
 * of histories taken from other projects.
 */
import type { RumenJobPlan } from './rumen-history-writer.js';

/** One attempt (times in ms since the epoch). */
export interface JhistAttemptPlan {
  readonly host: string;
  readonly rack: string;
  readonly start: number;
  readonly finish: number;
  readonly failed?: boolean;
  /** Reduces: the end of the shuffle. */
  readonly shuffleEnd?: number;
  readonly hdfsRead?: number;
  readonly hdfsWritten?: number;
  readonly fileWritten?: number;
  readonly shuffleBytes?: number;
}

export interface JhistTaskPlan {
  readonly type: 'MAP' | 'REDUCE';
  readonly attempts: readonly JhistAttemptPlan[];
}

/** A job as a Rumen history's (id `job_<cluster>_<n>`, times in ms), its tasks in start order. */
export interface JhistJobPlan extends Omit<RumenJobPlan, 'maps' | 'reduces'> {
  readonly tasks: readonly JhistTaskPlan[];
}

const NS = 'org.apache.hadoop.mapreduce.jobhistory';

function counters(a: JhistAttemptPlan): object {
  const count = (name: string, value: number | undefined) =>
    value === undefined ? [] : [{ name, displayName: name, value }];
  return {
    name: 'COUNTERS',
    groups: [
      {
        name: 'org.apache.hadoop.mapreduce.FileSystemCounter',
        displayName: 'File System Counters',
        counts: [
          ...count('FILE_BYTES_WRITTEN', a.fileWritten),
          ...count('HDFS_BYTES_READ', a.hdfsRead),
          ...count('HDFS_BYTES_WRITTEN', a.hdfsWritten),
        ],
      },
      {
        name: 'org.apache.hadoop.mapreduce.TaskCounter',
        displayName: 'Map-Reduce Framework',
        counts: count('REDUCE_SHUFFLE_BYTES', a.shuffleBytes),
      },
    ],
  };
}

/** The history's lines. */
export function jobHistoryLines(job: JhistJobPlan): string[] {
  const timed: { at: number; order: number; line: string }[] = [];
  const at = (time: number, type: string, record: string, event: object) =>
    timed.push({
      at: time,
      order: timed.length,
      line: JSON.stringify({ type, event: { [`${NS}.${record}`]: event } }),
    });
  const cluster = job.id.slice('job_'.length);
  at(job.submit, 'JOB_SUBMITTED', 'JobSubmitted', {
    jobid: job.id,
    jobName: job.name,
    userName: job.user,
    submitTime: job.submit,
    jobConfPath: `hdfs://nn:8020/user/${job.user}/.staging/${job.id}/job.xml`,
    acls: {},
    jobQueueName: job.queue,
    workflowId: { string: '' },
  });
  at(job.launch, 'JOB_INITED', 'JobInited', {
    jobid: job.id,
    launchTime: job.launch,
    totalMaps: job.tasks.filter((t) => t.type === 'MAP').length,
    totalReduces: job.tasks.filter((t) => t.type === 'REDUCE').length,
    jobStatus: 'INITED',
    uberized: false,
  });
  const counted = { MAP: 0, REDUCE: 0 };
  for (const task of job.tasks) {
    const kind = task.type === 'MAP' ? 'm' : 'r';
    const taskid = `task_${cluster}_${kind}_${String(counted[task.type]++).padStart(6, '0')}`;
    const first = task.attempts[0]!;
    at(first.start, 'TASK_STARTED', 'TaskStarted', {
      taskid,
      taskType: task.type,
      startTime: first.start,
      splitLocations: '',
    });
    task.attempts.forEach((a, n) => {
      const attemptId = `attempt_${taskid.slice('task_'.length)}_${n}`;
      const prefix = task.type === 'MAP' ? 'MAP' : 'REDUCE';
      at(a.start, `${prefix}_ATTEMPT_STARTED`, 'TaskAttemptStarted', {
        taskid,
        taskType: task.type,
        attemptId,
        startTime: a.start,
        trackerName: a.host,
        httpPort: 8042,
        shufflePort: 13562,
        containerId: `container_${cluster}_01_00000${n + 2}`,
        locality: { string: 'NODE_LOCAL' },
        avataar: { string: 'VIRGIN' },
      });
      if (a.failed === true) {
        at(a.finish, `${prefix}_ATTEMPT_FAILED`, 'TaskAttemptUnsuccessfulCompletion', {
          taskid,
          taskType: task.type,
          attemptId,
          finishTime: a.finish,
          hostname: a.host,
          port: 45454,
          rackname: { string: a.rack },
          status: 'FAILED',
          error: 'Error: java.lang.RuntimeException: a failing attempt',
          counters: counters(a),
        });
        return;
      }
      const common = {
        taskid,
        attemptId,
        taskType: task.type,
        taskStatus: 'SUCCEEDED',
        finishTime: a.finish,
      };
      const where = {
        hostname: a.host,
        port: 45454,
        rackname: a.rack,
        state: 'SUCCEEDED',
        counters: counters(a),
      };
      if (task.type === 'MAP')
        at(a.finish, 'MAP_ATTEMPT_FINISHED', 'MapAttemptFinished', {
          ...common,
          mapFinishTime: a.finish - 5,
          ...where,
        });
      else
        at(a.finish, 'REDUCE_ATTEMPT_FINISHED', 'ReduceAttemptFinished', {
          ...common,
          shuffleFinishTime: a.shuffleEnd,
          sortFinishTime: a.shuffleEnd,
          ...where,
        });
      at(a.finish, 'TASK_FINISHED', 'TaskFinished', {
        taskid,
        taskType: task.type,
        finishTime: a.finish,
        status: 'SUCCEEDED',
        counters: counters(a),
        successfulAttemptId: { string: attemptId },
      });
    });
  }
  at(job.finish, 'JOB_FINISHED', 'JobFinished', {
    jobid: job.id,
    finishTime: job.finish,
    finishedMaps: counted.MAP,
    finishedReduces: counted.REDUCE,
    failedMaps: 0,
    failedReduces: 0,
  });
  const schema = { type: 'record', name: 'Event', namespace: NS, fields: [{ name: 'type', type: 'string' }] };
  timed.sort((a, b) => a.at - b.at || a.order - b.order);
  return ['Avro-Json', JSON.stringify(schema), ...timed.map((t) => t.line)];
}
