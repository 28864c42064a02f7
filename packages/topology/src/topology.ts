import type { BitsPerSecond, NodeId, RackId, ResourceVector, SlotKind, TopologyView } from '@rackwise/types';
import { describe } from './internal/validate.js';
import { type ResolvedTopologySpec, type TopologySpec, resolveTopologySpec } from './topology-spec.js';

/**
 * A built cluster: the read-only `TopologyView` plus the link model the network needs
 * (docs/architecture.md §3 "Network").
 *
 * Links are dense indices 0 … `linkCount − 1`, with N nodes and R racks:
 * NIC up of node n = n, NIC down = N + n, uplink of rack r = 2N + r, downlink = 2N + R + r.
 */
export interface Topology extends TopologyView {
  /** The validated spec with every default filled in. */
  readonly spec: ResolvedTopologySpec;
  /** Number of links: 2 × nodeCount + 2 × rackCount. */
  readonly linkCount: number;
  /** Capacity of a link, bits per second. */
  linkCapacity(link: number): BitsPerSecond;
  /** Link from a node's NIC up to its rack switch. */
  nicUpLink(node: NodeId): number;
  /** Link from the rack switch down into a node's NIC. */
  nicDownLink(node: NodeId): number;
  /** Link from a rack up to the core. */
  rackUpLink(rack: RackId): number;
  /** Link from the core down into a rack. */
  rackDownLink(rack: RackId): number;
  /** Whether a link is a rack uplink or downlink (the cross-rack links). */
  isCrossRackLink(link: number): boolean;
  /**
   * Writes into `out` the links a flow from `src` to `dst` crosses — src NIC up, dst NIC
   * down and, when the racks differ, src rack up and dst rack down — and returns how many
   * (0 when `src === dst`: the data never leaves the node). `out` needs room for 4.
   */
  flowPath(src: NodeId, dst: NodeId, out: Int32Array): number;
  /** A fresh array of every link's capacity in bytes per second (bits / 8), for the solver. */
  linkCapacitiesBytesPerSecond(): Float64Array;
  /** A readable name of a link: `nic-up:3`, `nic-down:3`, `rack-up:1`, `rack-down:1`. */
  linkName(link: number): string;
}

/**
 * Builds a cluster from a spec (validated first: a bad field throws an `Error` naming it).
 * Every node gets the same NIC and resources, and the same slots unless the containers
 * are given per node; every rack gets the same rack links.
 */
export function buildTopology(spec: TopologySpec): Topology {
  const resolved = resolveTopologySpec(spec);
  const { racks, nodesPerRack, slots, nicCapacity, rackUplinkCapacity, rackDownlinkCapacity } = resolved;
  const nodeCount = racks * nodesPerRack;
  const linkCount = 2 * nodeCount + 2 * racks;
  const rackUpBase = 2 * nodeCount;
  const rackDownBase = rackUpBase + racks;

  const { rackOfNode, nodesOfRack } = rackMembership(racks, nodesPerRack);
  const capacities = new Float64Array(linkCount);
  capacities.fill(nicCapacity, 0, rackUpBase);
  capacities.fill(rackUplinkCapacity, rackUpBase, rackDownBase);
  capacities.fill(rackDownlinkCapacity, rackDownBase, linkCount);

  const mapSlots = slots.model === 'split' ? slots.mapSlots : 0;
  const reduceSlots = slots.model === 'split' ? slots.reduceSlots : 0;
  const containerSlots = slots.model === 'container' ? slots.containers : 0;
  const perNode = slots.model === 'container' ? slots.perNode : undefined;
  const resources: ResourceVector = Object.freeze({ ...resolved.nodeResources });

  const checkNode = indexChecker('node', nodeCount);
  const checkRack = indexChecker('rack', racks);
  const checkLink = indexChecker('link', linkCount);

  return Object.freeze({
    spec: resolved,
    rackCount: racks,
    nodeCount,
    slotModel: slots.model,
    linkCount,
    rackOf: (node: NodeId): RackId => rackOfNode[checkNode(node)] as RackId,
    nodesOf: (rack: RackId): readonly NodeId[] => nodesOfRack[checkRack(rack)]!,
    slotsOf(node: NodeId, kind: SlotKind): number {
      checkNode(node);
      if (kind === 'container') return perNode === undefined ? containerSlots : perNode[node]!;
      return kind === 'map' ? mapSlots : reduceSlots;
    },
    resourcesOf(node: NodeId): ResourceVector {
      checkNode(node);
      return resources;
    },
    nicCapacity: (node: NodeId): BitsPerSecond => capacities[checkNode(node)]!,
    rackUplinkCapacity: (rack: RackId): BitsPerSecond => capacities[rackUpBase + checkRack(rack)]!,
    rackDownlinkCapacity: (rack: RackId): BitsPerSecond => capacities[rackDownBase + checkRack(rack)]!,
    linkCapacity: (link: number): BitsPerSecond => capacities[checkLink(link)]!,
    nicUpLink: (node: NodeId): number => checkNode(node),
    nicDownLink: (node: NodeId): number => nodeCount + checkNode(node),
    rackUpLink: (rack: RackId): number => rackUpBase + checkRack(rack),
    rackDownLink: (rack: RackId): number => rackDownBase + checkRack(rack),
    isCrossRackLink: (link: number): boolean => checkLink(link) >= rackUpBase,
    flowPath(src: NodeId, dst: NodeId, out: Int32Array): number {
      checkNode(src);
      checkNode(dst);
      if (src === dst) return 0;
      out[0] = src;
      out[1] = nodeCount + dst;
      const srcRack = rackOfNode[src]!;
      const dstRack = rackOfNode[dst]!;
      if (srcRack === dstRack) return 2;
      out[2] = rackUpBase + srcRack;
      out[3] = rackDownBase + dstRack;
      return 4;
    },
    linkCapacitiesBytesPerSecond(): Float64Array {
      const bytes = new Float64Array(linkCount);
      for (let l = 0; l < linkCount; l++) bytes[l] = capacities[l]! / 8;
      return bytes;
    },
    linkName(link: number): string {
      checkLink(link);
      if (link < nodeCount) return `nic-up:${link}`;
      if (link < rackUpBase) return `nic-down:${link - nodeCount}`;
      if (link < rackDownBase) return `rack-up:${link - rackUpBase}`;
      return `rack-down:${link - rackDownBase}`;
    },
  });
}

/** Each node's rack and each rack's nodes: rack r holds nodes r × nodesPerRack onwards. */
function rackMembership(
  racks: number,
  nodesPerRack: number,
): { rackOfNode: Int32Array; nodesOfRack: (readonly NodeId[])[] } {
  const rackOfNode = new Int32Array(racks * nodesPerRack);
  const nodesOfRack: (readonly NodeId[])[] = [];
  for (let r = 0; r < racks; r++) {
    const members: NodeId[] = [];
    for (let i = 0; i < nodesPerRack; i++) {
      const n = r * nodesPerRack + i;
      rackOfNode[n] = r;
      members.push(n as NodeId);
    }
    nodesOfRack.push(Object.freeze(members));
  }
  return { rackOfNode, nodesOfRack };
}

/** A check that an id is an integer index below `bound`, returning it. */
function indexChecker(kind: string, bound: number): (index: number) => number {
  return (index) => {
    if (!(Number.isInteger(index) && index >= 0 && index < bound)) {
      throw new Error(`${kind} must be an integer in [0, ${bound}), got ${describe(index)}`);
    }
    return index;
  };
}
