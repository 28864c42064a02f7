import { earlyReduceAllowed, pickTaskByLocality } from '@rackwise/policy-kit';
import type { ClusterView, Decision, ServiceGroup, SlotOffer } from '@rackwise/types';
import type { CapacityConfig } from '../capacity-config.js';
import { type CapacityOrder, capacityOrder } from '../capacity-user-order.js';
import { maximumSlots, queueOf } from './queue-of.js';
import {
  type ResolvedCapacityConfig,
  type ResolvedQueue,
  resolveCapacityConfig,
} from './resolve-capacity-config.js';

/** The state one Capacity instance keeps; the step functions read it. */
export interface CapacityState {
  readonly config: ResolvedCapacityConfig;
  /** The queues' order, and their running reduces where it keeps a tally. */
  readonly order: CapacityOrder;
  /** Each queue and its configuration index, by the order's group key (`queue:<name>`). */
  readonly queues: ReadonlyMap<string, { readonly queue: ResolvedQueue; readonly index: number }>;
}

/** A fresh Capacity state over a validated configuration. */
export function createCapacityState(config: Partial<CapacityConfig> | undefined): CapacityState {
  const resolved = resolveCapacityConfig(config);
  return {
    config: resolved,
    order: capacityOrder(resolved),
    queues: new Map(resolved.queues.map((q, index) => [`queue:${q.name}`, { queue: q, index }])),
  };
}

/** Running reduces of each queue, to keep the ramp-up limit inside a queue's maximum too. */
function countRunningReduces(state: CapacityState, view: ClusterView): Map<string, number> {
  const counts = new Map<string, number>();
  for (const job of view.activeJobs()) {
    const key = `queue:${queueOf(job, state.config)}`;
    counts.set(key, (counts.get(key) ?? 0) + job.count('reduce', 'running'));
  }
  return counts;
}

/** Per offer, the running reduces of each queue, counted at most once and only when asked. */
interface OfferTally {
  counted: Map<string, number> | undefined;
}

/** Whether the group's queue may take an early reduce in a container: below the ramp-up limit of its maximum. */
function queueMayTakeEarlyReduce(
  state: CapacityState,
  group: ServiceGroup,
  view: ClusterView,
  tally: OfferTally,
): boolean {
  const { queue, index } = state.queues.get(group.key)!;
  const cap = Math.floor(state.config.reduceRampupLimit * maximumSlots(queue, view.totalSlots('container')));
  // On a host that keeps versions the order's tally counts them, kept between
  // states; elsewhere they are counted over the active jobs once per offer.
  let running = state.order.runningReduces(view, index);
  if (running === undefined) {
    tally.counted ??= countRunningReduces(state, view);
    running = tally.counted.get(group.key) ?? 0;
  }
  return running < cap;
}

/** One offer: the queues in order, each's oldest job that can use the slot. */
export function assignCapacity(state: CapacityState, offer: SlotOffer, view: ClusterView): Decision {
  const clusterEarly = earlyReduceAllowed(offer, view, state.config.reduceRampupLimit);
  const tally: OfferTally = { counted: undefined };
  for (const group of state.order.order.order(view, offer.kind)) {
    const early =
      clusterEarly && offer.kind === 'container'
        ? queueMayTakeEarlyReduce(state, group, view, tally)
        : clusterEarly;
    for (const job of group.jobs) {
      const pick = pickTaskByLocality(job, offer, view, early);
      if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `capacity/${pick.rule}` };
    }
  }
  return { type: 'pass', reason: 'capacity/no-pending' };
}
