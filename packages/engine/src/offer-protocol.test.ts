import { fc, test } from '@fast-check/vitest';
import type { SchedulerPolicy } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { fixedPlacement, jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { createSimulation } from './simulation.js';

// The 'spread' phases, so that the tests below can name the heartbeat times.
const GOLDEN = 0.6180339887498949;
const phase = (n: number) => (n + 1) * GOLDEN - Math.floor((n + 1) * GOLDEN);
const SPREAD = { heartbeatPhases: 'spread' } as const;

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
      parameters: SPREAD,
    });
    simulation.run(10.5);
    let expected = 0;
    for (let n = 0; n < 3; n++) for (let t = phase(n); t <= 10.5; t += 1) expected++;
    const { stats } = simulation.result();
    expect(stats.offers).toBe(expected);
    expect(stats.passes).toBe(expected);
    expect(stats.heartbeats).toBe(expected);
  });

  test.prop([fc.integer({ min: 0, max: 1e6 }), fc.constantFrom(0.5, 1, 3)])(
    'with seeded phases, offers each node once per interval at its own phase in [0, interval)',
    (seed, interval) => {
      const offered = (s: number) => {
        const simulation = createSimulation({
          topology: testTopology({ racks: 2, nodesPerRack: 3 }),
          workload: workload([jobSpec({ inputBytes: 1e8 })]),
          policy: passing,
          seed: s,
          parameters: { heartbeatInterval: interval },
          recordDecisions: true,
        });
        simulation.run(10 * interval);
        return simulation.result().decisions.map((d) => [d.node, d.time] as const);
      };
      const decisions = offered(seed);
      expect(offered(seed)).toEqual(decisions);
      for (let n = 0; n < 6; n++) {
        const times = decisions.filter(([node]) => node === n).map(([, t]) => t);
        // Submitted at 0, the job waits from every node's first heartbeat after 0 on.
        expect(times[0]).toBeGreaterThan(0);
        expect(times[0]).toBeLessThanOrEqual(interval);
        expect(times).toHaveLength(10);
        times.forEach((t, k) => expect(t).toBeCloseTo(times[0]! + k * interval, 9));
      }
    },
  );

  test.prop([fc.integer({ min: 0, max: 1e6 }), fc.double({ min: 0.01, max: 0.99, noNaN: true })])(
    'with jitter, replays for the seed and offers each node once per heartbeat, late by less than the jitter',
    (seed, jitter) => {
      const offered = () => {
        const simulation = createSimulation({
          topology: testTopology({ racks: 2, nodesPerRack: 3 }),
          workload: workload([jobSpec({ inputBytes: 1e8 })]),
          policy: passing,
          seed,
          parameters: { heartbeatJitter: jitter },
          recordDecisions: true,
        });
        simulation.run(10);
        return simulation.result().decisions.map((d) => [d.node, d.time] as const);
      };
      const decisions = offered();
      expect(offered()).toEqual(decisions);
      for (let n = 0; n < 6; n++) {
        const times = decisions.filter(([node]) => node === n).map(([, t]) => t);
        expect(times.length).toBeGreaterThanOrEqual(9);
        expect(times.length).toBeLessThanOrEqual(10);
        // Heartbeat k lies in [phase + k, phase + k + jitter): two of them are k' − k ± jitter apart.
        for (let k = 1; k < times.length; k++) {
          const gap = times[k]! - times[k - 1]!;
          expect(gap).toBeGreaterThan(1 - jitter - 1e-9);
          expect(gap).toBeLessThan(1 + jitter + 1e-9);
        }
      }
    },
  );

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
      parameters: { ...SPREAD, mapRate: 128e6, mapOverhead: 0 },
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
