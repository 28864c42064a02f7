import type { Bytes, Locality, MapTaskView, NodeId, RackId, TopologyView } from '@rackwise/types';
import { requireMeasure } from './internal/validate-input.js';

/**
 * The factor `v` of NAS's map transfer cost (§III-C): 0 when the input block is on the
 * node (data locality), 1 when it is in the node's rack (rack locality), 2 when it is
 * in another rack (rack remote).
 */
export const MAP_COST_FACTORS: Readonly<Record<Locality, number>> = Object.freeze({
  node: 0,
  rack: 1,
  remote: 2,
});

/**
 * Data transfer cost of running a map — NAS §III-C: `MapCost = v · MapInputSize`, with
 * `v` from {@link MAP_COST_FACTORS}.
 * @throws Error when `inputBytes` is negative or not finite.
 */
export function mapCost(locality: Locality, inputBytes: Bytes): number {
  return MAP_COST_FACTORS[locality] * requireMeasure(inputBytes, 'mapCost: inputBytes');
}

/**
 * Locality of a map's input relative to a node: `node` when a replica is on the node,
 * `rack` when one is in the node's rack, else `remote` (a map with no replica reads
 * remotely). `rack` is the node's rack; a caller that prices many maps for one node
 * passes it to look it up once.
 */
export function mapLocality(
  map: Pick<MapTaskView, 'replicaNodes'>,
  node: NodeId,
  topology: TopologyView,
  rack: RackId = topology.rackOf(node),
): Locality {
  let locality: Locality = 'remote';
  for (const replica of map.replicaNodes) {
    if (replica === node) return 'node';
    if (topology.rackOf(replica) === rack) locality = 'rack';
  }
  return locality;
}
