import type { BitsPerSecond, NodeId, RackId, ResourceVector, SlotKind, TopologyView } from '@rackwise/types';
import { describeValue, requireInteger, requirePositive } from './internal/validate.js';

/** Hadoop 1 slots: separate map and reduce slots on every node. */
export interface TestSplitSlots {
  readonly model: 'split';
  readonly mapSlots: number;
  readonly reduceSlots: number;
}

/** YARN containers: generic containers on every node. */
export interface TestContainerSlots {
  readonly model: 'container';
  readonly containers: number;
}

/**
 * A cluster of `racks` racks of `nodesPerRack` identical nodes, numbered rack by rack
 * (node `r × nodesPerRack + i` is the i-th node of rack r). The same shape as
 * `@rackwise/topology`'s `TopologySpec`, so a spec drawn by `arbTopologySpec` builds both
 * an in-memory test cluster and an engine run.
 */
export interface TestTopologySpec {
  readonly racks: number;
  readonly nodesPerRack: number;
  readonly slots: TestSplitSlots | TestContainerSlots;
  /** NIC capacity of every node, bits per second. Default 1 Gbps. */
  readonly nicCapacity?: BitsPerSecond;
  /** Rack uplink capacity. Default `nodesPerRack × nicCapacity / oversubscription`. */
  readonly rackUplinkCapacity?: BitsPerSecond;
  /** Rack downlink capacity. Default `nodesPerRack × nicCapacity / oversubscription`. */
  readonly rackDownlinkCapacity?: BitsPerSecond;
  /** NIC capacity of a rack per rack link capacity. Default 1. */
  readonly oversubscription?: number;
  /** Resources of every node. Default one vcore and 2048 MiB per slot. */
  readonly nodeResources?: ResourceVector;
}

/** The topology a test cluster gets when its spec names none: 2 racks × 2 nodes, 2 map and 1 reduce slot each. */
export const DEFAULT_TEST_TOPOLOGY: TestTopologySpec = Object.freeze({
  racks: 2,
  nodesPerRack: 2,
  slots: Object.freeze({ model: 'split', mapSlots: 2, reduceSlots: 1 }),
});

/** Default NIC capacity of a test topology: 1 Gbps. */
export const DEFAULT_TEST_NIC_CAPACITY: BitsPerSecond = 1e9;

/**
 * Builds a plain `TopologyView` from a spec. Every look-up checks its argument and
 * throws an `Error` naming the bad node or rack.
 */
export function createTestTopology(spec: TestTopologySpec): TopologyView {
  if (typeof spec !== 'object' || spec === null) {
    throw new Error(`topology must be an object, got ${describeValue(spec)}`);
  }
  const racks = requireInteger('topology.racks', spec.racks, 1);
  const nodesPerRack = requireInteger('topology.nodesPerRack', spec.nodesPerRack, 1);
  const slots = spec.slots;
  let mapSlots = 0;
  let reduceSlots = 0;
  let containers = 0;
  if (slots?.model === 'split') {
    mapSlots = requireInteger('topology.slots.mapSlots', slots.mapSlots, 1);
    reduceSlots = requireInteger('topology.slots.reduceSlots', slots.reduceSlots, 1);
  } else if (slots?.model === 'container') {
    containers = requireInteger('topology.slots.containers', slots.containers, 1);
  } else {
    throw new Error(
      `topology.slots must be { model: 'split', mapSlots, reduceSlots } or { model: 'container', containers }, got ${describeValue(slots)}`,
    );
  }
  const nic = requirePositive('topology.nicCapacity', spec.nicCapacity ?? DEFAULT_TEST_NIC_CAPACITY);
  const oversubscription = requirePositive('topology.oversubscription', spec.oversubscription ?? 1);
  const derived = (nodesPerRack * nic) / oversubscription;
  const uplink = requirePositive('topology.rackUplinkCapacity', spec.rackUplinkCapacity ?? derived);
  const downlink = requirePositive('topology.rackDownlinkCapacity', spec.rackDownlinkCapacity ?? derived);
  const perNode = mapSlots + reduceSlots + containers;
  const resources: ResourceVector = Object.freeze({
    vcores: requirePositive('topology.nodeResources.vcores', spec.nodeResources?.vcores ?? perNode),
    memoryMb: requirePositive(
      'topology.nodeResources.memoryMb',
      spec.nodeResources?.memoryMb ?? perNode * 2048,
    ),
  });
  const nodeCount = racks * nodesPerRack;
  const members: (readonly NodeId[])[] = [];
  for (let r = 0; r < racks; r++) {
    members.push(
      Object.freeze(Array.from({ length: nodesPerRack }, (_, i) => (r * nodesPerRack + i) as NodeId)),
    );
  }
  const node = (n: NodeId): number => {
    if (!(Number.isInteger(n) && n >= 0 && n < nodeCount)) {
      throw new Error(`node must be an integer in [0, ${nodeCount}), got ${describeValue(n)}`);
    }
    return n;
  };
  const rack = (r: RackId): number => {
    if (!(Number.isInteger(r) && r >= 0 && r < racks)) {
      throw new Error(`rack must be an integer in [0, ${racks}), got ${describeValue(r)}`);
    }
    return r;
  };
  return Object.freeze({
    rackCount: racks,
    nodeCount,
    slotModel: slots.model,
    rackOf: (n: NodeId): RackId => Math.floor(node(n) / nodesPerRack) as RackId,
    nodesOf: (r: RackId): readonly NodeId[] => members[rack(r)]!,
    slotsOf(n: NodeId, kind: SlotKind): number {
      node(n);
      return kind === 'map' ? mapSlots : kind === 'reduce' ? reduceSlots : containers;
    },
    resourcesOf(n: NodeId): ResourceVector {
      node(n);
      return resources;
    },
    nicCapacity(n: NodeId): BitsPerSecond {
      node(n);
      return nic;
    },
    rackUplinkCapacity(r: RackId): BitsPerSecond {
      rack(r);
      return uplink;
    },
    rackDownlinkCapacity(r: RackId): BitsPerSecond {
      rack(r);
      return downlink;
    },
  });
}
