import type { ClusterView, Decision, RackId, SlotOffer } from '@rackwise/types';
import type { KmnEvidence } from '../kmn-evidence.js';
import type { KmnState } from './kmn-state.js';

/**
 * An extra copy for the offered node's rack: once a job's last original launched, its
 * `round(extraRatio × maps)` copies' racks are drawn at random; a copy of a running map
 * with one copy, not on the offered node, drawn at random, takes the first target matching
 * the node's rack. A target with no such map is dropped.
 */
export function copyFor(state: KmnState, offer: SlotOffer, view: ClusterView): Decision | undefined {
  const { random } = state;
  const rack = view.topology.rackOf(offer.node);
  for (const job of state.launched.of(view)) {
    const kept = state.jobs.get(job.id);
    if (kept === undefined || job.count('map', 'pending') > 0) continue;
    if (kept.targets === undefined) {
      const extra = Math.round(state.config.extraRatio * job.mapCount);
      kept.targets = Array.from({ length: extra }, () => random.int(view.topology.rackCount) as RackId);
    }
    const k = kept.targets.indexOf(rack);
    if (k < 0) continue;
    const candidates = job
      .runningMaps()
      .filter((m) => m.runningOn.length === 1 && !kept.copied.has(m.index) && m.runningOn[0] !== offer.node);
    if (candidates.length === 0) {
      kept.targets.splice(k, 1);
      continue;
    }
    const map = candidates[random.int(candidates.length)]!;
    kept.targets.splice(k, 1);
    kept.copied.add(map.index);
    state.counts.launched += 1;
    const from = kept.originalRack.get(map.index) ?? rack;
    const reason = 'kmn/copy';
    if (!state.evidence) return { type: 'launch', task: map, reason, duplicate: true } as Decision;
    const evidence: KmnEvidence = {
      kind: 'copy',
      fromRack: from,
      toRack: rack,
      copiesLeft: kept.targets.length,
    };
    return { type: 'launch', task: map, reason, evidence, duplicate: true } as Decision;
  }
  return undefined;
}
