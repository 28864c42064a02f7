import {
  type BaselineEvidence,
  earlyReduceAllowed,
  pickTaskByLocality,
  withBaselineEvidence,
} from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
} from '@rackwise/types';
import { DRF_DEFAULTS, type DrfConfig } from './drf-config.js';
import { createDrfUserOrder } from './drf-user-order.js';
import { dominantShare, fitsNode } from './internal/dominant-share.js';
import { resolveDrfConfig } from './internal/resolve-drf-config.js';

/**
 * Dominant Resource Fairness (Ghodsi et al., NSDI 2011; the DRF baseline of
 * ShuffleWatcher §4.2): a free slot goes to the group with the lowest dominant share
 * ({@link createDrfUserOrder}), and inside it to the oldest job with a task that fits the
 * node — "the earliest enqueued task that fits resources of the available node"
 * (ShuffleWatcher §2.2): a waiting reduce past slowstart, else the map nearest the node.
 *
 * Reason codes: `drf/node-local`, `drf/rack-local`, `drf/remote`, `drf/reduce`; passes
 * `drf/no-fit` (work waits but none fits the node) or `drf/no-pending`. Deterministic;
 * the context is not used.
 */
export function createDrfPolicy(config?: Partial<DrfConfig>, context?: PolicyContext): SchedulerPolicy {
  const resolved = resolveDrfConfig(config);
  const order = createDrfUserOrder(resolved, context);
  const policy = {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      let unfit = false;
      const early = earlyReduceAllowed(offer, view, resolved.reduceRampupLimit);
      for (const group of order.order(view, offer.kind)) {
        for (const job of group.jobs) {
          const pick = pickTaskByLocality(job, offer, view, early);
          if (pick === undefined) continue;
          if (resolved.checkFit && !fitsNode(job, pick.task.kind, offer.node, view, resolved.defaultDemand)) {
            unfit = true;
            continue;
          }
          return { type: 'launch', task: pick.task, reason: `drf/${pick.rule}` };
        }
      }
      return { type: 'pass', reason: unfit ? 'drf/no-fit' : 'drf/no-pending' };
    },
  } satisfies SchedulerPolicy;
  return withBaselineEvidence(
    policy,
    order,
    context,
    (g, _offer, view) => dominantShare(g.jobs, view, resolved.defaultDemand, resolved.countSlots),
    'dominant share',
  );
}

/**
 * What DRF saw when it decided (`decision.evidence`, when the host asked for it): the
 * task and its locality, each group's dominant share in serving order, and the jobs
 * ahead that were passed over (nothing for the slot, or not fitting the node).
 */
export type DrfEvidence = BaselineEvidence;

/** Registry entry of {@link createDrfPolicy}. */
export const drfPolicy: PolicyDefinition<DrfConfig> = Object.freeze({
  name: 'drf',
  summary: 'Dominant Resource Fairness over vcores, memory and slots',
  defaults: DRF_DEFAULTS,
  create: createDrfPolicy,
});
