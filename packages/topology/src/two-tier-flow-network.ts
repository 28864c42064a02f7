import type { Bytes } from '@rackwise/types';
import { DEFAULT_COMPLETION_TOLERANCE, type FlowNetwork } from './flow-network.js';
import { TwoTierFlowNetwork } from './internal/two-tier-flow-network.js';
import { describe, requirePositiveFinite } from './internal/validate.js';

/** Options of a two-tier flow network. */
export interface TwoTierFlowNetworkOptions {
  /**
   * Capacity of every link, in bytes per second (each positive and finite), as for
   * `createFlowNetwork`. Copied: later changes to the array have no effect.
   */
  readonly capacities: Float64Array;
  /** A flow is complete when at most this many bytes remain (default 1e-3). */
  readonly completionTolerance?: Bytes;
}

/**
 * Creates an empty flow network at time 0 for paths of exactly two links: a first (source)
 * link and a second (sink) link, each link only ever in one of the two roles — a fabric of
 * one machine per rack, where a flow crosses its source rack's uplink and its destination
 * rack's downlink (`[topology.rackUpLink(a), topology.rackDownLink(b)]`). A flow with no
 * links, or smaller than the completion tolerance, completes at once, as in
 * `createFlowNetwork`; any other path is refused with an `Error`.
 *
 * The same protocol and the same exact max-min fair rates and completion times (to floating
 * tolerance) as `createFlowNetwork` with `resolveInterval: 0`, for a fraction of the cost
 * when many flows are active: flows of one (source, sink) pair are one weighted cell of a
 * dense water-filling over the links, and a rate change costs one update per link whose
 * fair share changed, not one per flow or path (docs/architecture.md §3 "Network").
 */
export function createTwoTierFlowNetwork(options: TwoTierFlowNetworkOptions): FlowNetwork {
  if (typeof options !== 'object' || options === null) {
    throw new Error(`two-tier flow network options must be an object, got ${describe(options)}`);
  }
  const { capacities } = options;
  if (!(capacities instanceof Float64Array)) {
    throw new Error(
      `twoTierFlowNetwork.capacities must be a Float64Array of bytes per second, got ${describe(capacities)}`,
    );
  }
  for (let l = 0; l < capacities.length; l++) {
    requirePositiveFinite(`twoTierFlowNetwork.capacities[${l}]`, capacities[l], 'bytes per second');
  }
  const tolerance = requirePositiveFinite(
    'twoTierFlowNetwork.completionTolerance',
    options.completionTolerance ?? DEFAULT_COMPLETION_TOLERANCE,
    'bytes',
  );
  return new TwoTierFlowNetwork(capacities, tolerance);
}
