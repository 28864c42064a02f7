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
import { pickTask } from './internal/pick-task.js';
import { queueOf } from './internal/queue-of.js';
import { resolveCapacityConfig } from './internal/resolve-capacity-config.js';

/**
 * The Hadoop Capacity Scheduler (the HCS baseline of FCS §5): queues with guaranteed
 * capacities; a free slot goes to the most under-served queue with waiting work
 * ({@link createCapacityUserOrder}), and inside it to the oldest job that can use it —
 * a waiting reduce once the job passed slowstart, else its map nearest the node
 * (node-local, rack-local, then any). Idle capacity is lent up to each queue's maximum.
 *
 * Reason codes: `capacity/node-local`, `capacity/rack-local`, `capacity/remote`,
 * `capacity/reduce`; passes `capacity/no-pending`. Deterministic; the context is not used.
 * A job of an unconfigured queue joins `defaultQueue`, or makes the policy throw (see
 * `unknownQueue`).
 */
export function createCapacityPolicy(
  config?: Partial<CapacityConfig>,
  context?: PolicyContext,
): SchedulerPolicy {
  const resolved = resolveCapacityConfig(config);
  const order = createCapacityUserOrder(config, context);
  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      for (const group of order.order(view, offer.kind)) {
        for (const job of group.jobs) {
          const pick = pickTask(job, offer, view, resolved.reduceRampupLimit);
          if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `capacity/${pick.rule}` };
        }
      }
      return { type: 'pass', reason: 'capacity/no-pending' };
    },
    onJobSubmitted(job: JobView): void {
      queueOf(job, resolved);
    },
  } satisfies SchedulerPolicy;
}

/** Registry entry of {@link createCapacityPolicy}. */
export const capacityPolicy: PolicyDefinition<CapacityConfig> = Object.freeze({
  name: 'capacity',
  summary: 'Hadoop Capacity Scheduler: queues with guaranteed capacities, FIFO inside a queue',
  defaults: CAPACITY_DEFAULTS,
  create: createCapacityPolicy,
});
