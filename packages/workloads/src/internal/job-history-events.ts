import { JsonFields, isJsonObject } from './json-fields.js';
import type { JsonRecord } from './json-records.js';

/** Whether text starts as a MapReduce job history (`.jhist`, Avro-JSON) does. */
export function isJobHistory(head: string): boolean {
  const start = (head.charCodeAt(0) === 0xfeff ? head.slice(1) : head).trimStart();
  return (
    /^Avro-Json\s/.test(start) ||
    /^\{"type":"record","name":"Event","namespace":"org\.apache\.hadoop\.mapreduce\.jobhistory"/.test(start)
  );
}

const AVRO_PRIMITIVES = new Set(['string', 'int', 'long', 'float', 'double', 'boolean', 'bytes']);

/** An Avro-JSON union value (`{"string": "x"}`) as its value; anything else as it is. */
function unwrap(value: unknown): unknown {
  if (isJsonObject(value)) {
    const keys = Object.keys(value);
    if (keys.length === 1 && AVRO_PRIMITIVES.has(keys[0]!)) return value[keys[0]!];
  }
  return value;
}

/** The event's fields, Avro unions unwrapped. */
function eventFields(where: string, event: Record<string, unknown>): JsonFields {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(event)) out[k] = unwrap(v);
  return new JsonFields(where, out);
}

/** A counter's value (`counters.groups[].counts[]`), or undefined when not recorded. */
function counter(fields: JsonFields, name: string): number | undefined {
  const counters = fields.optionalObject('counters');
  if (counters === undefined || !counters.has('groups')) return undefined;
  for (const group of counters.objects('groups')) {
    if (!group.has('counts')) continue;
    for (const c of group.objects('counts'))
      if (c.optionalString('name', '') === name) return c.integer('value');
  }
  return undefined;
}

interface Attempt {
  readonly fields: Record<string, unknown>;
  readonly ok: boolean;
}

interface Task {
  readonly type: string;
  status: string;
  readonly attempts: Attempt[];
}

interface Job {
  readonly line: number;
  readonly value: Record<string, unknown>;
  readonly tasks: Map<string, Task>;
}

/**
 * A MapReduce job history's events (`Avro-Json`, the schema, then one JSON event a line,
 * as Hadoop's JobHistoryEventHandler writes them) as the job objects a Rumen history holds:
 * the job's id, name, user, queue, submission, launch, finish and outcome; per task its
 * status and attempts (host and `/rack/host`, start, finish, a reduce's shuffle end, and
 * the counters HDFS_BYTES_READ, HDFS_BYTES_WRITTEN, FILE_BYTES_WRITTEN, REDUCE_SHUFFLE_BYTES).
 * @throws Error naming the file, line and field of a malformed event.
 */
export function jobHistoryRecords(text: string, fileName: string): JsonRecord[] {
  const jobs = new Map<string, Job>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const where = `${fileName} line ${i + 1}`;
    if (line === '' || line.startsWith('Avro-Json') || i === 1) return;
    const { type, event } = historyEvent(line, where);
    readHistoryEvent(jobs, type, event, where, i + 1);
  });
  return [...jobs.values()].map(jobRecord);
}

/** One line's event: its type and its fields, Avro unions unwrapped. */
function historyEvent(line: string, where: string): { type: string; event: JsonFields } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new Error(`${where}: not a JSON event: ${(error as Error).message}`);
  }
  if (!isJsonObject(value)) throw new Error(`${where}: expected a JSON event object`);
  const outer = new JsonFields(where, value);
  const type = outer.string('type');
  const wrapped = outer.object('event');
  const inner = Object.values(wrapped.value)[0];
  if (!isJsonObject(inner)) throw wrapped.fail(type, 'an event record', inner);
  return { type, event: eventFields(`${where}, field "event"`, inner) };
}

/** The job a job, task or attempt id belongs to, submitted before it. */
function jobOf(jobs: Map<string, Job>, where: string, fields: JsonFields, key: string): Job {
  const id = fields
    .string(key)
    .replace(/^task_|^attempt_/, 'job_')
    .replace(/_[mr]_\d+(_\d+)?$/, '');
  const job = jobs.get(id);
  if (job === undefined) throw new Error(`${where}: field "${key}": ${id} before its JOB_SUBMITTED event`);
  return job;
}

/** One event, by its type, into the jobs read so far; types the replay does not need are passed over. */
function readHistoryEvent(
  jobs: Map<string, Job>,
  type: string,
  e: JsonFields,
  where: string,
  line: number,
): void {
  switch (type) {
    case 'JOB_SUBMITTED':
      jobs.set(e.string('jobid'), {
        line,
        value: {
          jobID: e.string('jobid'),
          jobName: e.optionalString('jobName', e.string('jobid')),
          user: e.optionalString('userName', 'unknown'),
          queue: e.optionalString('jobQueueName', 'default'),
          submitTime: e.integer('submitTime'),
        },
        tasks: new Map(),
      });
      break;
    case 'JOB_INITED':
      jobOf(jobs, where, e, 'jobid').value.launchTime = e.integer('launchTime');
      break;
    case 'JOB_FINISHED':
    case 'JOB_FAILED':
    case 'JOB_KILLED': {
      const job = jobOf(jobs, where, e, 'jobid');
      job.value.finishTime = e.integer('finishTime');
      job.value.outcome = type === 'JOB_FINISHED' ? 'SUCCESS' : e.optionalString('jobStatus', 'FAILED');
      break;
    }
    case 'TASK_STARTED':
      jobOf(jobs, where, e, 'taskid').tasks.set(e.string('taskid'), {
        type: e.string('taskType'),
        status: 'RUNNING',
        attempts: [],
      });
      break;
    case 'TASK_FINISHED':
    case 'TASK_FAILED': {
      const task = jobOf(jobs, where, e, 'taskid').tasks.get(e.string('taskid'));
      if (task !== undefined) task.status = type === 'TASK_FINISHED' ? 'SUCCESS' : 'FAILED';
      break;
    }
    case 'MAP_ATTEMPT_STARTED':
    case 'REDUCE_ATTEMPT_STARTED': {
      const task = jobOf(jobs, where, e, 'taskid').tasks.get(e.string('taskid'));
      task?.attempts.push({
        fields: { attemptID: e.string('attemptId'), startTime: e.integer('startTime') },
        ok: false,
      });
      break;
    }
    case 'MAP_ATTEMPT_FINISHED':
    case 'REDUCE_ATTEMPT_FINISHED':
    case 'MAP_ATTEMPT_FAILED':
    case 'MAP_ATTEMPT_KILLED':
    case 'REDUCE_ATTEMPT_FAILED':
    case 'REDUCE_ATTEMPT_KILLED':
      attemptEnded(jobOf(jobs, where, e, 'taskid'), type, e);
      break;
    default:
      break;
  }
}

/** An attempt ended: its outcome, host (`/rack/host`), finish and counters, as Rumen keeps them. */
function attemptEnded(job: Job, type: string, e: JsonFields): void {
  const task = job.tasks.get(e.string('taskid'));
  const attempt = task?.attempts.find((a) => a.fields.attemptID === e.string('attemptId'));
  if (task === undefined || attempt === undefined)
    throw e.fail('attemptId', 'an attempt started before it ended', e.string('attemptId'));
  const finished = type.endsWith('_FINISHED');
  const rack = e.optionalString('rackname', '');
  const host = e.optionalString('hostname', '');
  Object.assign(attempt.fields, {
    result: finished ? 'SUCCESS' : 'FAILED',
    hostName: rack === '' ? host : `${rack.startsWith('/') ? '' : '/'}${rack}/${host}`,
    finishTime: e.integer('finishTime'),
    ...(type === 'REDUCE_ATTEMPT_FINISHED' ? { shuffleFinished: e.integer('shuffleFinishTime') } : {}),
    hdfsBytesRead: counter(e, 'HDFS_BYTES_READ') ?? -1,
    hdfsBytesWritten: counter(e, 'HDFS_BYTES_WRITTEN') ?? -1,
    reduceShuffleBytes: counter(e, 'REDUCE_SHUFFLE_BYTES') ?? -1,
    fileBytesWritten: counter(e, 'FILE_BYTES_WRITTEN') ?? -1,
  });
  (attempt as { ok: boolean }).ok = finished;
}

/** A job as the object a Rumen history holds, its tasks split into maps and reduces. */
function jobRecord(job: Job, record: number): JsonRecord {
  const tasks = (kind: string) =>
    [...job.tasks.values()]
      .filter((t) => t.type === kind)
      .map((t) => {
        const ok = t.attempts.find((a) => a.ok);
        return {
          taskStatus: t.status,
          outputBytes: ok?.fields.fileBytesWritten ?? -1,
          attempts: t.attempts.map((a) => a.fields),
        };
      });
  return {
    record: record + 1,
    line: job.line,
    value: { ...job.value, mapTasks: tasks('MAP'), reduceTasks: tasks('REDUCE') },
  };
}
