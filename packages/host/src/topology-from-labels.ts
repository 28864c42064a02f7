import {
  type HostLinkOptions,
  type HostTopology,
  type NodeSlots,
  createHostTopology,
} from './host-topology.js';

/**
 * Node labels that name a node's place in the network, as clusters already set them:
 * Kubernetes' well-known zone label, and the block / spine labels that topology
 * discovery tools (NVIDIA topograph, GKE's compact placement) put on nodes. Any other
 * label works too: pass its key as `rackLabel`.
 */
export const RACK_LABELS = Object.freeze({
  /** Kubernetes well-known label: the failure zone (often a rack on premises). */
  zone: 'topology.kubernetes.io/zone',
  /** NVIDIA topograph: the leaf-switch block a node hangs off. */
  block: 'network.topology.nvidia.com/block',
  /** NVIDIA topograph: the spine switch above the block. */
  spine: 'network.topology.nvidia.com/spine',
  /** GKE: the topology block of a node. */
  gkeBlock: 'cloud.google.com/gce-topology-block',
});

/** A node as an orchestrator lists it: its name, its labels and its slots. */
export interface LabelledNode {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly slots: NodeSlots;
  readonly nicCapacity?: number;
}

/** Which label names the rack, and the link capacities (defaults as {@link HostLinkOptions}). */
export interface LabelTopologyOptions extends HostLinkOptions {
  /** The label whose value is the node's rack. Default `topology.kubernetes.io/zone`. */
  readonly rackLabel?: string;
}

/**
 * Builds the racks from node labels: nodes sharing a value of `rackLabel` form one rack
 * behind one uplink and one downlink to the core (docs/architecture.md §3 "Cluster"). A node
 * without the label is refused, naming it; link capacities are given or derived from the NICs
 * and the oversubscription.
 *
 * @example
 * topologyFromLabels(nodes, { rackLabel: RACK_LABELS.block, oversubscription: 5 })
 */
export function topologyFromLabels(
  nodes: readonly LabelledNode[],
  options: LabelTopologyOptions = {},
): HostTopology {
  const label = options.rackLabel ?? RACK_LABELS.zone;
  if (typeof label !== 'string' || label === '')
    throw new Error('topology: rackLabel must be a non-empty string');
  if (!Array.isArray(nodes)) throw new Error('topology: nodes must be an array');
  return createHostTopology(
    nodes.map((node, i) => {
      const rack = node?.labels?.[label];
      if (typeof rack !== 'string' || rack === '') {
        throw new Error(`topology: node ${String(node?.name ?? i)} has no label ${label}, so it has no rack`);
      }
      return {
        name: node.name,
        rack,
        slots: node.slots,
        ...(node.nicCapacity === undefined ? {} : { nicCapacity: node.nicCapacity }),
      };
    }),
    options,
  );
}
