import type { NodeId, SlotKind, TopologyView } from '@rackwise/types';
import { HostEventError } from '../host-event-error.js';
import type { JobRecord } from './job-record.js';
import type { MapRecord, ReduceRecord } from './task-records.js';

/** What the checks read of the state; they never change it. */
export interface CheckedState {
  readonly now: number;
  readonly topology: TopologyView;
  job(id: number): JobRecord | undefined;
  /** Whether a job of this id completed (its record is gone). */
  completed(id: number): boolean;
  free(node: NodeId, kind: SlotKind): number;
}

const describe = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? 'an array' : String(value);

/** Throws a {@link HostEventError} for `event`, naming `field`. */
export function refuse(event: unknown, field: string, problem: string): never {
  throw new HostEventError(event, field, problem);
}

export function checkTime(event: { readonly time?: unknown }, now: number): number {
  const time = event.time;
  if (typeof time !== 'number' || !Number.isFinite(time)) {
    refuse(event, 'time', `must be a finite number of seconds, got ${describe(time)}`);
  }
  if (time < now) refuse(event, 'time', `${time} goes backwards: the state is at ${now}`);
  return time;
}

export function checkBytes(event: unknown, field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    refuse(event, field, `must be a finite number of bytes >= 0, got ${describe(value)}`);
  }
  return value;
}

export function checkCount(event: unknown, field: string, value: unknown): number {
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    refuse(event, field, `must be an integer >= 0, got ${describe(value)}`);
  }
  return value as number;
}

export function checkNode(event: unknown, field: string, value: unknown, topology: TopologyView): NodeId {
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) >= topology.nodeCount) {
    refuse(event, field, `is not a known node: ${describe(value)} (nodes are 0 … ${topology.nodeCount - 1})`);
  }
  return value as NodeId;
}

/** The task an event names: its job must be active and the index in range. */
export function checkTask(
  event: { readonly task?: unknown },
  state: CheckedState,
): { job: JobRecord; task: MapRecord | ReduceRecord } {
  const ref = event.task as { job?: unknown; kind?: unknown; index?: unknown } | undefined;
  if (ref === null || typeof ref !== 'object')
    refuse(event, 'task', `must be { job, kind, index }, got ${describe(ref)}`);
  const job = typeof ref.job === 'number' ? state.job(ref.job) : undefined;
  if (job === undefined) {
    if (typeof ref.job === 'number' && state.completed(ref.job))
      refuse(event, 'task.job', `job ${ref.job} has completed`);
    refuse(event, 'task.job', `is not a known job: ${describe(ref.job)}`);
  }
  if (ref.kind !== 'map' && ref.kind !== 'reduce')
    refuse(event, 'task.kind', `must be 'map' or 'reduce', got ${describe(ref.kind)}`);
  const list = ref.kind === 'map' ? job.maps : job.reduces;
  const task = Number.isInteger(ref.index) ? list[ref.index as number] : undefined;
  if (task === undefined) {
    refuse(
      event,
      'task.index',
      `is not a ${ref.kind} of job ${job.id}: ${describe(ref.index)} (it has ${list.length})`,
    );
  }
  return { job, task };
}

/** The slot kind a task of this kind takes on this topology. */
export function slotKindFor(topology: TopologyView, kind: 'map' | 'reduce'): SlotKind {
  return topology.slotModel === 'container' ? 'container' : kind;
}
