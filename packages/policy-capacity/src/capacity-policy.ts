import { type BaselineEvidence, withBaselineEvidence } from '@rackwise/policy-kit';
import type { JobView, PolicyContext, PolicyDefinition, SchedulerPolicy } from '@rackwise/types';
import { CAPACITY_DEFAULTS, type CapacityConfig } from './capacity-config.js';
import { assignCapacity, createCapacityState } from './internal/capacity-offer.js';
import { queueOf } from './internal/queue-of.js';

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
  const state = createCapacityState(config);
  const policy = {
    specificationVersion: 'v1',
    name: state.config.name,
    assign: (offer, view) => assignCapacity(state, offer, view),
    onJobSubmitted(job: JobView): void {
      queueOf(job, state.config);
    },
  } satisfies SchedulerPolicy;
  return withBaselineEvidence(policy, state.order.order, context);
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
