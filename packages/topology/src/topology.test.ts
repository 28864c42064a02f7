import { describe, expect, it } from 'vitest';
import { nodeId, rackId } from './ids.js';
import type { TopologySpec } from './topology-spec.js';
import { buildTopology } from './topology.js';

const twoRacks: TopologySpec = {
  racks: 2,
  nodesPerRack: 3,
  slots: { model: 'split', mapSlots: 4, reduceSlots: 2 },
  nicCapacity: 1e9,
  oversubscription: 3,
};

describe('buildTopology', () => {
  it('numbers nodes rack by rack', () => {
    const t = buildTopology(twoRacks);
    expect(t.nodeCount).toBe(6);
    expect(t.rackCount).toBe(2);
    expect(t.nodesOf(rackId(1))).toEqual([3, 4, 5]);
    expect([0, 1, 2, 3, 4, 5].map((n) => t.rackOf(nodeId(n)))).toEqual([0, 0, 0, 1, 1, 1]);
  });

  it('derives rack links from the oversubscription ratio', () => {
    const t = buildTopology(twoRacks);
    expect(t.rackUplinkCapacity(rackId(0))).toBe(1e9);
    expect(t.rackDownlinkCapacity(rackId(1))).toBe(1e9);
    expect(t.spec.oversubscription).toBe(3);
    expect(
      buildTopology({
        racks: 2,
        nodesPerRack: 3,
        slots: twoRacks.slots,
        nicCapacity: 1e9,
      }).rackUplinkCapacity(rackId(0)),
    ).toBe(3e9);
  });

  it('lets an explicit rack link win over the ratio for that direction only', () => {
    const t = buildTopology({ ...twoRacks, rackUplinkCapacity: 5e8 });
    expect(t.rackUplinkCapacity(rackId(0))).toBe(5e8);
    expect(t.rackDownlinkCapacity(rackId(0))).toBe(1e9);
  });

  it('indexes links NIC up, NIC down, rack up, rack down', () => {
    const t = buildTopology(twoRacks);
    expect(t.linkCount).toBe(16);
    expect(t.nicUpLink(nodeId(4))).toBe(4);
    expect(t.nicDownLink(nodeId(4))).toBe(10);
    expect(t.rackUpLink(rackId(1))).toBe(13);
    expect(t.rackDownLink(rackId(1))).toBe(15);
    expect([11, 12, 15].map((l) => t.isCrossRackLink(l))).toEqual([false, true, true]);
    expect(t.linkName(4)).toBe('nic-up:4');
    expect(t.linkName(10)).toBe('nic-down:4');
    expect(t.linkName(13)).toBe('rack-up:1');
    expect(t.linkName(15)).toBe('rack-down:1');
    expect(t.linkCapacity(5)).toBe(1e9);
    expect(t.linkCapacity(14)).toBe(1e9);
  });

  it('writes the links a flow crosses', () => {
    const t = buildTopology(twoRacks);
    const out = new Int32Array(4);
    expect(t.flowPath(nodeId(1), nodeId(1), out)).toBe(0);
    expect(t.flowPath(nodeId(0), nodeId(2), out)).toBe(2);
    expect([...out.subarray(0, 2)]).toEqual([0, 8]);
    expect(t.flowPath(nodeId(1), nodeId(5), out)).toBe(4);
    expect([...out]).toEqual([1, 11, 12, 15]);
  });

  it('gives capacities in bytes per second for the solver', () => {
    const bytes = buildTopology(twoRacks).linkCapacitiesBytesPerSecond();
    expect(bytes.length).toBe(16);
    expect(bytes[0]).toBe(1.25e8);
    expect(bytes[15]).toBe(1.25e8);
  });

  it('offers slots of the model only', () => {
    const split = buildTopology(twoRacks);
    expect(split.slotModel).toBe('split');
    expect(['map', 'reduce', 'container'].map((k) => split.slotsOf(nodeId(0), k as 'map'))).toEqual([
      4, 2, 0,
    ]);
    const yarn = buildTopology({ ...twoRacks, slots: { model: 'container', containers: 6 } });
    expect(['map', 'reduce', 'container'].map((k) => yarn.slotsOf(nodeId(0), k as 'map'))).toEqual([0, 0, 6]);
  });

  it('gives each node its own containers when they are listed per node, and checks the list', () => {
    const perNode = [4, 2, 0, 6, 1, 1];
    const hosts = buildTopology({ ...twoRacks, slots: { model: 'container', containers: 6, perNode } });
    expect(perNode.map((_, n) => hosts.slotsOf(nodeId(n), 'container'))).toEqual(perNode);
    expect(hosts.slotsOf(nodeId(0), 'map')).toBe(0);
    expect(() =>
      buildTopology({ ...twoRacks, slots: { model: 'container', containers: 6, perNode: [1, 2] } }),
    ).toThrow('topology.slots.perNode must list the containers of each of the 6 nodes, got 2 entries');
    expect(() =>
      buildTopology({ ...twoRacks, slots: { model: 'container', containers: 4, perNode } }),
    ).toThrow('topology.slots.perNode[3] must be an integer in 0 … 4, got 6');
  });

  it('defaults node resources to one vcore and 2048 MiB per slot', () => {
    expect(buildTopology(twoRacks).resourcesOf(nodeId(0))).toEqual({ vcores: 6, memoryMb: 12288 });
    const given = buildTopology({ ...twoRacks, nodeResources: { vcores: 16, memoryMb: 65536 } });
    expect(given.resourcesOf(nodeId(5))).toEqual({ vcores: 16, memoryMb: 65536 });
  });

  it('refuses ids out of range', () => {
    const t = buildTopology(twoRacks);
    expect(() => t.rackOf(nodeId(6))).toThrow('node must be an integer in [0, 6), got 6');
    expect(() => t.nodesOf(rackId(-1))).toThrow('rack must be an integer in [0, 2), got -1');
    expect(() => t.linkCapacity(16)).toThrow('link must be an integer in [0, 16), got 16');
  });
});

describe('topology validation', () => {
  const cases: [string, Partial<Record<keyof TopologySpec, unknown>>, string][] = [
    [
      'zero NIC',
      { nicCapacity: 0 },
      'topology.nicCapacity must be a positive finite number of bits per second, got 0',
    ],
    [
      'negative NIC',
      { nicCapacity: -1 },
      'topology.nicCapacity must be a positive finite number of bits per second, got -1',
    ],
    [
      'infinite NIC',
      { nicCapacity: Number.POSITIVE_INFINITY },
      'topology.nicCapacity must be a positive finite number of bits per second, got Infinity',
    ],
    [
      'NaN uplink',
      { rackUplinkCapacity: Number.NaN },
      'topology.rackUplinkCapacity must be a positive finite number of bits per second, got NaN',
    ],
    [
      'zero downlink',
      { rackDownlinkCapacity: 0 },
      'topology.rackDownlinkCapacity must be a positive finite number of bits per second, got 0',
    ],
    ['zero ratio', { oversubscription: 0 }, 'topology.oversubscription must be a positive finite number'],
    ['no racks', { racks: 0 }, 'topology.racks must be a positive integer, got 0'],
    ['fractional racks', { racks: 1.5 }, 'topology.racks must be a positive integer, got 1.5'],
    ['empty racks', { nodesPerRack: 0 }, 'topology.nodesPerRack must be a positive integer, got 0'],
    ['string nodes', { nodesPerRack: '3' }, 'topology.nodesPerRack must be a positive integer, got "3"'],
    [
      'zero map slots',
      { slots: { model: 'split', mapSlots: 0, reduceSlots: 2 } },
      'topology.slots.mapSlots must be a positive integer, got 0',
    ],
    [
      'fractional reduce slots',
      { slots: { model: 'split', mapSlots: 1, reduceSlots: 0.5 } },
      'topology.slots.reduceSlots must be a positive integer, got 0.5',
    ],
    [
      'zero containers',
      { slots: { model: 'container', containers: 0 } },
      'topology.slots.containers must be a positive integer, got 0',
    ],
    [
      'unknown model',
      { slots: { model: 'mesos' } },
      `topology.slots.model must be 'split' or 'container', got "mesos"`,
    ],
    [
      'zero vcores',
      { nodeResources: { vcores: 0, memoryMb: 1 } },
      'topology.nodeResources.vcores must be a positive finite number of virtual cores, got 0',
    ],
  ];
  it.each(cases)('refuses %s', (_, patch, message) => {
    expect(() => buildTopology({ ...twoRacks, ...patch } as TopologySpec)).toThrow(message);
  });

  it('refuses a ratio that both explicit rack links would ignore', () => {
    expect(() => buildTopology({ ...twoRacks, rackUplinkCapacity: 1, rackDownlinkCapacity: 1 })).toThrow(
      'topology.oversubscription must be omitted',
    );
  });
});
