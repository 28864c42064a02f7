import type { ClusterView, JobView, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';

function waits(job: JobView, kind: SlotKind): boolean {
  if (kind !== 'reduce' && job.count('map', 'pending') > 0) return true;
  return (
    kind !== 'map' &&
    job.reducesReady &&
    job.count('reduce', 'pending') + job.count('reduce', 'suspended') > 0
  );
}

/**
 * A stand-in fairness order for tests of policies built on a `UserOrder` (Delay, NAS,
 * ShuffleWatcher), which may not import Fair's:
 * - `job` (default): one group per job (`job:<id>`) in submission order;
 * - `user`: one group per user (`user:<id>`), fewest running tasks of the slot kind
 *   first, ties by user id; jobs inside in submission order.
 * Groups and jobs with no waiting task for the slot kind are left out.
 */
export function createTestUserOrder(groupBy: 'job' | 'user' = 'job'): UserOrder {
  return Object.freeze({
    name: `test-${groupBy}`,
    order(view: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
      const jobs = view.activeJobs().filter((j) => waits(j, kind));
      if (groupBy === 'job') return jobs.map((j) => ({ key: `job:${j.id}`, jobs: [j] }));
      return view
        .activeUsers()
        .map((u) => ({
          key: `user:${u.id}`,
          jobs: jobs.filter((j) => j.user === u.id),
          running: (kind !== 'reduce' ? u.running('map') : 0) + (kind !== 'map' ? u.running('reduce') : 0),
        }))
        .filter((g) => g.jobs.length > 0)
        .sort((a, b) => a.running - b.running)
        .map(({ key, jobs: groupJobs }) => ({ key, jobs: groupJobs }));
    },
  });
}
