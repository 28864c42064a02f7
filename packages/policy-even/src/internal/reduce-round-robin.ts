import { type JobStep, hasReadyReduce } from '@rackwise/policy-kit';
import type { ClusterView, JobView, SlotOffer } from '@rackwise/types';
import { type EvenState, launchedOf } from './even-state.js';

/** One job's reduce step: the rack gate's round-robin pick over the racks (all hold maps). */
export function reduceFor(state: EvenState, job: JobView, offer: SlotOffer, view: ClusterView): JobStep {
  // Nothing to launch: the gate would answer nothing (and the job's counts are not needed).
  if (!hasReadyReduce(job)) return undefined;
  const counts = launchedOf(state, job, view).counts;
  const pick = state.gate.reduceFor(job, offer, view, counts, state.config.reduceRampupLimit);
  if (pick === undefined) return undefined;
  if (pick === 'held') return { held: 'even/reduce-quota' };
  const reason = `even/reduce-${pick.admission}`;
  if (!state.evidence) return { type: 'launch', task: pick.task, reason };
  const rack = view.topology.rackOf(offer.node);
  const rackShare = Math.ceil(job.mapCount / counts.length);
  return {
    type: 'launch',
    task: pick.task,
    reason,
    evidence: { kind: 'reduce', rack, mapsPerRack: counts.slice(), rackShare },
  };
}
