import { createTestCluster } from '@rackwise/testkit';
import type { NodeId } from '@rackwise/types';
import { describe, expect, test } from 'vitest';
import { NetSat } from './net-sat.js';

/** 2 racks × 2 nodes, 1 Gbps NICs, no oversubscription: rack links of 2 Gbps, node shares of 1 Gbps. */
const cluster = () =>
  createTestCluster({
    topology: { racks: 2, nodesPerRack: 2, slots: { model: 'container', containers: 1 } },
  });
const node = (n: number) => n as NodeId;

describe('NetSat (§3.1, §4.2)', () => {
  test('rack scope: the rack link utilisation against the threshold, strictly above', () => {
    const c = cluster();
    const netSat = new NetSat(0.8, 'rack');
    const saturated = (n: number) => netSat.saturated(c.network, c.topology, node(n), c.view.now);
    c.setRackUtilisation(0, 0.8);
    expect(saturated(0)).toBe(false);
    c.setRackUtilisation(0, 0.81, 'down');
    expect([saturated(0), saturated(1), saturated(2)]).toEqual([true, true, false]);
  });

  test("rack scope from per-node rates: the rack's traffic over the sum of its nodes' shares", () => {
    const c = cluster();
    const netSat = new NetSat(0.8, 'rack');
    const saturated = (n: number) => netSat.saturated(c.network, c.topology, node(n), c.view.now);
    c.setNodeCrossRackRate(0, 0.9e9, 'up');
    expect(saturated(0)).toBe(false); // 0.9 of 2 Gbps
    c.setNodeCrossRackRate(1, 0.85e9, 'up');
    expect(saturated(1)).toBe(true); // 1.75 of 2 Gbps
  });

  test("node scope: the node's own traffic against its share (§3.1 word for word)", () => {
    const c = cluster();
    const netSat = new NetSat(0.8, 'node');
    c.setNodeCrossRackRate(0, 0.9e9, 'down');
    expect(netSat.saturated(c.network, c.topology, node(0), 0)).toBe(true);
    expect(netSat.saturated(c.network, c.topology, node(1), 0)).toBe(false);
    c.setRackUtilisation(0, 1);
    expect(netSat.saturated(c.network, c.topology, node(1), 0)).toBe(false);
  });

  test('cluster scope: one flag, raised by any saturated rack, read again at each new sample', () => {
    const c = cluster();
    const netSat = new NetSat(0.8, 'cluster');
    expect(netSat.saturated(c.network, c.topology, node(0), c.view.now)).toBe(false);
    c.advance(1);
    c.setRackUtilisation(1, 0.9);
    expect(netSat.saturated(c.network, c.topology, node(0), c.view.now)).toBe(true);
  });
});
