import type {
  ClusterView,
  Decision,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
} from '@rackwise/types';
import { FAIR_DEFAULTS, type FairConfig } from './fair-config.js';
import { createFairUserOrder } from './fair-user-order.js';
import { pickTask } from './internal/pick-task.js';
import { resolveFairConfig } from './internal/resolve-fair-config.js';

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
  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      for (const group of order.order(view, offer.kind)) {
        for (const job of group.jobs) {
          const pick = pickTask(job, offer, view, resolved.reduceRampupLimit);
          if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `fair/${pick.rule}` };
        }
      }
      return { type: 'pass', reason: 'fair/no-pending' };
    },
  } satisfies SchedulerPolicy;
}

/** Registry entry of {@link createFairPolicy}. */
export const fairPolicy: PolicyDefinition<FairConfig> = Object.freeze({
  name: 'fair',
  summary: 'Hadoop Fair Scheduler: per-user fair shares with weights and minimum shares',
  defaults: FAIR_DEFAULTS,
  create: createFairPolicy,
});
