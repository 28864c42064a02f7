import type { ClusterView, Decision, JobView, NodeId, SchedulerPolicy, SlotOffer } from '@rackwise/types';

/** Options of the test policy. */
export interface FifoTestPolicyOptions {
  /** Prefer node-local, then rack-local maps of the chosen job (default true). */
  readonly locality?: boolean;
  readonly name?: string;
}

function pickMap(job: JobView, node: NodeId, view: ClusterView, locality: boolean): Decision | undefined {
  if (job.count('map', 'pending') === 0) return undefined;
  if (locality) {
    const local = job.pendingMapsOnNode(node)[0];
    if (local !== undefined) return { type: 'launch', task: local, reason: 'fifo-test/node-local' };
    const rackLocal = job.pendingMapsOnRack(view.topology.rackOf(node))[0];
    if (rackLocal !== undefined) return { type: 'launch', task: rackLocal, reason: 'fifo-test/rack-local' };
  }
  const any = job.pendingMaps()[0];
  return any === undefined ? undefined : { type: 'launch', task: any, reason: 'fifo-test/any' };
}

function pickReduce(job: JobView): Decision | undefined {
  if (!job.reducesReady) return undefined;
  const reduce = job.waitingReduces()[0];
  return reduce === undefined ? undefined : { type: 'launch', task: reduce, reason: 'fifo-test/reduce' };
}

/**
 * A tiny FIFO-like policy for the engine's own tests: jobs in submission order; for a map
 * (or container) slot the first job with a pending map (node-local first), for a reduce
 * slot the first job whose reduces may launch.
 */
export function fifoTestPolicy(options: FifoTestPolicyOptions = {}): SchedulerPolicy {
  const locality = options.locality ?? true;
  return {
    specificationVersion: 'v1',
    name: options.name ?? 'fifo-test',
    assign(offer: SlotOffer, view: ClusterView): Decision {
      for (const job of view.activeJobs()) {
        if (offer.kind !== 'reduce') {
          const map = pickMap(job, offer.node, view, locality);
          if (map !== undefined) return map;
        }
        if (offer.kind !== 'map') {
          const reduce = pickReduce(job);
          if (reduce !== undefined) return reduce;
        }
      }
      return { type: 'pass', reason: 'fifo-test/nothing' };
    },
  };
}
