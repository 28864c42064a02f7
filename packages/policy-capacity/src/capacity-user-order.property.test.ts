import { fc, test } from '@fast-check/vitest';
import type {
  ClusterView,
  JobView,
  ServiceGroup,
  SlotKind,
  TaskKind,
  TaskState,
  UserView,
} from '@rackwise/types';
import { describe, expect } from 'vitest';
import { capacityOrder } from './capacity-user-order.js';
import { resolveCapacityConfig } from './internal/resolve-capacity-config.js';

/**
 * Capacity's queue order kept between states (`QueueTally`: queue sums and waiting lists
 * moved only for the users that moved) against the order counted from scratch, after any
 * sequence of events on a small model of a host: tasks start and end, jobs arrive in any
 * queue (an unconfigured one too), complete and become ready to reduce, users leave and
 * come back. The running reduces each queue holds (the policy's ramp-up cap) must match
 * too.
 */
interface ModelJob {
  id: number;
  user: number;
  queue: string;
  submitTime: number;
  pendingMaps: number;
  runningMaps: number;
  pendingReduces: number;
  runningReduces: number;
  reducesReady: boolean;
}

const QUEUE_NAMES = ['default', 'prod', 'dev', 'adhoc'] as const;

type Event =
  | { type: 'arrive'; user: number; queue: number; maps: number; reduces: number }
  | { type: 'start' | 'finish' | 'ready' | 'complete'; pick: number; kind: TaskKind };

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  fc.record({
    type: fc.constant('arrive' as const),
    user: fc.integer({ min: 0, max: 5 }),
    queue: fc.integer({ min: 0, max: QUEUE_NAMES.length - 1 }),
    maps: fc.integer({ min: 0, max: 4 }),
    reduces: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({
    type: fc.constantFrom('start' as const, 'finish' as const, 'ready' as const, 'complete' as const),
    pick: fc.nat(),
    kind: fc.constantFrom<TaskKind>('map', 'reduce'),
  }),
);

/** A host with `stateVersion` and per-user versions, moved by `apply`; job ids not in submission order. */
class ModelHost {
  readonly jobs: ModelJob[] = [];
  readonly versions = new Map<number, number>();
  stateVersion = 0;
  now = 0;
  /** The user each state step moved: `moved[v - 1]` for the step to `v`. */
  private readonly moved: number[] = [];

  apply(event: Event): void {
    this.now++;
    if (event.type === 'arrive') {
      const job: ModelJob = {
        id: (this.now * 7919) % 1009,
        user: event.user,
        queue: QUEUE_NAMES[event.queue]!,
        submitTime: this.now,
        pendingMaps: event.maps,
        runningMaps: 0,
        pendingReduces: event.reduces,
        runningReduces: 0,
        reducesReady: false,
      };
      this.jobs.push(job);
      this.touch(job.user);
      return;
    }
    if (this.jobs.length === 0) return;
    const job = this.jobs[event.pick % this.jobs.length]!;
    const maps = event.kind === 'map';
    if (event.type === 'start') {
      if (maps && job.pendingMaps > 0) {
        job.pendingMaps--;
        job.runningMaps++;
      } else if (!maps && job.reducesReady && job.pendingReduces > 0) {
        job.pendingReduces--;
        job.runningReduces++;
      } else return;
    } else if (event.type === 'finish') {
      if (maps && job.runningMaps > 0) job.runningMaps--;
      else if (!maps && job.runningReduces > 0) job.runningReduces--;
      else return;
    } else if (event.type === 'ready') {
      if (job.reducesReady) return;
      job.reducesReady = true;
    } else {
      this.jobs.splice(this.jobs.indexOf(job), 1);
    }
    this.touch(job.user);
  }

  private touch(user: number): void {
    this.stateVersion++;
    this.versions.set(user, (this.versions.get(user) ?? 0) + 1);
    this.moved.push(user);
  }

  /**
   * The host's one view, reading its state at each call (new job views every time).
   * `none` leaves out the versions (orders count afresh); `log` also names the users
   * moved since a state, remembering only the last `reach` steps.
   */
  view(mode: 'none' | 'versions' | 'log', reach = 0): ClusterView {
    const host = this;
    const versioned = mode !== 'none';
    const userView = (id: number): UserView => {
      const jobs = host.jobs.filter((j) => j.user === id);
      const running = (kind: TaskKind) =>
        jobs.reduce((n, j) => n + (kind === 'map' ? j.runningMaps : j.runningReduces), 0);
      const user = { id: id as UserView['id'], jobs: jobs.map(jobView), running };
      return versioned ? { ...user, version: host.versions.get(id)! } : user;
    };
    const view: Record<string, unknown> = {
      get now() {
        return host.now;
      },
      get stateVersion() {
        return versioned ? host.stateVersion : undefined;
      },
      activeUsers: () => [...new Set(host.jobs.map((j) => j.user))].sort((a, b) => a - b).map(userView),
      activeJobs: () => host.jobs.map(jobView),
      user: userView,
      totalSlots: () => 8,
    };
    if (mode === 'log') {
      view.usersChangedSince = (since: number) =>
        since > host.stateVersion || host.stateVersion - since > reach ? undefined : host.moved.slice(since);
    }
    return view as unknown as ClusterView;
  }
}

function jobView(job: ModelJob): JobView {
  const counts: Record<string, number> = {
    'map/pending': job.pendingMaps,
    'map/running': job.runningMaps,
    'reduce/pending': job.pendingReduces,
    'reduce/running': job.runningReduces,
  };
  return {
    id: job.id,
    user: job.user,
    queue: job.queue,
    submitTime: job.submitTime,
    reducesReady: job.reducesReady,
    count: (kind: TaskKind, state: TaskState) => counts[`${kind}/${state}`] ?? 0,
  } as unknown as JobView;
}

/** Groups with their jobs, and the jobs' running maps (a stale job view would show old counts). */
const shown = (groups: readonly ServiceGroup[]) =>
  groups.map((g) => `${g.key}[${g.jobs.map((j) => `${j.id}:${j.count('map', 'running')}`).join()}]`);

const queueArb = fc
  .subarray([...QUEUE_NAMES.slice(0, 3)], { minLength: 1 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc
          .record({ capacity: fc.constantFrom(0.1, 0.2, 0.3), spare: fc.constantFrom(0, 0.1, 0.4) })
          .map(({ capacity, spare }) => ({ name, capacity, maximumCapacity: capacity + spare })),
      ),
    ),
  );

describe('Capacity queue order kept between states', () => {
  test.prop([
    queueArb,
    fc.array(eventArb, { maxLength: 80 }),
    fc.array(fc.constantFrom<SlotKind>('map', 'reduce', 'container'), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('versions' as const, 'log' as const),
    fc.integer({ min: 0, max: 4 }),
  ])('equals the order counted from scratch after every event', (queues, events, kinds, mode, reach) => {
    const resolved = resolveCapacityConfig({ queues });
    const kept = capacityOrder(resolved);
    const fresh = capacityOrder(resolved);
    const host = new ModelHost();
    const view = host.view(mode, reach);
    const unversioned = host.view('none');
    for (const [i, event] of events.entries()) {
      host.apply(event);
      const kind = kinds[i % kinds.length]!;
      expect(shown(kept.order.order(view, kind))).toEqual(shown(fresh.order.order(unversioned, kind)));
      const counted = new Map<string, number>();
      for (const job of unversioned.activeJobs()) {
        const queue = queues.some((q) => q.name === job.queue) ? job.queue : resolved.defaultQueue;
        counted.set(queue, (counted.get(queue) ?? 0) + job.count('reduce', 'running'));
      }
      resolved.queues.forEach((queue, q) => {
        expect(kept.runningReduces(view, q)).toBe(counted.get(queue.name) ?? 0);
      });
      expect(fresh.runningReduces(unversioned, 0)).toBeUndefined();
    }
  });
});
