import type { ClusterView, Decision, JobView, MapTaskView, SlotOffer } from '@rackwise/types';
import { type DelayState, waitOf, waited } from './delay-state.js';
import { type LocalityLevel, allowedLevel } from './locality-wait.js';

const RULES = ['node-local', 'rack-local', 'remote'] as const;

/** The job's first waiting reduce, past slowstart and within `reduceRampupLimit` on containers. */
export function reduceFor(
  state: DelayState,
  job: JobView,
  offer: SlotOffer,
  view: ClusterView,
): Decision | undefined {
  if (offer.kind === 'map' || !job.reducesReady) return undefined;
  const reduce = job.waitingReduces()[0];
  if (reduce === undefined) return undefined;
  const capped =
    offer.kind === 'container' &&
    job.count('map', 'pending') > 0 &&
    view.runningCount('reduce') >= Math.floor(state.config.reduceRampupLimit * view.totalSlots('container'));
  return capped ? undefined : { type: 'launch', task: reduce, reason: 'delay/reduce' };
}

/**
 * The job's map at the most relaxed locality level its wait allows (node, rack, any),
 * resetting its wait; or `skip`, counting one more offer waited.
 */
export function mapFor(
  state: DelayState,
  job: JobView,
  offer: SlotOffer,
  view: ClusterView,
): Decision | 'skip' | undefined {
  if (offer.kind === 'reduce' || job.count('map', 'pending') === 0) return undefined;
  const wait = waitOf(state, job);
  const allowed = allowedLevel(wait, waited(state, wait, view), state.thresholds);
  const candidates: (MapTaskView | undefined)[] = [
    job.pendingMapsOnNode(offer.node)[0],
    allowed >= 1 ? job.pendingMapsOnRack(view.topology.rackOf(offer.node))[0] : undefined,
    allowed >= 2 ? job.pendingMaps()[0] : undefined,
  ];
  const level = candidates.findIndex((task) => task !== undefined);
  if (level >= 0) {
    wait.level = state.config.relaxedLevel === 'kept' ? (level as LocalityLevel) : 0;
    wait.skips = 0;
    wait.waitingSince = undefined;
    return { type: 'launch', task: candidates[level]!, reason: `delay/${RULES[level]}` };
  }
  wait.skips = Math.min(wait.skips + 1, state.maxCount);
  wait.waitingSince ??= view.now;
  return 'skip';
}
