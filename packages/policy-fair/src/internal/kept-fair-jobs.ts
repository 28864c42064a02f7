import { keptByKind, waitsFor } from '@rackwise/policy-kit';
import type {
  ClusterView,
  JobId,
  JobView,
  ServiceGroup,
  SlotKind,
  UserId,
  UserOrder,
  UserView,
} from '@rackwise/types';
import type { FairConfig } from '../fair-config.js';
import { type FairScore, compareFairScores, hasWaitingWork, runningOf, scoreGroup } from './fair-share.js';

/** One active job's standing for the slot kind, as last scored. */
interface Entry {
  readonly id: JobId;
  /** The job's view its user last listed, and the one-job list its group hands out. */
  view: JobView;
  single: readonly JobView[];
  score: FairScore;
  /** Its user, whose `version` (as last looked at) its group reports. */
  readonly user: Seen;
  /** Its group while it has waiting work for the kind (then it is ranked), else undefined. */
  group: JobGroup | undefined;
  /** The last visit of its user that saw it active. */
  seen: number;
}

/** What was last seen of a user: its version, and its jobs' views and entries in its order. */
interface Seen {
  version: number;
  views: readonly JobView[];
  jobs: Entry[];
  /**
   * For each job, its running tasks of the kind while it is ranked and its score reads
   * nothing else that moves (no per-job tables), else -1: a job whose running tasks held
   * and that still waits needs no look at its entry.
   */
  held: number[];
  stamp: number;
}

/**
 * Fair's per-job order for one slot kind, kept between cluster states. A refresh looks at
 * the jobs of the users whose `UserView.version` moved (those `usersChangedSince` names,
 * else a version check per active user). A move is one change to one of the user's jobs
 * (a task of it started or ended, it arrived, completed or became ready to reduce), so
 * when the user lists the same jobs as before, its jobs are looked at in its order only
 * until as many have moved as the user took steps — those being served stand first —
 * and a job whose running tasks held while it waits needs no look at its entry. Only a
 * job whose score compares differently changes place: its group moves by shifting the
 * groups in between. Every group reports its user's `version` as last looked at, so what
 * a policy keeps under a group stays right, with no new object for a job whose standing
 * held. The order hands out one array, brought up to date in place.
 */
class KeptFairJobs {
  readonly #entries = new Map<JobId, Entry>();
  readonly #users = new Map<UserId, Seen>();
  /** The groups of the ranked jobs, most deserving first: the array the order hands out. */
  readonly #groups: JobGroup[] = [];
  #scratch: FairScore = { needy: false, ratio: 0, first: 0, rank: 0 };
  #version: number | undefined;
  /** Refreshes that looked at every active user, and visits of one user (marks of `seen`). */
  #refreshes = 0;
  #visits = 0;
  /** Whether the last `#update` moved its job in or out of the order, or to another place. */
  #changed = false;

  constructor(
    private readonly kind: SlotKind,
    private readonly config: FairConfig,
    private readonly tables: boolean,
  ) {}

  /** Brings the order to the view's state; undefined when some active user has no `version`. */
  refresh(view: ClusterView): readonly ServiceGroup[] | undefined {
    const moved = this.#version === undefined ? undefined : view.usersChangedSince?.(this.#version);
    if (moved === undefined) {
      const users = view.activeUsers();
      for (const user of users) if (user.version === undefined) return undefined;
      const stamp = ++this.#refreshes;
      for (const user of users) if (user.jobs.length > 0) this.#visit(user, stamp);
      for (const [id, seen] of this.#users) if (seen.stamp !== stamp) this.#forget(id, seen);
    } else {
      // A user is named once per step that moved it.
      const steps = new Map<UserId, number>();
      for (const id of moved) steps.set(id, (steps.get(id) ?? 0) + 1);
      for (const [id, count] of steps) {
        const user = view.user(id);
        if (user.jobs.length === 0) {
          const seen = this.#users.get(id);
          if (seen !== undefined) this.#forget(id, seen);
        } else if (user.version === undefined) return undefined;
        else this.#visit(user, this.#users.get(id)?.stamp ?? this.#refreshes, count);
      }
    }
    this.#version = view.stateVersion;
    return this.#groups;
  }

  /**
   * Looks again at the jobs of a user whose version moved (in `steps` state changes, as
   * far as is known), and drops those that left.
   */
  #visit(user: UserView, stamp: number, steps = Number.POSITIVE_INFINITY): void {
    let seen = this.#users.get(user.id);
    if (seen === undefined) {
      seen = { version: Number.NaN, views: [], jobs: [], held: [], stamp };
      this.#users.set(user.id, seen);
    }
    seen.stamp = stamp;
    if (seen.version === user.version) return;
    seen.version = user.version!;
    const { kind } = this;
    if (sameViews(seen.views, user.jobs)) {
      // A task of one of them started or ended: the same jobs, one of which moved.
      const { jobs, held } = seen;
      // Each step touched at most one job: once `steps` jobs moved, the rest held. Jobs
      // are looked at in the user's order, where the ones being served stand first.
      let left = steps;
      for (let i = 0; i < jobs.length && left > 0; i++) {
        const job = user.jobs[i]!;
        if (held[i] === runningOf(job, kind) && waitsFor(job, kind)) continue;
        this.#changed = false;
        held[i] = this.#update(jobs[i]!, job);
        if (this.#changed) left--;
      }
      return;
    }
    const visit = ++this.#visits;
    const jobs: Entry[] = [];
    const held: number[] = [];
    for (const job of user.jobs) {
      const entry = this.#entryOf(job, seen);
      entry.seen = visit;
      held.push(this.#update(entry, job));
      jobs.push(entry);
    }
    for (const entry of seen.jobs) if (entry.seen !== visit) this.#drop(entry);
    seen.views = [...user.jobs];
    seen.jobs = jobs;
    seen.held = held;
  }

  #forget(id: UserId, seen: Seen): void {
    for (const entry of seen.jobs) this.#drop(entry);
    this.#users.delete(id);
  }

  #entryOf(job: JobView, user: Seen): Entry {
    let entry = this.#entries.get(job.id);
    if (entry === undefined) {
      entry = {
        id: job.id,
        view: job,
        single: Object.freeze([job]),
        score: { needy: false, ratio: 0, first: 0, rank: job.id },
        user,
        group: undefined,
        seen: 0,
      };
      this.#entries.set(job.id, entry);
    }
    return entry;
  }

  /**
   * Scores a job again: in place when its standing held, else out of its place and back
   * in. Returns what its user's `held` keeps for it.
   */
  #update(entry: Entry, job: JobView): number {
    if (entry.view !== job) {
      // A host that hands out new job views: the group shows the one listed now.
      this.#changed = true;
      if (entry.group !== undefined) this.#unrank(entry);
      entry.view = job;
      entry.single = Object.freeze([job]);
      entry.group = undefined;
    }
    const score = this.#scratch;
    score.rank = job.id;
    const waits = hasWaitingWork(entry.single, this.kind);
    if (waits) scoreGroup('job', job.id, entry.single, undefined, this.kind, this.config, this.tables, score);
    if (!waits) {
      if (entry.group !== undefined) {
        this.#changed = true;
        this.#unrank(entry);
      }
      entry.group = undefined;
      return -1;
    }
    // Without per-job tables the score is running / weight, the first job and the id:
    // while the job waits, only its running tasks move it.
    const held = this.tables ? -1 : runningOf(job, this.kind);
    if (entry.group !== undefined && compareFairScores(score, entry.score) === 0) return held;
    this.#changed = true;
    if (entry.group === undefined) {
      entry.group = new JobGroup(entry);
      this.#insert(entry.group, score);
    } else this.#move(entry.group, entry.score, score);
    this.#scratch = entry.score;
    entry.score = score;
    return held;
  }

  #drop(entry: Entry): void {
    if (entry.group !== undefined) this.#unrank(entry);
    this.#entries.delete(entry.id);
  }

  #unrank(entry: Entry): void {
    this.#groups.splice(this.#place(entry.score, -1, false), 1);
  }

  #insert(group: JobGroup, score: FairScore): void {
    this.#groups.splice(this.#place(score, -1, true), 0, group);
  }

  /**
   * Moves a ranked group from where `from` stands to where `to` goes, shifting only the
   * groups in between (one array, no splice of the whole tail).
   */
  #move(group: JobGroup, from: FairScore, to: FairScore): void {
    const groups = this.#groups;
    const at = this.#place(from, -1, false);
    const next = this.#place(to, at, true);
    if (next < at) for (let i = at; i > next; i--) groups[i] = groups[i - 1]!;
    else for (let i = at; i < next; i++) groups[i] = groups[i + 1]!;
    groups[next] = group;
  }

  /**
   * Among the ranked groups but the one at `skip` (-1: none), where a score stands
   * (`after` false; scores are unique under the total order), or the first place after
   * every score that does not come after it.
   */
  #place(score: FairScore, skip: number, after: boolean): number {
    const groups = this.#groups;
    let low = 0;
    let high = skip < 0 ? groups.length : groups.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const c = compareFairScores(JobGroup.scoreOf(groups[skip < 0 || mid < skip ? mid : mid + 1]!), score);
      if (c > 0 || (!after && c === 0)) high = mid;
      else low = mid + 1;
    }
    return low;
  }
}

/** Whether a user lists the same job views as last seen. */
function sameViews(seen: readonly JobView[], jobs: readonly JobView[]): boolean {
  if (seen.length !== jobs.length) return false;
  for (let i = 0; i < jobs.length; i++) if (seen[i] !== jobs[i]) return false;
  return true;
}

/**
 * A job's group: its key, its one-job list, and its user's version as its entry last saw
 * it (read through the class, so that every group shares one shape). Ranked by its
 * entry's score.
 */
class JobGroup implements ServiceGroup {
  readonly #entry: Entry;
  readonly key: string;
  readonly jobs: readonly JobView[];

  constructor(entry: Entry) {
    this.#entry = entry;
    this.key = `job:${entry.id}`;
    this.jobs = entry.single;
    Object.freeze(this);
  }

  get version(): number {
    return this.#entry.user.version;
  }

  static scoreOf(group: JobGroup): FairScore {
    return group.#entry.score;
  }
}

/**
 * Fair's per-job order (one group per job with waiting work, `job:<id>`), kept between
 * cluster states per slot kind on a host that keeps `ClusterView.stateVersion` and
 * `UserView.version` (see `KeptFairJobs`), and answered from memory while the state
 * stays. Where the host keeps neither, or a user has no `version`, `fresh` answers.
 */
export function keptFairJobOrder(config: FairConfig, tables: boolean, fresh: UserOrder): UserOrder {
  return keptByKind((kind) => new KeptFairJobs(kind, config, tables), fresh);
}
