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
} from '@rackwise/types';
import { CAPACITY_DEFAULTS, type CapacityConfig } from './capacity-config.js';
import { capacityOrder } from './capacity-user-order.js';
import { maximumSlots, queueOf } from './internal/queue-of.js';
import { resolveCapacityConfig } from './internal/resolve-capacity-config.js';

/**
 * The Hadoop Capacity Scheduler (the HCS baseline of FCS §5): queues with guaranteed
 * capacities; a free slot goes to the most under-served queue with waiting work
 * (`createCapacityUserOrder`), and inside it to the oldest job that can use it —
 * a waiting reduce once the job passed slowstart, else its map nearest the node
 * (node-local, rack-local, then any). Idle capacity is lent up to each queue's maximum.
 *
 * Reason codes: `capacity/node-local`, `capacity/rack-local`, `capacity/remote`,
 * `capacity/reduce`; passes `capacity/no-pending`. Deterministic; the context only asks for evidence.
 * Under containers, the reduce ramp-up limit holds inside each queue's maximum as well,
 * so a small queue's reduces cannot take the only containers its own maps need.
 * A job of an unconfigured queue joins `defaultQueue`, or makes the policy throw (see
 * `unknownQueue`).
 */
export function createCapacityPolicy(
  config?: Partial<CapacityConfig>,
  context?: PolicyContext,
): SchedulerPolicy {
  const resolved = resolveCapacityConfig(config);
  const { order, runningReduces } = capacityOrder(resolved);
  const limit = resolved.reduceRampupLimit;
  const queues = new Map(resolved.queues.map((q, index) => [`queue:${q.name}`, { queue: q, index }]));
  /** Running reduces of each queue, to keep the ramp-up limit inside a queue's maximum too. */
  const countRunningReduces = (view: ClusterView): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const job of view.activeJobs()) {
      const key = `queue:${queueOf(job, resolved)}`;
      counts.set(key, (counts.get(key) ?? 0) + job.count('reduce', 'running'));
    }
    return counts;
  };
  const policy = {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const clusterEarly = earlyReduceAllowed(offer, view, limit);
      let counted: Map<string, number> | undefined;
      for (const group of order.order(view, offer.kind)) {
        let early = clusterEarly;
        if (early && offer.kind === 'container') {
          const { queue, index } = queues.get(group.key)!;
          const cap = Math.floor(limit * maximumSlots(queue, view.totalSlots('container')));
          // On a host that keeps versions the order's tally counts them, kept between
          // states; elsewhere they are counted over the active jobs once per offer.
          let running = runningReduces(view, index);
          if (running === undefined) {
            counted ??= countRunningReduces(view);
            running = counted.get(group.key) ?? 0;
          }
          early = running < cap;
        }
        for (const job of group.jobs) {
          const pick = pickTaskByLocality(job, offer, view, early);
          if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `capacity/${pick.rule}` };
        }
      }
      return { type: 'pass', reason: 'capacity/no-pending' };
    },
    onJobSubmitted(job: JobView): void {
      queueOf(job, resolved);
    },
  } satisfies SchedulerPolicy;
  return withBaselineEvidence(policy, order, context);
}

/**
 * What Capacity saw when it decided (`decision.evidence`, when the host asked for it):
 * the task and its locality, each queue's share of the slots in serving order, and the
 * jobs ahead that were passed over.
 */
export type CapacityEvidence = BaselineEvidence;

/** Registry entry of {@link createCapacityPolicy}. */
export const capacityPolicy: PolicyDefinition<CapacityConfig> = Object.freeze({
  name: 'capacity',
  summary: 'Hadoop Capacity Scheduler: queues with guaranteed capacities, FIFO inside a queue',
  defaults: CAPACITY_DEFAULTS,
  create: createCapacityPolicy,
});
