import type { ClusterView, Decision, JobView, ReduceTaskView, SlotOffer } from '@rackwise/types';
import type { FcsConfig } from '../fcs-config.js';
import type { FcsLaunchEvidence } from '../fcs-evidence.js';
import { type JobEstimate, type JobEstimates, compareEstimates } from './job-estimates.js';
import type { ReduceRecords } from './reduce-records.js';
import { workEvidence } from './select-preemptions.js';

/**
 * FCS Algorithm 2 on a node's free slot: jobs by increasing remaining work (`L_rem`);
 * the first job with a reduce preempted from this node, or never launched, launches it
 * here (line 4); otherwise each of its preempted reduces, oldest preemption first, that
 * was passed over more than `D` times migrates here (line 11), and every other one counts
 * one more delay (line 16). `undefined` when no reduce launches.
 *
 * @param demanding - the active jobs with a reduce demand (past slowstart, a reduce
 *   pending or suspended), in any order (they are ranked by a total order); iterated
 *   again when the job with the least work left has no reduce for the node.
 */
export function selectReduceLaunch(
  offer: SlotOffer,
  view: ClusterView,
  demanding: Iterable<JobView>,
  config: FcsConfig,
  estimates: JobEstimates,
  records: ReduceRecords,
  withEvidence: boolean,
): Decision | undefined {
  let first: JobView | undefined;
  let least: JobEstimate | undefined;
  for (const job of demanding) {
    const estimate = estimates.of(job, view);
    if (least === undefined || compareEstimates(estimate, least) < 0) {
      first = job;
      least = estimate;
    }
  }
  if (first === undefined || least === undefined) return undefined;
  const D = config.migration ? config.migrationDelay : Number.POSITIVE_INFINITY;
  // Usually the job with the least work left launches here: then nothing is passed over
  // and the rest need no order.
  const { here, local } = reduceHere(first, offer);
  if (here !== undefined) return launchHere(first, here, here === local, 0, least, D, records, withEvidence);
  // Estimates are kept for the instant: ranking them computes nothing again.
  const ranked = Array.from(demanding, (job) => ({ job, estimate: estimates.of(job, view) }));
  ranked.sort((a, b) => compareEstimates(a.estimate, b.estimate));
  for (let rank = 0; rank < ranked.length; rank++) {
    const { job, estimate } = ranked[rank]!;
    const { here, local, suspended } = reduceHere(job, offer);
    if (here !== undefined)
      return launchHere(job, here, here === local, rank, estimate, D, records, withEvidence);
    // T_prt: preempted reduces, oldest preemption first.
    suspended.sort(
      (a, b) =>
        records.of(job.id, a.index).preemptedAt - records.of(job.id, b.index).preemptedAt ||
        a.index - b.index,
    );
    for (const reduce of suspended) {
      const record = records.of(job.id, reduce.index);
      if (record.delays > D) {
        const delays = record.delays;
        record.delays = 0;
        return launch(reduce, 'migrate', rank, estimate, delays, D, withEvidence);
      }
      record.delays += 1;
    }
  }
  return undefined;
}

/**
 * The job's reduce that launches on the offering node (line 4): one preempted from this
 * node, else one never launched; and its reduces preempted from other nodes.
 */
function reduceHere(
  job: JobView,
  offer: SlotOffer,
): { here: ReduceTaskView | undefined; local: ReduceTaskView | undefined; suspended: ReduceTaskView[] } {
  let local: ReduceTaskView | undefined;
  let fresh: ReduceTaskView | undefined;
  const suspended: ReduceTaskView[] = [];
  for (const reduce of job.waitingReduces()) {
    if (reduce.state === 'suspended') {
      if (reduce.node === offer.node) local ??= reduce;
      else suspended.push(reduce);
    } else fresh ??= reduce;
  }
  return { here: local ?? fresh, local, suspended };
}

function launchHere(
  job: JobView,
  here: ReduceTaskView,
  isLocal: boolean,
  rank: number,
  estimate: JobEstimate,
  D: number,
  records: ReduceRecords,
  withEvidence: boolean,
): Decision {
  records.of(job.id, here.index).delays = 0;
  return launch(here, isLocal ? 'resume-local' : 'first-launch', rank, estimate, null, D, withEvidence);
}

function launch(
  reduce: ReduceTaskView,
  rule: 'resume-local' | 'first-launch' | 'migrate',
  rank: number,
  estimate: JobEstimate,
  delays: number | null,
  D: number,
  withEvidence: boolean,
): Decision {
  const reason = `fcs/${rule}`;
  if (!withEvidence) return { type: 'launch', task: reduce, reason };
  return {
    type: 'launch',
    task: reduce,
    reason,
    evidence: {
      algorithm: 'fcs-algorithm-2',
      rule,
      work: workEvidence(estimate),
      rank,
      delays,
      migrationDelay: D,
    } satisfies FcsLaunchEvidence,
  };
}
