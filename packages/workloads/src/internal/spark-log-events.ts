import { ExecutorCores } from './executor-cores.js';
import type { JsonFields } from './json-fields.js';
import { PHYSICAL_BOUNDS, boundedTime } from './physical-bounds.js';
import {
  type EventLine,
  type SparkStageRecord,
  failedAttemptSeconds,
  readStageInfo,
  readTaskEnd,
  stageRecord,
} from './spark-events.js';

/** What a Spark event log has told so far, as its events are read in order; the steps below add to it. */
export interface SparkLogState {
  /** The application start's timestamp, milliseconds: times are read as seconds after it. */
  readonly epochMs: number;
  /** `spark.scheduler.mode`, upper case (FIFO unless the environment says otherwise). */
  mode: string;
  /** Every stage the log names, by Spark's stage id. */
  readonly stages: Map<number, SparkStageRecord>;
  readonly executors: ExecutorCores;
  /** Hosts of executors and of successful task attempts. */
  readonly hosts: Set<string>;
  /** Task attempts that did not succeed. */
  failedTasks: number;
  /** Of those, attempts that held a slot for a recorded duration (replayed before the successful one). */
  failedHeld: number;
  /** Successful attempts of a task that already had one (speculation, retried stages). */
  duplicateTasks: number;
  /** Whether the log holds the application's end. */
  ended: boolean;
}

/** The state before the first event, for an application that started at `epochMs`. */
export function createSparkLogState(epochMs: number): SparkLogState {
  return {
    epochMs,
    mode: 'FIFO',
    stages: new Map(),
    executors: new ExecutorCores(),
    hosts: new Set(),
    failedTasks: 0,
    failedHeld: 0,
    duplicateTasks: 0,
    ended: false,
  };
}

/** One event of the log, by its kind; events the replay does not need are passed over. */
export function readSparkEvent(state: SparkLogState, { event, fields, where }: EventLine): void {
  switch (event) {
    case 'SparkListenerApplicationEnd':
      state.ended = true;
      break;
    case 'SparkListenerEnvironmentUpdate': {
      const props = fields.optionalObject('Spark Properties');
      if (props?.has('spark.scheduler.mode')) state.mode = props.string('spark.scheduler.mode').toUpperCase();
      break;
    }
    case 'SparkListenerExecutorAdded':
      executorAdded(state, fields, where);
      break;
    case 'SparkListenerExecutorRemoved':
      state.executors.removed(fields.optionalString('Executor ID', ''), secondsOf(state, fields));
      break;
    case 'SparkListenerJobStart':
      for (const info of fields.objects('Stage Infos')) readStageInfo(state.stages, info);
      break;
    case 'SparkListenerStageSubmitted': {
      const stage = readStageInfo(state.stages, fields.object('Stage Info'));
      stage.submitted ??= where;
      break;
    }
    case 'SparkListenerStageCompleted':
      stageCompleted(state, fields, where);
      break;
    case 'SparkListenerTaskEnd':
      taskEnded(state, fields, where);
      break;
    default:
      break;
  }
}

/** The event's `Timestamp` in seconds after the application's start; 0 without one. */
function secondsOf(state: SparkLogState, fields: JsonFields): number {
  const { epochMs } = state;
  return fields.has('Timestamp') ? (boundedTime(fields, 'Timestamp', epochMs) - epochMs) / 1000 : 0;
}

/** An executor came: its host's cores alive grow (never above the physical bound). */
function executorAdded(state: SparkLogState, fields: JsonFields, where: string): void {
  const info = fields.object('Executor Info');
  const host = info.string('Host');
  state.hosts.add(host);
  const max = PHYSICAL_BOUNDS.maxSlotsPerHost;
  const cores = info.integer('Total Cores', 1, max, 'task slots of one host');
  const at = secondsOf(state, fields);
  const onHost = state.executors.added(
    fields.optionalString('Executor ID', `unnamed ${where}`),
    host,
    cores,
    at,
  );
  if (onHost > max)
    throw info.fail('Total Cores', `at most ${max} cores alive on host ${host} at once`, cores);
}

/** A stage attempt ended: a failed one is counted; a successful one sets the stage's times. */
function stageCompleted(state: SparkLogState, fields: JsonFields, where: string): void {
  const { epochMs } = state;
  const info = fields.object('Stage Info');
  const stage = readStageInfo(state.stages, info);
  if (info.has('Failure Reason')) {
    stage.failedAttempts++;
    stage.failureReason = info.string('Failure Reason').split('\n')[0]!.slice(0, 120);
    return;
  }
  const submit = (boundedTime(info, 'Submission Time', epochMs) - epochMs) / 1000;
  if (Number.isNaN(stage.submitTime) || submit < stage.submitTime) stage.submitTime = submit;
  stage.completionTime = (boundedTime(info, 'Completion Time', epochMs) - epochMs) / 1000;
  stage.completed = where;
}

/** A task attempt ended: the first success of each task is kept; failures are counted, some held. */
function taskEnded(state: SparkLogState, fields: JsonFields, where: string): void {
  const reason = fields.object('Task End Reason').string('Reason');
  if (reason !== 'Success') {
    state.failedTasks++;
    const held = failedAttemptSeconds(fields, reason, state.epochMs);
    if (held !== undefined) {
      const stage = stageRecord(state.stages, fields.integer('Stage ID'), where);
      const index = fields.object('Task Info').integer('Index');
      stage.failedSeconds.set(index, (stage.failedSeconds.get(index) ?? 0) + held);
      state.failedHeld++;
    }
    return;
  }
  const task = readTaskEnd(fields, state.epochMs);
  state.hosts.add(task.host);
  const stage = stageRecord(state.stages, fields.integer('Stage ID'), where);
  if (stage.tasks.has(task.index)) state.duplicateTasks++;
  else stage.tasks.set(task.index, task);
}
