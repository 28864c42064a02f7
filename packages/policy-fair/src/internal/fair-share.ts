import { hasReadyReduce, waitsFor } from '@rackwise/policy-kit';
import type { ClusterView, JobView, SlotKind, UserView } from '@rackwise/types';
import type { FairConfig } from '../fair-config.js';

/** Tasks of a job that hold a slot of the kind (both kinds for a container). */
export function runningOf(job: JobView, kind: SlotKind): number {
  return (
    (kind !== 'reduce' ? job.count('map', 'running') : 0) +
    (kind !== 'map' ? job.count('reduce', 'running') : 0)
  );
}

/** Tasks of a job that could use a slot of the kind now: pending maps, waiting reduces past slowstart. */
export function waitingOf(job: JobView, kind: SlotKind): number {
  const maps = kind !== 'reduce' ? job.count('map', 'pending') : 0;
  const reduces =
    kind !== 'map' && job.reducesReady
      ? job.count('reduce', 'pending') + job.count('reduce', 'suspended')
      : 0;
  return maps + reduces;
}

/** One group's standing for a slot kind (Hadoop FairShareComparator's inputs). */
export interface FairScore {
  /** Below min(minShare, demand): served before every group that is not. */
  needy: boolean;
  /** running / min(minShare, demand) for needy groups, running / weight otherwise. */
  ratio: number;
  /** Submission time of the group's first active job. */
  first: number;
  /** Last tie-break: the user or job id; a queue's position of first appearance. */
  rank: number;
}

/** Groups in the order the Fair Scheduler serves them: needy first, lowest ratio, earliest, then rank. */
export function compareFairScores(a: FairScore, b: FairScore): number {
  return Number(b.needy) - Number(a.needy) || a.ratio - b.ratio || a.first - b.first || a.rank - b.rank;
}

/**
 * Receives each group with waiting work: its key as prefix and id (`user`, 3 → `user:3`,
 * joined only when needed), all its active jobs, and its score.
 */
export type FairGroupVisitor = (
  prefix: string,
  id: number | string,
  jobs: readonly JobView[],
  score: FairScore,
) => void;

/** Whether a configuration has per-group weights or minimum shares (keys must be built). */
export function hasGroupTables(config: FairConfig): boolean {
  return Object.keys(config.weights).length + Object.keys(config.minShares).length > 0;
}

/** Whether some job of a group has waiting work for the kind (a group without is left out). */
export function hasWaitingWork(jobs: readonly JobView[], kind: SlotKind): boolean {
  return jobs.some((j) => waitsFor(j, kind));
}

/**
 * Scores one group with waiting work for the kind into `out`. `running` is the group's
 * running tasks of the kind if the host counts them (users), else summed over its jobs.
 */
export function scoreGroup(
  prefix: string,
  id: number | string,
  jobs: readonly JobView[],
  running: number | undefined,
  kind: SlotKind,
  config: FairConfig,
  tables: boolean,
  out: FairScore,
): void {
  let used = running ?? 0;
  if (running === undefined) for (const job of jobs) used += runningOf(job, kind);
  const name = tables ? `${prefix}:${id}` : '';
  const configured = tables ? config.minShares[name] : undefined;
  let minShare = 0;
  if (configured !== undefined && configured > used) {
    let demand = used;
    for (const job of jobs) demand += waitingOf(job, kind);
    minShare = Math.min(configured, demand);
  }
  out.needy = used < minShare;
  out.ratio = out.needy
    ? used / Math.max(minShare, 1)
    : used / ((tables ? config.weights[name] : undefined) ?? config.defaultWeight);
  out.first = jobs[0]!.submitTime;
}

/** Running tasks of a user for a slot kind, as the host counts them. */
export function userRunning(user: UserView, kind: SlotKind): number {
  return (kind !== 'reduce' ? user.running('map') : 0) + (kind !== 'map' ? user.running('reduce') : 0);
}

/**
 * Scores every group with waiting work for the slot kind, in enumeration order. Per-user
 * shares read the host's `UserView.running`; queues and jobs sum their jobs' running
 * tasks. The score object is reused between calls: copy what you keep.
 */
export function scoreFairGroups(
  view: ClusterView,
  kind: SlotKind,
  config: FairConfig,
  visit: FairGroupVisitor,
): void {
  const tables = hasGroupTables(config);
  const score: FairScore = { needy: false, ratio: 0, first: 0, rank: 0 };
  let position = 0;
  const consider = (
    prefix: string,
    id: number | string,
    jobs: readonly JobView[],
    running: number | undefined,
    rank: number,
  ) => {
    score.rank = rank;
    if (!hasWaitingWork(jobs, kind)) return;
    scoreGroup(prefix, id, jobs, running, kind, config, tables, score);
    visit(prefix, id, jobs, score);
  };
  if (config.groupBy === 'user') {
    for (const user of view.activeUsers()) {
      if (user.jobs.length > 0) consider('user', user.id, user.jobs, userRunning(user, kind), user.id);
    }
  } else if (config.groupBy === 'job') {
    for (const job of view.activeJobs()) consider('job', job.id, [job], undefined, job.id);
  } else {
    const queues = new Map<string, JobView[]>();
    for (const job of view.activeJobs()) {
      const jobs = queues.get(job.queue);
      if (jobs === undefined) queues.set(job.queue, [job]);
      else jobs.push(job);
    }
    for (const [queue, jobs] of queues) consider('queue', queue, jobs, undefined, ++position);
  }
}

/**
 * A group's jobs with waiting work for the kind, in the group's job order; `ready`, when
 * given, receives those of them with a ready reduce, in the order of `jobs`.
 */
export function servedJobs(
  jobs: readonly JobView[],
  kind: SlotKind,
  config: FairConfig,
  ready?: JobView[],
): JobView[] {
  const served: JobView[] = [];
  for (const job of jobs) {
    if (!waitsFor(job, kind)) continue;
    served.push(job);
    if (ready !== undefined && hasReadyReduce(job)) ready.push(job);
  }
  if (config.jobOrder === 'fair' && served.length > 1)
    served.sort((a, b) => runningOf(a, kind) - runningOf(b, kind));
  return served;
}
