import {
  type BaselineEvidence,
  earlyReduceAllowed,
  pickTaskByLocality,
  withBaselineEvidence,
} from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  JobView,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
  TaskEvent,
} from '@rackwise/types';
import { FAIR_DEFAULTS, type FairConfig } from './fair-config.js';
import { createFairUserOrder } from './fair-user-order.js';
import { servedJobs } from './internal/fair-share.js';
import { resolveFairConfig } from './internal/resolve-fair-config.js';
import { FairScoreCache } from './internal/score-cache.js';

/**
 * The Hadoop Fair Scheduler without delay scheduling (NAS §II and §IV "Fair",
 * ShuffleWatcher §2.2 and §4.2): a free slot goes to the group furthest below its fair
 * share ({@link createFairUserOrder}); inside the group, to its first job (FIFO, or the
 * job with fewest running tasks) that can use it — a waiting reduce once the job passed
 * slowstart (`job.reducesReady`), else its map nearest the node (node-local, rack-local,
 * then any). Works under split slots (map and reduce shares apart) and containers.
 *
 * Reason codes: `fair/node-local`, `fair/rack-local`, `fair/remote`, `fair/reduce`;
 * passes `fair/no-pending`. Deterministic; the context is not used.
 */
export function createFairPolicy(config?: Partial<FairConfig>, context?: PolicyContext): SchedulerPolicy {
  const resolved = resolveFairConfig(config ?? {});
  const order = createFairUserOrder(resolved, context);
  // Queues are few and scanned afresh; users and jobs keep their scores between offers.
  const scores = resolved.groupBy === 'queue' ? undefined : new FairScoreCache(resolved);
  const launchFrom = (
    jobs: readonly JobView[],
    offer: SlotOffer,
    view: ClusterView,
  ): Decision | undefined => {
    const early = earlyReduceAllowed(offer, view, resolved.reduceRampupLimit);
    for (const job of jobs) {
      const pick = pickTaskByLocality(job, offer, view, early);
      if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `fair/${pick.rule}` };
    }
    return undefined;
  };
  const policy = {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      // The most deserving group almost always takes the slot: find it from the kept scores.
      const choice = scores?.best(view, offer.kind);
      if (scores !== undefined && choice === undefined) return { type: 'pass', reason: 'fair/no-pending' };
      if (scores !== undefined && choice !== undefined) {
        const decision = launchFrom(
          servedJobs(scores.jobsOf(view, choice), offer.kind, resolved),
          offer,
          view,
        );
        if (decision !== undefined) return decision;
        // Rare: it cannot use this slot (reduces held back by the ramp-up limit).
        scores.invalidate();
      }
      for (const group of order.order(view, offer.kind)) {
        const next = launchFrom(group.jobs, offer, view);
        if (next !== undefined) return next;
      }
      return { type: 'pass', reason: 'fair/no-pending' };
    },
    onTaskStarted: (event: TaskEvent, view: ClusterView): void => scores?.taskChanged(view, event.task, 1),
    onTaskCompleted: (event: TaskEvent, view: ClusterView): void => scores?.taskChanged(view, event.task, -1),
    onJobSubmitted: (job: JobView): void => scores?.jobChanged(job, 1),
    onJobCompleted: (job: JobView): void => scores?.jobChanged(job, -1),
  } satisfies SchedulerPolicy;
  return withBaselineEvidence(policy, order, context);
}

/**
 * What Fair saw when it decided (`decision.evidence`, when the host asked for it): the
 * task and its locality, each group's share of the slots in the order Fair served them,
 * and the jobs ahead that were passed over.
 */
export type FairEvidence = BaselineEvidence;

/** Registry entry of {@link createFairPolicy}. */
export const fairPolicy: PolicyDefinition<FairConfig> = Object.freeze({
  name: 'fair',
  summary: 'Hadoop Fair Scheduler: per-user fair shares with weights and minimum shares',
  defaults: FAIR_DEFAULTS,
  create: createFairPolicy,
});
