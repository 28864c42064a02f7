import type { ClusterView, Decision, SchedulerPolicy, SlotOffer } from '@rackwise/types';

/** The first waiting task of the first job that has one: no locality, no fairness. */
export const trivialPolicy: SchedulerPolicy = {
  specificationVersion: 'v1',
  name: 'trivial',
  assign(offer: SlotOffer, view: ClusterView): Decision {
    for (const job of view.activeJobs()) {
      if (offer.kind !== 'reduce') {
        const map = job.pendingMaps()[0];
        if (map !== undefined) return { type: 'launch', task: map, reason: 'trivial/map' };
      }
      if (offer.kind !== 'map' && job.reducesReady) {
        const reduce = job.waitingReduces()[0];
        if (reduce !== undefined) return { type: 'launch', task: reduce, reason: 'trivial/reduce' };
      }
    }
    return { type: 'pass', reason: 'trivial/none' };
  },
};

/** FIFO with Hadoop's locality preference inside the chosen job (node, rack, any). */
export const fifoLikePolicy: SchedulerPolicy = {
  specificationVersion: 'v1',
  name: 'fifo-like',
  assign(offer: SlotOffer, view: ClusterView): Decision {
    const rack = view.topology.rackOf(offer.node);
    for (const job of view.activeJobs()) {
      if (offer.kind !== 'reduce' && job.count('map', 'pending') > 0) {
        const map =
          job.pendingMapsOnNode(offer.node)[0] ?? job.pendingMapsOnRack(rack)[0] ?? job.pendingMaps()[0];
        if (map !== undefined) return { type: 'launch', task: map, reason: 'fifo/map' };
      }
      if (offer.kind !== 'map' && job.reducesReady) {
        const reduce = job.waitingReduces()[0];
        if (reduce !== undefined) return { type: 'launch', task: reduce, reason: 'fifo/reduce' };
      }
    }
    return { type: 'pass', reason: 'fifo/none' };
  },
};
