import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { foreignTraceError } from './internal/foreign-traces.js';
import { PHYSICAL_BOUNDS, boundedTime } from './internal/physical-bounds.js';
import {
  type EventLine,
  type SparkStageRecord,
  eventLines,
  failedAttemptSeconds,
  readStageInfo,
  readTaskEnd,
  stageRecord,
} from './internal/spark-events.js';
import { type ResolvedParents, StageProducers } from './internal/spark-stage-parents.js';
import { readTraceText } from './internal/trace-bytes.js';
import type {
  RecordedApplication,
  RecordedExecutor,
  RecordedStage,
  RecordedTask,
  RecordedTrace,
} from './recorded-trace.js';

/** A rolling event log directory's name: `eventlog_v2_<application id>`. */
const ROLLING_DIR = /^eventlog_v2_/;
/** A rolling event log part: `events_<n>_<application id>[.<codec>]`. */
const ROLLING_PART = /^events_(\d+)_/;

/**
 * Reads a Spark event log: one file (JSON lines, plain or zstd-compressed) or a rolling
 * `eventlog_v2_*` directory (its `events_<n>_*` parts in order).
 *
 * Kept: the application (id, name, user, `spark.scheduler.mode`), executors' hosts and
 * cores (a host's slots: the most cores of executors alive on it at once, as executors are
 * added and removed), each stage that completed (its parents, submission and completion, and one
 * successful attempt per task: host, launch, finish, executor run time minus fetch wait,
 * input, shuffle read — local and remote —, shuffle written, fetch wait). Failed and
 * speculative attempts and skipped stages are counted in `assumptions`, not replayed.
 *
 * @throws Error naming the file, line and field of the first malformed event; a stage
 * submitted but never completed, or completed with tasks missing (a truncated or
 * in-progress log); binary content; an unsupported compression codec by name.
 */
export function readSparkEventLog(path: string): RecordedTrace {
  const parts = sparkLogParts(path);
  const lines: EventLine[] = [];
  let cut: string | undefined;
  parts.forEach((part, i) => {
    const text = readTraceText(part, basename(part), 'readSparkEventLog');
    // Only the last part of a log can be under way.
    const events = eventLines(refuseForeign(text, basename(part)), basename(part), i === parts.length - 1);
    lines.push(...events.lines);
    cut = events.cut;
  });
  return parseSparkEvents(lines, basename(path), cut);
}

/**
 * Parses the text of one Spark event log file (already decompressed).
 * @throws Error as {@link readSparkEventLog}.
 */
export function parseSparkEventLog(text: string, fileName: string): RecordedTrace {
  if (typeof text !== 'string') throw new Error(`parseSparkEventLog: text of ${fileName} must be a string`);
  const events = eventLines(refuseForeign(text, fileName), fileName, true);
  return parseSparkEvents(events.lines, fileName, events.cut);
}

/** The text, unless it is a `.jhist` or a JSON array (refused by their own names). */
function refuseForeign(text: string, fileName: string): string {
  const foreign = foreignTraceError(text.slice(0, 4096), fileName, false);
  if (foreign !== undefined) throw foreign;
  return text;
}

/** The files of an event log: the file itself, or a rolling directory's parts in order. */
function sparkLogParts(path: string): string[] {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new Error(`readSparkEventLog: cannot read ${path}: ${(error as Error).message}`);
  }
  if (!isDirectory) return [path];
  const name = basename(path);
  if (!ROLLING_DIR.test(name)) {
    throw new Error(
      `readSparkEventLog: ${name} is a directory but not a rolling event log (eventlog_v2_<app id>)`,
    );
  }
  const parts = readdirSync(path)
    .map((file) => ({ file, match: ROLLING_PART.exec(file) }))
    .filter((p) => p.match !== null)
    .map((p) => ({ file: p.file, n: Number(p.match![1]) }))
    .sort((a, b) => a.n - b.n);
  if (parts.length === 0) throw new Error(`readSparkEventLog: ${name} holds no events_<n>_* file`);
  for (let i = 1; i < parts.length; i++) {
    if (parts[i]!.n !== parts[i - 1]!.n + 1) {
      throw new Error(
        `readSparkEventLog: ${name} lacks events_${parts[i - 1]!.n + 1}_*: the rolling log has a gap`,
      );
    }
  }
  return parts.map((p) => join(path, p.file));
}

function parseSparkEvents(lines: readonly EventLine[], name: string, cut: string | undefined): RecordedTrace {
  if (lines.length === 0) throw new Error(`${name}: no events (an empty event log)`);
  const start = lines.find((l) => l.event === 'SparkListenerApplicationStart');
  if (start === undefined)
    throw new Error(`${name}: no SparkListenerApplicationStart event: not a whole Spark event log`);
  const epochMs = start.fields.integer('Timestamp');
  let mode = 'FIFO';
  const stages = new Map<number, SparkStageRecord>();
  const executors = new ExecutorCores();
  const hosts = new Set<string>();
  let failedTasks = 0;
  let failedHeld = 0;
  let duplicateTasks = 0;
  let ended = false;
  for (const { event, fields, where } of lines) {
    switch (event) {
      case 'SparkListenerApplicationEnd':
        ended = true;
        break;
      case 'SparkListenerEnvironmentUpdate': {
        const props = fields.optionalObject('Spark Properties');
        if (props?.has('spark.scheduler.mode')) mode = props.string('spark.scheduler.mode').toUpperCase();
        break;
      }
      case 'SparkListenerExecutorAdded': {
        const info = fields.object('Executor Info');
        const host = info.string('Host');
        hosts.add(host);
        const max = PHYSICAL_BOUNDS.maxSlotsPerHost;
        const cores = info.integer('Total Cores', 1, max, 'task slots of one host');
        const at = fields.has('Timestamp') ? (boundedTime(fields, 'Timestamp', epochMs) - epochMs) / 1000 : 0;
        const onHost = executors.added(
          fields.optionalString('Executor ID', `unnamed ${where}`),
          host,
          cores,
          at,
        );
        if (onHost > max)
          throw info.fail('Total Cores', `at most ${max} cores alive on host ${host} at once`, cores);
        break;
      }
      case 'SparkListenerExecutorRemoved': {
        const at = fields.has('Timestamp') ? (boundedTime(fields, 'Timestamp', epochMs) - epochMs) / 1000 : 0;
        executors.removed(fields.optionalString('Executor ID', ''), at);
        break;
      }
      case 'SparkListenerJobStart':
        for (const info of fields.objects('Stage Infos')) readStageInfo(stages, info);
        break;
      case 'SparkListenerStageSubmitted': {
        const stage = readStageInfo(stages, fields.object('Stage Info'));
        stage.submitted ??= where;
        break;
      }
      case 'SparkListenerStageCompleted': {
        const info = fields.object('Stage Info');
        const stage = readStageInfo(stages, info);
        if (info.has('Failure Reason')) {
          stage.failedAttempts++;
          stage.failureReason = info.string('Failure Reason').split('\n')[0]!.slice(0, 120);
          break;
        }
        const submit = (boundedTime(info, 'Submission Time', epochMs) - epochMs) / 1000;
        if (Number.isNaN(stage.submitTime) || submit < stage.submitTime) stage.submitTime = submit;
        stage.completionTime = (boundedTime(info, 'Completion Time', epochMs) - epochMs) / 1000;
        stage.completed = where;
        break;
      }
      case 'SparkListenerTaskEnd': {
        const reason = fields.object('Task End Reason').string('Reason');
        if (reason !== 'Success') {
          failedTasks++;
          const held = failedAttemptSeconds(fields, reason, epochMs);
          if (held !== undefined) {
            const stage = stageRecord(stages, fields.integer('Stage ID'), where);
            const index = fields.object('Task Info').integer('Index');
            stage.failedSeconds.set(index, (stage.failedSeconds.get(index) ?? 0) + held);
            failedHeld++;
          }
          break;
        }
        const task = readTaskEnd(fields, epochMs);
        hosts.add(task.host);
        const stage = stageRecord(stages, fields.integer('Stage ID'), where);
        if (stage.tasks.has(task.index)) duplicateTasks++;
        else stage.tasks.set(task.index, task);
        break;
      }
      default:
        break;
    }
  }
  return buildTrace(name, start, mode, stages, hosts, executors, {
    failedTasks,
    failedHeld,
    duplicateTasks,
    ended,
    cut,
  });
}

function buildTrace(
  name: string,
  start: EventLine,
  mode: string,
  records: Map<number, SparkStageRecord>,
  hosts: Set<string>,
  executors: ExecutorCores,
  counts: {
    failedTasks: number;
    failedHeld: number;
    duplicateTasks: number;
    ended: boolean;
    cut: string | undefined;
  },
): RecordedTrace {
  const app: RecordedApplication = {
    id: start.fields.optionalString('App ID', name),
    name: start.fields.optionalString('App Name', name),
    user: start.fields.optionalString('User', 'unknown'),
    queue: 'default',
    scheduler: `spark ${mode}`,
    submitTime: 0,
  };
  const ran = [...records.values()].filter((s) => s.completed !== undefined || s.submitted !== undefined);
  ran.sort((a, b) => a.id - b.id);
  const skipped = records.size - ran.length;
  const indexOf = new Map<number, number>();
  const stages: RecordedStage[] = [];
  const unfinished: string[] = [];
  const producers = new StageProducers();
  const matched: [number, number][] = [];
  const modelled: string[] = [];
  for (const s of ran) {
    if (s.completed === undefined) {
      // A complete log: the stage failed, or was cancelled (its job failed, or the
      // application stopped while it ran). An in-progress log: it is under way. Either
      // way it has no completion to compare with.
      const done = `${s.tasks.size} of ${s.taskCount} task(s) done`;
      unfinished.push(
        !counts.ended
          ? `stage ${s.id} under way when the log ends (${done}): left out`
          : s.failureReason === undefined
            ? `stage ${s.id} never completed before the application ended (cancelled): left out, its ${s.tasks.size} successful task(s) not replayed`
            : `stage ${s.id} failed ("${s.failureReason}") and was not run again: left out, its ${s.tasks.size} successful task(s) not replayed`,
      );
      continue;
    }
    if (s.tasks.size !== s.taskCount) {
      throw new Error(
        `${s.completed}, field "Stage Info.Number of Tasks": stage ${s.id} has ${s.taskCount} tasks but ${s.tasks.size} ended successfully in the log (a truncated or corrupted log)`,
      );
    }
    const resolved = producers.resolve(s, records, indexOf);
    matched.push(...resolved.matched);
    const tasks = [...s.tasks.values()]
      .map((t) => {
        const failed = s.failedSeconds.get(t.index) ?? 0;
        return failed > 0 ? { ...t, failedAttemptSeconds: failed } : t;
      })
      .sort((a, b) => a.index - b.index);
    if (resolved.unproduced.length > 0) modelled.push(unproducedNote(s.id, resolved, tasks));
    indexOf.set(s.id, stages.length);
    producers.kept(s, stages.length);
    stages.push({
      id: `${app.id} stage ${s.id}`,
      name: s.name,
      application: 0,
      parents: resolved.parents,
      submitTime: s.submitTime,
      completionTime: s.completionTime,
      tasks,
      ...(resolved.unproduced.length > 0 ? { skippedParentTasks: resolved.unproducedTasks } : {}),
    });
  }
  const assumptions = [
    `one application: its stages are jobs of user "${app.user}"; the log names the scheduler ${app.scheduler}`,
    ...(counts.ended
      ? []
      : [
          `an in-progress log (no application end): only what it records so far is read${counts.cut === undefined ? '' : `; its last line (${counts.cut}) is cut and left out`}`,
        ]),
    ...unfinished,
    'a task computes for its executor run time minus its shuffle fetch wait, plus what Spark recorded around it: deserialisation, result serialisation and fetch, and scheduler delay (JVM GC is inside the run time)',
    'shuffle "remote" bytes are those Spark read from another executor (possibly on the same host)',
  ];
  if (skipped > 0)
    assumptions.push(`${skipped} stage(s) skipped by Spark (their output was reused) are not replayed`);
  if (matched.length > 0)
    assumptions.push(
      `${matched.length} skipped parent stage(s) read from the stage of an earlier job that wrote their output (the same RDD): ${matched.map(([a, b]) => `${a} → ${b}`).join(', ')}`,
    );
  assumptions.push(...modelled);
  if (counts.failedHeld > 0)
    assumptions.push(
      `${counts.failedHeld} failed task attempt(s): each holds a slot for its recorded duration before its partition's successful attempt, on the same slot`,
    );
  if (counts.failedTasks > counts.failedHeld)
    assumptions.push(
      `${counts.failedTasks - counts.failedHeld} killed or resubmitted task attempt(s) left out (they ran beside another attempt)`,
    );
  if (counts.duplicateTasks > 0)
    assumptions.push(
      `${counts.duplicateTasks} extra successful attempt(s) (speculation, retried stages) left out`,
    );
  const failedStages = ran.reduce((n, s) => n + s.failedAttempts, 0);
  if (failedStages > 0)
    assumptions.push(`${failedStages} failed stage attempt(s): only successful task attempts are replayed`);
  const cores = executors.peakCores;
  if (executors.removedCount > 0)
    assumptions.push(`${executors.removedCount} executor(s) removed during the run`);
  if (cores.size === 0)
    assumptions.push('no executor was announced: each host gets as many slots as tasks overlapped there');
  return {
    format: 'spark-event-log',
    name,
    applications: [app],
    stages,
    hosts: [...hosts].sort(),
    recordedRacks: new Map(),
    slotsPerHost: cores.size > 0 ? cores : overlapSlots(stages),
    ...(cores.size > 0 ? { executors: executors.timeline } : {}),
    epoch: start.fields.integer('Timestamp') / 1000,
    assumptions,
  };
}

/** The assumption a stage reading shuffle that no kept stage wrote is replayed under. */
function unproducedNote(id: number, resolved: ResolvedParents, tasks: readonly RecordedTask[]): string {
  const read = tasks.reduce((a, t) => a + t.shuffleReadBytes, 0);
  return `stage ${id} read ${read} shuffle bytes from skipped stage(s) ${resolved.unproduced.join(', ')} that no stage of this log ran: their output is modelled from what stage ${id} read, as ${resolved.unproducedTasks} task(s) of no compute placed by the scheduler`;
}

/**
 * Executor cores alive per host as executors are added and removed (dynamic allocation
 * adds and removes them while the application runs), and the most each host had at once.
 */
class ExecutorCores {
  private readonly alive = new Map<string, { host: string; cores: number; entry: number }>();
  private readonly now = new Map<string, number>();
  readonly peakCores = new Map<string, number>();
  /** Every executor, in the order added, with the times it was added and removed. */
  readonly timeline: RecordedExecutor[] = [];
  removedCount = 0;

  /** Adds an executor at `time` (seconds); returns the cores now alive on its host. */
  added(id: string, host: string, cores: number, time: number): number {
    this.removed(id, time, false);
    this.alive.set(id, { host, cores, entry: this.timeline.length });
    this.timeline.push({ host, cores, addedTime: time, removedTime: Number.POSITIVE_INFINITY });
    const now = (this.now.get(host) ?? 0) + cores;
    this.now.set(host, now);
    this.peakCores.set(host, Math.max(now, this.peakCores.get(host) ?? 0));
    return now;
  }

  removed(id: string, time: number, count = true): void {
    const executor = this.alive.get(id);
    if (executor === undefined) return;
    this.alive.delete(id);
    this.now.set(executor.host, (this.now.get(executor.host) ?? 0) - executor.cores);
    const entry = this.timeline[executor.entry]!;
    this.timeline[executor.entry] = { ...entry, removedTime: Math.max(entry.addedTime, time) };
    if (count) this.removedCount++;
  }
}

/** Per host, the most task attempts that ran there at once. */
export function overlapSlots(stages: readonly RecordedStage[]): Map<string, number> {
  const events = new Map<string, [number, number][]>();
  for (const stage of stages) {
    for (const t of stage.tasks) {
      let list = events.get(t.host);
      if (list === undefined) {
        list = [];
        events.set(t.host, list);
      }
      list.push([t.launchTime, 1], [t.finishTime, -1]);
    }
  }
  const slots = new Map<string, number>();
  for (const [host, list] of events) {
    list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let now = 0;
    let most = 1;
    for (const [, d] of list) {
      now += d;
      most = Math.max(most, now);
    }
    slots.set(host, most);
  }
  return slots;
}
