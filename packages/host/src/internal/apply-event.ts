import type { NodeId, TaskEvent } from '@rackwise/types';
import type { HostEvent, JobSubmission, TaskCopy } from '../host-events.js';
import type { HostState } from './host-state.js';
import { kindIndex } from './host-view.js';
import { JobRecord } from './job-record.js';
import type { MapRecord, ReduceRecord } from './task-records.js';
import { removeFrom } from './task-records.js';
import {
  type CheckedState,
  checkBytes,
  checkCount,
  checkNode,
  checkTask,
  checkTime,
  refuse,
  slotKindFor,
} from './validate-event.js';

const NONE: readonly TaskCopy[] = Object.freeze([]);

/**
 * Moves the versions an event may change before it is applied, so policies told of it
 * already see them: `stateVersion` on every event (a conservative superset of what
 * `ClusterView.stateVersion` must cover), and the `version` of the user whose job the
 * event names, logged for `ClusterView.usersChangedSince`. A refused event moves them
 * with nothing changed, which costs a policy only a recomputation.
 */
function moveVersions(state: HostState, event: HostEvent): void {
  state.stateVersion++;
  const user =
    event.type === 'submit'
      ? state.users.get(event.job?.user)
      : 'task' in event && event.task !== null && typeof event.task === 'object'
        ? state.users.get(state.jobs.get(event.task.job)?.user ?? Number.NaN)
        : undefined;
  if (user !== undefined) user.version++;
  state.moves.step(user?.id);
}

/** What the checks read of a host state, made once per state. */
const checkedStates = new WeakMap<HostState, CheckedState>();

function checkedOf(state: HostState): CheckedState {
  let checked = checkedStates.get(state);
  if (checked === undefined) {
    checked = {
      get now() {
        return state.now;
      },
      topology: state.topology,
      job: (id) => state.jobs.get(id),
      completed: (id) => state.completedJobs.has(id),
      free: (node, kind) => state.view.freeSlots(node, kind),
    };
    checkedStates.set(state, checked);
  }
  return checked;
}

/** Checks an event whole, then applies it and tells the attached policies. */
export function applyEvent(state: HostState, event: HostEvent): readonly TaskCopy[] {
  if (event === null || typeof event !== 'object') refuse(event, 'event', 'must be an object');
  moveVersions(state, event);
  const time = checkTime(event, state.now);
  const checked = checkedOf(state);
  switch (event.type) {
    case 'submit': {
      checkSubmission(event, state);
      state.now = time;
      submit(state, event.job, time);
      return NONE;
    }
    case 'start': {
      const { job, task } = checkTask(event, checked);
      const node = checkNode(event, 'node', event.node, state.topology);
      const duplicate = event.duplicate === true;
      if (event.duplicate !== undefined && typeof event.duplicate !== 'boolean')
        refuse(event, 'duplicate', 'must be a boolean');
      if (task.kind === 'map') {
        if (duplicate && task.state !== 'running')
          refuse(event, 'duplicate', `map ${task.index} of job ${job.id} is ${task.state}, not running`);
        if (duplicate && task.runningOn.includes(node))
          refuse(event, 'node', `${node} already runs a copy of map ${task.index} of job ${job.id}`);
        if (!duplicate && task.state !== 'pending')
          refuse(event, 'task', `map ${task.index} of job ${job.id} is ${task.state}, not pending`);
      } else {
        if (duplicate) refuse(event, 'duplicate', 'only a map can have another copy');
        if (task.state !== 'pending' && task.state !== 'suspended') {
          refuse(
            event,
            'task',
            `reduce ${task.index} of job ${job.id} is ${task.state}, not pending or suspended`,
          );
        }
      }
      const slot = slotKindFor(state.topology, task.kind);
      if (checked.free(node, slot) === 0) refuse(event, 'node', `${node} is full: no free ${slot} slot`);
      state.now = time;
      start(state, job, task, node);
      for (const policy of state.policies) policy.onTaskStarted?.({ task, node }, state.view);
      return NONE;
    }
    case 'finish': {
      const { job, task } = checkTask(event, checked);
      const node = checkNode(event, 'node', event.node, state.topology);
      if (task.state !== 'running')
        refuse(event, 'task', `${task.kind} ${task.index} of job ${job.id} is ${task.state}, not running`);
      if (task.kind === 'map') {
        if (!task.runningOn.includes(node))
          refuse(event, 'node', `${node} runs no copy of map ${task.index} of job ${job.id}`);
        checkBytes(event, 'outputBytes', event.outputBytes);
      } else {
        if (task.node !== node)
          refuse(
            event,
            'node',
            `reduce ${task.index} of job ${job.id} runs on ${String(task.node)}, not ${node}`,
          );
        if (event.outputBytes !== undefined) checkBytes(event, 'outputBytes', event.outputBytes);
        // A reduce reads every map's output: it cannot be done while a map is not.
        const mapsLeft = job.mapCount - job.count('map', 'completed');
        if (mapsLeft > 0)
          refuse(
            event,
            'task',
            `reduce ${task.index} of job ${job.id} cannot finish: ${mapsLeft} of its job's ${job.mapCount} maps have not finished`,
          );
      }
      state.now = time;
      return task.kind === 'map'
        ? finishMap(state, job, task, node, event.outputBytes!)
        : finishReduce(state, job, task, node);
    }
    case 'fail':
    case 'kill': {
      const { job, task } = checkTask(event, checked);
      const node = checkNode(event, 'node', event.node, state.topology);
      const runsThere =
        task.kind === 'map' ? task.runningOn.includes(node) : task.state === 'running' && task.node === node;
      if (!runsThere)
        refuse(event, 'node', `${task.kind} ${task.index} of job ${job.id} does not run on ${node}`);
      state.now = time;
      if (task.kind === 'map') dropCopy(state, job, task, node, true);
      else stopReduce(state, job, task, 'pending');
      return NONE;
    }
    case 'preempt': {
      const { job, task } = checkTask(event, checked);
      if (task.kind !== 'reduce' || task.state !== 'running')
        refuse(event, 'task', `${task.kind} ${task.index} of job ${job.id} is not a running reduce`);
      if (event.mode !== 'work-conserving' && event.mode !== 'kill')
        refuse(event, 'mode', `must be 'work-conserving' or 'kill', got ${String(event.mode)}`);
      state.now = time;
      task.preemptions++;
      stopReduce(state, job, task, event.mode === 'kill' ? 'pending' : 'suspended');
      return NONE;
    }
    case 'shuffle': {
      const { job, task } = checkTask(event, checked);
      if (task.kind !== 'reduce' || (task.state !== 'running' && task.state !== 'suspended')) {
        refuse(
          event,
          'task',
          `${task.kind} ${task.index} of job ${job.id} is not a running or suspended reduce`,
        );
      }
      const bytes = checkBytes(event, 'fetchedBytes', event.fetchedBytes);
      if (bytes < task.fetchedBytes)
        refuse(event, 'fetchedBytes', `${bytes} is below the ${task.fetchedBytes} already fetched`);
      state.now = time;
      task.fetchedBytes = bytes;
      return NONE;
    }
    case 'progress': {
      const { job, task } = checkTask(event, checked);
      if (task.state !== 'running')
        refuse(event, 'task', `${task.kind} ${task.index} of job ${job.id} is not running`);
      const p = event.progress;
      if (!(typeof p === 'number' && p >= 0 && p <= 1))
        refuse(event, 'progress', `must be a fraction in [0, 1], got ${String(p)}`);
      state.now = time;
      if (task.kind === 'map') task.progress = p;
      else task.reduceProgress = p;
      return NONE;
    }
    case 'links': {
      const rates = (event.measure ?? 'rate') === 'rate';
      if (event.measure !== undefined && event.measure !== 'rate' && event.measure !== 'utilisation') {
        refuse(event, 'measure', `must be 'rate' or 'utilisation', got ${String(event.measure)}`);
      }
      if (!Array.isArray(event.racks)) refuse(event, 'racks', 'must be an array of { rack, up, down }');
      event.racks.forEach((load, i) => {
        const rack = load?.rack;
        if (!(Number.isInteger(rack) && rack >= 0 && rack < state.topology.rackCount)) {
          refuse(event, `racks[${i}].rack`, `is not a known rack: ${String(rack)}`);
        }
        for (const d of ['up', 'down'] as const) {
          const v = checkBytes(event, `racks[${i}].${d}`, load[d]);
          if (!rates && v > 1) refuse(event, `racks[${i}].${d}`, `must be a utilisation in [0, 1], got ${v}`);
        }
      });
      if (event.nodes !== undefined) {
        if (!Array.isArray(event.nodes)) refuse(event, 'nodes', 'must be an array of { node, up, down }');
        event.nodes.forEach((load, i) => {
          checkNode(event, `nodes[${i}].node`, load?.node, state.topology);
          checkBytes(event, `nodes[${i}].up`, load.up);
          checkBytes(event, `nodes[${i}].down`, load.down);
        });
      }
      state.now = time;
      state.samples.record(time, event.racks, event.nodes, rates);
      return NONE;
    }
    case 'flows': {
      if (!Array.isArray(event.flows)) refuse(event, 'flows', 'must be an array of { from, to }');
      event.flows.forEach((flow, i) => {
        const from = checkNode(event, `flows[${i}].from`, flow?.from, state.topology);
        const to = checkNode(event, `flows[${i}].to`, flow.to, state.topology);
        if (from === to) refuse(event, `flows[${i}].to`, `is the same node as from (${from})`);
      });
      state.now = time;
      state.samples.recordFlows(time, event.flows);
      return NONE;
    }
    case 'tick': {
      state.now = time;
      for (const policy of state.policies) policy.onTick?.(state.view);
      state.preemptions = state.policies.flatMap((p) => p.preemption?.preempt(state.view) ?? []);
      return NONE;
    }
    default:
      refuse(event, 'type', `is not a known event type: ${String((event as { type?: unknown }).type)}`);
  }
}

function checkSubmission(event: Extract<HostEvent, { type: 'submit' }>, state: HostState): void {
  const job = event.job as JobSubmission | undefined;
  if (job === null || typeof job !== 'object') refuse(event, 'job', 'must be an object');
  checkCount(event, 'job.id', job.id);
  if (state.jobs.has(job.id) || state.completedJobs.has(job.id))
    refuse(event, 'job.id', `job ${job.id} was already submitted`);
  checkCount(event, 'job.user', job.user);
  if (job.queue !== undefined && (typeof job.queue !== 'string' || job.queue === ''))
    refuse(event, 'job.queue', 'must be a non-empty string');
  if (!Array.isArray(job.maps) || job.maps.length === 0)
    refuse(event, 'job.maps', 'must be a non-empty array');
  job.maps.forEach((map, i) => {
    if (map === null || typeof map !== 'object')
      refuse(event, `job.maps[${i}]`, 'must be { inputBytes, replicas }');
    checkBytes(event, `job.maps[${i}].inputBytes`, map.inputBytes);
    if (!Array.isArray(map.replicas)) refuse(event, `job.maps[${i}].replicas`, 'must be an array of nodes');
    (map.replicas as readonly unknown[]).forEach((n: unknown, k: number) =>
      checkNode(event, `job.maps[${i}].replicas[${k}]`, n, state.topology),
    );
    if (new Set(map.replicas).size !== map.replicas.length)
      refuse(event, `job.maps[${i}].replicas`, 'names a node twice');
  });
  checkCount(event, 'job.reduces', job.reduces);
  const ratio = job.declaredShuffleRatio;
  if (ratio !== undefined && !(typeof ratio === 'number' && Number.isFinite(ratio) && ratio >= 0)) {
    refuse(event, 'job.declaredShuffleRatio', `must be a finite number >= 0, got ${String(ratio)}`);
  }
  if (job.signature !== undefined && typeof job.signature !== 'string')
    refuse(event, 'job.signature', 'must be a string');
  for (const field of ['mapDemand', 'reduceDemand'] as const) {
    const demand = job[field];
    if (demand === undefined) continue;
    if (!(demand.vcores >= 0 && demand.memoryMb >= 0))
      refuse(event, `job.${field}`, 'must be { vcores, memoryMb } >= 0');
  }
}

function submit(state: HostState, spec: JobSubmission, time: number): void {
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

function occupy(state: HostState, node: NodeId, kind: 'map' | 'reduce', job: JobRecord, delta: number): void {
  const slot = slotKindFor(state.topology, kind);
  state.free[kindIndex(slot) * state.topology.nodeCount + node]! -= delta;
  state.running[kind] += delta;
  state.user(job.user).adjust(kind, delta);
}

function start(state: HostState, job: JobRecord, task: MapRecord | ReduceRecord, node: NodeId): void {
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
  task.launched = true;
  task.startTime ??= state.now;
  job.firstReduceTime ??= state.now;
  state.reducesOn[node]!.push(task);
}

/** Takes one copy of a running map off its node; the map waits again if it was the last (`requeue`). */
function dropCopy(state: HostState, job: JobRecord, map: MapRecord, node: NodeId, requeue: boolean): void {
  occupy(state, node, 'map', job, -1);
  removeFrom(map.runningOn, node);
  removeFrom(state.mapsOn[node]!, map);
  if (requeue && map.runningOn.length === 0) {
    job.setMapState(map, 'pending');
    map.startTime = undefined;
    map.progress = 0;
  }
}

function finishMap(
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

function stopReduce(
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

function finishReduce(
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
