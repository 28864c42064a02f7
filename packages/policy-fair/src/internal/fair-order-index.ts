import type { ClusterView, ServiceGroup, SlotKind, UserView } from '@rackwise/types';
import type { FairConfig } from '../fair-config.js';
import {
  type FairScore,
  compareFairScores,
  hasGroupTables,
  scoreGroup,
  servedJobs,
  userRunning,
} from './fair-share.js';

/** One active user's standing for the slot kind, as last scored. */
interface Entry {
  readonly score: FairScore;
  /** The user's `UserView.version` when last scored. */
  version: number;
  /** The last refresh that saw the user active. */
  seen: number;
  /** The user's group in the order, or undefined when it has no waiting work for the kind. */
  group: ServiceGroup | undefined;
  readonly key: string;
}

/**
 * The Fair order of users for one slot kind, kept between cluster states: a refresh
 * scores again only the users whose `UserView.version` moved (a task of theirs started or
 * ended, a job of theirs arrived, completed or became ready to reduce), drops the users
 * that left, and restores the order by insertion — one state change moves one user, so a
 * refresh costs one version check per active user and a few comparisons, with no
 * allocation beyond the rescored users' groups. The order is that of a from-scratch sort
 * (`compareFairScores` is a total order: the user id breaks the last tie).
 */
export class FairOrderIndex {
  private readonly entries = new Map<number, Entry>();
  /** Users with waiting work for the kind, most deserving first. */
  private readonly ranked: Entry[] = [];
  private refreshes = 0;
  private readonly tables: boolean;
  private snapshot: readonly ServiceGroup[] = Object.freeze([]);
  private snapshotStale = false;

  constructor(
    private readonly kind: SlotKind,
    private readonly config: FairConfig,
  ) {
    this.tables = hasGroupTables(config);
  }

  /**
   * Brings the order up to the view's state and returns it (frozen; the same array until
   * the order changes). Returns undefined, changing nothing, when some active user has no
   * `version` (the host does not keep them): the caller computes the order afresh.
   */
  refresh(view: ClusterView): readonly ServiceGroup[] | undefined {
    const users = view.activeUsers();
    for (const user of users) if (user.version === undefined) return undefined;
    const stamp = ++this.refreshes;
    let seen = 0;
    let reordered = false;
    for (const user of users) {
      if (user.jobs.length === 0) continue;
      let entry = this.entries.get(user.id);
      if (entry === undefined) {
        entry = {
          score: { needy: false, ratio: 0, first: 0, rank: user.id },
          version: Number.NaN,
          seen: stamp,
          group: undefined,
          key: `user:${user.id}`,
        };
        this.entries.set(user.id, entry);
      }
      entry.seen = stamp;
      seen++;
      if (entry.version === user.version) continue;
      entry.version = user.version!;
      reordered = this.rescore(entry, user) || reordered;
    }
    if (seen < this.entries.size) {
      for (const [id, entry] of this.entries) {
        if (entry.seen === stamp) continue;
        this.entries.delete(id);
        if (entry.group !== undefined) {
          entry.group = undefined;
          reordered = true;
        }
      }
    }
    if (reordered) this.reorder();
    if (this.snapshotStale) {
      this.snapshot = Object.freeze(this.ranked.map((entry) => entry.group!));
      this.snapshotStale = false;
    }
    return this.snapshot;
  }

  /** Scores a user again; true when the ranked list must change (a group entered, left or moved). */
  private rescore(entry: Entry, user: UserView): boolean {
    const kind = this.kind;
    const was = entry.group;
    if (
      !scoreGroup(
        'user',
        user.id,
        user.jobs,
        userRunning(user, kind),
        kind,
        this.config,
        this.tables,
        entry.score,
      )
    ) {
      entry.group = undefined;
      return was !== undefined;
    }
    entry.group = Object.freeze({
      key: entry.key,
      jobs: Object.freeze(servedJobs(user.jobs, kind, this.config)),
    });
    if (was === undefined) this.ranked.push(entry);
    this.snapshotStale = true;
    return true;
  }

  /** Drops the entries without a group and sorts the rest by insertion (nearly sorted already). */
  private reorder(): void {
    const ranked = this.ranked;
    let n = 0;
    for (const entry of ranked) if (entry.group !== undefined) ranked[n++] = entry;
    ranked.length = n;
    for (let i = 1; i < n; i++) {
      const entry = ranked[i]!;
      let j = i - 1;
      if (compareFairScores(ranked[j]!.score, entry.score) <= 0) continue;
      while (j >= 0 && compareFairScores(ranked[j]!.score, entry.score) > 0) {
        ranked[j + 1] = ranked[j]!;
        j--;
      }
      ranked[j + 1] = entry;
    }
    this.snapshotStale = true;
  }
}
