import {
  type BaselineEvidence,
  earlyReduceAllowed,
  mergeConfig,
  pickTaskByLocality,
  requireFraction,
  requireName,
  waitsFor,
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
import { FIFO_DEFAULTS, type FifoConfig } from './fifo-config.js';
import { createFifoUserOrder } from './fifo-user-order.js';

/**
 * Hadoop FIFO (the baseline of every paper): jobs are served strictly in submission order.
 * A map slot goes to the first job with a pending map — its node-local map if it has one,
 * else rack-local, else any; a reduce slot to the first job past slowstart
 * (`job.reducesReady`) with a waiting reduce.
 *
 * Reason codes: `fifo/node-local`, `fifo/rack-local`, `fifo/remote`, `fifo/reduce`;
 * passes `fifo/no-pending`. Deterministic; the context only asks for evidence.
 */
export function createFifoPolicy(config?: Partial<FifoConfig>, context?: PolicyContext): SchedulerPolicy {
  const resolved = mergeConfig('fifo', FIFO_DEFAULTS, config);
  const name = requireName('fifo', resolved.name);
  const rampup = requireFraction('fifo', 'reduceRampupLimit', resolved.reduceRampupLimit);
  const order = createFifoUserOrder();
  const policy = {
    specificationVersion: 'v1',
    name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const early = earlyReduceAllowed(offer, view, rampup);
      // The order's groups, one job each, walked in place: no list is built per offer.
      for (const job of view.activeJobs()) {
        if (!waitsFor(job, offer.kind)) continue;
        const pick = pickTaskByLocality(job, offer, view, early);
        if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `fifo/${pick.rule}` };
      }
      return { type: 'pass', reason: 'fifo/no-pending' };
    },
  } satisfies SchedulerPolicy;
  return withBaselineEvidence(policy, order, context);
}

/**
 * What FIFO saw when it decided (`decision.evidence`, when the host asked for it): the
 * task and its locality, and the jobs ahead of it in submission order that had nothing
 * for the slot.
 */
export type FifoEvidence = BaselineEvidence;

/** Registry entry of {@link createFifoPolicy}. */
export const fifoPolicy: PolicyDefinition<FifoConfig> = Object.freeze({
  name: 'fifo',
  summary: 'Hadoop FIFO: jobs in submission order, nearest map first',
  defaults: FIFO_DEFAULTS,
  create: createFifoPolicy,
});
