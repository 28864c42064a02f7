/**
 * @rackwise/host — keeps a cluster's state from a scheduler's own events and exposes it
 * as a `ClusterView`, so any rackwise policy decides inside any host (docs/architecture.md §1,
 * use 1).
 */
export { createClusterState } from './cluster-state.js';
export type { ClusterState, ClusterStateOptions, OfferRecord } from './cluster-state.js';
export type {
  HostEvent,
  HostEventType,
  HostFlow,
  JobSubmission,
  MapSubmission,
  NodeLoad,
  RackLoad,
  TaskCopy,
} from './host-events.js';
export { HostEventError } from './host-event-error.js';
export { createHostTopology, DEFAULT_NIC_CAPACITY } from './host-topology.js';
export type { HostLinkOptions, HostNode, HostTopology, NodeSlots } from './host-topology.js';
export { RACK_LABELS, topologyFromLabels } from './topology-from-labels.js';
export type { LabelledNode, LabelTopologyOptions } from './topology-from-labels.js';
export { createRandomSource } from './random-source.js';
