import type { ClusterView, Decision, JobView, SlotOffer, UserOrder } from '@rackwise/types';
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
    step: (job: JobView, offer: SlotOffer, view: ClusterView) => JobStep,
    ready?: GroupJobsWhere,
  ): Decision | undefined => {
    for (const group of order.order(view, offer.kind)) {
      for (const job of ready === undefined ? group.jobs : ready.of(group, view)) {
        const answer = step(job, offer, view);
        if (answer === undefined) continue;
        if ('held' in answer) reason = answer.held;
        else return answer;
      }
    }
    return undefined;
  };
  if (offer.kind !== 'map') {
    const reduce = walk(steps.reduce, steps.readyReduces);
    if (reduce !== undefined) return reduce;
  }
  if (offer.kind !== 'reduce') {
    const first = steps.beforeMaps?.(offer, view);
    if (first !== undefined) return first;
    const map = walk(steps.map);
    if (map !== undefined) return map;
  }
  return { type: 'pass', reason };
}
