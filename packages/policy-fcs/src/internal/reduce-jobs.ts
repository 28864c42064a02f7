import { hasReadyReduce } from '@rackwise/policy-kit';
import type { ClusterView, JobId, JobView, UserId, UserView } from '@rackwise/types';

/** What was last seen of a user: its version and its jobs in either set. */
interface UserJobs {
  version: number;
  readonly jobs: Set<JobId>;
}

/** The jobs the lifecycle hooks named for a user since the last refresh, and how many of its steps they cover. */
interface Hooked {
  /** Distinct versions of the user the hooks saw: one per step they explain. */
  steps: number;
  last: number;
  /** The jobs named, and whether each completed. */
  readonly jobs: Map<JobId, boolean>;
}

/** Whether a job holds a running reduce (a victim FCS Algorithm 1 may preempt). */
function holdsReduce(job: JobView): boolean {
  return job.count('reduce', 'running') > 0;
}

/**
 * The active jobs FCS ranks by remaining work, in no particular order (it ranks them by a
 * total order): those with a reduce demand (`hasReadyReduce`, Algorithm 2's candidates
 * and Algorithm 1's requesters) and those holding a running reduce (Algorithm 1's
 * victims). Kept between cluster states on a host that keeps `ClusterView.stateVersion`
 * and `UserView.version`: a new state looks again at the users whose version moved
 * (those `usersChangedSince` names, else a version check per active user), and of such a
 * user only at the jobs the lifecycle hooks named when a hook explains each of its steps
 * (a task of the job started or completed, the job arrived or completed — every other
 * event, such as a kill or a preemption, makes it look at all the user's jobs). Without
 * versions, the active jobs are filtered afresh.
 */
export class ReduceJobs {
  /**
   * @param listener - told of every job whose state may have changed since the last
   *   refresh, and whether the sets are kept (`tracking`); see `JobEstimates`.
   */
  constructor(private readonly listener?: { moved(job: JobId): void; tracking(on: boolean): void }) {}

  #view: ClusterView | undefined;
  #version: number | undefined;
  readonly #users = new Map<UserId, UserJobs>();
  readonly #demanding = new Map<JobId, JobView>();
  readonly #holding = new Map<JobId, JobView>();
  readonly #hooked = new Map<UserId, Hooked>();
  /** The demanding jobs, iterable again and again. */
  readonly #demandingJobs: Iterable<JobView> = { [Symbol.iterator]: () => this.#demanding.values() };

  /**
   * A lifecycle hook named the job: its task started or completed, it arrived, or it
   * completed (`completed`).
   */
  touched(job: JobView, view: ClusterView, completed = false): void {
    if (view !== this.#view) return;
    const version = view.user(job.user).version;
    if (version === undefined) return;
    let hooked = this.#hooked.get(job.user);
    if (hooked === undefined) {
      hooked = { steps: 0, last: Number.NaN, jobs: new Map() };
      this.#hooked.set(job.user, hooked);
    }
    if (hooked.last !== version) {
      hooked.steps++;
      hooked.last = version;
    }
    hooked.jobs.set(job.id, completed || hooked.jobs.get(job.id) === true);
  }

  /** The jobs with a reduce demand (read-only, iterable more than once; valid during the call). */
  demanding(view: ClusterView): Iterable<JobView> {
    if (!this.#refresh(view)) return view.activeJobs().filter(hasReadyReduce);
    return this.#demandingJobs;
  }

  /** The jobs with a reduce demand or a running reduce, each once (read-only; valid during the call). */
  withReduces(view: ClusterView): Iterable<JobView> {
    if (!this.#refresh(view))
      return view.activeJobs().filter((job) => hasReadyReduce(job) || holdsReduce(job));
    const holding = this.#holding;
    const demanding = this.#demanding;
    if (holding.size === 0) return this.#demandingJobs;
    const all = [...demanding.values()];
    for (const [id, job] of holding) if (!demanding.has(id)) all.push(job);
    return all;
  }

  /** Brings the sets to the view's state; false when they cannot be kept. */
  #refresh(view: ClusterView): boolean {
    const version = view.stateVersion;
    if (version === undefined) return false;
    if (view === this.#view && version === this.#version) return true;
    const moved =
      view === this.#view && this.#version !== undefined
        ? view.usersChangedSince?.(this.#version)
        : undefined;
    if (view !== this.#view) this.#clear();
    const kept = moved === undefined ? this.#visitAll(view) : this.#visitMoved(view, moved);
    this.#hooked.clear();
    if (!kept) {
      // Some user keeps no version: nothing kept can be trusted.
      this.#clear();
      return false;
    }
    this.#view = view;
    this.#version = version;
    this.listener?.tracking(true);
    return true;
  }

  #clear(): void {
    this.listener?.tracking(false);
    this.#view = undefined;
    this.#version = undefined;
    this.#users.clear();
    this.#demanding.clear();
    this.#holding.clear();
    this.#hooked.clear();
  }

  #visitAll(view: ClusterView): boolean {
    const users = view.activeUsers();
    for (const user of users) if (user.version === undefined) return false;
    const active = new Set<UserId>();
    for (const user of users) {
      active.add(user.id);
      this.#visit(user);
    }
    for (const id of [...this.#users.keys()]) if (!active.has(id)) this.#forget(id);
    return true;
  }

  #visitMoved(view: ClusterView, moved: readonly UserId[]): boolean {
    // Steps of each user: a user is named once per step that moved it.
    const steps = new Map<UserId, number>();
    for (const id of moved) steps.set(id, (steps.get(id) ?? 0) + 1);
    for (const [id, count] of steps) {
      const user = view.user(id);
      if (user.jobs.length === 0) {
        this.#forget(id);
        continue;
      }
      if (user.version === undefined) return false;
      const seen = this.#users.get(id);
      const hooked = this.#hooked.get(id);
      if (
        seen !== undefined &&
        hooked !== undefined &&
        hooked.steps === count &&
        hooked.last === user.version
      ) {
        // Every step was a hook's: only the jobs it named moved.
        seen.version = user.version;
        for (const [job, completed] of hooked.jobs) {
          if (completed) this.#remove(seen, job);
          else this.#place(seen, view.job(job));
        }
      } else this.#visit(user);
    }
    return true;
  }

  /** Looks again at every job of a user whose version moved. */
  #visit(user: UserView): void {
    let seen = this.#users.get(user.id);
    if (seen === undefined) {
      seen = { version: Number.NaN, jobs: new Set() };
      this.#users.set(user.id, seen);
    }
    if (seen.version === user.version) return;
    seen.version = user.version!;
    for (const job of [...seen.jobs]) this.#remove(seen, job);
    for (const job of user.jobs) this.#place(seen, job);
  }

  /** Puts an active job in the sets its state calls for, or out of them. */
  #place(seen: UserJobs, job: JobView): void {
    this.listener?.moved(job.id);
    const demands = hasReadyReduce(job);
    const holds = holdsReduce(job);
    if (demands) this.#demanding.set(job.id, job);
    else this.#demanding.delete(job.id);
    if (holds) this.#holding.set(job.id, job);
    else this.#holding.delete(job.id);
    if (demands || holds) seen.jobs.add(job.id);
    else seen.jobs.delete(job.id);
  }

  /** Takes a job out of both sets. */
  #remove(seen: UserJobs, job: JobId): void {
    this.listener?.moved(job);
    this.#demanding.delete(job);
    this.#holding.delete(job);
    seen.jobs.delete(job);
  }

  #forget(id: UserId): void {
    const seen = this.#users.get(id);
    if (seen === undefined) return;
    for (const job of [...seen.jobs]) this.#remove(seen, job);
    this.#users.delete(id);
  }
}
