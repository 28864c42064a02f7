import type { BitsPerSecond, ResourceVector } from '@rackwise/types';
import { describe, requirePositiveFinite, requirePositiveInteger } from './internal/validate.js';

/** Hadoop 1 slots: separate map and reduce slots on every node (both at least 1). */
export interface SplitSlots {
  readonly model: 'split';
  readonly mapSlots: number;
  readonly reduceSlots: number;
}

/** YARN containers: generic containers on every node that run either kind of task. */
export interface ContainerSlots {
  readonly model: 'container';
  /** Containers of every node; with `perNode`, the most any node has. */
  readonly containers: number;
  /**
   * Containers of each node (node id order, one entry per node, each 0 … `containers`)
   * when nodes differ, as the hosts of a recorded trace do; a node of 0 runs no task.
   */
  readonly perNode?: readonly number[];
}

/** How every node's capacity is cut into slots. */
export type SlotSpec = SplitSlots | ContainerSlots;

/**
 * A cluster of `racks` racks of `nodesPerRack` identical nodes under one core switch
 * (docs/architecture.md §3 "Cluster"). Nodes are numbered rack by rack: node
 * `r × nodesPerRack + i` is the i-th node of rack r.
 *
 * Rack links: `rackUplinkCapacity` / `rackDownlinkCapacity` when given; otherwise
 * derived from `oversubscription` as `nodesPerRack × nicCapacity / oversubscription`
 * (default oversubscription 1: a non-blocking fabric).
 */
export interface TopologySpec {
  /** Name for reports (`nas-sim`); `custom` by default. */
  readonly name?: string;
  readonly racks: number;
  readonly nodesPerRack: number;
  readonly slots: SlotSpec;
  /** NIC capacity of every node, the same up and down, bits per second. */
  readonly nicCapacity: BitsPerSecond;
  /** Capacity of each rack's link up to the core, bits per second. */
  readonly rackUplinkCapacity?: BitsPerSecond;
  /** Capacity of each rack's link down from the core, bits per second. */
  readonly rackDownlinkCapacity?: BitsPerSecond;
  /**
   * Ratio of a rack's total NIC capacity to its rack link capacity (5 means 5:1); used
   * for whichever rack link capacity is not given. Default 1.
   */
  readonly oversubscription?: number;
  /**
   * Resources of every node (for DRF). Default: one virtual core and 2048 MiB per slot
   * (map + reduce slots, or containers).
   */
  readonly nodeResources?: ResourceVector;
}

/** A validated `TopologySpec` with every default filled in. */
export interface ResolvedTopologySpec extends TopologySpec {
  readonly name: string;
  readonly rackUplinkCapacity: BitsPerSecond;
  readonly rackDownlinkCapacity: BitsPerSecond;
  readonly oversubscription: number;
  readonly nodeResources: ResourceVector;
}

/** Default memory per slot when `nodeResources` is not given, MiB. */
export const DEFAULT_MEMORY_MB_PER_SLOT = 2048;

/**
 * Validates a spec and fills its defaults. Throws an `Error` naming the field
 * (`topology.nicCapacity must be a positive finite number of bits per second, got 0`).
 */
export function resolveTopologySpec(spec: TopologySpec): ResolvedTopologySpec {
  if (typeof spec !== 'object' || spec === null) {
    throw new Error(`topology must be an object, got ${describe(spec)}`);
  }
  const name = spec.name ?? 'custom';
  if (typeof name !== 'string' || name === '') {
    throw new Error(`topology.name must be a non-empty string, got ${describe(name)}`);
  }
  const racks = requirePositiveInteger('topology.racks', spec.racks);
  const nodesPerRack = requirePositiveInteger('topology.nodesPerRack', spec.nodesPerRack);
  const slots = resolveSlots(spec.slots, racks * nodesPerRack);
  const nicCapacity = requirePositiveFinite('topology.nicCapacity', spec.nicCapacity, 'bits per second');
  const explicitUp = spec.rackUplinkCapacity !== undefined;
  const explicitDown = spec.rackDownlinkCapacity !== undefined;
  if (explicitUp && explicitDown && spec.oversubscription !== undefined) {
    throw new Error(
      'topology.oversubscription must be omitted when both rackUplinkCapacity and rackDownlinkCapacity are given',
    );
  }
  const oversubscription =
    spec.oversubscription === undefined
      ? 1
      : requirePositiveFinite(
          'topology.oversubscription',
          spec.oversubscription,
          'NIC capacity per rack link capacity',
        );
  const derived = (nodesPerRack * nicCapacity) / oversubscription;
  const rackUplinkCapacity = explicitUp
    ? requirePositiveFinite('topology.rackUplinkCapacity', spec.rackUplinkCapacity, 'bits per second')
    : derived;
  const rackDownlinkCapacity = explicitDown
    ? requirePositiveFinite('topology.rackDownlinkCapacity', spec.rackDownlinkCapacity, 'bits per second')
    : derived;
  const slotsPerNode = slots.model === 'split' ? slots.mapSlots + slots.reduceSlots : slots.containers;
  const nodeResources = resolveResources(
    spec.nodeResources ?? { vcores: slotsPerNode, memoryMb: slotsPerNode * DEFAULT_MEMORY_MB_PER_SLOT },
  );
  return {
    name,
    racks,
    nodesPerRack,
    slots,
    nicCapacity,
    rackUplinkCapacity,
    rackDownlinkCapacity,
    oversubscription,
    nodeResources,
  };
}

function resolveSlots(slots: SlotSpec, nodes: number): SlotSpec {
  if (typeof slots !== 'object' || slots === null) {
    throw new Error(`topology.slots must be { model: 'split' | 'container', … }, got ${describe(slots)}`);
  }
  switch (slots.model) {
    case 'split':
      return {
        model: 'split',
        mapSlots: requirePositiveInteger('topology.slots.mapSlots', slots.mapSlots),
        reduceSlots: requirePositiveInteger('topology.slots.reduceSlots', slots.reduceSlots),
      };
    case 'container': {
      const containers = requirePositiveInteger('topology.slots.containers', slots.containers);
      if (slots.perNode === undefined) return { model: 'container', containers };
      if (!Array.isArray(slots.perNode) || slots.perNode.length !== nodes) {
        throw new Error(
          `topology.slots.perNode must list the containers of each of the ${nodes} nodes, got ${Array.isArray(slots.perNode) ? `${slots.perNode.length} entries` : describe(slots.perNode)}`,
        );
      }
      slots.perNode.forEach((c, n) => {
        if (!Number.isInteger(c) || c < 0 || c > containers)
          throw new Error(
            `topology.slots.perNode[${n}] must be an integer in 0 … ${containers}, got ${describe(c)}`,
          );
      });
      return { model: 'container', containers, perNode: Object.freeze([...slots.perNode]) };
    }
    default:
      throw new Error(
        `topology.slots.model must be 'split' or 'container', got ${describe((slots as { model: unknown }).model)}`,
      );
  }
}

function resolveResources(resources: ResourceVector): ResourceVector {
  if (typeof resources !== 'object' || resources === null) {
    throw new Error(`topology.nodeResources must be { vcores, memoryMb }, got ${describe(resources)}`);
  }
  return {
    vcores: requirePositiveFinite('topology.nodeResources.vcores', resources.vcores, 'virtual cores'),
    memoryMb: requirePositiveFinite('topology.nodeResources.memoryMb', resources.memoryMb, 'MiB'),
  };
}
