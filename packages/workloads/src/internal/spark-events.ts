import type { RecordedTask } from '../recorded-trace.js';
import { JsonFields, isJsonObject } from './json-fields.js';

/** One line of an event log: its place and its fields. */
export interface EventLine {
  readonly where: string;
  readonly event: string;
  readonly fields: JsonFields;
}

/** Lines of JSON text as events, refusing a line that is not a JSON object with an `Event`. */
export function eventLines(text: string, fileName: string): EventLine[] {
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
      throw new Error(
        `${where}: not a JSON object${last ? ' (the file ends inside this line: truncated?)' : ''}: ${(error as Error).message}`,
      );
    }
    if (!isJsonObject(value))
      throw new Error(`${where}: expected a JSON object, got ${JSON.stringify(value).slice(0, 40)}`);
    const fields = new JsonFields(where, value);
    out.push({ where, event: fields.string('Event'), fields });
  }
  return out;
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
  failedAttempts: number;
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
      failedAttempts: 0,
    };
    stages.set(id, stage);
  }
  return stage;
}

/** Reads a `Stage Info` object into its stage record. */
export function readStageInfo(stages: Map<number, SparkStageRecord>, info: JsonFields): SparkStageRecord {
  const stage = stageRecord(stages, info.integer('Stage ID'), info.where);
  stage.name = info.optionalString('Stage Name', stage.name);
  stage.taskCount = info.integer('Number of Tasks');
  if (info.has('Parent IDs')) stage.parents = info.integers('Parent IDs');
  return stage;
}

/**
 * A successful `SparkListenerTaskEnd` as a recorded task (times in ms since the epoch
 * turned into seconds after `epochMs`).
 */
export function readTaskEnd(fields: JsonFields, epochMs: number): RecordedTask {
  const info = fields.object('Task Info');
  const metrics = fields.object('Task Metrics');
  const launch = info.integer('Launch Time');
  const finish = info.integer('Finish Time');
  if (finish < launch) throw info.fail('Finish Time', `a time >= Launch Time (${launch})`, finish);
  const read = metrics.optionalObject('Shuffle Read Metrics');
  const write = metrics.optionalObject('Shuffle Write Metrics');
  const input = metrics.optionalObject('Input Metrics');
  const output = metrics.optionalObject('Output Metrics');
  const remote = read?.optionalCount('Remote Bytes Read') ?? 0;
  const local = read?.optionalCount('Local Bytes Read') ?? 0;
  const fetchWait = read?.optionalCount('Fetch Wait Time') ?? 0;
  const run = metrics.integer('Executor Run Time');
  return {
    index: info.integer('Index'),
    host: info.string('Host'),
    launchTime: (launch - epochMs) / 1000,
    finishTime: (finish - epochMs) / 1000,
    computeSeconds: Math.max(0, run - fetchWait) / 1000,
    inputBytes: input?.optionalCount('Bytes Read') ?? 0,
    shuffleReadBytes: remote + local,
    remoteShuffleReadBytes: remote,
    shuffleWriteBytes: write?.optionalCount('Shuffle Bytes Written') ?? 0,
    outputBytes: output?.optionalCount('Bytes Written') ?? 0,
    fetchWaitSeconds: fetchWait / 1000,
  };
}
