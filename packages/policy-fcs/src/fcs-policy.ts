import { earlyReduceAllowed, pickTaskByLocality } from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  JobView,
  PolicyContext,
  SchedulerPolicy,
  SlotOffer,
  TaskEvent,
} from '@rackwise/types';
import type { FcsConfig } from './fcs-config.js';
import type { FcsMapEvidence, FcsPreemptionRequest } from './fcs-evidence.js';
import { JobEstimates } from './internal/job-estimates.js';
import { ReduceJobs } from './internal/reduce-jobs.js';
import { ReduceRecords } from './internal/reduce-records.js';
import { resolveFcsConfig } from './internal/resolve-fcs-config.js';
import { selectPreemptions } from './internal/select-preemptions.js';
import { selectReduceLaunch } from './internal/select-reduce-launch.js';

/**
 * MapReduce's reduce ramp-up limit, for the container model only (the paper runs Hadoop
 * 1's split slots): reduces of jobs with maps still to launch hold at most half the
 * containers, as `@rackwise/policy-fair` does.
 */
const CONTAINER_REDUCE_RAMPUP = 0.5;

/**
 * The Fair Completion Scheduler with Preemptive ReduceTask (Wang et al., "Preemptive
 * ReduceTask Scheduling for Fair and Fast Job Completion", §3–4):
 * - maps: under the fairness order handed in (`userOrder`, max-min fair sharing in the
 *   paper), the first group's first job with a map for the node, nearest first;
 * - reduce slots: Algorithm 2 — jobs by increasing remaining work (`T_rs`, then
 *   `R_left`); a reduce preempted from this node or never launched launches here; a
 *   preempted reduce passed over more than `D` times migrates here;
 * - on every tick: Algorithm 1 — a job whose reduce demand exceeds the free reduce slots
 *   preempts preemptable reduces of jobs with more remaining work, largest first.
 *
 * Reason codes: `fcs/resume-local`, `fcs/first-launch`, `fcs/migrate`, `fcs/node-local`,
 * `fcs/rack-local`, `fcs/remote`, preemptions `fcs/preempt-more-work`; passes
 * `fcs/no-reduce` and `fcs/no-map`. Evidence (`FcsLaunchEvidence`, `FcsMapEvidence`,
 * `FcsPreemptionEvidence`) only when `context.recordEvidence` is true. Deterministic.
 */
export function createFcsPolicy(
  config: Partial<FcsConfig> | undefined,
  context?: PolicyContext,
): SchedulerPolicy {
  const resolved = resolveFcsConfig(config);
  const userOrder = resolved.userOrder;
  const withEvidence = context?.recordEvidence === true;
  const estimates = new JobEstimates();
  const records = new ReduceRecords();

  const launchMap = (offer: SlotOffer, view: ClusterView): Decision | undefined => {
    const asMap: SlotOffer = offer.kind === 'map' ? offer : { node: offer.node, kind: 'map' };
    const groups = userOrder.order(view, offer.kind === 'container' ? 'container' : 'map');
    for (let rank = 0; rank < groups.length; rank++) {
      const group = groups[rank]!;
      for (const job of group.jobs) {
        const pick = pickTaskByLocality(job, asMap, view, false);
        if (pick === undefined) continue;
        const reason = `fcs/${pick.rule}`;
        if (!withEvidence) return { type: 'launch', task: pick.task, reason };
        const evidence: FcsMapEvidence = {
          algorithm: 'fairness-order',
          userOrder: userOrder.name,
          group: group.key,
          rank,
        };
        return { type: 'launch', task: pick.task, reason, evidence };
      }
    }
    return undefined;
  };

  /** Jobs with a reduce demand or a running reduce, kept between states by their users' versions. */
  const reduceJobs = new ReduceJobs(estimates);
  const launchReduce = (offer: SlotOffer, view: ClusterView): Decision | undefined =>
    selectReduceLaunch(offer, view, reduceJobs.demanding(view), resolved, estimates, records, withEvidence);

  return {
    specificationVersion: 'v1',
    name: resolved.name,
    tickInterval: resolved.tickInterval,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      if (offer.kind === 'reduce') {
        return launchReduce(offer, view) ?? { type: 'pass', reason: 'fcs/no-reduce' };
      }
      const early = offer.kind === 'container' && earlyReduceAllowed(offer, view, CONTAINER_REDUCE_RAMPUP);
      if (early) {
        const reduce = launchReduce(offer, view);
        if (reduce !== undefined) return reduce;
      }
      const map = launchMap(offer, view);
      if (map !== undefined) return map;
      // No map wants the container: no job has maps to launch, so no reduce is early.
      const reduce = offer.kind === 'container' && !early ? launchReduce(offer, view) : undefined;
      return reduce ?? { type: 'pass', reason: 'fcs/no-map' };
    },
    onJobSubmitted(job: JobView, view: ClusterView): void {
      reduceJobs.touched(job, view);
    },
    onTaskStarted(event: TaskEvent, view: ClusterView): void {
      const job = view.job(event.task.job);
      reduceJobs.touched(job, view);
      if (event.task.kind === 'map') estimates.mapStarted(job, view.now);
      else records.started(job.id, event.task.index, view.now);
    },
    onTaskCompleted(event: TaskEvent, view: ClusterView): void {
      const job = view.job(event.task.job);
      reduceJobs.touched(job, view);
      if (event.task.kind === 'map') {
        estimates.mapCompleted(job, job.map(event.task.index).startTime, view.now);
      } else {
        records.completed(job.id, event.task.index);
        estimates.invalidate(job.id);
      }
    },
    onJobCompleted(job: JobView, view: ClusterView): void {
      reduceJobs.touched(job, view, true);
      estimates.jobCompleted(job.id);
      records.jobCompleted(job.id);
    },
    preemption: {
      mode: resolved.preemptionMode,
      preempt(view: ClusterView): readonly FcsPreemptionRequest[] {
        const requests = selectPreemptions(
          view,
          reduceJobs.withReduces(view),
          resolved,
          estimates,
          records,
          withEvidence,
        );
        for (const request of requests) {
          records.preempted(request.task.job, request.task.index, view.now);
          estimates.invalidate(request.task.job);
        }
        return requests;
      },
    },
  } satisfies SchedulerPolicy;
}
