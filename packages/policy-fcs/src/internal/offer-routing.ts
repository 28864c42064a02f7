import { earlyReduceAllowed, pickTaskByLocality } from '@rackwise/policy-kit';
import type { ClusterView, Decision, SlotOffer } from '@rackwise/types';
import type { FcsMapEvidence } from '../fcs-evidence.js';
import type { FcsState } from './fcs-state.js';
import { selectReduceLaunch } from './select-reduce-launch.js';

/**
 * MapReduce's reduce ramp-up limit, for the container model only (the paper runs Hadoop
 * 1's split slots): reduces of jobs with maps still to launch hold at most half the
 * containers, as `@rackwise/policy-fair` does.
 */
const CONTAINER_REDUCE_RAMPUP = 0.5;

/** Maps: the fairness order's first group's first job with a map for the node, nearest first. */
export function launchMap(state: FcsState, offer: SlotOffer, view: ClusterView): Decision | undefined {
  const userOrder = state.config.userOrder;
  const asMap: SlotOffer = offer.kind === 'map' ? offer : { node: offer.node, kind: 'map' };
  const groups = userOrder.order(view, offer.kind === 'container' ? 'container' : 'map');
  for (let rank = 0; rank < groups.length; rank++) {
    const group = groups[rank]!;
    for (const job of group.jobs) {
      const pick = pickTaskByLocality(job, asMap, view, false);
      if (pick === undefined) continue;
      const reason = `fcs/${pick.rule}`;
      if (!state.withEvidence) return { type: 'launch', task: pick.task, reason };
      const evidence: FcsMapEvidence = {
        algorithm: 'fairness-order',
        userOrder: userOrder.name,
        group: group.key,
        rank,
      };
      return { type: 'launch', task: pick.task, reason, evidence };
    }
  }
  return undefined;
}

/** Reduces: Algorithm 2 over the jobs with a reduce demand. */
export function launchReduce(state: FcsState, offer: SlotOffer, view: ClusterView): Decision | undefined {
  const { config, estimates, records, withEvidence } = state;
  return selectReduceLaunch(
    offer,
    view,
    state.reduceJobs.demanding(view),
    config,
    estimates,
    records,
    withEvidence,
  );
}

/**
 * One offer: a reduce slot goes to Algorithm 2; a container to an early reduce within the
 * ramp-up limit, else a map, else (no map wants it) a reduce; a map slot to a map.
 */
export function assignOffer(state: FcsState, offer: SlotOffer, view: ClusterView): Decision {
  if (offer.kind === 'reduce') {
    return launchReduce(state, offer, view) ?? { type: 'pass', reason: 'fcs/no-reduce' };
  }
  const early = offer.kind === 'container' && earlyReduceAllowed(offer, view, CONTAINER_REDUCE_RAMPUP);
  if (early) {
    const reduce = launchReduce(state, offer, view);
    if (reduce !== undefined) return reduce;
  }
  const map = launchMap(state, offer, view);
  if (map !== undefined) return map;
  // No map wants the container: no job has maps to launch, so no reduce is early.
  const reduce = offer.kind === 'container' && !early ? launchReduce(state, offer, view) : undefined;
  return reduce ?? { type: 'pass', reason: 'fcs/no-map' };
}
