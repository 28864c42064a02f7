import type { ClusterView, JobView, MapTaskView, ReduceTaskView, SlotOffer } from '@rackwise/types';

/** Which rule picked a task: the map's locality to the offering node, or a reduce. */
export type TaskPickRule = 'node-local' | 'rack-local' | 'remote' | 'reduce';

/** A task a job can run in the offered slot, and the rule that chose it. */
export interface TaskPick {
  readonly task: MapTaskView | ReduceTaskView;
  readonly rule: TaskPickRule;
}

/**
 * Whether a container may take a reduce of a job whose maps are not all launched: only
 * while such reduces hold fewer than ⌊limit × containers⌋ containers (MapReduce AM's
 * reduce ramp-up limit), so reduces can never take every container from the maps they
 * wait for. Slots of the split model are never capped.
 *
 * @param limit - share of all containers, in [0, 1], that early reduces may hold.
 */
export function earlyReduceAllowed(offer: SlotOffer, view: ClusterView, limit: number): boolean {
  return (
    offer.kind !== 'container' ||
    view.runningCount('reduce') < Math.floor(limit * view.totalSlots('container'))
  );
}

/**
 * What Hadoop's JobInProgress hands a slot (the baseline schedulers of ShuffleWatcher §6):
 * a waiting reduce once the job passed slowstart (in a container, while its maps are still
 * to launch, only if `earlyReduce`), else its pending map nearest the node — node-local,
 * rack-local, then any. Returns `undefined` when the job has nothing for this slot.
 *
 * @param earlyReduce - whether a container may take a reduce while the job still has
 *   pending maps; usually {@link earlyReduceAllowed}.
 */
export function pickTaskByLocality(
  job: JobView,
  offer: SlotOffer,
  view: ClusterView,
  earlyReduce: boolean,
): TaskPick | undefined {
  if (offer.kind !== 'map' && job.reducesReady) {
    const reduce = job.waitingReduces()[0];
    const capped = offer.kind === 'container' && !earlyReduce && job.count('map', 'pending') > 0;
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
