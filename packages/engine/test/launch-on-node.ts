import type { NodeId, SchedulerPolicy } from '@rackwise/types';

/** Launches every pending map on `node` (wherever its block is) and nothing elsewhere. */
export function launchMapsOn(node: number): SchedulerPolicy {
  return {
    specificationVersion: 'v1',
    name: 'launch-on-node',
    assign: (offer, view) => {
      const map = view.activeJobs()[0]?.pendingMaps()[0];
      return offer.node === (node as NodeId) && map !== undefined
        ? { type: 'launch', task: map, reason: 'launch-on-node' }
        : { type: 'pass', reason: 'elsewhere' };
    },
  };
}
