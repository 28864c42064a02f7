import type { RecordedTask } from '../recorded-trace.js';
import { JsonFields, isJsonObject } from './json-fields.js';
import { PHYSICAL_BOUNDS, boundedBytes, boundedDuration, boundedTime } from './physical-bounds.js';

/** One line of an event log: its place and its fields. */
export interface EventLine {
  readonly where: string;
  readonly event: string;
  readonly fields: JsonFields;
}

/** The events of a log's text, and where its last line was cut, if it was. */
export interface EventText {
  readonly lines: EventLine[];
  /** `file line N` of a last line the file ends inside (an in-progress log), left out. */
  readonly cut: string | undefined;
}

/**
 * Lines of JSON text as events, refusing a line that is not a JSON object with an `Event`;
 * with `allowCut`, a last line the file ends inside (a writer still at work) is left out
 * and named instead.
 */
export function eventLines(text: string, fileName: string, allowCut = false): EventText {
  const out: EventLine[] = [];
  const raw = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n');
  for (let i = 0; i < raw.length; i++) {
    const line = (raw[i] as string).replace(/\r$/, '');
    if (line.trim() === '') continue;
    const where = `${fileName} line ${i + 1}`;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const last = i === raw.length - 1 || raw.slice(i + 1).every((l) => l.trim() === '');
      if (last && allowCut) return { lines: out, cut: where };
      throw new Error(
        `${where}: not a JSON object${last ? ' (the file ends inside this line: truncated?)' : ''}: ${(error as Error).message}`,
      );
    }
    if (!isJsonObject(value))
      throw new Error(`${where}: expected a JSON object, got ${JSON.stringify(value).slice(0, 40)}`);
    const fields = new JsonFields(where, value);
    out.push({ where, event: fields.string('Event'), fields });
  }
  return { lines: out, cut: undefined };
}

/** A stage as the log tells it, before checks. */
export interface SparkStageRecord {
  readonly id: number;
  name: string;
  parents: number[];
  taskCount: number;
  /** Where the stage was first described (for messages). */
  where: string;
  submitted: string | undefined;
  submitTime: number;
  completionTime: number;
  /** Line of the last completion without failure, if any. */
  completed: string | undefined;
  readonly tasks: Map<number, RecordedTask>;
  /** Seconds failed attempts held their slots, per task index. */
  readonly failedSeconds: Map<number, number>;
  failedAttempts: number;
  /** The RDD the stage computes (the highest `RDD Info` id), when the log lists them. */
  rdd: number | undefined;
  /** The last failed attempt's `Failure Reason`, first line. */
  failureReason: string | undefined;
}

/** The stage record for an id, created on first sight. */
export function stageRecord(
  stages: Map<number, SparkStageRecord>,
  id: number,
  where: string,
): SparkStageRecord {
  let stage = stages.get(id);
  if (stage === undefined) {
    stage = {
      id,
      name: `stage ${id}`,
      parents: [],
      taskCount: -1,
      where,
      submitted: undefined,
      submitTime: Number.NaN,
      completionTime: Number.NaN,
      completed: undefined,
      tasks: new Map(),
      failedSeconds: new Map(),
      failedAttempts: 0,
      failureReason: undefined,
      rdd: undefined,
    };
    stages.set(id, stage);
  }
  return stage;
}

/** Reads a `Stage Info` object into its stage record. */
export function readStageInfo(stages: Map<number, SparkStageRecord>, info: JsonFields): SparkStageRecord {
  const stage = stageRecord(stages, info.integer('Stage ID'), info.where);
  stage.name = info.optionalString('Stage Name', stage.name);
  // A retried attempt lists only the partitions it recomputes: the first attempt has them all.
  stage.taskCount = Math.max(
    stage.taskCount,
    info.integer('Number of Tasks', 0, PHYSICAL_BOUNDS.maxStageTasks),
  );
  if (info.has('Parent IDs')) stage.parents = info.integers('Parent IDs');
  if (info.has('RDD Info')) {
    const ids = info.objects('RDD Info').map((rdd) => rdd.integer('RDD ID'));
    if (ids.length > 0) stage.rdd = Math.max(...ids);
  }
  return stage;
}

/**
 * A successful `SparkListenerTaskEnd` as a recorded task (times in ms since the epoch
 * turned into seconds after `epochMs`).
 */
export function readTaskEnd(fields: JsonFields, epochMs: number): RecordedTask {
  const info = fields.object('Task Info');
  const metrics = fields.object('Task Metrics');
  const launch = boundedTime(info, 'Launch Time', epochMs);
  const finish = boundedTime(info, 'Finish Time', epochMs);
  if (finish < launch) throw info.fail('Finish Time', `a time >= Launch Time (${launch})`, finish);
  const read = metrics.optionalObject('Shuffle Read Metrics');
  const write = metrics.optionalObject('Shuffle Write Metrics');
  const input = metrics.optionalObject('Input Metrics');
  const output = metrics.optionalObject('Output Metrics');
  const remote = read === undefined ? 0 : boundedBytes(read, 'Remote Bytes Read');
  const local = read === undefined ? 0 : boundedBytes(read, 'Local Bytes Read');
  const fetchWait = read === undefined ? 0 : boundedDuration(read, 'Fetch Wait Time', 0);
  const run = boundedDuration(metrics, 'Executor Run Time');
  const deserialise = boundedDuration(metrics, 'Executor Deserialize Time', 0);
  const gettingResult = info.has('Getting Result Time') ? info.integer('Getting Result Time') : 0;
  const result =
    boundedDuration(metrics, 'Result Serialization Time', 0) +
    (gettingResult > 0 ? Math.max(0, finish - boundedTime(info, 'Getting Result Time', epochMs)) : 0);
  const schedulerDelay = Math.max(0, finish - launch - run - deserialise - result);
  return {
    index: info.integer('Index'),
    host: info.string('Host'),
    launchTime: (launch - epochMs) / 1000,
    finishTime: (finish - epochMs) / 1000,
    computeSeconds: Math.max(0, run - fetchWait) / 1000,
    inputBytes: input === undefined ? 0 : boundedBytes(input, 'Bytes Read'),
    shuffleReadBytes: remote + local,
    remoteShuffleReadBytes: remote,
    shuffleWriteBytes: write === undefined ? 0 : boundedBytes(write, 'Shuffle Bytes Written'),
    outputBytes: output === undefined ? 0 : boundedBytes(output, 'Bytes Written'),
    fetchWaitSeconds: fetchWait / 1000,
    overheads: {
      deserialise: deserialise / 1000,
      result: result / 1000,
      schedulerDelay: schedulerDelay / 1000,
      gc: Math.min(run, boundedDuration(metrics, 'JVM GC Time', 0)) / 1000,
    },
  };
}

/**
 * Seconds a failed `SparkListenerTaskEnd` held its slot (launch to finish), or undefined
 * for an attempt killed while another ran (speculation) or resubmitted after success.
 */
export function failedAttemptSeconds(
  fields: JsonFields,
  reason: string,
  epochMs: number,
): number | undefined {
  if (reason === 'TaskKilled' || reason === 'Resubmitted') return undefined;
  const info = fields.optionalObject('Task Info');
  if (info === undefined || !info.has('Launch Time') || !info.has('Finish Time')) return undefined;
  const launch = boundedTime(info, 'Launch Time', epochMs);
  const finish = boundedTime(info, 'Finish Time', epochMs);
  return finish > launch ? (finish - launch) / 1000 : 0;
}
