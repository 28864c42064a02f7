import type {
  ClusterView,
  JobView,
  ServiceGroup,
  SlotKind,
  UserId,
  UserOrder,
  UserView,
} from '@rackwise/types';
import { groupWithReadyReduces } from './jobs-where.js';

/** How a per-user fairness order scores its users; see `keptUserOrder`. */
export interface UserScoring<Score> {
  /**
   * The user's score for the slot kind, or undefined when the user has no waiting work
   * the kind could run (it is left out of the order). `previous` is the score this user
   * had last time, to be reused or overwritten. Reads only what `UserView.version` covers.
   */
  score(user: UserView, view: ClusterView, kind: SlotKind, previous: Score | undefined): Score | undefined;
  /**
   * The user's jobs the order hands out for the kind, in the order the user serves them;
   * asked right after `score` gave `score` (which may carry what scoring found of them).
   */
  jobs(user: UserView, kind: SlotKind, score: Score): readonly JobView[];
  /**
   * Optional: of those jobs, the ones with a ready reduce (`hasReadyReduce`), in the same
   * order, when scoring found them (undefined: not found). A `GroupJobsWhere` of
   * `hasReadyReduce` takes them for the user's group instead of looking at every job.
   */
  readyReduces?(score: Score): readonly JobView[] | undefined;
  /**
   * Most deserving first. Must be a total order over the users' scores (a last tie-break
   * on the user), so the kept order is the one a fresh sort gives.
   */
  compare(a: Score, b: Score): number;
}

/** One active user's standing for the slot kind, as last scored. */
interface Entry<Score> {
  score: Score | undefined;
  /** The user's `UserView.version` when last scored. */
  version: number;
  /** The last refresh that saw the user active. */
  seen: number;
  /** The user's group in the order, or undefined when it has no waiting work for the kind. */
  group: ServiceGroup | undefined;
  readonly key: string;
}

/**
 * The order of users for one slot kind, kept between cluster states: a refresh scores
 * again only the users whose `UserView.version` moved (a task of theirs started or ended,
 * a job of theirs arrived, completed or became ready to reduce), drops the users that
 * left, and moves each rescored user to its new place (found by bisection among the
 * places it passes) — one state change moves one user, so a refresh costs one version
 * check per active user (per user that moved, where the host names them:
 * `ClusterView.usersChangedSince`) and a few comparisons, with no allocation beyond the
 * rescored users' groups. The order hands out
 * one array, brought up to date in place (the `UserOrder` contract: valid during the
 * call). A rescored user gets a new group object carrying its `version`
 * (`ServiceGroup.version`), so a policy may keep what it derives from a group under the
 * object while the user's state stays.
 */
class KeptOrder<Score> {
  private readonly entries = new Map<number, Entry<Score>>();
  /** Users with waiting work for the kind, most deserving first. */
  private readonly ranked: Entry<Score>[] = [];
  /** Their groups, in the same places: the array the order hands out. */
  private readonly groups: ServiceGroup[] = [];
  private refreshes = 0;
  /** The view's `stateVersion` at the last refresh. */
  private version: number | undefined;

  constructor(
    private readonly kind: SlotKind,
    private readonly scoring: UserScoring<Score>,
  ) {}

  /**
   * Brings the order up to the view's state and returns it (the same array on every
   * call, changed in place). Returns undefined when some active user has no `version`:
   * the caller computes the order afresh. Where the host names the users that moved
   * since the last refresh (`ClusterView.usersChangedSince`), only those are looked at.
   */
  refresh(view: ClusterView): readonly ServiceGroup[] | undefined {
    const moved = this.version === undefined ? undefined : view.usersChangedSince?.(this.version);
    const complete = moved === undefined ? this.visitAll(view) : this.visitMoved(view, moved);
    if (!complete) return undefined;
    this.version = view.stateVersion;
    return this.groups;
  }

  /** Looks at every active user and drops those that left; false when one has no `version`. */
  private visitAll(view: ClusterView): boolean {
    const users = view.activeUsers();
    for (const user of users) if (user.version === undefined) return false;
    const stamp = ++this.refreshes;
    let seen = 0;
    for (const user of users) {
      if (user.jobs.length === 0) continue;
      const entry = this.entryOf(user);
      entry.seen = stamp;
      seen++;
      this.update(entry, user, view);
    }
    if (seen < this.entries.size) {
      for (const [id, entry] of this.entries) if (entry.seen !== stamp) this.drop(id, entry);
    }
    return true;
  }

  /**
   * Looks at the users that moved since the last refresh; false when one has no
   * `version` (the next refresh looks at the same users again).
   */
  private visitMoved(view: ClusterView, moved: readonly UserId[]): boolean {
    for (const id of moved) {
      const user = view.user(id);
      if (user.jobs.length === 0) {
        const entry = this.entries.get(id);
        if (entry !== undefined) this.drop(id, entry);
        continue;
      }
      if (user.version === undefined) return false;
      this.update(this.entryOf(user), user, view);
    }
    return true;
  }

  private entryOf(user: UserView): Entry<Score> {
    let entry = this.entries.get(user.id);
    if (entry === undefined) {
      entry = { score: undefined, version: Number.NaN, seen: 0, group: undefined, key: `user:${user.id}` };
      this.entries.set(user.id, entry);
    }
    return entry;
  }

  /** Scores the user again if its `version` moved. */
  private update(entry: Entry<Score>, user: UserView, view: ClusterView): void {
    if (entry.version === user.version) return;
    entry.version = user.version!;
    this.rescore(entry, user, view);
  }

  /** Forgets a user that left, and its place. */
  private drop(id: number, entry: Entry<Score>): void {
    this.entries.delete(id);
    if (entry.group !== undefined) this.unrank(entry);
    entry.group = undefined;
  }

  /** Scores a user again and puts it in its place, or out of the order without waiting work. */
  private rescore(entry: Entry<Score>, user: UserView, view: ClusterView): void {
    // Its place before; the others stay in the order of their (unchanged) scores.
    const at = entry.group === undefined ? -1 : this.ranked.indexOf(entry);
    const score = this.scoring.score(user, view, this.kind, entry.score);
    if (score === undefined) {
      if (at >= 0) this.removeAt(at);
      entry.group = undefined;
      return;
    }
    entry.score = score;
    const jobs = Object.freeze(this.scoring.jobs(user, this.kind, score));
    const ready = this.scoring.readyReduces?.(score);
    entry.group =
      ready === undefined
        ? Object.freeze({ key: entry.key, jobs, version: entry.version })
        : groupWithReadyReduces(entry.key, jobs, entry.version, Object.freeze(ready));
    if (at >= 0) this.move(entry, at);
    else this.rank(entry);
  }

  /** Takes a ranked entry out of its place. */
  private unrank(entry: Entry<Score>): void {
    this.removeAt(this.ranked.indexOf(entry));
  }

  private removeAt(at: number): void {
    this.ranked.splice(at, 1);
    this.groups.splice(at, 1);
  }

  /** Puts an entry in its place by bisection: after every entry that does not come after it. */
  private rank(entry: Entry<Score>): void {
    const { ranked } = this;
    const score = entry.score!;
    const at = bisect(ranked.length, (i) => ranked[i]!.score!, score, this.scoring.compare, 'after');
    ranked.splice(at, 0, entry);
    this.groups.splice(at, 0, entry.group!);
  }

  /**
   * Moves a ranked entry rescored at `from` to the place `rank` would give it among the
   * others (after every one that does not come after it), shifting those it passes by one:
   * a user mostly moves a few places or none, and the two arrays are not cut and rejoined.
   */
  private move(entry: Entry<Score>, from: number): void {
    const { ranked, groups } = this;
    const { compare } = this.scoring;
    const score = entry.score!;
    let to = from;
    if (from + 1 < ranked.length && compare(ranked[from + 1]!.score!, score) <= 0) {
      // Later: past those after it that do not come after it (everything before it does not).
      const after = from + 1;
      to = from + bisect(ranked.length - after, (i) => ranked[after + i]!.score!, score, compare, 'after');
      for (let i = from; i < to; i++) {
        ranked[i] = ranked[i + 1]!;
        groups[i] = groups[i + 1]!;
      }
    } else if (from > 0 && compare(ranked[from - 1]!.score!, score) > 0) {
      // Earlier: before those before it that come after it (everything after it does).
      to = bisect(from, (i) => ranked[i]!.score!, score, compare, 'after');
      for (let i = from; i > to; i--) {
        ranked[i] = ranked[i - 1]!;
        groups[i] = groups[i - 1]!;
      }
    }
    ranked[to] = entry;
    groups[to] = entry.group!;
  }
}

/**
 * In a list of `count` scores ordered by `compare` (`scoreAt(i)` the i-th), the first place
 * whose score comes after `score` (`after`: where an equal score goes last), or the first
 * whose score does not come before it (`at`: where an equal score stands).
 */
export function bisect<Score>(
  count: number,
  scoreAt: (i: number) => Score,
  score: Score,
  compare: (a: Score, b: Score) => number,
  side: 'after' | 'at',
): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const c = compare(scoreAt(mid), score);
    if (c > 0 || (side === 'at' && c === 0)) high = mid;
    else low = mid + 1;
  }
  return low;
}

const KINDS: readonly SlotKind[] = ['map', 'reduce', 'container'];

/**
 * A per-user `UserOrder` kept between cluster states on a host that keeps
 * `ClusterView.stateVersion` and `UserView.version`: each kind's order is brought up to
 * a new state by rescoring only the users whose `version` moved (see `UserScoring`), and
 * answered from memory while the state stays the same. Where the host keeps neither,
 * `fresh` (an order computed afresh, such as a `versionedOrder`) answers.
 */
export function keptUserOrder<Score>(scoring: UserScoring<Score>, fresh: UserOrder): UserOrder {
  return keptByKind((kind) => new KeptOrder(kind, scoring), fresh);
}

/** One slot kind's order kept between states: brought up to a view's state, or undefined to answer afresh. */
export interface KindOrder {
  refresh(view: ClusterView): readonly ServiceGroup[] | undefined;
}

/**
 * A `UserOrder` from one kept order per slot kind (created when first asked): answered
 * from memory while the view and its `stateVersion` stay, refreshed on a new state, and
 * by `fresh` where the host keeps no `stateVersion` or a refresh cannot tell.
 */
export function keptByKind(create: (kind: SlotKind) => KindOrder, fresh: UserOrder): UserOrder {
  let view: ClusterView | undefined;
  let orders: (KindOrder | undefined)[] = [undefined, undefined, undefined];
  const versions = [Number.NaN, Number.NaN, Number.NaN];
  const answers: (readonly ServiceGroup[] | undefined)[] = [undefined, undefined, undefined];
  return Object.freeze({
    name: fresh.name,
    order(current: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
      const version = current.stateVersion;
      if (version === undefined) return fresh.order(current, kind);
      if (current !== view) {
        // Another host: its users' versions say nothing of what was kept.
        view = current;
        orders = [undefined, undefined, undefined];
        versions.fill(Number.NaN);
      }
      const k = KINDS.indexOf(kind);
      if (versions[k] === version) return answers[k]!;
      let order = orders[k];
      if (order === undefined) orders[k] = order = create(kind);
      const answer = order.refresh(current) ?? fresh.order(current, kind);
      versions[k] = version;
      answers[k] = answer;
      return answer;
    },
  });
}
