import type { ClusterView, JobView, SlotKind } from '@rackwise/types';

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

/** Active jobs cut into groups by `groupBy`, groups in order of their first job's submission. */
export function groupJobs(view: ClusterView, groupBy: 'user' | 'queue' | 'job'): Map<string, JobView[]> {
  const groups = new Map<string, JobView[]>();
  for (const job of view.activeJobs()) {
    const key =
      groupBy === 'user' ? `user:${job.user}` : groupBy === 'queue' ? `queue:${job.queue}` : `job:${job.id}`;
    const jobs = groups.get(key);
    if (jobs === undefined) groups.set(key, [job]);
    else jobs.push(job);
  }
  return groups;
}
