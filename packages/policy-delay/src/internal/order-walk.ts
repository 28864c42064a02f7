import { EvidenceEntries } from '@rackwise/policy-kit';
import type { ClusterView, Decision, SlotOffer } from '@rackwise/types';
import type { DelayEvidence, DelaySkippedJob } from '../delay-evidence.js';
import { type DelayState, waitOf, waited } from './delay-state.js';
import { mapFor, reduceFor } from './locality-steps.js';

/** The evidence of a decision: the launched job's wait and level, the jobs passed over. */
function evidenceOf(
  state: DelayState,
  decision: Decision,
  group: string | undefined,
  offer: SlotOffer,
  view: ClusterView,
  skipped: EvidenceEntries<DelaySkippedJob>,
  before: number,
): DelayEvidence {
  const { thresholds } = state;
  return {
    ...(decision.type === 'launch'
      ? {
          job: decision.task.job,
          ...(group === undefined ? {} : { group }),
          task: `${decision.task.kind}:${decision.task.index}`,
          locality: decision.reason.slice('delay/'.length),
          waited: before,
        }
      : {}),
    node: offer.node,
    rack: view.topology.rackOf(offer.node),
    measure: state.config.by,
    thresholds: [thresholds[0], thresholds[0] + thresholds[1]],
    skipped: skipped.entries,
    skippedCount: skipped.count,
  };
}

/**
 * One offer: the user order's jobs in turn, each asked for a reduce then a map; the first
 * launch wins, else a pass (`delay/skip` when a job waited for locality).
 */
export function assignInOrder(state: DelayState, offer: SlotOffer, view: ClusterView): Decision {
  const detail = state.detail;
  let skipped = false;
  const passed = detail === undefined ? undefined : new EvidenceEntries<DelaySkippedJob>(detail);
  for (const group of state.config.userOrder.order(view, offer.kind)) {
    for (const job of group.jobs) {
      const before = passed === undefined ? 0 : waited(state, waitOf(state, job), view);
      const decision = reduceFor(state, job, offer, view) ?? mapFor(state, job, offer, view);
      if (decision === 'skip') {
        skipped = true;
        passed?.add(() => ({
          job: job.id,
          why: 'waits for a local map',
          waited: waited(state, waitOf(state, job), view),
        }));
      } else if (decision !== undefined) {
        return passed === undefined
          ? decision
          : { ...decision, evidence: evidenceOf(state, decision, group.key, offer, view, passed, before) };
      }
    }
  }
  const pass: Decision = { type: 'pass', reason: skipped ? 'delay/skip' : 'delay/no-pending' };
  return passed === undefined
    ? pass
    : { ...pass, evidence: evidenceOf(state, pass, undefined, offer, view, passed, 0) };
}
