import type { ClusterView, JobView, SlotKind } from '@rackwise/types';
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
export interface FairEntry {
  readonly key: string;
  /** Jobs of the group with waiting work for the kind, in the group's job order. */
  readonly jobs: JobView[];
  /** Below min(minShare, demand): served before every group that is not. */
  readonly needy: boolean;
  /** running / min(minShare, demand) for needy groups, running / weight otherwise. */
  readonly ratio: number;
  /** Submission time of the group's first active job. */
  readonly first: number;
}

/** Groups in the order the Fair Scheduler serves them: needy first, lowest ratio, earliest, key. */
export function compareFairEntries(a: FairEntry, b: FairEntry): number {
  return (
    Number(b.needy) - Number(a.needy) ||
    a.ratio - b.ratio ||
    a.first - b.first ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}

function entryOf(
  key: string,
  all: readonly JobView[],
  kind: SlotKind,
  config: FairConfig,
  running: number | undefined,
): FairEntry | undefined {
  let waiting = 0;
  let held = 0;
  const jobs: JobView[] = [];
  for (const job of all) {
    const w = waitingOf(job, kind);
    if (w > 0) {
      waiting += w;
      jobs.push(job);
    }
    if (running === undefined) held += runningOf(job, kind);
  }
  if (waiting === 0) return undefined;
  const used = running ?? held;
  const minShare = Math.min(config.minShares[key] ?? 0, used + waiting);
  const needy = used < minShare;
  const ratio = needy ? used / Math.max(minShare, 1) : used / (config.weights[key] ?? config.defaultWeight);
  if (config.jobOrder === 'fair' && jobs.length > 1)
    jobs.sort((a, b) => runningOf(a, kind) - runningOf(b, kind));
  return { key, jobs, needy, ratio, first: all[0]!.submitTime };
}

/**
 * Every group with waiting work for the slot kind, unsorted. Per-user shares read the
 * host's `UserView.running`; queues and jobs sum their jobs' running tasks.
 */
export function fairEntries(view: ClusterView, kind: SlotKind, config: FairConfig): FairEntry[] {
  const entries: FairEntry[] = [];
  const push = (entry: FairEntry | undefined): void => {
    if (entry !== undefined) entries.push(entry);
  };
  if (config.groupBy === 'user') {
    for (const user of view.activeUsers()) {
      const running =
        (kind !== 'reduce' ? user.running('map') : 0) + (kind !== 'map' ? user.running('reduce') : 0);
      if (user.jobs.length > 0) push(entryOf(`user:${user.id}`, user.jobs, kind, config, running));
    }
  } else if (config.groupBy === 'job') {
    for (const job of view.activeJobs()) push(entryOf(`job:${job.id}`, [job], kind, config, undefined));
  } else {
    const queues = new Map<string, JobView[]>();
    for (const job of view.activeJobs()) {
      const jobs = queues.get(job.queue);
      if (jobs === undefined) queues.set(job.queue, [job]);
      else jobs.push(job);
    }
    for (const [queue, jobs] of queues) push(entryOf(`queue:${queue}`, jobs, kind, config, undefined));
  }
  return entries;
}
