import { type DuplicationMove, planDuplicates } from '@rackwise/estimators';
import type { ClusterView, Decision, JobView, RackId, SlotOffer } from '@rackwise/types';
import type { ShadowDuplicateEvidence } from '../shadow-evidence.js';
import { type DuplicatePick, pickDuplicate } from './pick-duplicate.js';
import type { ShadowJob } from './shadow-job.js';
import type { ShadowState } from './shadow-state.js';

/** Algorithm 1 once the job's last original launched (§4.4: duplicates in the last wave only). */
function planOf(state: ShadowState, job: JobView, kept: ShadowJob): DuplicationMove[] | undefined {
  if (kept.moves === undefined && job.count('map', 'pending') === 0) {
    const { maxDuplicates, maxDuplicateRatio } = state.config;
    const cap = Math.min(maxDuplicates, Math.floor(maxDuplicateRatio * job.mapCount));
    kept.moves = planDuplicates(kept.mapsPerRack, { maxDuplicates: cap }).moves.slice();
  }
  return kept.moves;
}

/**
 * Shadow §4.2: a duplicate for the offered node's rack, from the first job (in submission
 * order) whose plan moves a map there; each planned move is used once, placed or not.
 */
export function duplicateFor(state: ShadowState, offer: SlotOffer, view: ClusterView): Decision | undefined {
  const rack = view.topology.rackOf(offer.node);
  for (const job of state.mayDuplicate.of(view)) {
    const kept = state.jobs.get(job.id);
    if (kept === undefined) continue;
    const moves = planOf(state, job, kept);
    if (moves === undefined) continue;
    for (let k = 0; k < moves.length; k += 1) {
      const move = moves[k]!;
      if (move.to !== rack) continue;
      const pick = pickDuplicate(job, kept, move.from, offer.node, view.topology, state.random);
      moves.splice(k, 1);
      k -= 1;
      if (pick === undefined) continue;
      return launchDuplicate(state, kept, pick, move.from, offer, view);
    }
  }
  return undefined;
}

/** Records a picked duplicate as the job's copy on the offered node and launches it. */
function launchDuplicate(
  state: ShadowState,
  kept: ShadowJob,
  pick: DuplicatePick,
  from: RackId,
  offer: SlotOffer,
  view: ClusterView,
): Decision {
  const rack = view.topology.rackOf(offer.node);
  const before = state.evidence ? kept.mapsPerRack.slice() : undefined;
  const skewBefore = state.evidence ? kept.skew() : null;
  const replicaRack = view.topology.rackOf(pick.map.replicaNodes[0] ?? offer.node);
  kept.copies.set(pick.map.index, {
    node: offer.node,
    from,
    to: rack,
    start: view.now,
    crossRackBytes: pick.locality === 'remote' ? pick.map.inputBytes : 0,
    sourceRack: replicaRack,
  });
  kept.mapsPerRack[from] = kept.mapsPerRack[from]! - 1;
  kept.mapsPerRack[rack] = kept.mapsPerRack[rack]! + 1;
  state.counts.launched += 1;
  const reason = `shadow/duplicate-${pick.locality}`;
  if (before === undefined) return { type: 'launch', task: pick.map, reason, duplicate: true } as Decision;
  const evidence: ShadowDuplicateEvidence = {
    kind: 'duplicate',
    fromRack: from,
    toRack: rack,
    mapsPerRackBefore: before,
    mapsPerRackAfter: kept.mapsPerRack.slice(),
    skewBefore,
    skewAfter: kept.skew(),
  };
  return { type: 'launch', task: pick.map, reason, evidence, duplicate: true } as Decision;
}
