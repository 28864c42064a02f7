import type { NodeId, TaskEvent } from '@rackwise/types';
import type { JobSubmission, TaskCopy } from '../host-events.js';
import type { HostState } from './host-state.js';
import { kindIndex } from './host-view.js';
import { JobRecord } from './job-record.js';
import type { MapRecord, ReduceRecord } from './task-records.js';
import { removeFrom } from './task-records.js';
import { slotKindFor } from './validate-event.js';

/** What an event that kills no copy returns. */
export const NONE: readonly TaskCopy[] = Object.freeze([]);

/** Adds a checked job, creating its user on its first job, and tells the policies. */
export function submit(state: HostState, spec: JobSubmission, time: number): void {
  const job = new JobRecord(spec, time, state.topology, state.mapCompletionThreshold);
  state.jobs.set(job.id, job);
  state.active.push(job);
  const known = state.users.has(job.user);
  const user = state.user(job.user);
  if (!known) {
    // A first job creates its user: that is a move of the user's version too.
    user.version++;
    state.moves.alsoMoved(user.id);
  }
  if (user.jobs.length === 0) {
    const list = state.activeUsers;
    let at = 0;
    while (at < list.length && list[at]!.id < user.id) at++;
    list.splice(at, 0, user);
  }
  user.jobs.push(job);
  for (const policy of state.policies) policy.onJobSubmitted?.(job, state.view);
}

/** Takes `delta` slots of the task kind on the node (gives them back when negative). */
function occupy(state: HostState, node: NodeId, kind: 'map' | 'reduce', job: JobRecord, delta: number): void {
  const slot = slotKindFor(state.topology, kind);
  state.free[kindIndex(slot) * state.topology.nodeCount + node]! -= delta;
  state.running[kind] += delta;
  state.user(job.user).adjust(kind, delta);
}

/** Puts a map copy or a reduce on the node. */
export function start(state: HostState, job: JobRecord, task: MapRecord | ReduceRecord, node: NodeId): void {
  occupy(state, node, task.kind, job, 1);
  if (task.kind === 'map') {
    if (task.state === 'pending') {
      job.setMapState(task, 'running');
      task.startTime = state.now;
      task.progress = 0;
    }
    task.runningOn.push(node);
    state.mapsOn[node]!.push(task);
    return;
  }
  job.setReduceState(task, 'running');
  task.node = node;
  task.startTime ??= state.now;
  job.firstReduceTime ??= state.now;
  state.reducesOn[node]!.push(task);
}

/** Takes one copy of a running map off its node; the map waits again if it was the last (`requeue`). */
export function dropCopy(
  state: HostState,
  job: JobRecord,
  map: MapRecord,
  node: NodeId,
  requeue: boolean,
): void {
  occupy(state, node, 'map', job, -1);
  removeFrom(map.runningOn, node);
  removeFrom(state.mapsOn[node]!, map);
  if (requeue && map.runningOn.length === 0) {
    job.setMapState(map, 'pending');
    map.startTime = undefined;
    map.progress = 0;
  }
}

/**
 * A map copy finished: the policies choose which copy to keep; the others are dropped and
 * returned as killed, unless the kept one runs on (an early choice). Completes the job when
 * it was its last task.
 */
export function finishMap(
  state: HostState,
  job: JobRecord,
  map: MapRecord,
  node: NodeId,
  bytes: number,
): readonly TaskCopy[] {
  let kept = node;
  if (map.runningOn.length > 1) {
    for (const policy of state.policies) {
      const answer = policy.duplication?.chooseCopy(map, node, state.view);
      if (answer !== undefined && map.runningOn.includes(answer)) kept = answer;
    }
  }
  let killed = NONE;
  if (map.runningOn.length > 1) {
    const others = map.runningOn.filter((n) => n !== kept);
    killed = others
      .filter((n) => n !== node)
      .map((n) => ({ task: { job: job.id, kind: 'map', index: map.index }, node: n }));
    for (const n of others) dropCopy(state, job, map, n, false);
    if (kept !== node) return killed; // an early choice: the kept copy runs on
  }
  dropCopy(state, job, map, node, false);
  job.setMapState(map, 'completed');
  map.outputNode = node;
  map.outputBytes = bytes;
  map.progress = 1;
  job.addOutput(map, node, bytes);
  const event: TaskEvent = { task: map, node };
  for (const policy of state.policies) policy.onTaskCompleted?.(event, state.view);
  if (allDone(job)) complete(state, job);
  return killed;
}

/** Takes a running reduce off its node; a reduce sent back to `pending` loses what it fetched. */
export function stopReduce(
  state: HostState,
  job: JobRecord,
  reduce: ReduceRecord,
  to: 'pending' | 'suspended',
): void {
  const node = reduce.node!;
  occupy(state, node, 'reduce', job, -1);
  removeFrom(state.reducesOn[node]!, reduce);
  job.setReduceState(reduce, to);
  if (to === 'pending') {
    reduce.fetchedBytes = 0;
    reduce.reduceProgress = 0;
  }
}

/** A reduce finished; completes the job when it was its last task. */
export function finishReduce(
  state: HostState,
  job: JobRecord,
  reduce: ReduceRecord,
  node: NodeId,
): readonly TaskCopy[] {
  occupy(state, node, 'reduce', job, -1);
  removeFrom(state.reducesOn[node]!, reduce);
  job.setReduceState(reduce, 'completed');
  reduce.fetchedBytes = Math.max(reduce.fetchedBytes, reduce.availableBytes);
  reduce.reduceProgress = 1;
  const event: TaskEvent = { task: reduce, node };
  for (const policy of state.policies) policy.onTaskCompleted?.(event, state.view);
  if (allDone(job)) complete(state, job);
  return NONE;
}

/** A job completes when its last task does, whichever kind that is. */
function allDone(job: JobRecord): boolean {
  return (
    job.count('reduce', 'completed') === job.reduceCount && job.count('map', 'completed') === job.mapCount
  );
}

/** Retires a completed job: off the active lists, told to the policies, then forgotten but for its id. */
function complete(state: HostState, job: JobRecord): void {
  job.completed = true;
  removeFrom(state.active, job);
  const user = state.user(job.user);
  removeFrom(user.jobs, job);
  if (user.jobs.length === 0) removeFrom(state.activeUsers, user);
  for (const policy of state.policies) policy.onJobCompleted?.(job, state.view);
  // Nothing may name the job any more: only its id is kept, so a long-lived host's memory
  // grows with its active jobs, not with every job it ever ran.
  state.jobs.delete(job.id);
  state.completedJobs.add(job.id);
}
