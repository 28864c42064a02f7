import type { HostEvent, HostEventType, JobSubmission, TaskCopy } from '../host-events.js';
import type { HostState } from './host-state.js';
import { recordFlows, recordLinks } from './network-events.js';
import { NONE, dropCopy, finishMap, finishReduce, start, stopReduce, submit } from './task-moves.js';
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

/** The event of one type. */
type EventOf<T extends HostEventType> = Extract<HostEvent, { readonly type: T }>;

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
    case 'submit':
      return applySubmit(state, event, time);
    case 'start':
      return applyStart(state, event, time, checked);
    case 'finish':
      return applyFinish(state, event, time, checked);
    case 'fail':
    case 'kill':
      return applyStop(state, event, time, checked);
    case 'preempt':
      return applyPreempt(state, event, time, checked);
    case 'shuffle':
      return applyShuffle(state, event, time, checked);
    case 'progress':
      return applyProgress(state, event, time, checked);
    case 'links':
      recordLinks(state, event, time);
      return NONE;
    case 'flows':
      recordFlows(state, event, time);
      return NONE;
    case 'tick':
      state.now = time;
      for (const policy of state.policies) policy.onTick?.(state.view);
      state.preemptions = state.policies.flatMap((p) => p.preemption?.preempt(state.view) ?? []);
      return NONE;
    default:
      refuse(event, 'type', `is not a known event type: ${String((event as { type?: unknown }).type)}`);
  }
}

function applySubmit(state: HostState, event: EventOf<'submit'>, time: number): readonly TaskCopy[] {
  checkSubmission(event, state);
  state.now = time;
  submit(state, event.job, time);
  return NONE;
}

/** A map (or another copy of a running one) or a reduce starts on a node with a free slot. */
function applyStart(
  state: HostState,
  event: EventOf<'start'>,
  time: number,
  checked: CheckedState,
): readonly TaskCopy[] {
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

/** A running copy finishes; a reduce only once every map of its job has. */
function applyFinish(
  state: HostState,
  event: EventOf<'finish'>,
  time: number,
  checked: CheckedState,
): readonly TaskCopy[] {
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

/** A copy fails or is killed on its node: a map with no copy left and the reduce wait again. */
function applyStop(
  state: HostState,
  event: EventOf<'fail' | 'kill'>,
  time: number,
  checked: CheckedState,
): readonly TaskCopy[] {
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

/** A running reduce is preempted: suspended with its fetched bytes, or killed back to pending. */
function applyPreempt(
  state: HostState,
  event: EventOf<'preempt'>,
  time: number,
  checked: CheckedState,
): readonly TaskCopy[] {
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

/** A reduce has fetched more of its input; the count never goes back. */
function applyShuffle(
  state: HostState,
  event: EventOf<'shuffle'>,
  time: number,
  checked: CheckedState,
): readonly TaskCopy[] {
  const { job, task } = checkTask(event, checked);
  if (task.kind !== 'reduce' || (task.state !== 'running' && task.state !== 'suspended')) {
    refuse(event, 'task', `${task.kind} ${task.index} of job ${job.id} is not a running or suspended reduce`);
  }
  const bytes = checkBytes(event, 'fetchedBytes', event.fetchedBytes);
  if (bytes < task.fetchedBytes)
    refuse(event, 'fetchedBytes', `${bytes} is below the ${task.fetchedBytes} already fetched`);
  state.now = time;
  task.fetchedBytes = bytes;
  return NONE;
}

/** A running task's progress, a fraction. */
function applyProgress(
  state: HostState,
  event: EventOf<'progress'>,
  time: number,
  checked: CheckedState,
): readonly TaskCopy[] {
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
  const submitted = job.submitTime;
  if (
    submitted !== undefined &&
    !(typeof submitted === 'number' && Number.isFinite(submitted) && submitted <= event.time)
  )
    refuse(
      event,
      'job.submitTime',
      `must be a number of seconds no later than the event's time, got ${String(submitted)}`,
    );
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
