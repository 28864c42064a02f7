import type { ClusterView, Decision, SchedulerPolicy, SlotOffer } from '@rackwise/types';

/**
 * The simplest correct policy, for tests of hosts and test tools: the oldest job's map
 * nearest the node (node-local, else any), else its waiting reduce past slowstart. Maps
 * come first within a job, so its reduces never hold the containers its maps need.
 * Reason codes: `first-pending/map`, `first-pending/reduce`, `first-pending/none`.
 */
export function createFirstPendingPolicy(): SchedulerPolicy {
  return {
    specificationVersion: 'v1',
    name: 'first-pending',
    assign(offer: SlotOffer, view: ClusterView): Decision {
      for (const job of view.activeJobs()) {
        if (offer.kind !== 'reduce') {
          const map = job.pendingMapsOnNode(offer.node)[0] ?? job.pendingMaps()[0];
          if (map !== undefined) return { type: 'launch', task: map, reason: 'first-pending/map' };
        }
        const reduce = job.waitingReduces()[0];
        if (offer.kind !== 'map' && job.reducesReady && reduce !== undefined) {
          return { type: 'launch', task: reduce, reason: 'first-pending/reduce' };
        }
      }
      return { type: 'pass', reason: 'first-pending/none' };
    },
  };
}
