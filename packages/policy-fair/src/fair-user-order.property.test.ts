import { fc, test } from '@fast-check/vitest';
import { GroupJobsWhere, hasReadyReduce } from '@rackwise/policy-kit';
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
import { createFairUserOrder } from './fair-user-order.js';

/**
 * Fair's per-user order kept between states (`keptUserOrder`) against the order sorted
 * from scratch, after any sequence of events on a small model of a host: tasks start and
 * end, jobs arrive, complete and become ready to reduce, users leave and come back.
 */
interface ModelJob {
  id: number;
  user: number;
  submitTime: number;
  pendingMaps: number;
  runningMaps: number;
  pendingReduces: number;
  runningReduces: number;
  reducesReady: boolean;
}

type Event =
  | { type: 'arrive'; user: number; maps: number; reduces: number }
  | { type: 'start' | 'finish' | 'ready' | 'complete'; pick: number; kind: TaskKind };

const eventArb: fc.Arbitrary<Event> = fc.oneof(
  fc.record({
    type: fc.constant('arrive' as const),
    user: fc.integer({ min: 0, max: 5 }),
    maps: fc.integer({ min: 0, max: 4 }),
    reduces: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({
    type: fc.constantFrom('start' as const, 'finish' as const, 'ready' as const, 'complete' as const),
    pick: fc.nat(),
    kind: fc.constantFrom<TaskKind>('map', 'reduce'),
  }),
);

/** A host with `stateVersion` and per-user versions, moved by `apply`. */
class ModelHost {
  readonly jobs: ModelJob[] = [];
  readonly versions = new Map<number, number>();
  stateVersion = 0;
  now = 0;

  apply(event: Event): void {
    this.now++;
    if (event.type === 'arrive') {
      const job: ModelJob = {
        id: this.now,
        user: event.user,
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

  /** The user each state step moved: `moved[v - 1]` for the step to `v`. */
  private readonly moved: number[] = [];

  private touch(user: number): void {
    this.stateVersion++;
    this.versions.set(user, (this.versions.get(user) ?? 0) + 1);
    this.moved.push(user);
  }

  /**
   * The host's one view, reading its state at each call. `none` leaves out both versions
   * (orders compute afresh); `log` also names the users moved since a state, remembering
   * only the last `reach` steps.
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
    const users = (): UserView[] =>
      [...new Set(host.jobs.map((j) => j.user))].sort((a, b) => a - b).map(userView);
    const view: Record<string, unknown> = {
      get now() {
        return host.now;
      },
      get stateVersion() {
        return versioned ? host.stateVersion : undefined;
      },
      activeUsers: users,
      activeJobs: () => host.jobs.map(jobView),
      user: userView,
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
    submitTime: job.submitTime,
    reducesReady: job.reducesReady,
    count: (kind: TaskKind, state: TaskState) => counts[`${kind}/${state}`] ?? 0,
  } as unknown as JobView;
}

const keysOf = (groups: readonly ServiceGroup[]) =>
  groups.map((g) => `${g.key}[${g.jobs.map((j) => j.id).join()}]`);

const configArb = fc.record({
  jobOrder: fc.constantFrom('fifo' as const, 'fair' as const),
  weights: fc.dictionary(
    fc.integer({ min: 0, max: 5 }).map((u) => `user:${u}`),
    fc.constantFrom(0.5, 1, 2, 3),
  ),
  minShares: fc.dictionary(
    fc.integer({ min: 0, max: 5 }).map((u) => `user:${u}`),
    fc.integer({ min: 1, max: 3 }),
  ),
});

describe('Fair per-user orders kept between states', () => {
  test.prop([
    configArb,
    fc.array(eventArb, { maxLength: 80 }),
    fc.array(fc.constantFrom<SlotKind>('map', 'reduce', 'container'), { minLength: 1, maxLength: 3 }),
    fc.constantFrom('versions' as const, 'log' as const),
    fc.integer({ min: 0, max: 4 }),
  ])('equal the order sorted from scratch after every event', (config, events, kinds, mode, reach) => {
    const kept = createFairUserOrder(config);
    const fresh = createFairUserOrder(config);
    const host = new ModelHost();
    const view = host.view(mode, reach);
    const unversioned = host.view('none');
    const ready = new GroupJobsWhere(hasReadyReduce);
    for (const [i, event] of events.entries()) {
      host.apply(event);
      const kind = kinds[i % kinds.length]!;
      const groups = kept.order(view, kind);
      const expected = fresh.order(unversioned, kind);
      expect(keysOf(groups)).toEqual(keysOf(expected));
      // Each group's jobs with a ready reduce, as the order found them while scoring.
      expect(groups.map((g) => ready.of(g, view).map((j) => j.id))).toEqual(
        expected.map((g) => g.jobs.filter(hasReadyReduce).map((j) => j.id)),
      );
    }
  });
});
