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
 *   pending or suspended), in submission order.
 */
export function selectReduceLaunch(
  offer: SlotOffer,
  view: ClusterView,
  demanding: readonly JobView[],
  config: FcsConfig,
  estimates: JobEstimates,
  records: ReduceRecords,
  withEvidence: boolean,
): Decision | undefined {
  const ranked: { job: JobView; estimate: JobEstimate }[] = [];
  for (const job of demanding) ranked.push({ job, estimate: estimates.of(job, view) });
  if (ranked.length === 0) return undefined;
  ranked.sort((a, b) => compareEstimates(a.estimate, b.estimate));
  const D = config.migration ? config.migrationDelay : Number.POSITIVE_INFINITY;
  for (let rank = 0; rank < ranked.length; rank++) {
    const { job, estimate } = ranked[rank]!;
    const waiting = job.waitingReduces();
    let local: ReduceTaskView | undefined;
    let fresh: ReduceTaskView | undefined;
    const suspended: ReduceTaskView[] = [];
    for (const reduce of waiting) {
      if (reduce.state === 'suspended') {
        if (reduce.node === offer.node) local ??= reduce;
        else suspended.push(reduce);
      } else fresh ??= reduce;
    }
    const here = local ?? fresh;
    if (here !== undefined) {
      records.of(job.id, here.index).delays = 0;
      const rule = here === local ? 'resume-local' : 'first-launch';
      return launch(here, rule, rank, estimate, null, D, withEvidence);
    }
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
