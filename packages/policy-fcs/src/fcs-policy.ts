import type { ClusterView, JobView, PolicyContext, SchedulerPolicy, TaskEvent } from '@rackwise/types';
import type { FcsConfig } from './fcs-config.js';
import { createFcsState } from './internal/fcs-state.js';
import { assignOffer } from './internal/offer-routing.js';
import { jobCompleted, preemptOnTick, taskCompleted, taskStarted } from './internal/task-events.js';

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
  const state = createFcsState(config, context);
  return {
    specificationVersion: 'v1',
    name: state.config.name,
    tickInterval: state.config.tickInterval,
    assign: (offer, view) => assignOffer(state, offer, view),
    onJobSubmitted(job: JobView, view: ClusterView): void {
      state.reduceJobs.touched(job, view);
    },
    onTaskStarted: (event: TaskEvent, view: ClusterView) => taskStarted(state, event, view),
    onTaskCompleted: (event: TaskEvent, view: ClusterView) => taskCompleted(state, event, view),
    onJobCompleted: (job: JobView, view: ClusterView) => jobCompleted(state, job, view),
    preemption: {
      mode: state.config.preemptionMode,
      preempt: (view: ClusterView) => preemptOnTick(state, view),
    },
  } satisfies SchedulerPolicy;
}
