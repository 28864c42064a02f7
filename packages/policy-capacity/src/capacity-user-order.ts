import { versionedOrder, waitsFor } from '@rackwise/policy-kit';
import type { ClusterView, JobView, PolicyContext, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import type { CapacityConfig } from './capacity-config.js';
import { maximumSlots, queueOf } from './internal/queue-of.js';
import { resolveCapacityConfig } from './internal/resolve-capacity-config.js';

function runningOf(job: JobView, kind: SlotKind): number {
  return (
    (kind !== 'reduce' ? job.count('map', 'running') : 0) +
    (kind !== 'map' ? job.count('reduce', 'running') : 0)
  );
}

/**
 * The Hadoop Capacity Scheduler's queue order (FCS §5 "HCS"): queues with waiting work
 * for the slot kind, the most under-served first — lowest used / guaranteed slots,
 * where guaranteed = capacity × the cluster's slots of that kind; ties in configuration
 * order. A queue holding its maximum (`maximumCapacity` × slots, but always at least one
 * slot) is left out, so idle capacity is lent to other queues only up to their maximum.
 * Inside a queue, jobs are FIFO. Groups are keyed `queue:<name>`. Computed once per kind
 * and `ClusterView.stateVersion` (see `versionedOrder`).
 */
export function createCapacityUserOrder(
  config?: Partial<CapacityConfig>,
  _context?: PolicyContext,
): UserOrder {
  const resolved = resolveCapacityConfig(config);
  return versionedOrder(resolved.name, (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] => {
    const jobsOf = new Map<string, JobView[]>(resolved.queues.map((q) => [q.name, []]));
    for (const job of view.activeJobs()) jobsOf.get(queueOf(job, resolved))!.push(job);
    const total = view.totalSlots(kind);
    const entries: { key: string; jobs: JobView[]; used: number; rank: number }[] = [];
    resolved.queues.forEach((queue, rank) => {
      const all = jobsOf.get(queue.name)!;
      const jobs = all.filter((j) => waitsFor(j, kind));
      if (jobs.length === 0) return;
      const used = all.reduce((sum, j) => sum + runningOf(j, kind), 0);
      if (used >= maximumSlots(queue, total)) return;
      entries.push({ key: `queue:${queue.name}`, jobs, used: used / (queue.capacity * total), rank });
    });
    entries.sort((a, b) => a.used - b.used || a.rank - b.rank);
    return entries.map((e) => ({ key: e.key, jobs: e.jobs }));
  });
}
