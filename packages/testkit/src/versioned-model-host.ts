/*
 * A deliberately minimal model, not a second host: it shares no logic with
 * `@rackwise/host`, only the contract of `ClusterView.stateVersion`, `UserView.version` and
 * `ClusterView.usersChangedSince`. It keeps task counts and versions, and nothing else.
 * It is not built on the host for three reasons:
 * - its events move a job in ways a host does not (a job leaves with tasks still waiting
 *   or running, where a host lets it go only when its last task finishes; its reduces turn
 *   ready at any time, not at the slowstart), so properties reach every state an order sees;
 * - its views can drop the versions (`none`, the order computed afresh that a kept order
 *   is judged against) and its log can reach back only a few steps, where the host keeps
 *   4,096;
 * - a property runs thousands of histories, and a count per job keeps each cheap.
 * The host's own version bookkeeping is tested in `@rackwise/host`.
 */
import type { ClusterView, JobView, TaskKind, TaskState, UserView } from '@rackwise/types';
import fc from 'fast-check';

/** One job of a {@link VersionedModelHost}: task counts only. */
export interface ModelHostJob {
  /** The job's id. */
  readonly id: number;
  /** Its user. */
  readonly user: number;
  /** Its queue. */
  readonly queue: string;
  /** The step it arrived at. */
  readonly submitTime: number;
  /** Maps waiting for a slot. */
  pendingMaps: number;
  /** Maps holding a slot. */
  runningMaps: number;
  /** Reduces waiting for a slot. */
  pendingReduces: number;
  /** Reduces holding a slot. */
  runningReduces: number;
  /** Whether its reduces may launch. */
  reducesReady: boolean;
}

/**
 * An event of a {@link VersionedModelHost}: a job arrives (in `queues[queue]`, default
 * `default`), or a task of the job `pick` (modulo the active jobs) starts or finishes, its
 * reduces become ready, or it completes.
 */
export type ModelHostEvent =
  | {
      /** A job arrives. */
      type: 'arrive';
      /** Its user. */
      user: number;
      /** Index of its queue in the host's queues. */
      queue?: number;
      /** Its maps. */
      maps: number;
      /** Its reduces. */
      reduces: number;
    }
  | {
      /** What happens to the job. */
      type: 'start' | 'finish' | 'ready' | 'complete';
      /** The job: an index into the active jobs, modulo their count. */
      pick: number;
      /** The kind of task that starts or finishes. */
      kind: TaskKind;
    };

/** Options of {@link modelHostEventArb}. */
export interface ModelHostEventOptions {
  /** Users jobs arrive from (ids 0 to users − 1). Default 6. */
  readonly users?: number;
  /** Queues jobs arrive in, by index into the host's `queues`. Default 1. */
  readonly queues?: number;
  /** Fewest maps an arriving job has. Default 0. */
  readonly minMaps?: number;
}

/** Arrivals of jobs with a few maps and reduces. */
export function modelHostArrivalArb(options: ModelHostEventOptions = {}): fc.Arbitrary<ModelHostEvent> {
  return fc.record({
    type: fc.constant('arrive' as const),
    user: fc.integer({ min: 0, max: (options.users ?? 6) - 1 }),
    queue: fc.integer({ min: 0, max: (options.queues ?? 1) - 1 }),
    maps: fc.integer({ min: options.minMaps ?? 0, max: 4 }),
    reduces: fc.integer({ min: 0, max: 2 }),
  });
}

/** Any {@link ModelHostEvent}. */
export function modelHostEventArb(options: ModelHostEventOptions = {}): fc.Arbitrary<ModelHostEvent> {
  return fc.oneof(
    modelHostArrivalArb(options),
    fc.record({
      type: fc.constantFrom('start' as const, 'finish' as const, 'ready' as const, 'complete' as const),
      pick: fc.nat(),
      kind: fc.constantFrom<TaskKind>('map', 'reduce'),
    }),
  );
}

/**
 * Busy histories: 5–20 jobs (with maps) arrive first, then 10–60 maps start and finish
 * among them, then with `rest` up to 60 events of any kind — jobs move far in an order,
 * and a user moves several of its jobs between two asks.
 */
export function modelHostBusyEventsArb(
  options: ModelHostEventOptions & { readonly rest?: boolean } = {},
): fc.Arbitrary<ModelHostEvent[]> {
  return fc
    .tuple(
      fc.array(modelHostArrivalArb({ ...options, minMaps: Math.max(1, options.minMaps ?? 1) }), {
        minLength: 5,
        maxLength: 20,
      }),
      fc.array(
        fc.record({
          type: fc.constantFrom('start' as const, 'finish' as const),
          pick: fc.nat(),
          kind: fc.constant<TaskKind>('map'),
        }),
        { minLength: 10, maxLength: 60 },
      ),
      options.rest ? fc.array(modelHostEventArb(options), { maxLength: 60 }) : fc.constant([]),
    )
    .map(([arrivals, tasks, rest]) => [...arrivals, ...tasks, ...rest]);
}

/** What a {@link VersionedModelHost.view} keeps: nothing, the versions, or the versions and the log of moves. */
export type ModelViewMode = 'none' | 'versions' | 'log';

/**
 * A small model of a host that keeps `ClusterView.stateVersion`, `UserView.version` and
 * `ClusterView.usersChangedSince`, moved by {@link apply}: each event that changes a job
 * moves its user one step. For property tests of orders kept between states against the
 * same order computed afresh (a view in mode `none`).
 */
export class VersionedModelHost {
  /** The active jobs, in submission order. */
  readonly jobs: ModelHostJob[] = [];
  /** Each user's `version`. */
  readonly versions = new Map<number, number>();
  /** The host's `stateVersion`. */
  stateVersion = 0;
  /** The clock: one step per event. */
  now = 0;
  /** The user each state step moved: `moved[v - 1]` for the step to `v`. */
  readonly #moved: number[] = [];
  readonly #kept = new WeakMap<ModelHostJob, JobView>();

  /**
   * A host with no jobs.
   *
   * @param queues - the queue names `arrive` events index.
   * @param jobId - the id of the job arriving at step `now` (default `now`: submission order).
   */
  constructor(
    private readonly queues: readonly string[] = ['default'],
    private readonly jobId: (now: number) => number = (now) => now,
  ) {}

  /** Applies an event; one that changes nothing (a start with nothing pending) moves no version. */
  apply(event: ModelHostEvent): void {
    this.now++;
    if (event.type === 'arrive') {
      const job: ModelHostJob = {
        id: this.jobId(this.now),
        user: event.user,
        queue: this.queues[event.queue ?? 0] ?? 'default',
        submitTime: this.now,
        pendingMaps: event.maps,
        runningMaps: 0,
        pendingReduces: event.reduces,
        runningReduces: 0,
        reducesReady: false,
      };
      this.jobs.push(job);
      this.#touch(job.user);
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
    this.#touch(job.user);
  }

  #touch(user: number): void {
    this.stateVersion++;
    this.versions.set(user, (this.versions.get(user) ?? 0) + 1);
    this.#moved.push(user);
  }

  /**
   * The host's one view, reading its state at each call (`totalSlots` answers `slots`).
   * `none` leaves out the versions (orders compute afresh); `log` also names the users
   * moved since a state, remembering only the last `reach` steps. Job views are new on
   * every call (`new`), or one per job for its life (`kept`, as the host keeps them).
   */
  view(mode: ModelViewMode, reach = 0, views: 'new' | 'kept' = 'new', slots = 8): ClusterView {
    const host = this;
    const versioned = mode !== 'none';
    const jobView = (job: ModelHostJob): JobView =>
      views === 'new' ? snapshotView(job) : this.#keptView(job);
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
      totalSlots: () => slots,
    };
    if (mode === 'log') {
      view.usersChangedSince = (since: number) =>
        since > host.stateVersion || host.stateVersion - since > reach ? undefined : host.#moved.slice(since);
    }
    return view as unknown as ClusterView;
  }

  /** One live view per job for its life. */
  #keptView(job: ModelHostJob): JobView {
    let view = this.#kept.get(job);
    if (view === undefined) {
      view = {
        id: job.id,
        user: job.user,
        queue: job.queue,
        submitTime: job.submitTime,
        get reducesReady() {
          return job.reducesReady;
        },
        count: (kind: TaskKind, state: TaskState) => countOf(job, kind, state),
      } as unknown as JobView;
      this.#kept.set(job, view);
    }
    return view;
  }
}

function countOf(job: ModelHostJob, kind: TaskKind, state: TaskState): number {
  if (state === 'pending') return kind === 'map' ? job.pendingMaps : job.pendingReduces;
  if (state === 'running') return kind === 'map' ? job.runningMaps : job.runningReduces;
  return 0;
}

/** A new view of the job as it stands now. */
function snapshotView(job: ModelHostJob): JobView {
  const copy = { ...job };
  return {
    id: job.id,
    user: job.user,
    queue: job.queue,
    submitTime: job.submitTime,
    reducesReady: job.reducesReady,
    count: (kind: TaskKind, state: TaskState) => countOf(copy, kind, state),
  } as unknown as JobView;
}
