import type { ClusterView, JobView, MapTaskView, ReduceTaskView, SlotOffer } from '@rackwise/types';

/** Which rule picked a task: the map's locality to the offering node, or a reduce. */
export type PickRule = 'node-local' | 'rack-local' | 'remote' | 'reduce';

/** A task a job can run in the offered slot, and why it was chosen. */
export interface Pick {
  readonly task: MapTaskView | ReduceTaskView;
  readonly rule: PickRule;
}

/**
 * What Hadoop's JobInProgress hands a slot: a waiting reduce once the job passed slowstart,
 * else its pending map nearest the node (node-local, rack-local, then any). In a generic
 * container, reduces of a job whose maps are not all launched may hold at most
 * ⌊reduceRampupLimit × containers⌋ containers (MapReduce AM's reduce ramp-up limit), so
 * reduces can never take every container from the maps they wait for.
 */
export function pickTask(
  job: JobView,
  offer: SlotOffer,
  view: ClusterView,
  reduceRampupLimit: number,
): Pick | undefined {
  if (offer.kind !== 'map' && job.reducesReady) {
    const reduce = job.waitingReduces()[0];
    const capped =
      offer.kind === 'container' &&
      job.count('map', 'pending') > 0 &&
      view.runningCount('reduce') >= Math.floor(reduceRampupLimit * view.totalSlots('container'));
    if (reduce !== undefined && !capped) return { task: reduce, rule: 'reduce' };
  }
  if (offer.kind === 'reduce') return undefined;
  const local = job.pendingMapsOnNode(offer.node)[0];
  if (local !== undefined) return { task: local, rule: 'node-local' };
  const rackLocal = job.pendingMapsOnRack(view.topology.rackOf(offer.node))[0];
  if (rackLocal !== undefined) return { task: rackLocal, rule: 'rack-local' };
  const any = job.pendingMaps()[0];
  return any === undefined ? undefined : { task: any, rule: 'remote' };
}
