import type {
  BitsPerSecond,
  NodeId,
  RackId,
  ResourceVector,
  SlotKind,
  SlotModel,
  TopologyView,
} from '@rackwise/types';

/** Slots of one node: a number of generic containers (YARN), or map and reduce slots (Hadoop 1). */
export type NodeSlots = number | { readonly map: number; readonly reduce: number };

/** One node as the host describes it. */
export interface HostNode {
  /** The host's own name of the node (`worker-17`), unique. */
  readonly name: string;
  /** Its rack (or zone, or block) name. */
  readonly rack: string;
  readonly slots: NodeSlots;
  /** NIC capacity, bits per second; default the topology's `nicCapacity`. */
  readonly nicCapacity?: BitsPerSecond;
  /** Resources (DRF); default one virtual core and 2048 MiB per slot. */
  readonly resources?: ResourceVector;
}

/** Link capacities of a host topology; missing ones take the documented defaults. */
export interface HostLinkOptions {
  /** NIC capacity of a node without its own, bits per second. Default 10 Gbps. */
  readonly nicCapacity?: BitsPerSecond;
  /** Capacity of every rack's uplink to the core; default Σ NICs of the rack / oversubscription. */
  readonly rackUplinkCapacity?: BitsPerSecond | Readonly<Record<string, BitsPerSecond>>;
  /** Capacity of every rack's downlink from the core; default Σ NICs of the rack / oversubscription. */
  readonly rackDownlinkCapacity?: BitsPerSecond | Readonly<Record<string, BitsPerSecond>>;
  /** Σ NIC capacity of a rack over its rack link capacity (5 means 5:1). Default 1. */
  readonly oversubscription?: number;
}

/** Default NIC capacity of a host node: 10 Gbps. */
export const DEFAULT_NIC_CAPACITY: BitsPerSecond = 10e9;
const MEMORY_MB_PER_SLOT = 2048;

/**
 * A `TopologyView` of a host's nodes that also knows their names. Node ids are the
 * nodes' positions in the list given; rack ids follow the order in which racks first
 * appear in it (so a list sorted by rack numbers its racks in that order).
 */
export interface HostTopology extends TopologyView {
  /** The name the host gave a node. */
  nodeName(node: NodeId): string;
  /** The name of a rack. */
  rackName(rack: RackId): string;
  /** The id of a node by name, or `undefined`. */
  nodeId(name: string): NodeId | undefined;
}

const positive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;
const slotCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

/**
 * Builds a {@link HostTopology} from the host's node list. Throws an `Error` naming the
 * node and field at fault (a duplicate name, a missing rack, a bad slot count, a model
 * that mixes containers and split slots).
 */
export function createHostTopology(nodes: readonly HostNode[], links: HostLinkOptions = {}): HostTopology {
  if (!Array.isArray(nodes) || nodes.length === 0)
    throw new Error('topology: nodes must be a non-empty array');
  const defaultNic = links.nicCapacity ?? DEFAULT_NIC_CAPACITY;
  if (!positive(defaultNic))
    throw new Error(`topology: nicCapacity must be a positive number, got ${String(defaultNic)}`);
  const oversubscription = links.oversubscription ?? 1;
  if (!positive(oversubscription)) {
    throw new Error(`topology: oversubscription must be a positive number, got ${String(oversubscription)}`);
  }
  const model: SlotModel = typeof nodes[0]?.slots === 'number' ? 'container' : 'split';
  const byName = new Map<string, NodeId>();
  const rackIds = new Map<string, RackId>();
  const rackNames: string[] = [];
  const members: NodeId[][] = [];
  const rackOf: RackId[] = [];
  const nic: number[] = [];
  const slots: { map: number; reduce: number; container: number }[] = [];
  const resources: ResourceVector[] = [];
  nodes.forEach((node, i) => {
    const { entry, nodeNic } = readNode(node, i, model, defaultNic, byName);
    const id = i as NodeId;
    byName.set(node.name, id);
    let rack = rackIds.get(node.rack);
    if (rack === undefined) {
      rack = rackNames.length as RackId;
      rackIds.set(node.rack, rack);
      rackNames.push(node.rack);
      members.push([]);
    }
    members[rack]!.push(id);
    rackOf.push(rack);
    nic.push(nodeNic);
    slots.push(entry);
    const total = entry.map + entry.reduce + entry.container;
    resources.push(node.resources ?? { vcores: total, memoryMb: total * MEMORY_MB_PER_SLOT });
  });
  const capacity = (given: HostLinkOptions['rackUplinkCapacity'], what: string): number[] =>
    rackNames.map((name, r) => {
      const value =
        given === undefined
          ? members[r]!.reduce((sum, n) => sum + nic[n]!, 0) / oversubscription
          : typeof given === 'number'
            ? given
            : given[name];
      if (!positive(value))
        throw new Error(`topology: ${what} of rack ${name} must be a positive number, got ${String(value)}`);
      return value;
    });
  const up = capacity(links.rackUplinkCapacity, 'rackUplinkCapacity');
  const down = capacity(links.rackDownlinkCapacity, 'rackDownlinkCapacity');
  const names = nodes.map((n) => n.name);
  const check = (node: number): number => checkIndex('node', node, names.length);
  const checkRack = (rack: number): number => checkIndex('rack', rack, rackNames.length);
  return {
    rackCount: rackNames.length,
    nodeCount: names.length,
    slotModel: model,
    rackOf: (node) => rackOf[check(node)]!,
    nodesOf: (rack) => members[checkRack(rack)]!,
    slotsOf: (node, kind: SlotKind) => slots[check(node)]![kind] ?? 0,
    resourcesOf: (node) => resources[check(node)]!,
    nicCapacity: (node) => nic[check(node)]!,
    rackUplinkCapacity: (rack) => up[checkRack(rack)]!,
    rackDownlinkCapacity: (rack) => down[checkRack(rack)]!,
    nodeName: (node) => names[check(node)]!,
    rackName: (rack) => rackNames[checkRack(rack)]!,
    nodeId: (name) => byName.get(name),
  };
}

/** A node's slots and NIC, checked; throws naming the node and the field at fault. */
function readNode(
  node: HostNode,
  i: number,
  model: SlotModel,
  defaultNic: number,
  byName: ReadonlyMap<string, NodeId>,
): { entry: { map: number; reduce: number; container: number }; nodeNic: number } {
  const where = `topology: node ${i}${typeof node?.name === 'string' ? ` (${node.name})` : ''}`;
  if (typeof node?.name !== 'string' || node.name === '')
    throw new Error(`${where}: name must be a non-empty string`);
  if (byName.has(node.name)) throw new Error(`${where}: name ${node.name} is given twice`);
  if (typeof node.rack !== 'string' || node.rack === '')
    throw new Error(`${where}: rack must be a non-empty string`);
  const s = node.slots;
  let entry: { map: number; reduce: number; container: number };
  if (typeof s === 'number') {
    if (model !== 'container')
      throw new Error(`${where}: slots must be { map, reduce } like the first node's`);
    if (!slotCount(s) || s === 0) throw new Error(`${where}: slots must be a positive integer, got ${s}`);
    entry = { map: 0, reduce: 0, container: s };
  } else {
    if (model !== 'split') throw new Error(`${where}: slots must be a number like the first node's`);
    if (!slotCount(s?.map) || !slotCount(s?.reduce) || s.map + s.reduce === 0) {
      throw new Error(`${where}: slots must be { map, reduce } integers >= 0, not both 0`);
    }
    entry = { map: s.map, reduce: s.reduce, container: 0 };
  }
  const nodeNic = node.nicCapacity ?? defaultNic;
  if (!positive(nodeNic)) throw new Error(`${where}: nicCapacity must be a positive number`);
  return { entry, nodeNic };
}

/** A node or rack id, checked against the count of them. */
function checkIndex(what: 'node' | 'rack', value: number, count: number): number {
  if (!(Number.isInteger(value) && value >= 0 && value < count)) {
    throw new Error(`topology: ${what} must be an integer in [0, ${count}), got ${String(value)}`);
  }
  return value;
}
