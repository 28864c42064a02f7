import { hasReadyReduce } from '@rackwise/policy-kit';
import type { ClusterView, JobId, JobView, SlotKind, UserId, UserView } from '@rackwise/types';
import { queueOf } from './queue-of.js';
import type { ResolvedCapacityConfig } from './resolve-capacity-config.js';

/** Index of a slot kind in the tally's lists. */
export function kindIndex(kind: SlotKind): number {
  return kind === 'map' ? 0 : kind === 'reduce' ? 1 : 2;
}

/** Bits of `JobEntry.waits`: a pending map, a ready reduce (see `waitsFor`). */
const WAITS_MAP = 1;
const WAITS_REDUCE = 2;
/** The bits of `waits` that make a job wait for a slot of each kind (by `kindIndex`). */
const WAITS_FOR = [WAITS_MAP, WAITS_REDUCE, WAITS_MAP | WAITS_REDUCE] as const;

/** What the tally counted of one active job, as of its user's last `version`. */
interface JobEntry {
  /** The job's view as its user last listed it. */
  job: JobView;
  /** Its place in submission order (`ClusterView.activeJobs()`), increasing. */
  readonly rank: number;
  /** Index of its configured queue. */
  readonly queue: number;
  maps: number;
  reduces: number;
  waits: number;
  /** The last user visit that saw it active. */
  seen: number;
}

interface UserEntry {
  version: number;
  jobs: JobEntry[];
}

/** One queue's jobs waiting for a slot of a kind, in submission order. */
interface WaitingList {
  readonly jobs: JobView[];
  readonly ranks: number[];
}

/**
 * What Capacity counts over the active jobs, kept between cluster states on a host that
 * keeps `ClusterView.stateVersion` and `UserView.version`: each queue's running maps and
 * reduces, and its jobs waiting for each slot kind in submission order. A new state looks
 * again only at the jobs of the users whose version moved (those `usersChangedSince`
 * names, else a version check per active user), adjusting the queue's sums by what
 * changed and moving a job in or out of a waiting list by bisection on its submission
 * rank — so a state change costs the moved user's jobs, not every active job. Jobs
 * submitted since the last state are the tail of `activeJobs()`, where they get their
 * ranks.
 */
export class QueueTally {
  #view: ClusterView | undefined;
  #version: number | undefined;
  readonly #users = new Map<UserId, UserEntry>();
  readonly #jobs = new Map<JobId, JobEntry>();
  #nextRank = 0;
  #visits = 0;
  readonly #maps: number[];
  readonly #reduces: number[];
  /** Waiting lists by kind, then queue; built when a kind is first asked. */
  readonly #waiting: (WaitingList[] | undefined)[] = [undefined, undefined, undefined];

  constructor(private readonly config: ResolvedCapacityConfig) {
    this.#maps = config.queues.map(() => 0);
    this.#reduces = config.queues.map(() => 0);
  }

  /**
   * Brings the tally to the view's state; false when it cannot be kept (no
   * `stateVersion`, or an active user without a `version`): the caller counts afresh.
   * Throws like `queueOf` for a job of an unconfigured queue under `unknownQueue: 'error'`.
   */
  refresh(view: ClusterView): boolean {
    const version = view.stateVersion;
    if (version === undefined) return false;
    if (view === this.#view && version === this.#version) return true;
    let kept = false;
    try {
      kept = this.#bringUp(view);
    } finally {
      if (!kept) this.#reset();
    }
    if (kept) {
      this.#view = view;
      this.#version = version;
    }
    return kept;
  }

  /** Running maps of queue `q`. */
  runningMaps(q: number): number {
    return this.#maps[q]!;
  }

  /** Running reduces of queue `q`. */
  runningReduces(q: number): number {
    return this.#reduces[q]!;
  }

  /**
   * Queue `q`'s jobs waiting for a slot of the kind, in submission order: a live array,
   * brought up to date in place by the next refresh (read-only; valid until then).
   */
  waiting(kind: SlotKind, q: number): readonly JobView[] {
    const k = kindIndex(kind);
    let lists = this.#waiting[k];
    if (lists === undefined) {
      lists = this.config.queues.map(() => ({ jobs: [], ranks: [] }));
      const bits = WAITS_FOR[k]!;
      // Ranks follow activeJobs(): walking it lists every queue in submission order.
      for (const job of this.#view!.activeJobs()) {
        const entry = this.#jobs.get(job.id)!;
        if ((entry.waits & bits) === 0) continue;
        const list = lists[entry.queue]!;
        list.jobs.push(entry.job);
        list.ranks.push(entry.rank);
      }
      this.#waiting[k] = lists;
    }
    return lists[q]!.jobs;
  }

  #reset(): void {
    this.#view = undefined;
    this.#version = undefined;
    this.#users.clear();
    this.#jobs.clear();
    this.#maps.fill(0);
    this.#reduces.fill(0);
    this.#waiting.fill(undefined);
  }

  #bringUp(view: ClusterView): boolean {
    const moved =
      view === this.#view && this.#version !== undefined
        ? view.usersChangedSince?.(this.#version)
        : undefined;
    if (view !== this.#view) this.#reset();
    this.#rankNewJobs(view);
    if (moved !== undefined) {
      for (const id of moved) {
        const user = view.user(id);
        if (user.jobs.length === 0) this.#forget(id);
        else if (!this.#visit(user)) return false;
      }
      return true;
    }
    const users = view.activeUsers();
    const active = new Set<UserId>();
    for (const user of users) {
      if (user.jobs.length === 0) continue;
      active.add(user.id);
      if (!this.#visit(user)) return false;
    }
    if (active.size < this.#users.size) {
      for (const id of [...this.#users.keys()]) if (!active.has(id)) this.#forget(id);
    }
    return true;
  }

  /**
   * Gives the jobs submitted since the last refresh their ranks: they are the tail of
   * `activeJobs()` after the last job the tally knows (submission order).
   */
  #rankNewJobs(view: ClusterView): void {
    const active = view.activeJobs();
    let first = active.length;
    while (first > 0 && !this.#jobs.has(active[first - 1]!.id)) first--;
    for (let i = first; i < active.length; i++) {
      const job = active[i]!;
      const queue = this.config.queues.findIndex((q) => q.name === queueOf(job, this.config));
      this.#jobs.set(job.id, { job, rank: this.#nextRank++, queue, maps: 0, reduces: 0, waits: 0, seen: 0 });
    }
  }

  /** Counts again the jobs of a user whose version moved; false when it has none. */
  #visit(user: UserView): boolean {
    const version = user.version;
    if (version === undefined) return false;
    let entry = this.#users.get(user.id);
    if (entry === undefined) {
      entry = { version: Number.NaN, jobs: [] };
      this.#users.set(user.id, entry);
    }
    if (entry.version === version) return true;
    entry.version = version;
    const visit = ++this.#visits;
    const jobs: JobEntry[] = [];
    for (const job of user.jobs) {
      const kept = this.#jobs.get(job.id);
      if (kept === undefined) return false; // not in activeJobs(): nothing kept can be trusted
      kept.seen = visit;
      this.#count(kept, job);
      jobs.push(kept);
    }
    for (const gone of entry.jobs) if (gone.seen !== visit) this.#drop(gone);
    entry.jobs = jobs;
    return true;
  }

  #forget(id: UserId): void {
    const entry = this.#users.get(id);
    if (entry === undefined) return;
    for (const job of entry.jobs) this.#drop(job);
    this.#users.delete(id);
  }

  #drop(entry: JobEntry): void {
    this.#maps[entry.queue]! -= entry.maps;
    this.#reduces[entry.queue]! -= entry.reduces;
    this.#setWaits(entry, 0);
    this.#jobs.delete(entry.job.id);
  }

  /** A job's counts now, and the sums and lists moved by what changed. */
  #count(entry: JobEntry, job: JobView): void {
    if (entry.job !== job) this.#relist(entry, job);
    const maps = job.count('map', 'running');
    const reduces = job.count('reduce', 'running');
    this.#maps[entry.queue]! += maps - entry.maps;
    this.#reduces[entry.queue]! += reduces - entry.reduces;
    entry.maps = maps;
    entry.reduces = reduces;
    const waits =
      (job.count('map', 'pending') > 0 ? WAITS_MAP : 0) | (hasReadyReduce(job) ? WAITS_REDUCE : 0);
    this.#setWaits(entry, waits);
  }

  /** A host that hands out new job views: the lists show the one the user lists now. */
  #relist(entry: JobEntry, job: JobView): void {
    entry.job = job;
    for (let k = 0; k < 3; k++) {
      const lists = this.#waiting[k];
      if (lists === undefined || (entry.waits & WAITS_FOR[k]!) === 0) continue;
      const list = lists[entry.queue]!;
      list.jobs[placeOf(list.ranks, entry.rank)] = job;
    }
  }

  #setWaits(entry: JobEntry, waits: number): void {
    const was = entry.waits;
    if (was === waits) return;
    entry.waits = waits;
    for (let k = 0; k < 3; k++) {
      const lists = this.#waiting[k];
      if (lists === undefined) continue;
      const bits = WAITS_FOR[k]!;
      const before = (was & bits) !== 0;
      if (before === ((waits & bits) !== 0)) continue;
      const list = lists[entry.queue]!;
      const at = placeOf(list.ranks, entry.rank);
      if (before) {
        list.jobs.splice(at, 1);
        list.ranks.splice(at, 1);
      } else {
        list.jobs.splice(at, 0, entry.job);
        list.ranks.splice(at, 0, entry.rank);
      }
    }
  }
}

/** In increasing `ranks`, the place of `rank` (where it stands, or goes). */
function placeOf(ranks: readonly number[], rank: number): number {
  let low = 0;
  let high = ranks.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ranks[mid]! < rank) low = mid + 1;
    else high = mid;
  }
  return low;
}
