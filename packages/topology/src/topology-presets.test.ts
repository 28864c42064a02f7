import { describe, expect, it } from 'vitest';
import { nodeId, rackId } from './ids.js';
import { topologyPreset, topologyPresetNames } from './topology-presets.js';
import { buildTopology } from './topology.js';

describe('topology presets', () => {
  it('lists the papers’ clusters', () => {
    expect(topologyPresetNames()).toEqual([
      'nas-sim',
      'nas-cluster',
      'sw-ec2',
      'sw-dedicated',
      'shadow',
      'fcs',
    ]);
  });

  it.each(topologyPresetNames())('%s builds and carries its name', (name) => {
    const t = buildTopology(topologyPreset(name));
    expect(t.spec.name).toBe(name);
    expect(t.linkCount).toBe(2 * t.nodeCount + 2 * t.rackCount);
  });

  it('nas-sim: 600 nodes, 6 containers, 250 Mbps in rack, 1 Gbps per rack across (NAS §IV)', () => {
    const t = buildTopology(topologyPreset('nas-sim'));
    expect([t.rackCount, t.nodeCount, t.slotsOf(nodeId(0), 'container')]).toEqual([30, 600, 6]);
    expect(t.nicCapacity(nodeId(599))).toBe(250e6);
    expect(t.rackUplinkCapacity(rackId(29))).toBe(1e9);
    expect(t.rackUplinkCapacity(rackId(0)) / t.nodesOf(rackId(0)).length).toBe(50e6);
  });

  it('nas-cluster: 8 racks of 5 with a 5:1 oversubscription (NAS §IV)', () => {
    const t = buildTopology(topologyPreset('nas-cluster'));
    expect([t.rackCount, t.nodeCount, t.slotsOf(nodeId(0), 'container')]).toEqual([8, 40, 16]);
    expect((5 * t.nicCapacity(nodeId(0))) / t.rackUplinkCapacity(rackId(0))).toBe(5);
  });

  it('sw-ec2: 10 × 10, 4 + 2 slots, 500 Mbps per sub-cluster (ShuffleWatcher §4)', () => {
    const t = buildTopology(topologyPreset('sw-ec2'));
    expect([t.rackCount, t.nodeCount, t.slotsOf(nodeId(0), 'map'), t.slotsOf(nodeId(0), 'reduce')]).toEqual([
      10, 100, 4, 2,
    ]);
    expect([t.nicCapacity(nodeId(0)), t.rackDownlinkCapacity(rackId(0))]).toEqual([250e6, 500e6]);
    expect(t.resourcesOf(nodeId(0))).toEqual({ vcores: 4, memoryMb: 15360 });
  });

  it('sw-dedicated: 50 Mbps per node across racks (ShuffleWatcher §5.6)', () => {
    const t = buildTopology(topologyPreset('sw-dedicated'));
    expect([t.rackCount, t.nodeCount]).toEqual([4, 16]);
    expect(t.rackUplinkCapacity(rackId(0)) / 4).toBe(50e6);
  });

  it('shadow: 4 × 13, 12 + 3 slots, 2 Gbps across racks, 1 Gbps NIC (Shadow §5)', () => {
    const t = buildTopology(topologyPreset('shadow'));
    expect([t.rackCount, t.nodeCount, t.slotsOf(nodeId(0), 'map'), t.slotsOf(nodeId(0), 'reduce')]).toEqual([
      4, 52, 12, 3,
    ]);
    expect([t.nicCapacity(nodeId(0)), t.rackUplinkCapacity(rackId(0))]).toEqual([1e9, 2e9]);
  });

  it('fcs: 45 workers with 8 + 4 slots (FCS §5)', () => {
    const t = buildTopology(topologyPreset('fcs'));
    expect([t.nodeCount, t.slotsOf(nodeId(0), 'map'), t.slotsOf(nodeId(0), 'reduce')]).toEqual([45, 8, 4]);
  });

  it('refuses an unknown name, listing the known ones', () => {
    expect(() => topologyPreset('nas')).toThrow(
      'unknown topology preset "nas"; known presets: nas-sim, nas-cluster, sw-ec2, sw-dedicated, shadow, fcs',
    );
    expect(() => topologyPreset('toString')).toThrow('unknown topology preset');
  });
});
