import type { SchedulerPolicy } from '@rackwise/types';

/** Launches the first pending map of the first active job, on `node` only; passes elsewhere (maps only). */
export function oneNodePolicy(node: number): SchedulerPolicy {
  return {
    specificationVersion: 'v1',
    name: `on-node-${node}`,
    assign: (offer, view) => {
      const task = offer.node === node ? view.activeJobs()[0]?.pendingMaps()[0] : undefined;
      return task === undefined
        ? { type: 'pass', reason: 'one-node/wait' }
        : { type: 'launch', task, reason: 'one-node' };
    },
  };
}
