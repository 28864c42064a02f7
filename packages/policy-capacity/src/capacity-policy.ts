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
import { createCapacityUserOrder } from './capacity-user-order.js';
import { maximumSlots, queueOf } from './internal/queue-of.js';
import { resolveCapacityConfig } from './internal/resolve-capacity-config.js';

/**
 * The Hadoop Capacity Scheduler (the HCS baseline of FCS §5): queues with guaranteed
 * capacities; a free slot goes to the most under-served queue with waiting work
 * ({@link createCapacityUserOrder}), and inside it to the oldest job that can use it —
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
  const order = createCapacityUserOrder(config, context);
  const limit = resolved.reduceRampupLimit;
  const queues = new Map(resolved.queues.map((q) => [`queue:${q.name}`, q]));
  /** Running reduces of each queue, to keep the ramp-up limit inside a queue's maximum too. */
  const countRunningReduces = (view: ClusterView): Map<string, number> => {
    const counts = new Map<string, number>();
    for (const job of view.activeJobs()) {
      const key = `queue:${queueOf(job, resolved)}`;
      counts.set(key, (counts.get(key) ?? 0) + job.count('reduce', 'running'));
    }
    return counts;
  };
  // Running reduces move only when a task starts or ends, which moves `stateVersion`:
  // the counts are kept while it stays (offers that pass change nothing).
  let countedView: ClusterView | undefined;
  let countedVersion: number | undefined;
  let counted: Map<string, number> | undefined;
  const runningReduces = (view: ClusterView): Map<string, number> => {
    const version = view.stateVersion;
    if (version === undefined) return countRunningReduces(view);
    if (view !== countedView || version !== countedVersion || counted === undefined) {
      counted = countRunningReduces(view);
      countedView = view;
      countedVersion = version;
    }
    return counted;
  };
  const policy = {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const clusterEarly = earlyReduceAllowed(offer, view, limit);
      let reducesByQueue: Map<string, number> | undefined;
      for (const group of order.order(view, offer.kind)) {
        let early = clusterEarly;
        if (early && offer.kind === 'container') {
          reducesByQueue ??= runningReduces(view);
          const cap = Math.floor(limit * maximumSlots(queues.get(group.key)!, view.totalSlots('container')));
          early = (reducesByQueue.get(group.key) ?? 0) < cap;
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
