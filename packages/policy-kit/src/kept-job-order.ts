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
import { bisect, keptByKind } from './kept-user-order.js';

/** How a per-job fairness order scores its jobs; see `keptJobOrder`. */
export interface JobScoring<Score> {
  /**
   * The job's score for the slot kind, a new object on every call, or undefined when it has
   * no waiting work the kind could run (it is left out). Reads only the job's own state
   * (what its user's `UserView.version` covers).
   */
  score(job: JobView, kind: SlotKind): Score | undefined;
  /** The jobs the job's group hands out for the kind (usually the job itself). */
  jobs(job: JobView, kind: SlotKind): readonly JobView[];
  /** Most deserving first: a total order over the jobs' scores (a last tie-break on the job). */
  compare(a: Score, b: Score): number;
}

/** One active job's standing for the slot kind, as last scored. */
interface Entry<Score> {
  score: Score;
  group: ServiceGroup;
}

/** What was last seen of a user: its version and its jobs in the order. */
interface Seen {
  version: number;
  jobs: Set<JobId>;
  stamp: number;
}

/**
 * The order of jobs for one slot kind, kept between cluster states: a refresh looks only
 * at the jobs of the users whose `UserView.version` moved (the users the host names with
 * `ClusterView.usersChangedSince`, else a version check per active user). Each of their
 * jobs gets a new group carrying the user's version (so what a policy keeps under a group
 * object stays right), put in the same place when its score compares equal, else taken
 * out and put back by bisection — one state change moves one job's score. The order hands
 * out one array, brought up to date in place.
 */
class KeptJobs<Score> {
  private readonly entries = new Map<JobId, Entry<Score>>();
  private readonly users = new Map<UserId, Seen>();
  /** Scores of the ranked jobs, most deserving first, and their groups in the same places. */
  private readonly scores: Score[] = [];
  private readonly groups: ServiceGroup[] = [];
  private version: number | undefined;
  private refreshes = 0;

  constructor(
    private readonly kind: SlotKind,
    private readonly scoring: JobScoring<Score>,
  ) {}

  /** Brings the order to the view's state; undefined when some active user has no `version`. */
  refresh(view: ClusterView): readonly ServiceGroup[] | undefined {
    const moved = this.version === undefined ? undefined : view.usersChangedSince?.(this.version);
    if (moved === undefined) {
      const users = view.activeUsers();
      for (const user of users) if (user.version === undefined) return undefined;
      const stamp = ++this.refreshes;
      for (const user of users) this.visit(user, stamp);
      for (const [id, seen] of this.users) if (seen.stamp !== stamp) this.forget(id, seen);
    } else {
      for (const id of moved) {
        const user = view.user(id);
        const seen = this.users.get(id);
        if (user.jobs.length === 0) {
          if (seen !== undefined) this.forget(id, seen);
          continue;
        }
        if (user.version === undefined) return undefined;
        this.visit(user, seen?.stamp ?? 0);
      }
    }
    this.version = view.stateVersion;
    return this.groups;
  }

  /** Scores again the jobs of a user whose version moved, and drops those that left. */
  private visit(user: UserView, stamp: number): void {
    let seen = this.users.get(user.id);
    if (seen === undefined) {
      seen = { version: Number.NaN, jobs: new Set(), stamp };
      this.users.set(user.id, seen);
    }
    seen.stamp = stamp;
    if (seen.version === user.version) return;
    const version = user.version!;
    seen.version = version;
    const now = new Set<JobId>();
    for (const job of user.jobs) {
      now.add(job.id);
      this.rescore(job, version);
    }
    for (const id of seen.jobs) if (!now.has(id)) this.drop(id);
    seen.jobs = now;
  }

  private forget(id: UserId, seen: Seen): void {
    for (const job of seen.jobs) this.drop(job);
    this.users.delete(id);
  }

  private rescore(job: JobView, version: number): void {
    const score = this.scoring.score(job, this.kind);
    const entry = this.entries.get(job.id);
    if (score === undefined) {
      if (entry !== undefined) this.drop(job.id);
      return;
    }
    const group: ServiceGroup = Object.freeze({
      key: `job:${job.id}`,
      jobs: Object.freeze(this.scoring.jobs(job, this.kind)),
      version,
    });
    if (entry === undefined) {
      this.entries.set(job.id, { score, group });
      this.rank(score, group);
      return;
    }
    const at = this.placeOf(entry.score);
    if (this.scoring.compare(entry.score, score) === 0) {
      this.scores[at] = score;
      this.groups[at] = group;
    } else {
      this.scores.splice(at, 1);
      this.groups.splice(at, 1);
      this.rank(score, group);
    }
    entry.score = score;
    entry.group = group;
  }

  private drop(id: JobId): void {
    const entry = this.entries.get(id);
    if (entry === undefined) return;
    this.entries.delete(id);
    const at = this.placeOf(entry.score);
    this.scores.splice(at, 1);
    this.groups.splice(at, 1);
  }

  /** Where a ranked score stands (scores are unique under the total order). */
  private placeOf(score: Score): number {
    const { scores } = this;
    return bisect(scores.length, (i) => scores[i]!, score, this.scoring.compare, 'at');
  }

  /** Puts a score in its place: after every score that does not come after it. */
  private rank(score: Score, group: ServiceGroup): void {
    const { scores } = this;
    const at = bisect(scores.length, (i) => scores[i]!, score, this.scoring.compare, 'after');
    scores.splice(at, 0, score);
    this.groups.splice(at, 0, group);
  }
}

/**
 * A per-job `UserOrder` (one group per job, `job:<id>`) kept between cluster states on a
 * host that keeps `ClusterView.stateVersion` and `UserView.version`: a new state scores
 * again only the jobs of the users whose version moved (see {@link JobScoring}), and is
 * answered from memory while the state stays. Where the host keeps neither, `fresh`
 * answers.
 */
export function keptJobOrder<Score>(scoring: JobScoring<Score>, fresh: UserOrder): UserOrder {
  return keptByKind((kind) => new KeptJobs(kind, scoring), fresh);
}
