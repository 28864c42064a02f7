import type { Seconds, SlotAvailability } from '@rackwise/types';
import type { RecordedTask, RecordedTrace } from './recorded-trace.js';

/**
 * What a replay takes from a Spark log besides each task's run time, each of which can be
 * left out to measure how much of the replay's error it accounts for:
 * - `executors`: slots appear when their executor was added and disappear when it was
 *   removed (dynamic allocation, lost executors), instead of all being there throughout;
 * - `failed-attempts`: a partition's failed attempts hold a slot for their recorded
 *   durations before its successful attempt;
 * - `deserialise`, `result`, `scheduler-delay`: Spark's per-task times outside the run
 *   time, added to the task's compute;
 * - `gc`: JVM GC time, which Spark counts inside the run time — left out, the task
 *   computes for its run time less its GC.
 */
export const REPLAY_MECHANISMS = [
  'executors',
  'failed-attempts',
  'deserialise',
  'scheduler-delay',
  'result',
  'gc',
] as const;

/** One of {@link REPLAY_MECHANISMS}. */
export type ReplayMechanism = (typeof REPLAY_MECHANISMS)[number];

/** The mechanisms in use, after checking every name left out. */
export function mechanismsInUse(without: readonly string[] | undefined): ReadonlySet<ReplayMechanism> {
  const used = new Set<ReplayMechanism>(REPLAY_MECHANISMS);
  for (const name of without ?? []) {
    if (!REPLAY_MECHANISMS.includes(name as ReplayMechanism)) {
      throw new Error(
        `recordedWorkload: cannot leave out ${JSON.stringify(name)}: the replay's mechanisms are ${REPLAY_MECHANISMS.join(', ')}`,
      );
    }
    used.delete(name as ReplayMechanism);
  }
  return used;
}

/** How many mechanisms there are. */
export const REPLAY_MECHANISM_COUNT = REPLAY_MECHANISMS.length;

/** The mechanisms not in `used`, in their order. */
export function mechanismsLeftOut(used: ReadonlySet<ReplayMechanism>): ReplayMechanism[] {
  return REPLAY_MECHANISMS.filter((m) => !used.has(m));
}

/** Seconds a task holds its slot computing in the replay: its compute and what is in use around it. */
export function taskSeconds(task: RecordedTask, used: ReadonlySet<ReplayMechanism>): Seconds {
  const o = task.overheads;
  let seconds = task.computeSeconds;
  if (o !== undefined) {
    if (!used.has('gc')) seconds = Math.max(0, seconds - o.gc);
    if (used.has('deserialise')) seconds += o.deserialise;
    if (used.has('result')) seconds += o.result;
    if (used.has('scheduler-delay')) seconds += o.schedulerDelay;
  }
  if (used.has('failed-attempts')) seconds += task.failedAttemptSeconds ?? 0;
  return seconds;
}

/**
 * The slots of each host's node over time as its executors were added and removed: one
 * entry at time 0 (the cores alive at the trace's start) and one at every later change,
 * in time order. Hosts no executor announced keep their slots throughout (no entry).
 */
export function executorSlotTimeline(
  trace: RecordedTrace,
  nodeOfHost: ReadonlyMap<string, number>,
): SlotAvailability[] {
  const changes = new Map<string, [number, number][]>();
  for (const e of trace.executors ?? []) {
    let list = changes.get(e.host);
    if (list === undefined) {
      list = [];
      changes.set(e.host, list);
    }
    list.push([Math.max(0, e.addedTime), e.cores]);
    if (Number.isFinite(e.removedTime)) list.push([Math.max(0, e.removedTime), -e.cores]);
  }
  const out: SlotAvailability[] = [];
  for (const [host, list] of changes) {
    const node = nodeOfHost.get(host);
    if (node === undefined) continue;
    list.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
    let alive = 0;
    let last = -1;
    for (let i = 0; i < list.length; i++) {
      const [time, delta] = list[i]!;
      alive += delta;
      // One entry per instant: the slots once every change at that time is applied.
      if (i + 1 < list.length && list[i + 1]![0] === time) continue;
      if (last < 0 && time > 0) out.push({ time: 0, node, containers: 0 });
      out.push({ time, node, containers: Math.max(0, alive) });
      last = time;
    }
  }
  return out.sort((a, b) => a.time - b.time || a.node - b.node);
}
