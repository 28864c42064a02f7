import type { JobSpec, RecordedTaskFigures, UserId } from '@rackwise/types';
import type { RecordedStage, RecordedTask, RecordedTrace } from '../recorded-trace.js';
import type { ReplayUnit } from '../replay-unit.js';

/** The engine jobs of a recorded trace as they are made, stage by stage; the steps below add to it. */
interface StageJobs {
  readonly trace: RecordedTrace;
  /** Indices of each stage's children. */
  readonly children: readonly number[][];
  /** The job standing for each stage; -1 while none does. */
  readonly jobOfStage: Int32Array;
  readonly jobs: JobSpec[];
  readonly units: ReplayUnit[];
  /** Whether tasks keep their recorded compute time (`durations: 'recorded'`). */
  readonly recorded: boolean;
  /** A recorded task's seconds in its slot after its input or shuffle is in. */
  readonly seconds: (task: RecordedTask) => number;
}

/**
 * The engine jobs of the trace's stages, and what each is compared with (see
 * `recordedWorkload`): a Rumen job's map and reduce stages together, a source stage as a
 * map-only job (or, with skipped parents, a job of modelled maps), a stage with parents as
 * a job whose maps stand for its parents' tasks.
 */
export function stageJobs(
  trace: RecordedTrace,
  recorded: boolean,
  seconds: (task: RecordedTask) => number,
): { readonly jobs: JobSpec[]; readonly units: ReplayUnit[] } {
  const stages = trace.stages;
  const children = stages.map(() => [] as number[]);
  stages.forEach((s, i) => {
    for (const p of s.parents) children[p]!.push(i);
  });
  const build: StageJobs = {
    trace,
    children,
    jobOfStage: new Int32Array(stages.length).fill(-1),
    jobs: [],
    units: [],
    recorded,
    seconds,
  };
  for (let i = 0; i < stages.length; i++) {
    if (build.jobOfStage[i] !== -1) continue;
    const stage = stages[i]!;
    if (stage.parents.length > 0) addDependentJob(build, i);
    else if ((stage.skippedParentTasks ?? 0) > 0) addModelledMapsJob(build, i);
    else addSourceJob(build, i);
  }
  return { jobs: build.jobs, units: build.units };
}

/** The stage's user (its application) and queue. */
function ownerOf(build: StageJobs, stage: RecordedStage): { user: UserId; queue: string } {
  return {
    user: stage.application as UserId,
    queue: build.trace.applications[stage.application]?.queue ?? 'default',
  };
}

/**
 * A source stage whose shuffle's sources ran before the log or were not kept: tasks of no
 * compute and no input, placed by the scheduler, writing in equal shares what the stage read.
 */
function addModelledMapsJob(build: StageJobs, i: number): void {
  const stages = build.trace.stages;
  const stage = stages[i]!;
  const { user, queue } = ownerOf(build, stage);
  const index = build.jobs.length;
  const maps = Array.from({ length: stage.skippedParentTasks ?? 0 }, () => undefined);
  build.jobs.push(
    jobSpec(stage, user, queue, stage.submitTime, {
      maps,
      mapSeconds: maps.map(() => 0),
      mapOutputs: undefined,
      reduces: stage.tasks,
      recorded: build.recorded,
      seconds: build.seconds,
    }),
  );
  build.jobOfStage[i] = index;
  build.units.push(unit(index, [i], stages));
}

/** A stage without parents: a map-only job, or a Rumen job's maps with its reduce stage. */
function addSourceJob(build: StageJobs, i: number): void {
  const { trace, recorded, seconds } = build;
  const stages = trace.stages;
  const stage = stages[i]!;
  const { user, queue } = ownerOf(build, stage);
  const only = build.children[i]!.length === 1 ? build.children[i]![0]! : -1;
  // A MapReduce job's reduces may start before its maps are done (slowstart); a Spark
  // stage only once its parents are: only a Rumen job keeps its maps and reduces together.
  const absorbs = trace.format === 'rumen' && only >= 0 && stages[only]!.parents.length === 1;
  const index = build.jobs.length;
  const maps = stage.tasks;
  const consumer = absorbs ? stages[only]! : undefined;
  build.jobs.push(
    jobSpec(stage, user, queue, stage.submitTime, {
      maps,
      mapSeconds: recorded ? maps.map(seconds) : undefined,
      mapOutputs: consumer === undefined ? undefined : maps.map((t) => t.shuffleWriteBytes),
      reduces: consumer?.tasks ?? [],
      recorded,
      seconds,
    }),
  );
  build.jobOfStage[i] = index;
  if (consumer !== undefined) build.jobOfStage[only] = index;
  build.units.push(unit(index, consumer === undefined ? [i] : [i, only], stages));
}

/** A stage with parents: its maps stand for the parents' tasks, held until they complete. */
function addDependentJob(build: StageJobs, i: number): void {
  const stages = build.trace.stages;
  const stage = stages[i]!;
  const { user, queue } = ownerOf(build, stage);
  const index = build.jobs.length;
  const parentTasks = stage.parents.flatMap((p) => stages[p]!.tasks);
  const spec = jobSpec(stage, user, queue, 0, {
    maps: parentTasks.map(() => undefined),
    mapSeconds: parentTasks.map(() => 0),
    mapOutputs: parentTasks.map((t) => t.shuffleWriteBytes),
    reduces: stage.tasks,
    recorded: build.recorded,
    seconds: build.seconds,
  });
  build.jobs.push({
    ...spec,
    dependsOn: stage.parents.map((p) => build.jobOfStage[p]!),
    recorded: { ...spec.recorded, mapsFromParents: true },
  });
  build.jobOfStage[i] = index;
  build.units.push(unit(index, [i], stages));
}

interface JobTasks {
  /** Map tasks (undefined entries: maps standing for parents' tasks, no input). */
  readonly maps: readonly (RecordedTask | undefined)[];
  readonly mapSeconds: readonly number[] | undefined;
  /** Shuffle written per map, scaled to what the reduces read. */
  readonly mapOutputs: readonly number[] | undefined;
  readonly reduces: readonly RecordedTask[];
  readonly recorded: boolean;
  /** A recorded task's seconds in its slot after its input or shuffle is in. */
  readonly seconds: (task: RecordedTask) => number;
}

function jobSpec(
  stage: RecordedStage,
  user: UserId,
  queue: string,
  submitTime: number,
  t: JobTasks,
): JobSpec {
  const inputs = t.maps.map((m) => m?.inputBytes ?? 0);
  const inputBytes = inputs.reduce((a, b) => a + b, 0);
  const shuffleBytes = t.reduces.reduce((a, r) => a + r.shuffleReadBytes, 0);
  const figures: RecordedTaskFigures = {
    mapInputBytes: inputs,
    ...(t.mapSeconds === undefined ? {} : { mapSeconds: t.mapSeconds }),
    ...(t.reduces.length === 0
      ? {}
      : { mapOutputBytes: scaledOutputs(t.mapOutputs ?? inputs, shuffleBytes) }),
    ...(t.reduces.length === 0 ? {} : { reduceInputBytes: t.reduces.map((r) => r.shuffleReadBytes) }),
    ...(t.recorded && t.reduces.length > 0 ? { reduceSeconds: t.reduces.map(t.seconds) } : {}),
  };
  return {
    name: stage.id,
    user,
    queue,
    submitTime: Math.max(0, submitTime),
    inputBytes,
    shuffleBytes: t.reduces.length === 0 ? 0 : shuffleBytes,
    outputBytes: t.reduces.reduce((a, r) => a + r.outputBytes, 0),
    mapCount: t.maps.length,
    reduceCount: t.reduces.length,
    blockBytes: Math.max(1, ...inputs),
    recorded: figures,
  };
}

/** Per-map outputs in proportion to what each wrote, summing to what the consumers read. */
function scaledOutputs(written: readonly number[], total: number): number[] {
  const sum = written.reduce((a, b) => a + b, 0);
  if (written.length === 0) return [];
  if (sum <= 0) return written.map(() => total / written.length);
  const out = written.map((w) => (w * total) / sum);
  // Absorb rounding so the entries sum to the total.
  out[out.length - 1]! += total - out.reduce((a, b) => a + b, 0);
  out[out.length - 1] = Math.max(0, out[out.length - 1]!);
  return out;
}

function unit(job: number, ids: readonly number[], stages: readonly RecordedStage[]): ReplayUnit {
  const first = stages[ids[0]!]!;
  const last = stages[ids[ids.length - 1]!]!;
  const readsShuffle = ids.length > 1 || first.parents.length > 0 || (first.skippedParentTasks ?? 0) > 0;
  const consumers = readsShuffle ? last.tasks : [];
  const wait = consumers.reduce((a, t) => a + t.fetchWaitSeconds, 0);
  const firstLaunch = Math.min(...first.tasks.map((t) => t.launchTime));
  return {
    job,
    stages: ids,
    recordedSubmit: first.submitTime,
    recordedLaunchDelay: Math.max(0, firstLaunch - first.submitTime),
    recordedSeconds: last.completionTime - first.submitTime,
    recordedFetchWait: consumers.length === 0 ? 0 : wait / consumers.length,
  };
}
