import type { ClusterView, JobId, JobView, ServiceGroup, UserId } from '@rackwise/types';

/**
 * A property of a job that reads only what `UserView.version` covers: the job's task
 * counts and states, its readiness to reduce, its completed maps — never the clock, the
 * network or another user's jobs. (A caller that also reads its own state must make sure
 * that state never turns a job's answer to true between two of its user's versions, and
 * must pass over a job whose answer turned false since.)
 */
export type JobPredicate = (job: JobView) => boolean;

/** Whether a job has a reduce a slot could take now: past slowstart, with one pending or suspended. */
export function hasReadyReduce(job: JobView): boolean {
  return job.reducesReady && job.count('reduce', 'pending') + job.count('reduce', 'suspended') > 0;
}

/** Whether every map of a job has launched (none pending). */
export function mapsAllLaunched(job: JobView): boolean {
  return job.count('map', 'pending') === 0;
}

interface GroupEntry {
  readonly version: number;
  readonly jobs: readonly JobView[];
}

/**
 * A group an order keeps between states, carrying its jobs for which `hasReadyReduce`
 * holds, in the group's order, as the order found them while building it: a
 * `GroupJobsWhere` of `hasReadyReduce` takes them instead of looking at every job of the
 * group again. They ride in a private field rather than beside the group in a weak table:
 * an order builds such a group on every move of a user, and a weak-table entry per group
 * cost more than the look it spares.
 */
class GroupWithReadyReduces implements ServiceGroup {
  readonly #ready: readonly JobView[];

  constructor(
    readonly key: string,
    readonly jobs: readonly JobView[],
    readonly version: number,
    ready: readonly JobView[],
  ) {
    this.#ready = ready;
  }

  /** The jobs with a ready reduce the order found for the group, if it built it so. */
  static readyOf(group: ServiceGroup): readonly JobView[] | undefined {
    return #ready in group ? (group as GroupWithReadyReduces).#ready : undefined;
  }
}

/**
 * A frozen group for an order that keeps it between states (`ServiceGroup.version`), with
 * its jobs that have a ready reduce (`hasReadyReduce`), in the group's order.
 */
export function groupWithReadyReduces(
  key: string,
  jobs: readonly JobView[],
  version: number,
  ready: readonly JobView[],
): ServiceGroup {
  return Object.freeze(new GroupWithReadyReduces(key, jobs, version, ready));
}

/**
 * The jobs of a fairness-order group for which a predicate holds, in the group's order.
 * A group an order keeps between states (one with a `ServiceGroup.version`) is filtered
 * once for as long as the order hands it out, so a walk that looks for, say, a ready
 * reduce in every group costs one look-up per group instead of one look per job; a group
 * without a version (an order computed afresh) is filtered on every call.
 */
export class GroupJobsWhere {
  readonly #kept = new WeakMap<ServiceGroup, GroupEntry>();

  constructor(private readonly predicate: JobPredicate) {}

  /** The group's jobs for which the predicate holds (read-only; valid while the group is). */
  of(group: ServiceGroup, view: ClusterView): readonly JobView[] {
    const version = group.version;
    if (version === undefined || view.stateVersion === undefined) return group.jobs.filter(this.predicate);
    // What the order found stays with the group object, and so with its version.
    const found = this.predicate === hasReadyReduce ? GroupWithReadyReduces.readyOf(group) : undefined;
    if (found !== undefined) return found;
    const entry = this.#kept.get(group);
    if (entry !== undefined && entry.version === version) return entry.jobs;
    const jobs = Object.freeze(group.jobs.filter(this.predicate));
    this.#kept.set(group, { version, jobs });
    return jobs;
  }
}

/** One active user's jobs that match, as of its `UserView.version`. */
interface UserMatches {
  version: number;
  ids: readonly JobId[];
}

const NONE: readonly JobId[] = Object.freeze([]);

/**
 * The active jobs for which a predicate holds, in the order of `ClusterView.activeJobs()`,
 * kept between cluster states on a host that keeps `ClusterView.stateVersion` and
 * `UserView.version`: a new state looks again only at the jobs of the users whose
 * version moved (the users `ClusterView.usersChangedSince` names, or every active user's
 * version where it names none), and walks the active jobs only when the matching set
 * changed; otherwise it returns the same array. Without versions, every call filters the
 * active jobs afresh.
 */
export class ActiveJobsWhere {
  #view: ClusterView | undefined;
  #version: number | undefined;
  #jobs: readonly JobView[] = [];
  readonly #users = new Map<UserId, UserMatches>();
  /** Ids of the matching jobs. */
  readonly #matching = new Set<JobId>();

  constructor(private readonly predicate: JobPredicate) {}

  /** The matching active jobs, in submission order (read-only; valid during the call). */
  of(view: ClusterView): readonly JobView[] {
    const version = view.stateVersion;
    if (version === undefined) return view.activeJobs().filter(this.predicate);
    if (view === this.#view && version === this.#version) return this.#jobs;
    let changed: boolean | undefined;
    if (view === this.#view && this.#version !== undefined) {
      const moved = view.usersChangedSince?.(this.#version);
      changed = moved === undefined ? this.#visitAll(view) : this.#visitMoved(view, moved);
    } else {
      this.#users.clear();
      this.#matching.clear();
      changed = this.#visitAll(view);
    }
    if (changed === undefined) {
      // Some user keeps no version: nothing kept can be trusted.
      this.#view = undefined;
      return view.activeJobs().filter(this.predicate);
    }
    this.#view = view;
    this.#version = version;
    if (changed) {
      const matching = this.#matching;
      this.#jobs =
        matching.size === 0
          ? NONE_JOBS
          : Object.freeze(view.activeJobs().filter((job) => matching.has(job.id)));
    }
    // Otherwise the same jobs, whose views the host keeps for their lives (as an order kept
    // between states keeps its groups' jobs).
    return this.#jobs;
  }

  /** Every active user; undefined when one keeps no version, else whether the matching set changed. */
  #visitAll(view: ClusterView): boolean | undefined {
    const users = view.activeUsers();
    let changed = false;
    const seen = new Set<UserId>();
    for (const user of users) {
      if (user.version === undefined) return undefined;
      seen.add(user.id);
      if (this.#update(user.id, user.version, user.jobs)) changed = true;
    }
    for (const id of [...this.#users.keys()]) if (!seen.has(id) && this.#forget(id)) changed = true;
    return changed;
  }

  #visitMoved(view: ClusterView, moved: readonly UserId[]): boolean | undefined {
    let changed = false;
    for (const id of moved) {
      const user = view.user(id);
      if (user.jobs.length === 0) {
        if (this.#forget(id)) changed = true;
        continue;
      }
      if (user.version === undefined) return undefined;
      if (this.#update(id, user.version, user.jobs)) changed = true;
    }
    return changed;
  }

  /** Looks again at a user whose version moved; whether its matching jobs changed. */
  #update(id: UserId, version: number, jobs: readonly JobView[]): boolean {
    let entry = this.#users.get(id);
    if (entry === undefined) {
      entry = { version: Number.NaN, ids: NONE };
      this.#users.set(id, entry);
    }
    if (entry.version === version) return false;
    entry.version = version;
    const ids: JobId[] = [];
    for (const job of jobs) if (this.predicate(job)) ids.push(job.id);
    const next = ids.length === 0 ? NONE : ids;
    if (sameIds(entry.ids, next)) return false;
    for (const job of entry.ids) this.#matching.delete(job);
    for (const job of next) this.#matching.add(job);
    entry.ids = next;
    return true;
  }

  /** A user left; whether it had matching jobs. */
  #forget(id: UserId): boolean {
    const entry = this.#users.get(id);
    if (entry === undefined) return false;
    this.#users.delete(id);
    for (const job of entry.ids) this.#matching.delete(job);
    return entry.ids.length > 0;
  }
}

const NONE_JOBS: readonly JobView[] = Object.freeze([]);

function sameIds(a: readonly JobId[], b: readonly JobId[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
