import type { BitsPerSecond, NodeId, RackId } from './units.js';

/**
 * How a node's capacity is cut into slots.
 * - `split`: Hadoop 1 — separate map slots and reduce slots.
 * - `container`: YARN — generic containers that run either kind of task.
 */
export type SlotModel = 'split' | 'container';

/** The kind of task a slot runs. */
export type TaskKind = 'map' | 'reduce';

/**
 * The kind of slot a node offers: a map slot or a reduce slot (`split` model),
 * or a generic container that runs either (`container` model).
 */
export type SlotKind = TaskKind | 'container';

/** Resources of a node or demanded by one task (used by DRF). */
export interface ResourceVector {
  /** Virtual cores. */
  readonly vcores: number;
  /** Memory in MiB. */
  readonly memoryMb: number;
}

/**
 * Read-only description of the cluster's racks, nodes, slots and links.
 * Racks hang off one core switch; each rack has an uplink and a downlink to it.
 */
export interface TopologyView {
  /** Number of racks; rack ids are 0 … `rackCount − 1`. */
  readonly rackCount: number;
  /** Number of worker nodes; node ids are 0 … `nodeCount − 1`. */
  readonly nodeCount: number;
  /** How node capacity is cut into slots: Hadoop 1 map/reduce slots or YARN containers. */
  readonly slotModel: SlotModel;
  /** The rack a node sits in. */
  rackOf(node: NodeId): RackId;
  /** The nodes of a rack, in ascending id order. */
  nodesOf(rack: RackId): readonly NodeId[];
  /**
   * Slots of one kind on a node. Under `split`, `container` is 0; under `container`,
   * `map` and `reduce` are 0.
   */
  slotsOf(node: NodeId, kind: SlotKind): number;
  /** Resources of a node (for DRF); defaults are documented by the topology builder. */
  resourcesOf(node: NodeId): ResourceVector;
  /** NIC capacity of a node (same up and down). */
  nicCapacity(node: NodeId): BitsPerSecond;
  /** Capacity of the link from a rack up to the core. */
  rackUplinkCapacity(rack: RackId): BitsPerSecond;
  /** Capacity of the link from the core down into a rack. */
  rackDownlinkCapacity(rack: RackId): BitsPerSecond;
}
