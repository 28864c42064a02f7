import type { TopologySpec } from './topology-spec.js';

const MBPS = 1e6;
const GBPS = 1e9;

/**
 * The papers' clusters. Bandwidths the papers do not state are chosen here and said so.
 */
const PRESETS = {
  /**
   * NAS §IV simulation: 600 nodes in 30 racks of 20, 6 containers each; 250 Mbps per
   * node within the rack and 1 Gbps per rack across racks (50 Mbps per node, 5:1).
   */
  'nas-sim': {
    name: 'nas-sim',
    racks: 30,
    nodesPerRack: 20,
    slots: { model: 'container', containers: 6 },
    nicCapacity: 250 * MBPS,
    rackUplinkCapacity: 1 * GBPS,
    rackDownlinkCapacity: 1 * GBPS,
  },
  /**
   * NAS §IV real cluster: 40 nodes in 8 racks of 5, 16 containers each; 1 Gbps NICs and
   * 1 Gbps between racks, which the paper calls a 5:1 oversubscription — so each rack's
   * uplink and downlink are 1 Gbps.
   */
  'nas-cluster': {
    name: 'nas-cluster',
    racks: 8,
    nodesPerRack: 5,
    slots: { model: 'container', containers: 16 },
    nicCapacity: 1 * GBPS,
    rackUplinkCapacity: 1 * GBPS,
    rackDownlinkCapacity: 1 * GBPS,
  },
  /**
   * ShuffleWatcher §4: 100 EC2 extra-large instances (4 vcores, 15 GB) in 10 sub-clusters
   * of 10; 4 map + 2 reduce slots; 500 Mbps aggregate between sub-clusters (50 Mbps per
   * node) and about 250 Mbps measured per node within a sub-cluster.
   */
  'sw-ec2': {
    name: 'sw-ec2',
    racks: 10,
    nodesPerRack: 10,
    slots: { model: 'split', mapSlots: 4, reduceSlots: 2 },
    nicCapacity: 250 * MBPS,
    rackUplinkCapacity: 500 * MBPS,
    rackDownlinkCapacity: 500 * MBPS,
    nodeResources: { vcores: 4, memoryMb: 15 * 1024 },
  },
  /**
   * ShuffleWatcher §5.6: a dedicated 16-node cluster in 4 sub-clusters of 4, limited to
   * the EC2 per-node bisection bandwidth of 50 Mbps (200 Mbps per sub-cluster). The paper
   * does not limit the NICs; 1 Gbps is chosen here. Slots as in §4 (4 map + 2 reduce).
   */
  'sw-dedicated': {
    name: 'sw-dedicated',
    racks: 4,
    nodesPerRack: 4,
    slots: { model: 'split', mapSlots: 4, reduceSlots: 2 },
    nicCapacity: 1 * GBPS,
    rackUplinkCapacity: 200 * MBPS,
    rackDownlinkCapacity: 200 * MBPS,
  },
  /**
   * Shadow §5: 52 servers in 4 racks of 13 (two octa-core CPUs, 64 GB), 12 map + 3 reduce
   * slots; 2 Gbps aggregate across racks, twice a node's 1 Gbps edge bandwidth.
   */
  shadow: {
    name: 'shadow',
    racks: 4,
    nodesPerRack: 13,
    slots: { model: 'split', mapSlots: 12, reduceSlots: 3 },
    nicCapacity: 1 * GBPS,
    rackUplinkCapacity: 2 * GBPS,
    rackDownlinkCapacity: 2 * GBPS,
    nodeResources: { vcores: 16, memoryMb: 64 * 1024 },
  },
  /**
   * FCS §5: 45 workers (46 nodes, one master; four hex-core CPUs, 24 GB), 8 map + 4 reduce
   * slots. The paper gives no rack layout or bandwidth: 5 racks of 9 nodes with 1 Gbps
   * NICs and a non-blocking core (oversubscription 1) are chosen here, so the network
   * does not become the bottleneck the paper never reports.
   */
  fcs: {
    name: 'fcs',
    racks: 5,
    nodesPerRack: 9,
    slots: { model: 'split', mapSlots: 8, reduceSlots: 4 },
    nicCapacity: 1 * GBPS,
    oversubscription: 1,
    nodeResources: { vcores: 24, memoryMb: 24 * 1024 },
  },
} as const satisfies Record<string, TopologySpec>;

/** Name of a built-in cluster preset. */
export type TopologyPresetName = keyof typeof PRESETS;

const NAMES: readonly TopologyPresetName[] = Object.freeze(Object.keys(PRESETS) as TopologyPresetName[]);

/** Names of the built-in presets: `nas-sim`, `nas-cluster`, `sw-ec2`, `sw-dedicated`, `shadow`, `fcs`. */
export function topologyPresetNames(): readonly TopologyPresetName[] {
  return NAMES;
}

/**
 * The spec of a paper's cluster (see each preset's documentation for the paper section
 * and the values chosen where the paper is silent). An unknown name throws, listing the
 * known ones.
 */
export function topologyPreset(name: string): TopologySpec {
  if (!Object.hasOwn(PRESETS, name)) {
    throw new Error(`unknown topology preset ${JSON.stringify(name)}; known presets: ${NAMES.join(', ')}`);
  }
  return PRESETS[name as TopologyPresetName];
}
