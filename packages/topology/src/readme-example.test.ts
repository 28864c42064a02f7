import { expect, it } from 'vitest';
import { buildTopology, createFlowNetwork, nodeId, topologyPreset } from './index.js';

it('runs the README example: one 128 MiB cross-rack fetch on nas-sim', () => {
  const log: string[] = [];
  // --- README example ---
  const topology = buildTopology(topologyPreset('nas-sim'));
  const net = createFlowNetwork({ capacities: topology.linkCapacitiesBytesPerSecond() });
  const path = new Int32Array(4);
  const links = topology.flowPath(nodeId(0), nodeId(25), path); // rack 0 → rack 1: 4 links
  net.addFlow(path.subarray(0, links), 128 * 2 ** 20, 1);
  net.solve(); // 250 Mbps NIC is the bottleneck: 31.25 MB/s
  net.advanceTo(net.nextEventTime());
  net.takeCompleted((_, tag) => log.push(`flow ${tag} done at ${net.now.toFixed(3)} s`));
  // --- end ---
  expect(log).toEqual(['flow 1 done at 4.295 s']);
});
