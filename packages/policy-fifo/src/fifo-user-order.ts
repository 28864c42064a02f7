import { versionedOrder, waitsFor } from '@rackwise/policy-kit';
import type { ClusterView, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';

/**
 * Hadoop's FIFO order (JobQueueTaskScheduler): one group per job (`job:<id>`), in
 * submission order. Jobs with no waiting task the slot kind could run are left out:
 * no pending map for a map slot, no waiting reduce past slowstart for a reduce slot,
 * neither for a container. Computed once per kind and `ClusterView.stateVersion` (see
 * `versionedOrder`).
 */
export function createFifoUserOrder(): UserOrder {
  return versionedOrder('fifo', (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] => {
    const groups: ServiceGroup[] = [];
    for (const job of view.activeJobs()) {
      if (waitsFor(job, kind)) groups.push({ key: `job:${job.id}`, jobs: [job] });
    }
    return groups;
  });
}
