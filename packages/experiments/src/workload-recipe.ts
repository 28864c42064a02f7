import type { Seconds, Workload } from '@rackwise/types';
import { loadFb2010, poissonWorkload, readSwimTrace } from '@rackwise/workloads';
import type { StorageSettings, WorkloadRecipe } from './experiment-preset.js';

/** The name under which the FB-2010 day trace shipped with `@rackwise/workloads` is known. */
export const FB2010_TRACE = 'fb2010';

/**
 * Builds a preset's workload for a seed (users, arrivals, sizes and sampling follow
 * the seed; block placement is the engine's, from the run's seed). Trace errors from the
 * reader pass through unchanged: they name the file, line and field.
 */
export function buildWorkload(recipe: WorkloadRecipe, storage: StorageSettings, seed: number): Workload {
  const common = {
    users: recipe.users,
    seed,
    blockBytes: storage.blockBytes,
    replication: storage.replication,
  };
  if (recipe.kind === 'swim-trace') {
    const options = recipe.hours === undefined ? common : { ...common, hours: recipe.hours };
    return recipe.trace === FB2010_TRACE ? loadFb2010(options) : readSwimTrace(recipe.trace, options);
  }
  const window = steadyStateWindow(recipe);
  return poissonWorkload({
    ...common,
    mix: recipe.mix,
    meanInterarrival: recipe.meanInterarrival,
    ...(recipe.sizeScale === undefined ? {} : { sizeScale: recipe.sizeScale }),
    ...(window === undefined
      ? { ...(recipe.jobs === undefined ? {} : { jobs: recipe.jobs }) }
      : { duration: window.end }),
  });
}

/** The measured window of a steady-state recipe: jobs submitted in [from, to) count; arrivals run until `end`. */
export interface MeasuredWindow {
  readonly from: Seconds;
  readonly to: Seconds;
  readonly end: Seconds;
}

/** The measured window of a recipe with a steady state (ShuffleWatcher §4.3), or undefined. */
export function steadyStateWindow(recipe: WorkloadRecipe): MeasuredWindow | undefined {
  if (recipe.kind !== 'poisson-mix' || recipe.steadyState === undefined) return undefined;
  const { hours, rampUp, rampDown } = recipe.steadyState;
  const to = rampUp + hours * 3600;
  return { from: rampUp, to, end: to + rampDown };
}
