import type {
  ClusterView,
  JobView,
  ServiceGroup,
  SlotKind,
  UserId,
  UserOrder,
  UserView,
} from '@rackwise/types';

/** How a per-user fairness order scores its users; see `keptUserOrder`. */
export interface UserScoring<Score> {
  /**
   * The user's score for the slot kind, or undefined when the user has no waiting work
   * the kind could run (it is left out of the order). `previous` is the score this user
   * had last time, to be reused or overwritten. Reads only what `UserView.version` covers.
   */
  score(user: UserView, view: ClusterView, kind: SlotKind, previous: Score | undefined): Score | undefined;
  /** The user's jobs the order hands out for the kind, in the order the user serves them. */
  jobs(user: UserView, kind: SlotKind): readonly JobView[];
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
 * left, and restores the order by insertion — one state change moves one user, so a
 * refresh costs one version check per active user (per user that moved, where the host
 * names them: `ClusterView.usersChangedSince`) and a few comparisons, with no
 * allocation beyond the rescored users' groups. A rescored user gets a new group object
 * carrying its `version` (`ServiceGroup.version`), so a policy may keep what it derives
 * from a group under the object while the user's state stays.
 */
class KeptOrder<Score> {
  private readonly entries = new Map<number, Entry<Score>>();
  /** Users with waiting work for the kind, most deserving first. */
  private readonly ranked: Entry<Score>[] = [];
  private refreshes = 0;
  private snapshot: readonly ServiceGroup[] = Object.freeze([]);
  private snapshotStale = false;
  /** The view's `stateVersion` at the last refresh. */
  private version: number | undefined;

  constructor(
    private readonly kind: SlotKind,
    private readonly scoring: UserScoring<Score>,
  ) {}

  /**
   * Brings the order up to the view's state and returns it (frozen; the same array until
   * the order changes). Returns undefined, changing nothing, when some active user has no
   * `version` (the host does not keep them): the caller computes the order afresh. Where
   * the host names the users that moved since the last refresh
   * (`ClusterView.usersChangedSince`), only those are looked at.
   */
  refresh(view: ClusterView): readonly ServiceGroup[] | undefined {
    const moved = this.version === undefined ? undefined : view.usersChangedSince?.(this.version);
    const reordered = moved === undefined ? this.visitAll(view) : this.visitMoved(view, moved);
    if (reordered === undefined) return undefined;
    this.version = view.stateVersion;
    if (reordered) this.reorder();
    if (this.snapshotStale) {
      this.snapshot = Object.freeze(this.ranked.map((entry) => entry.group!));
      this.snapshotStale = false;
    }
    return this.snapshot;
  }

  /** Looks at every active user and drops those that left; undefined when one has no `version`. */
  private visitAll(view: ClusterView): boolean | undefined {
    const users = view.activeUsers();
    for (const user of users) if (user.version === undefined) return undefined;
    const stamp = ++this.refreshes;
    let seen = 0;
    let reordered = false;
    for (const user of users) {
      if (user.jobs.length === 0) continue;
      const entry = this.entryOf(user);
      entry.seen = stamp;
      seen++;
      reordered = this.update(entry, user, view) || reordered;
    }
    if (seen < this.entries.size) {
      for (const [id, entry] of this.entries) {
        if (entry.seen === stamp) continue;
        reordered = this.drop(id, entry) || reordered;
      }
    }
    return reordered;
  }

  /** Looks at the users that moved since the last refresh; undefined when one has no `version`. */
  private visitMoved(view: ClusterView, moved: readonly UserId[]): boolean | undefined {
    let reordered = false;
    for (const id of moved) {
      const user = view.user(id);
      if (user.jobs.length === 0) {
        const entry = this.entries.get(id);
        if (entry !== undefined) reordered = this.drop(id, entry) || reordered;
        continue;
      }
      if (user.version === undefined) return undefined;
      reordered = this.update(this.entryOf(user), user, view) || reordered;
    }
    return reordered;
  }

  private entryOf(user: UserView): Entry<Score> {
    let entry = this.entries.get(user.id);
    if (entry === undefined) {
      entry = { score: undefined, version: Number.NaN, seen: 0, group: undefined, key: `user:${user.id}` };
      this.entries.set(user.id, entry);
    }
    return entry;
  }

  /** Scores the user again if its `version` moved; true when the ranked list must change. */
  private update(entry: Entry<Score>, user: UserView, view: ClusterView): boolean {
    if (entry.version === user.version) return false;
    entry.version = user.version!;
    return this.rescore(entry, user, view);
  }

  /** Forgets a user that left; true when it had a place in the ranked list. */
  private drop(id: number, entry: Entry<Score>): boolean {
    this.entries.delete(id);
    if (entry.group === undefined) return false;
    entry.group = undefined;
    return true;
  }

  /** Scores a user again; true when the ranked list must change (a group entered, left or moved). */
  private rescore(entry: Entry<Score>, user: UserView, view: ClusterView): boolean {
    const was = entry.group;
    const score = this.scoring.score(user, view, this.kind, entry.score);
    if (score === undefined) {
      entry.group = undefined;
      return was !== undefined;
    }
    entry.score = score;
    entry.group = Object.freeze({
      key: entry.key,
      jobs: Object.freeze(this.scoring.jobs(user, this.kind)),
      version: entry.version,
    });
    if (was === undefined) this.ranked.push(entry);
    this.snapshotStale = true;
    return true;
  }

  /** Drops the entries without a group and sorts the rest by insertion (nearly sorted already). */
  private reorder(): void {
    const ranked = this.ranked;
    const compare = this.scoring.compare;
    let n = 0;
    for (const entry of ranked) if (entry.group !== undefined) ranked[n++] = entry;
    ranked.length = n;
    for (let i = 1; i < n; i++) {
      const entry = ranked[i]!;
      const score = entry.score!;
      let j = i - 1;
      while (j >= 0 && compare(ranked[j]!.score!, score) > 0) {
        ranked[j + 1] = ranked[j]!;
        j--;
      }
      ranked[j + 1] = entry;
    }
    this.snapshotStale = true;
  }
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
  let view: ClusterView | undefined;
  let orders: (KeptOrder<Score> | undefined)[] = [undefined, undefined, undefined];
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
      if (order === undefined) orders[k] = order = new KeptOrder(kind, scoring);
      const answer = order.refresh(current) ?? fresh.order(current, kind);
      versions[k] = version;
      answers[k] = answer;
      return answer;
    },
  });
}
