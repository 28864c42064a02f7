import type { Seconds, Workload } from '@rackwise/types';
import {
  type HourWindow,
  type JobMixTable,
  type RecordedReplay,
  type RecordedWorkloadOptions,
  fb2009TracePath,
  fb2010TracePath,
  hdfsPlacement,
  loadFb2009,
  loadFb2010,
  poissonWorkload,
  readRumenJobHistory,
  readSparkEventLog,
  readSwimTrace,
  recordedWorkload,
  workloadMix,
} from '@rackwise/workloads';
import type {
  PoissonMixRecipe,
  RecordedTraceRecipe,
  StorageSettings,
  SwimTraceRecipe,
  WorkloadRecipe,
} from './experiment-preset.js';
import { uploadedPlacement } from './internal/uploaded-placement.js';

/** Machines of the cluster each SWIM trace was recorded on (SWIM, Chen et al., MASCOTS 2011). */
export const SWIM_SOURCE_CLUSTER_NODES: Readonly<Record<string, number>> = Object.freeze({
  fb2009: 600,
  fb2010: 3000,
});

/**
 * SWIM's size scale for replaying a trace on `targetNodes` machines: target / source
 * cluster size. Throws for a trace whose source cluster is not known.
 */
export function swimSizeScale(trace: string, targetNodes: number): number {
  const source = SWIM_SOURCE_CLUSTER_NODES[trace];
  if (source === undefined) {
    throw new Error(
      `swimSizeScale: the source cluster of trace ${JSON.stringify(trace)} is not known; known: ${Object.keys(SWIM_SOURCE_CLUSTER_NODES).join(', ')}`,
    );
  }
  return targetNodes / source;
}

/** The name under which the FB-2010 day trace shipped with `@rackwise/workloads` is known. */
export const FB2010_TRACE = 'fb2010';

/** The name under which the FB-2009 day trace shipped with `@rackwise/workloads` is known. */
export const FB2009_TRACE = 'fb2009';

const BUILTIN_TRACES: Readonly<
  Record<string, { readonly load: typeof loadFb2010; readonly path: () => string }>
> = Object.freeze({
  [FB2009_TRACE]: { load: loadFb2009, path: fb2009TracePath },
  [FB2010_TRACE]: { load: loadFb2010, path: fb2010TracePath },
});

/** The names of the SWIM traces shipped with `@rackwise/workloads` (`fb2009`, `fb2010`). */
export const BUILTIN_TRACE_NAMES: readonly string[] = Object.freeze(Object.keys(BUILTIN_TRACES));

/** Whether `trace` names a shipped SWIM trace rather than a path. */
export function isBuiltinTrace(trace: string): boolean {
  return Object.hasOwn(BUILTIN_TRACES, trace);
}

/** The file of a trace as a recipe names it: a shipped trace's path, or the path itself. */
export function traceFile(trace: string): string {
  return BUILTIN_TRACES[trace]?.path() ?? trace;
}

/**
 * Builds a preset's workload for a seed (users, arrivals, sizes and sampling follow
 * the seed; block placement is the engine's, from the run's seed). Trace errors from the
 * reader pass through unchanged: they name the file, line and field.
 */
export function buildWorkload(recipe: WorkloadRecipe, storage: StorageSettings, seed: number): Workload {
  const share = storage.uploadShare ?? 0;
  const common = {
    users: recipe.users,
    seed,
    blockBytes: storage.blockBytes,
    ...(share === 0
      ? { replication: storage.replication }
      : { placement: uploadedPlacement(hdfsPlacement({ replication: storage.replication }), share) }),
  };
  if (recipe.kind === 'recorded-trace') return recordedTraceReplay(recipe).workload;
  if (recipe.kind === 'swim-trace') {
    const options = {
      ...common,
      ...traceHours(recipe),
      ...(recipe.sampleJobs === undefined ? {} : { sampleJobs: recipe.sampleJobs }),
      ...(recipe.sizeScale === undefined ? {} : { sizeScale: recipe.sizeScale }),
    };
    const builtin = BUILTIN_TRACES[recipe.trace];
    return builtin === undefined ? readSwimTrace(recipe.trace, options) : builtin.load(options);
  }
  const window = steadyStateWindow(recipe);
  const workload = poissonWorkload({
    ...common,
    mix: mixOf(recipe),
    meanInterarrival: recipe.meanInterarrival,
    ...(recipe.sizeScale === undefined ? {} : { sizeScale: recipe.sizeScale }),
    ...(window === undefined
      ? { ...(recipe.jobs === undefined ? {} : { jobs: recipe.jobs }) }
      : { duration: window.end }),
  });
  const spacing = recipe.spacing;
  if (spacing === undefined) return workload;
  return Object.freeze({
    ...workload,
    jobs: Object.freeze(workload.jobs.map((job, k) => Object.freeze({ ...job, submitTime: k * spacing }))),
  });
}

/** The trace reader's `hours`: the first hours, or a window from `fromHour`. */
function traceHours(recipe: SwimTraceRecipe): { hours?: number | HourWindow } {
  const from = recipe.fromHour ?? 0;
  if (from === 0) return recipe.hours === undefined ? {} : { hours: recipe.hours };
  return { hours: { fromHour: from, toHour: from + (recipe.hours ?? Number.MAX_SAFE_INTEGER) } };
}

/** The recipe's mix, restricted to its `classes` when it names some. */
function mixOf(recipe: PoissonMixRecipe): JobMixTable {
  const mix = workloadMix(recipe.mix);
  const keep = recipe.classes;
  if (keep === undefined) return mix;
  const unknown = keep.filter((name) => !mix.classes.some((c) => c.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `workload.classes: mix ${mix.name} has no class ${unknown.join(', ')}; its classes: ${mix.classes.map((c) => c.name).join(', ')}`,
    );
  }
  return { ...mix, classes: mix.classes.filter((c) => keep.includes(c.name)) };
}

/** The measured window of a steady-state recipe: jobs submitted in [from, to) count; arrivals run until `end`. */
export interface MeasuredWindow {
  readonly from: Seconds;
  readonly to: Seconds;
  readonly end: Seconds;
}

/** A recorded trace's replay: read, checked and turned into engine jobs (trace errors pass through). */
export function recordedTraceReplay(recipe: RecordedTraceRecipe): RecordedReplay {
  const trace =
    recipe.format === 'spark' ? readSparkEventLog(recipe.trace) : readRumenJobHistory(recipe.trace);
  return recordedWorkload(trace, replayOptions(recipe));
}

/** What `recordedWorkload` takes from a recorded trace's recipe. */
export function replayOptions(recipe: RecordedTraceRecipe): RecordedWorkloadOptions {
  return {
    durations: recipe.durations,
    racks: recipe.racks,
    ...(recipe.without === undefined ? {} : { without: recipe.without }),
  };
}

/** The measured window of a recipe with a steady state (ShuffleWatcher §4.3), or undefined. */
export function steadyStateWindow(recipe: WorkloadRecipe): MeasuredWindow | undefined {
  if (recipe.kind !== 'poisson-mix' || recipe.steadyState === undefined) return undefined;
  const { hours, rampUp, rampDown } = recipe.steadyState;
  const to = rampUp + hours * 3600;
  return { from: rampUp, to, end: to + rampDown };
}
