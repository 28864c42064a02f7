import type { SchedulerPolicy } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { fixedPlacement, jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { createSimulation } from './simulation.js';

const GOLDEN = 0.6180339887498949;
const phase = (n: number) => (n + 1) * GOLDEN - Math.floor((n + 1) * GOLDEN);

const passing: SchedulerPolicy = {
  specificationVersion: 'v1',
  name: 'passing',
  assign: () => ({ type: 'pass', reason: 'passing/always' }),
};

describe('offer protocol', () => {
  it('offers each node with free slots once per heartbeat while work waits and the policy passes', () => {
    const topology = testTopology({ racks: 1, nodesPerRack: 3 });
    const simulation = createSimulation({
      topology,
      workload: workload([jobSpec({ inputBytes: 1e8 })]),
      policy: passing,
      seed: 1,
    });
    simulation.run(10.5);
    let expected = 0;
    for (let n = 0; n < 3; n++) for (let t = phase(n); t <= 10.5; t += 1) expected++;
    const { stats } = simulation.result();
    expect(stats.offers).toBe(expected);
    expect(stats.passes).toBe(expected);
    expect(stats.heartbeats).toBe(expected);
  });

  it('offers free slots in turn while a task waits that they could run', () => {
    const topology = testTopology({
      racks: 1,
      nodesPerRack: 1,
      slots: { model: 'container', containers: 3 },
    });
    const simulation = createSimulation({
      topology,
      workload: workload(
        [jobSpec({ inputBytes: 2 * 128e6 })],
        fixedPlacement(() => [0]),
      ),
      policy: fifoTestPolicy(),
      seed: 1,
      parameters: { mapRate: 128e6, mapOverhead: 0 },
      recordDecisions: true,
    });
    simulation.run();
    const { decisions, stats } = simulation.result();
    // The only heartbeat (at the node's phase) launches both maps; with nothing left
    // waiting the third container is not offered, nor are the slots the maps free.
    expect(decisions.map((d) => [d.time, d.decision])).toEqual([
      [phase(0), 'launch'],
      [phase(0), 'launch'],
    ]);
    expect(stats.heartbeats).toBe(1);
    expect(simulation.done).toBe(true);
  });

  it('costs nothing while idle', () => {
    const topology = testTopology({ racks: 2, nodesPerRack: 4 });
    const simulation = createSimulation({
      topology,
      workload: workload([jobSpec({ inputBytes: 1e8, submitTime: 1e7 })]),
      policy: fifoTestPolicy(),
      seed: 1,
    });
    simulation.run(1e7 - 1);
    expect(simulation.result().stats.events).toBe(0);
    simulation.run();
    expect(simulation.done).toBe(true);
    expect(simulation.result().stats.events).toBeLessThan(40);
  });
});
