import type { ClusterView, JobId, JobView, SlotKind, TaskRef, UserId } from '@rackwise/types';
import type { FairConfig } from '../fair-config.js';
import { hasGroupTables, hasWaitingWork, scoreFairGroups, scoreGroup, userRunning } from './fair-share.js';
import { ScoreHeap } from './score-heap.js';

/** The group the Fair Scheduler serves next: a user id or a job id. */
export interface FairChoice {
  readonly id: number;
}

/**
 * Group scores kept between offers, for per-user and per-job shares. Between two offers
 * only the groups named by the lifecycle hooks (a task started or completed, a job
 * submitted or completed) are scored again. The cache checks itself: it predicts the
 * host's running maps, running reduces and active jobs from those hooks, and scans every
 * group afresh whenever the view disagrees (a host that calls no hooks, a kill, a
 * preemption). Only ids and numbers are kept, never the host's views, which are valid
 * during one call only. Not for queues (string keys): the policy scans those afresh.
 */
export class FairScoreCache {
  private kind: SlotKind | undefined;
  /** Predicted running maps, running reduces, active jobs. */
  private readonly expected = [0, 0, 0];
  /** The groups with waiting work, most deserving first. */
  private readonly groups = new ScoreHeap();
  private readonly dirty = new Set<number>();
  private readonly tables: boolean;
  private readonly byUser: boolean;

  constructor(private readonly config: FairConfig) {
    this.tables = hasGroupTables(config);
    this.byUser = config.groupBy === 'user';
  }

  /** The most deserving group with waiting work for the kind, or undefined. */
  best(view: ClusterView, kind: SlotKind): FairChoice | undefined {
    if (!this.valid(view, kind)) this.rebuild(view, kind);
    else for (const id of this.dirty) this.rescore(view, kind, id);
    this.dirty.clear();
    const best = this.groups.top();
    return best === undefined ? undefined : { id: best };
  }

  /** The jobs of a chosen group, read fresh from the view. */
  jobsOf(view: ClusterView, choice: FairChoice): readonly JobView[] {
    return this.byUser ? view.user(choice.id as UserId).jobs : [view.job(choice.id as JobId)];
  }

  /** A task started (`delta` 1) or completed (−1). */
  taskChanged(view: ClusterView, task: TaskRef, delta: number): void {
    this.expected[task.kind === 'map' ? 0 : 1]! += delta;
    this.dirty.add(this.byUser ? view.job(task.job).user : task.job);
  }

  /** A job was submitted (`delta` 1) or completed (−1). */
  jobChanged(job: JobView, delta: number): void {
    this.expected[2]! += delta;
    if (this.byUser) this.dirty.add(job.user);
    else if (delta > 0) this.dirty.add(job.id);
    else {
      this.groups.delete(job.id);
      this.dirty.delete(job.id);
    }
  }

  /** Forget everything: the next offer scans every group. */
  invalidate(): void {
    this.kind = undefined;
  }

  private valid(view: ClusterView, kind: SlotKind): boolean {
    if (kind !== this.kind) return false;
    const [maps, reduces, jobs] = this.expected;
    return (
      view.runningCount('map') === maps &&
      view.runningCount('reduce') === reduces &&
      view.activeJobs().length === jobs
    );
  }

  private rebuild(view: ClusterView, kind: SlotKind): void {
    const groups = this.groups;
    groups.clear();
    scoreFairGroups(view, kind, this.config, (_prefix, id, _jobs, score) => {
      groups.set(id as number, { ...score });
    });
    this.kind = kind;
    this.expected[0] = view.runningCount('map');
    this.expected[1] = view.runningCount('reduce');
    this.expected[2] = view.activeJobs().length;
  }

  private rescore(view: ClusterView, kind: SlotKind, id: number): void {
    const score = this.groups.get(id) ?? { needy: false, ratio: 0, first: 0, rank: id };
    const user = this.byUser ? view.user(id as UserId) : undefined;
    const jobs = user !== undefined ? user.jobs : [view.job(id as JobId)];
    const running = user !== undefined ? userRunning(user, kind) : undefined;
    const prefix = this.byUser ? 'user' : 'job';
    if (jobs.length > 0 && hasWaitingWork(jobs, kind)) {
      scoreGroup(prefix, id, jobs, running, kind, this.config, this.tables, score);
      this.groups.set(id, score);
    } else {
      this.groups.delete(id);
    }
  }
}
