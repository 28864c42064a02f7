import type { LinkDirection, NetworkView, NodeId, RackId, Seconds, TopologyView } from '@rackwise/types';
import type { NetSatScope } from '../shufflewatcher-config.js';

const DIRECTIONS: readonly LinkDirection[] = ['up', 'down'];

/**
 * NetSat (ShuffleWatcher §3.1): reads the monitor's latest sample of cross-rack traffic
 * (shuffle, remote map input and output writes, per node) and says whether the network
 * is saturated for an offer from a node: traffic / cross-rack capacity above
 * `NWSaturationThreshold` in either direction.
 *
 * A rack's load is the larger of two readings of one quantity: the sum of its nodes'
 * cross-rack rates over the sum of their shares (NetSat's per-node accounting) and the
 * rack link utilisation the host reports. They agree on a consistent host; a host that
 * fills only one of them is still read.
 */
export class NetSat {
  private clusterKey: readonly [NetworkView, Seconds, Seconds] | undefined;
  private clusterSaturated = false;

  constructor(
    private readonly threshold: number,
    private readonly scope: NetSatScope,
  ) {}

  /** `NetworkSaturated` for an offer from `node` at time `now`. */
  saturated(network: NetworkView, topology: TopologyView, node: NodeId, now: Seconds): boolean {
    if (this.scope === 'node') return nodeLoad(network, node) > this.threshold;
    if (this.scope === 'rack') return rackLoad(network, topology, topology.rackOf(node)) > this.threshold;
    // One flag for the cluster: computed once per monitor sample (and clock reading).
    const key = this.clusterKey;
    if (key === undefined || key[0] !== network || key[1] !== network.sampleTime || key[2] !== now) {
      this.clusterKey = [network, network.sampleTime, now];
      this.clusterSaturated = false;
      for (let r = 0; r < topology.rackCount && !this.clusterSaturated; r += 1) {
        this.clusterSaturated = rackLoad(network, topology, r as RackId) > this.threshold;
      }
    }
    return this.clusterSaturated;
  }
}

/** Cross-rack load of a rack: traffic over capacity, the larger direction. */
export function rackLoad(network: NetworkView, topology: TopologyView, rack: RackId): number {
  let load = 0;
  for (const direction of DIRECTIONS) {
    let rate = 0;
    let share = 0;
    for (const n of topology.nodesOf(rack)) {
      rate += network.nodeCrossRackRate(n, direction);
      share += network.nodeCrossRackShare(n, direction);
    }
    load = Math.max(load, ratio(rate, share), network.rackUtilisation(rack, direction));
  }
  return load;
}

/** Cross-rack load of one node against its share of its rack's capacity, the larger direction. */
export function nodeLoad(network: NetworkView, node: NodeId): number {
  let load = 0;
  for (const direction of DIRECTIONS) {
    load = Math.max(
      load,
      ratio(network.nodeCrossRackRate(node, direction), network.nodeCrossRackShare(node, direction)),
    );
  }
  return load;
}

/** Traffic over capacity; traffic on a link of no capacity counts as saturated. */
function ratio(rate: number, capacity: number): number {
  if (capacity > 0) return rate / capacity;
  return rate > 0 ? Number.POSITIVE_INFINITY : 0;
}
