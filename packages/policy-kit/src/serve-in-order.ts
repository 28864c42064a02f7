import type { ClusterView, Decision, JobView, ServiceGroup, SlotOffer, UserOrder } from '@rackwise/types';
import type { GroupJobsWhere } from './jobs-where.js';

/** What a policy's step answers for one job: a decision, a reason it held back, or nothing to do. */
export type JobStep = Decision | { readonly held: string } | undefined;

/** The steps {@link serveInOrder} runs. */
export interface OrderedSteps {
  /** A reduce of this job for a reduce slot or a container. */
  readonly reduce: (job: JobView, offer: SlotOffer, view: ClusterView) => JobStep;
  /** Work that goes before every job's maps (Shadow's and KMN's copies). */
  readonly beforeMaps?: (offer: SlotOffer, view: ClusterView) => Decision | undefined;
  /** A map of this job for a map slot or a container. */
  readonly map: (job: JobView, offer: SlotOffer, view: ClusterView) => JobStep;
  /**
   * A group's map step at once, in place of `map` over its jobs: it must answer what that
   * walk would (the first job's decision, else `held` if any job held back, else nothing,
   * with the same effects on the policy's state), for a policy that can tell without
   * looking at every job (Even keeps, per group and rack, the jobs already over their share).
   */
  readonly mapGroup?: (group: ServiceGroup, offer: SlotOffer, view: ClusterView) => JobStep;
  /** The pass reason when no job held back (`shadow/no-pending`). */
  readonly idle: string;
  /**
   * Each group's jobs with a ready reduce (a `GroupJobsWhere` of `hasReadyReduce`), for a
   * `reduce` step that answers nothing for any other job: the reduce walk then looks only
   * at those, kept per group by the order's versions, instead of at every job.
   */
  readonly readyReduces?: GroupJobsWhere;
}

/**
 * A job step over jobs in their order: the first job's decision, else the last `held` met,
 * else nothing (what {@link serveInOrder} does with a group's jobs).
 */
export function stepJobs(
  jobs: Iterable<JobView>,
  step: (job: JobView, offer: SlotOffer, view: ClusterView) => JobStep,
  offer: SlotOffer,
  view: ClusterView,
): JobStep {
  let held: JobStep;
  for (const job of jobs) {
    const answer = step(job, offer, view);
    if (answer === undefined) continue;
    if ('held' in answer) held = answer;
    else return answer;
  }
  return held;
}

/**
 * Answers an offer by walking a fairness order: for a reduce slot or a container, the
 * first job whose `reduce` step launches; then (not for a reduce slot) `beforeMaps`; then
 * the first job whose `map` step launches. Otherwise a pass whose reason is the last
 * `held` reason met, or `idle`.
 */
export function serveInOrder(
  order: UserOrder,
  offer: SlotOffer,
  view: ClusterView,
  steps: OrderedSteps,
): Decision {
  let reason = steps.idle;
  const walk = (
    step: (group: ServiceGroup, offer: SlotOffer, view: ClusterView) => JobStep,
  ): Decision | undefined => {
    for (const group of order.order(view, offer.kind)) {
      const answer = step(group, offer, view);
      if (answer === undefined) continue;
      if ('held' in answer) reason = answer.held;
      else return answer;
    }
    return undefined;
  };
  const eachJob =
    (step: (job: JobView, offer: SlotOffer, view: ClusterView) => JobStep, ready?: GroupJobsWhere) =>
    (group: ServiceGroup): JobStep =>
      stepJobs(ready === undefined ? group.jobs : ready.of(group, view), step, offer, view);
  if (offer.kind !== 'map') {
    const reduce = walk(eachJob(steps.reduce, steps.readyReduces));
    if (reduce !== undefined) return reduce;
  }
  if (offer.kind !== 'reduce') {
    const first = steps.beforeMaps?.(offer, view);
    if (first !== undefined) return first;
    const map = walk(steps.mapGroup ?? eachJob(steps.map));
    if (map !== undefined) return map;
  }
  return { type: 'pass', reason };
}
