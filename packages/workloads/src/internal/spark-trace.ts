import type { RecordedApplication, RecordedStage, RecordedTask, RecordedTrace } from '../recorded-trace.js';
import { overlapSlots } from './overlap-slots.js';
import type { EventLine, SparkStageRecord } from './spark-events.js';
import type { SparkLogState } from './spark-log-events.js';
import { type ResolvedParents, StageProducers } from './spark-stage-parents.js';

/** The stages kept for the replay, and what the assumptions say of the others. */
interface KeptStages {
  readonly stages: RecordedStage[];
  /** One sentence per stage submitted but never completed. */
  readonly unfinished: string[];
  /** Skipped parent stages matched to the earlier stage that wrote their output: `[skipped, writer]`. */
  readonly matched: [number, number][];
  /** One sentence per stage that read shuffle no kept stage wrote. */
  readonly modelled: string[];
}

/**
 * The trace of a Spark log read to its end: the application, the stages that completed
 * (their parents resolved), hosts and slots, and the assumptions the replay runs under.
 * @throws Error for a stage that completed with tasks missing (a truncated or corrupted log).
 */
export function buildSparkTrace(
  name: string,
  start: EventLine,
  log: SparkLogState,
  cut: string | undefined,
): RecordedTrace {
  const app: RecordedApplication = {
    id: start.fields.optionalString('App ID', name),
    name: start.fields.optionalString('App Name', name),
    user: start.fields.optionalString('User', 'unknown'),
    queue: 'default',
    scheduler: `spark ${log.mode}`,
    submitTime: 0,
  };
  const ran = [...log.stages.values()].filter((s) => s.completed !== undefined || s.submitted !== undefined);
  ran.sort((a, b) => a.id - b.id);
  const kept = keptStages(ran, log.stages, app.id, log.ended);
  const assumptions = sparkAssumptions(app, log, cut, ran, kept);
  const cores = log.executors.peakCores;
  return {
    format: 'spark-event-log',
    name,
    applications: [app],
    stages: kept.stages,
    hosts: [...log.hosts].sort(),
    recordedRacks: new Map(),
    slotsPerHost: cores.size > 0 ? cores : overlapSlots(kept.stages),
    ...(cores.size > 0 ? { executors: log.executors.timeline } : {}),
    epoch: start.fields.integer('Timestamp') / 1000,
    assumptions,
  };
}

/** The stages that ran, in id order: those that completed become recorded stages. */
function keptStages(
  ran: readonly SparkStageRecord[],
  records: Map<number, SparkStageRecord>,
  appId: string,
  ended: boolean,
): KeptStages {
  const kept: KeptStages = { stages: [], unfinished: [], matched: [], modelled: [] };
  const { stages } = kept;
  const indexOf = new Map<number, number>();
  const producers = new StageProducers();
  for (const s of ran) {
    if (s.completed === undefined) {
      kept.unfinished.push(unfinishedNote(s, ended));
      continue;
    }
    if (s.tasks.size !== s.taskCount) {
      throw new Error(
        `${s.completed}, field "Stage Info.Number of Tasks": stage ${s.id} has ${s.taskCount} tasks but ${s.tasks.size} ended successfully in the log (a truncated or corrupted log)`,
      );
    }
    const resolved = producers.resolve(s, records, indexOf);
    kept.matched.push(...resolved.matched);
    const tasks = [...s.tasks.values()]
      .map((t) => {
        const failed = s.failedSeconds.get(t.index) ?? 0;
        return failed > 0 ? { ...t, failedAttemptSeconds: failed } : t;
      })
      .sort((a, b) => a.index - b.index);
    if (resolved.unproduced.length > 0) kept.modelled.push(unproducedNote(s.id, resolved, tasks));
    indexOf.set(s.id, stages.length);
    producers.kept(s, stages.length);
    stages.push({
      id: `${appId} stage ${s.id}`,
      name: s.name,
      application: 0,
      parents: resolved.parents,
      submitTime: s.submitTime,
      completionTime: s.completionTime,
      tasks,
      ...(resolved.unproduced.length > 0 ? { skippedParentTasks: resolved.unproducedTasks } : {}),
    });
  }
  return kept;
}

/**
 * Why a stage that was submitted has no completion to compare with. A complete log: the
 * stage failed, or was cancelled (its job failed, or the application stopped while it
 * ran). An in-progress log: it is under way.
 */
function unfinishedNote(s: SparkStageRecord, ended: boolean): string {
  const done = `${s.tasks.size} of ${s.taskCount} task(s) done`;
  if (!ended) return `stage ${s.id} under way when the log ends (${done}): left out`;
  return s.failureReason === undefined
    ? `stage ${s.id} never completed before the application ended (cancelled): left out, its ${s.tasks.size} successful task(s) not replayed`
    : `stage ${s.id} failed ("${s.failureReason}") and was not run again: left out, its ${s.tasks.size} successful task(s) not replayed`;
}

/** The assumption a stage reading shuffle that no kept stage wrote is replayed under. */
function unproducedNote(id: number, resolved: ResolvedParents, tasks: readonly RecordedTask[]): string {
  const read = tasks.reduce((a, t) => a + t.shuffleReadBytes, 0);
  return `stage ${id} read ${read} shuffle bytes from skipped stage(s) ${resolved.unproduced.join(', ')} that no stage of this log ran: their output is modelled from what stage ${id} read, as ${resolved.unproducedTasks} task(s) of no compute placed by the scheduler`;
}

/** What the replay of the log assumes and leaves out, as sentences for the report. */
function sparkAssumptions(
  app: RecordedApplication,
  log: SparkLogState,
  cut: string | undefined,
  ran: readonly SparkStageRecord[],
  kept: KeptStages,
): string[] {
  const skipped = log.stages.size - ran.length;
  const assumptions = [
    `one application: its stages are jobs of user "${app.user}"; the log names the scheduler ${app.scheduler}`,
    ...(log.ended
      ? []
      : [
          `an in-progress log (no application end): only what it records so far is read${cut === undefined ? '' : `; its last line (${cut}) is cut and left out`}`,
        ]),
    ...kept.unfinished,
    'a task computes for its executor run time minus its shuffle fetch wait, plus what Spark recorded around it: deserialisation, result serialisation and fetch, and scheduler delay (JVM GC is inside the run time)',
    'shuffle "remote" bytes are those Spark read from another executor (possibly on the same host)',
  ];
  if (skipped > 0)
    assumptions.push(`${skipped} stage(s) skipped by Spark (their output was reused) are not replayed`);
  const { matched } = kept;
  if (matched.length > 0)
    assumptions.push(
      `${matched.length} skipped parent stage(s) read from the stage of an earlier job that wrote their output (the same RDD): ${matched.map(([a, b]) => `${a} → ${b}`).join(', ')}`,
    );
  assumptions.push(...kept.modelled);
  if (log.failedHeld > 0)
    assumptions.push(
      `${log.failedHeld} failed task attempt(s): each holds a slot for its recorded duration before its partition's successful attempt, on the same slot`,
    );
  if (log.failedTasks > log.failedHeld)
    assumptions.push(
      `${log.failedTasks - log.failedHeld} killed or resubmitted task attempt(s) left out (they ran beside another attempt)`,
    );
  if (log.duplicateTasks > 0)
    assumptions.push(
      `${log.duplicateTasks} extra successful attempt(s) (speculation, retried stages) left out`,
    );
  const failedStages = ran.reduce((n, s) => n + s.failedAttempts, 0);
  if (failedStages > 0)
    assumptions.push(`${failedStages} failed stage attempt(s): only successful task attempts are replayed`);
  if (log.executors.removedCount > 0)
    assumptions.push(`${log.executors.removedCount} executor(s) removed during the run`);
  if (log.executors.peakCores.size === 0)
    assumptions.push('no executor was announced: each host gets as many slots as tasks overlapped there');
  return assumptions;
}
