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
import { keptByKind } from './kept-user-order.js';
import { waitsFor } from './waits-for.js';

/** How a per-job fairness order scores its jobs; see `keptJobOrder`. */
export interface JobScoring<Score> {
  /**
   * The job's score for the slot kind, or undefined when it has no waiting work the kind
   * could run (it is left out). Reads only the job's own state (what its user's
   * `UserView.version` covers). `group` is the list its group hands out (`jobs`); `spare`,
   * when given, is a score the order no longer holds: write into it and return it to
   * spare an allocation, or return a new object.
   */
  score(job: JobView, kind: SlotKind, group: readonly JobView[], spare: Score | undefined): Score | undefined;
  /**
   * The jobs the job's group hands out for the kind (usually the job itself), asked once
   * per job view: it must not depend on the job's state.
   */
  jobs(job: JobView, kind: SlotKind): readonly JobView[];
  /** Most deserving first: a total order over the jobs' scores (a last tie-break on the job). */
  compare(a: Score, b: Score): number;
  /**
   * Optional: a number that, while the job waits for the kind (`waitsFor`) and the number
   * is what it was when the job was last scored, means its score is the same — the job is
   * then not scored again. Fair without per-job weights or minimum shares gives the job's
   * running tasks of the kind, the only input of its score that moves while it waits.
   */
  held?(job: JobView, kind: SlotKind): number;
}

/** One active job's standing for the slot kind, as last scored. */
interface Entry<Score> {
  readonly id: JobId;
  /** The job's view its user last listed, and the list its group hands out. */
  view: JobView;
  jobs: readonly JobView[];
  /** Its score while it is ranked. */
  score: Score | undefined;
  /** Its user, whose `version` (as last looked at) its group reports. */
  readonly user: Seen<Score>;
  /** Its group while it has waiting work for the kind (then it is ranked), else undefined. */
  group: JobGroup<Score> | undefined;
  /** The last visit of its user that saw it active. */
  seen: number;
}

/** What was last seen of a user: its version, and its jobs' views and entries in its order. */
interface Seen<Score> {
  version: number;
  views: readonly JobView[];
  jobs: Entry<Score>[];
  /** For each job, `JobScoring.held` at its last scoring while it is ranked, else -1. */
  held: number[];
  stamp: number;
}

/**
 * The order of jobs for one slot kind, kept between cluster states. A refresh looks at the
 * jobs of the users whose `UserView.version` moved (those `usersChangedSince` names, else a
 * version check per active user). A move is one change to one of the user's jobs (a task
 * of it started or ended, it arrived, completed or became ready to reduce), so when the
 * user lists the same jobs as before, its jobs are looked at in its order only until as
 * many have moved as the user took steps — those being served stand first — and a job
 * whose `held` number held while it waits is not scored again. Only a job whose score
 * compares differently changes place: its group moves by shifting the groups in between.
 * Every group reports its user's `version` as last looked at, so what a policy keeps under
 * a group stays right, with no new object for a job whose standing held. The order hands
 * out one array, brought up to date in place.
 */
class KeptJobs<Score> {
  readonly #entries = new Map<JobId, Entry<Score>>();
  readonly #users = new Map<UserId, Seen<Score>>();
  /** The groups of the ranked jobs, most deserving first: the array the order hands out. */
  readonly #groups: JobGroup<Score>[] = [];
  /** A score object no entry holds, handed to `JobScoring.score` to write into. */
  #spare: Score | undefined;
  #version: number | undefined;
  /** Refreshes that looked at every active user, and visits of one user (marks of `seen`). */
  #refreshes = 0;
  #visits = 0;
  /** Whether the last `#update` moved its job in or out of the order, or to another place. */
  #changed = false;

  constructor(
    private readonly kind: SlotKind,
    private readonly scoring: JobScoring<Score>,
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
      const heldOf = this.scoring.held;
      // Each step touched at most one job: once `steps` jobs moved, the rest held. Jobs
      // are looked at in the user's order, where the ones being served stand first.
      let left = steps;
      for (let i = 0; i < jobs.length && left > 0; i++) {
        const job = user.jobs[i]!;
        if (heldOf !== undefined && held[i]! >= 0 && held[i] === heldOf(job, kind) && waitsFor(job, kind))
          continue;
        this.#changed = false;
        held[i] = this.#update(jobs[i]!, job);
        if (this.#changed) left--;
      }
      return;
    }
    const visit = ++this.#visits;
    const jobs: Entry<Score>[] = [];
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

  #forget(id: UserId, seen: Seen<Score>): void {
    for (const entry of seen.jobs) this.#drop(entry);
    this.#users.delete(id);
  }

  #entryOf(job: JobView, user: Seen<Score>): Entry<Score> {
    let entry = this.#entries.get(job.id);
    if (entry === undefined) {
      entry = {
        id: job.id,
        view: job,
        jobs: Object.freeze(this.scoring.jobs(job, this.kind)),
        score: undefined,
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
  #update(entry: Entry<Score>, job: JobView): number {
    const { kind, scoring } = this;
    if (entry.view !== job) {
      // A host that hands out new job views: the group shows the one listed now.
      this.#changed = true;
      if (entry.group !== undefined) this.#unrank(entry);
      entry.view = job;
      entry.jobs = Object.freeze(scoring.jobs(job, kind));
      entry.group = undefined;
    }
    const score = scoring.score(job, kind, entry.jobs, this.#spare);
    if (score === undefined) {
      if (entry.group !== undefined) {
        this.#changed = true;
        this.#unrank(entry);
      }
      entry.group = undefined;
      return -1;
    }
    const held = scoring.held?.(job, kind) ?? -1;
    if (entry.group !== undefined && scoring.compare(score, entry.score!) === 0) {
      this.#spare = score;
      return held;
    }
    this.#changed = true;
    if (entry.group === undefined) {
      entry.group = new JobGroup(entry);
      this.#insert(entry.group, score);
      this.#spare = entry.score;
    } else {
      this.#move(entry.group, entry.score!, score);
      this.#spare = entry.score;
    }
    entry.score = score;
    return held;
  }

  #drop(entry: Entry<Score>): void {
    if (entry.group !== undefined) this.#unrank(entry);
    this.#entries.delete(entry.id);
  }

  #unrank(entry: Entry<Score>): void {
    this.#groups.splice(this.#place(entry.score!, -1, false), 1);
  }

  #insert(group: JobGroup<Score>, score: Score): void {
    this.#groups.splice(this.#place(score, -1, true), 0, group);
  }

  /**
   * Moves a ranked group from where `from` stands to where `to` goes, shifting only the
   * groups in between (one array, no splice of the whole tail).
   */
  #move(group: JobGroup<Score>, from: Score, to: Score): void {
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
  #place(score: Score, skip: number, after: boolean): number {
    const groups = this.#groups;
    const { compare } = this.scoring;
    let low = 0;
    let high = skip < 0 ? groups.length : groups.length - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const c = compare(JobGroup.scoreOf(groups[skip < 0 || mid < skip ? mid : mid + 1]!), score);
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
 * A job's group: its key, its list, and its user's version as its entry last saw it (read
 * through the class, so that every group shares one shape). Ranked by its entry's score.
 */
class JobGroup<Score> implements ServiceGroup {
  readonly #entry: Entry<Score>;
  readonly key: string;
  readonly jobs: readonly JobView[];

  constructor(entry: Entry<Score>) {
    this.#entry = entry;
    this.key = `job:${entry.id}`;
    this.jobs = entry.jobs;
    Object.freeze(this);
  }

  get version(): number {
    return this.#entry.user.version;
  }

  static scoreOf<Score>(group: JobGroup<Score>): Score {
    return group.#entry.score!;
  }
}

/**
 * A per-job `UserOrder` (one group per job with waiting work, `job:<id>`) kept between
 * cluster states per slot kind on a host that keeps `ClusterView.stateVersion` and
 * `UserView.version`: a new state looks again only at the jobs of the users whose version
 * moved, as far as their steps reach (see {@link JobScoring}), moves only the jobs whose
 * standing changed, and is answered from memory while the state stays. Where the host
 * keeps neither, or a user has no `version`, `fresh` answers.
 */
export function keptJobOrder<Score>(scoring: JobScoring<Score>, fresh: UserOrder): UserOrder {
  return keptByKind((kind) => new KeptJobs(kind, scoring), fresh);
}
