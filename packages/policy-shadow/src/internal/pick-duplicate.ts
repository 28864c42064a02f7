import type { JobView, MapTaskView, NodeId, RackId, RandomSource, TopologyView } from '@rackwise/types';
import type { ShadowJob } from './shadow-job.js';

/** Where a duplicate's input comes from: its node, its rack, or another rack. */
export type DuplicateLocality = 'local' | 'rack-local' | 'remote';

/** A map chosen for a duplicate on one node. */
export interface DuplicatePick {
  readonly map: MapTaskView;
  readonly locality: DuplicateLocality;
}

/**
 * Shadow §4.2: the map of rack `from` to copy onto `node` (in rack `to`): a running
 * original there that has had no copy (one per map), one with an input replica on the node first, then one
 * with a replica in the rack ("we first choose the task which has an input replica in the
 * most lightly loaded rack"), otherwise one at random (seeded).
 */
export function pickDuplicate(
  job: JobView,
  state: ShadowJob,
  from: RackId,
  node: NodeId,
  topology: TopologyView,
  random: RandomSource,
): DuplicatePick | undefined {
  const to = topology.rackOf(node);
  const others: MapTaskView[] = [];
  let inRack: MapTaskView | undefined;
  for (const map of job.runningMaps()) {
    const original = state.originalNode.get(map.index);
    if (original === undefined || topology.rackOf(original) !== from) continue;
    // One copy per map: once its copy is chosen or killed (its original resolved), the
    // map is settled, even while a chosen copy still runs alone.
    if (!state.outstanding.has(map.index)) continue;
    if (map.runningOn.length !== 1 || state.copies.has(map.index) || map.runningOn[0] === node) continue;
    if (map.replicaNodes.includes(node)) return { map, locality: 'local' };
    if (inRack === undefined && map.replicaNodes.some((n) => topology.rackOf(n) === to)) inRack = map;
    else others.push(map);
  }
  if (inRack !== undefined) return { map: inRack, locality: 'rack-local' };
  if (others.length === 0) return undefined;
  return { map: others[random.int(others.length)]!, locality: 'remote' };
}
