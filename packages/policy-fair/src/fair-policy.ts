import { type BaselineEvidence, withBaselineEvidence } from '@rackwise/policy-kit';
import type {
  ClusterView,
  JobView,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  TaskEvent,
} from '@rackwise/types';
import { FAIR_DEFAULTS, type FairConfig } from './fair-config.js';
import { assignFair, createFairState } from './internal/fair-offer.js';

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
  const state = createFairState(config, context);
  const { scores } = state;
  const policy = {
    specificationVersion: 'v1',
    name: state.config.name,
    assign: (offer, view) => assignFair(state, offer, view),
    onTaskStarted: (event: TaskEvent, view: ClusterView): void => scores?.taskChanged(view, event.task, 1),
    onTaskCompleted: (event: TaskEvent, view: ClusterView): void => scores?.taskChanged(view, event.task, -1),
    onJobSubmitted: (job: JobView): void => scores?.jobChanged(job, 1),
    onJobCompleted: (job: JobView): void => scores?.jobChanged(job, -1),
  } satisfies SchedulerPolicy;
  return withBaselineEvidence(policy, state.order, context);
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
