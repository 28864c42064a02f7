import { versionedOrder } from '@rackwise/policy-kit';
import type { ClusterView, JobView, PolicyContext, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import type { DrfConfig } from './drf-config.js';
import { dominantShare, waitsFor } from './internal/dominant-share.js';
import { resolveDrfConfig } from './internal/resolve-drf-config.js';

/**
 * Dominant Resource Fairness order (Ghodsi et al., NSDI 2011; ShuffleWatcher §2.2, §4.2):
 * groups with waiting work for the slot kind, lowest dominant share / weight first; ties
 * go to the group whose first job was submitted earlier. Inside a group, jobs are FIFO.
 * Computed once per kind and `ClusterView.stateVersion` (see `versionedOrder`).
 */
export function createDrfUserOrder(config?: Partial<DrfConfig>, _context?: PolicyContext): UserOrder {
  const resolved = resolveDrfConfig(config);
  const keyOf = (job: JobView): string =>
    resolved.groupBy === 'user'
      ? `user:${job.user}`
      : resolved.groupBy === 'queue'
        ? `queue:${job.queue}`
        : `job:${job.id}`;
  return versionedOrder(resolved.name, (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] => {
    const groups = new Map<string, JobView[]>();
    for (const job of view.activeJobs()) {
      const key = keyOf(job);
      const jobs = groups.get(key);
      if (jobs === undefined) groups.set(key, [job]);
      else jobs.push(job);
    }
    const entries: { key: string; jobs: JobView[]; share: number; first: number }[] = [];
    for (const [key, all] of groups) {
      const jobs = all.filter((j) => waitsFor(j, kind));
      if (jobs.length === 0) continue;
      const weight = resolved.weights[key] ?? resolved.defaultWeight;
      const share = dominantShare(all, view, resolved.defaultDemand, resolved.countSlots) / weight;
      entries.push({ key, jobs, share, first: all[0]!.submitTime });
    }
    entries.sort(
      (a, b) => a.share - b.share || a.first - b.first || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
    );
    return entries.map((e) => ({ key: e.key, jobs: e.jobs }));
  });
}
