import type { BitsPerSecond, Fraction, NodeId, RackId, Seconds } from './units.js';

/** Direction of a rack link or NIC: out of the rack / node, or into it. */
export type LinkDirection = 'up' | 'down';

/**
 * Read-only view of cross-rack network load, as a monitoring daemon sees it
 * (NAS §III-B congestion check, ShuffleWatcher's NetSat §3.1).
 *
 * Values come from the host's latest monitor sample (taken every `monitorInterval`),
 * not from the instantaneous flow rates, as a real daemon would report them.
 */
export interface NetworkView {
  /** Seconds between monitor samples. */
  readonly monitorInterval: Seconds;
  /** Time of the latest sample. */
  readonly sampleTime: Seconds;
  /** Rate on a rack's uplink (`up`) or downlink (`down`) divided by its capacity, in [0, 1]. */
  rackUtilisation(rack: RackId, direction: LinkDirection): Fraction;
  /**
   * Mean of `rackUtilisation` over the samples of the last `window` seconds
   * (at least the latest sample).
   */
  recentRackUtilisation(rack: RackId, direction: LinkDirection, window: Seconds): Fraction;
  /**
   * Cross-rack traffic of one node (shuffle, remote map input, output writes), in the
   * given direction, at the latest sample.
   */
  nodeCrossRackRate(node: NodeId, direction: LinkDirection): BitsPerSecond;
  /** The node's share of its rack's cross-rack capacity: rack link capacity / nodes in rack. */
  nodeCrossRackShare(node: NodeId, direction: LinkDirection): BitsPerSecond;
}
