import type { TaskRef } from '@rackwise/types';
import type { AttemptTable } from './attempt-table.js';
import type { JobState } from './job-state.js';
import { PENDING, RUNNING, STATE_NAMES, SUSPENDED } from './task-states.js';

/** Slot kinds as the engine indexes them. */
export const SLOT_MAP = 0;
export const SLOT_REDUCE = 1;
export const SLOT_CONTAINER = 2;

/** The state a launch decision is checked against. */
export interface LaunchContext {
  readonly jobs: readonly (JobState | undefined)[];
  readonly attempts: AttemptTable;
  /** The slot ledger's free slots, index `kind × nodeCount + node`. */
  readonly slots: { readonly freeSlotsBy: Int32Array };
  readonly nodeCount: number;
  readonly duplicationAllowed: boolean;
}

/**
 * Why launching `task` in a `slot` slot of `node` is not allowed (docs/architecture.md §2: only a
 * pending task, or a suspended reduce, of a kind the slot runs, on a free slot, a reduce
 * only after slowstart, a duplicate only of a running map not already on the node), or
 * `undefined` when it is.
 */
export function launchRefusal(
  context: LaunchContext,
  task: TaskRef,
  duplicate: boolean,
  node: number,
  slot: number,
): string | undefined {
  if (task === null || typeof task !== 'object') return 'no task given';
  const job = context.jobs[task.job];
  if (job === undefined) return 'the job is not active';
  if (context.slots.freeSlotsBy[slot * context.nodeCount + node]! <= 0)
    return 'the node has no free slot of that kind';
  const index = task.index;
  if (task.kind === 'map') {
    if (slot === SLOT_REDUCE) return 'a map cannot run in a reduce slot';
    if (!(Number.isInteger(index) && index >= 0 && index < job.mapCount)) {
      return `map index out of range [0, ${job.mapCount})`;
    }
    const state = job.mapState[index]!;
    if (!duplicate) return state === PENDING ? undefined : `the map is ${STATE_NAMES[state]}, not pending`;
    if (!context.duplicationAllowed) return 'duplicate launches are disabled (parameters.duplication)';
    if (state !== RUNNING) return 'only a running map can be duplicated';
    const attempts = context.attempts;
    for (let a = job.mapAttempt[index]!; a >= 0; a = attempts.nextCopy[a]!) {
      if (attempts.node[a] === node) return 'a copy of the map already runs on this node';
    }
    return undefined;
  }
  if (task.kind === 'reduce') {
    if (slot === SLOT_MAP) return 'a reduce cannot run in a map slot';
    if (duplicate) return 'only maps can be duplicated';
    if (!(Number.isInteger(index) && index >= 0 && index < job.reduceCount)) {
      return `reduce index out of range [0, ${job.reduceCount})`;
    }
    const state = job.reduceState[index]!;
    if (state !== PENDING && state !== SUSPENDED) {
      return `the reduce is ${STATE_NAMES[state]}, not pending or suspended`;
    }
    if (!job.reducesReady) {
      return `reduces are not ready: ${job.completedMapCount} of ${job.mapCount} maps done, slowstart needs ${job.reducesNeeded}`;
    }
    return undefined;
  }
  return `task kind must be 'map' or 'reduce'`;
}
