import { earlyReduceAllowed, pickTaskByLocality } from '@rackwise/policy-kit';
import type { ClusterView, Decision, JobView, PolicyContext, SlotOffer, UserOrder } from '@rackwise/types';
import type { FairConfig } from '../fair-config.js';
import { createFairUserOrder } from '../fair-user-order.js';
import { servedJobs } from './fair-share.js';
import { resolveFairConfig } from './resolve-fair-config.js';
import { FairScoreCache } from './score-cache.js';

/** The state one Fair instance keeps between offers; the step functions read and change it. */
export interface FairState {
  readonly config: FairConfig;
  /** The fairness order, for groups the kept scores do not settle (and for evidence). */
  readonly order: UserOrder;
  /** Users' and jobs' scores kept between offers; `undefined` for queues (few, scanned afresh). */
  readonly scores: FairScoreCache | undefined;
}

/** A fresh Fair state over a validated configuration. */
export function createFairState(
  config: Partial<FairConfig> | undefined,
  context: PolicyContext | undefined,
): FairState {
  const resolved = resolveFairConfig(config ?? {});
  return {
    config: resolved,
    order: createFairUserOrder(resolved, context),
    scores: resolved.groupBy === 'queue' ? undefined : new FairScoreCache(resolved),
  };
}

/** The first of the jobs that can use the slot: a ready reduce, else its map nearest the node. */
export function launchFrom(
  state: FairState,
  jobs: readonly JobView[],
  offer: SlotOffer,
  view: ClusterView,
): Decision | undefined {
  const early = earlyReduceAllowed(offer, view, state.config.reduceRampupLimit);
  for (const job of jobs) {
    const pick = pickTaskByLocality(job, offer, view, early);
    if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `fair/${pick.rule}` };
  }
  return undefined;
}

/** One offer: the most deserving group from the kept scores, else the order's groups in turn. */
export function assignFair(state: FairState, offer: SlotOffer, view: ClusterView): Decision {
  const { scores } = state;
  // The most deserving group almost always takes the slot: find it from the kept scores.
  const choice = scores?.best(view, offer.kind);
  if (scores !== undefined && choice === undefined) return { type: 'pass', reason: 'fair/no-pending' };
  if (scores !== undefined && choice !== undefined) {
    const jobs = servedJobs(scores.jobsOf(view, choice), offer.kind, state.config);
    const decision = launchFrom(state, jobs, offer, view);
    if (decision !== undefined) return decision;
    // Rare: it cannot use this slot (reduces held back by the ramp-up limit).
    scores.invalidate();
  }
  for (const group of state.order.order(view, offer.kind)) {
    const next = launchFrom(state, group.jobs, offer, view);
    if (next !== undefined) return next;
  }
  return { type: 'pass', reason: 'fair/no-pending' };
}
