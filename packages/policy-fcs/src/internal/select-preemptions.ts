import type { ClusterView, JobView, ReduceTaskView, SlotKind } from '@rackwise/types';
import type { FcsConfig } from '../fcs-config.js';
import type { FcsJobWorkEvidence, FcsPreemptionRequest } from '../fcs-evidence.js';
import { type JobEstimate, type JobEstimates, compareEstimates, hasMoreWork } from './job-estimates.js';
import type { PreemptableCheck, ReduceRecords } from './reduce-records.js';

/** The slot kind reduces run in on this cluster. */
export function reduceSlotKind(view: ClusterView): SlotKind {
  return view.topology.slotModel === 'split' ? 'reduce' : 'container';
}

/** Free slots a reduce could take, over the whole cluster. */
function freeReduceSlots(view: ClusterView, kind: SlotKind): number {
  const busy = view.runningCount('reduce') + (kind === 'container' ? view.runningCount('map') : 0);
  return Math.max(0, view.totalSlots(kind) - busy);
}

/** Reduces of the job that wait for a slot (pending or suspended), once it may run them. */
function reduceDemand(job: JobView): number {
  if (!job.reducesReady) return 0;
  return job.count('reduce', 'pending') + job.count('reduce', 'suspended');
}

/**
 * `Demand(J_i)` of Algorithm 1 as configured: every waiting reduce, or only those a slot
 * on another node could take (pending, or suspended past `D` delays).
 */
function requestedReduces(job: JobView, config: FcsConfig, records: ReduceRecords): number {
  const waiting = reduceDemand(job);
  if (waiting === 0 || config.demand === 'waiting') return waiting;
  const D = config.migration ? config.migrationDelay : Number.POSITIVE_INFINITY;
  let launchable = job.count('reduce', 'pending');
  for (const reduce of job.waitingReduces()) {
    if (reduce.state !== 'suspended') break; // suspended ones come first
    if (records.of(job.id, reduce.index).delays > D) launchable += 1;
  }
  return launchable;
}

/** A job holding running reduces, as Algorithm 1 walks it: its preemptable reduces and how many were taken. */
interface Holder {
  readonly job: JobView;
  readonly estimate: JobEstimate;
  /** Its running reduces that `IsPreemptable` lets go, in its order; checked when first reached. */
  preemptable: readonly { reduce: ReduceTaskView; check: PreemptableCheck }[] | undefined;
  /** The first of them not taken yet (they are taken in order). */
  next: number;
}

/** A job's running reduces that `IsPreemptable` (§4) lets go, in its order, with their checks. */
function preemptableReduces(
  job: JobView,
  view: ClusterView,
  config: FcsConfig,
  records: ReduceRecords,
): { reduce: ReduceTaskView; check: PreemptableCheck }[] {
  const preemptable: { reduce: ReduceTaskView; check: PreemptableCheck }[] = [];
  for (const reduce of job.runningReduces()) {
    const check = records.check(job, reduce, view.now, config);
    if (check.verdict === 'preemptable') preemptable.push({ reduce, check });
  }
  return preemptable;
}

export function workEvidence(estimate: JobEstimate): FcsJobWorkEvidence {
  return { job: estimate.job, T_rs: estimate.remainingShuffleTime, R_left: estimate.remainingReduceData };
}

/**
 * FCS Algorithm 1, for every job requesting reduce slots, least remaining work first:
 * when its demand exceeds the free reduce slots left, walk the jobs with running reduces
 * by decreasing remaining work and preempt the preemptable reduces (`IsPreemptable`) of
 * each job with more work than the requester (line 7) until the demand is met. Free
 * slots and preempted reduces are counted once across requesters.
 *
 * @param candidates - the active jobs with a reduce demand or a running reduce, in any
 *   order (both lists are ranked by a total order); other jobs neither request nor hold.
 */
export function selectPreemptions(
  view: ClusterView,
  candidates: Iterable<JobView>,
  config: FcsConfig,
  estimates: JobEstimates,
  records: ReduceRecords,
  withEvidence: boolean,
): FcsPreemptionRequest[] {
  const requesters: { job: JobView; estimate: JobEstimate; demand: number }[] = [];
  const holders: Holder[] = [];
  for (const job of candidates) {
    const demand = requestedReduces(job, config, records);
    const running = job.count('reduce', 'running');
    if (demand === 0 && running === 0) continue;
    const estimate = estimates.of(job, view);
    if (demand > 0) requesters.push({ job, estimate, demand });
    if (running > 0) holders.push({ job, estimate, preemptable: undefined, next: 0 });
  }
  if (requesters.length === 0 || holders.length === 0) return [];
  requesters.sort((a, b) => compareEstimates(a.estimate, b.estimate));
  holders.sort((a, b) => compareEstimates(b.estimate, a.estimate)); // L_running: decreasing work
  let available = freeReduceSlots(view, reduceSlotKind(view));
  const requests: FcsPreemptionRequest[] = [];
  for (const requester of requesters) {
    if (requester.demand <= available) {
      available -= requester.demand;
      continue;
    }
    let m = requester.demand - available;
    const availableToIt = available;
    available = 0;
    for (const holder of holders) {
      if (m === 0) break;
      // L_running is by decreasing work: once a job has no more work than the requester, none after it has.
      if (!hasMoreWork(holder.estimate, requester.estimate)) break;
      // Its preemptable reduces, checked once: a check reads nothing this walk changes.
      holder.preemptable ??= preemptableReduces(holder.job, view, config, records);
      while (m > 0 && holder.next < holder.preemptable.length) {
        const { reduce, check } = holder.preemptable[holder.next++]!;
        m -= 1;
        const task = { job: reduce.job, kind: 'reduce' as const, index: reduce.index };
        if (!withEvidence) {
          requests.push({ task, reason: 'fcs/preempt-more-work' });
          continue;
        }
        const equal = holder.estimate.remainingShuffleTime === requester.estimate.remainingShuffleTime;
        requests.push({
          task,
          reason: 'fcs/preempt-more-work',
          evidence: {
            algorithm: 'fcs-algorithm-1',
            requester: workEvidence(requester.estimate),
            demand: requester.demand,
            available: availableToIt,
            victim: workEvidence(holder.estimate),
            comparison: equal ? 'equal-T_rs-larger-R_left' : 'larger-T_rs',
            slackness: check.slackness,
            slacknessBound: config.slacknessBound,
            progress: check.progress,
            maxPreemptableProgress: config.maxPreemptableProgress,
            sinceLaunch: check.sinceLaunch,
            newReduceGrace: config.newReduceGrace,
          },
        });
      }
    }
  }
  return requests;
}
