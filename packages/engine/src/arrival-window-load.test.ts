import { crossRackShare } from '@rackwise/metrics';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { oneNodePolicy } from '../test/one-node-policy.js';
import { fixedPlacement, jobSpec, placementFor, testTopology, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

const onNodeOne = oneNodePolicy(1);

describe('load during the arrival window', () => {
  it('offers the shuffle a locality-oblivious placement would send across racks, per second, over the uplinks', () => {
    // 2 racks of 2 nodes, 4e8 bit/s uplinks: 5e7 B/s each, 1e8 B/s together. A byte
    // crosses racks with probability 1 − 2 × (1/2)² = 0.5. Jobs at 0 s (4e8 shuffle
    // bytes) and 10 s (2e8): 6e8 × 0.5 / 10 s = 3e7 B/s offered, 0.3 of the uplinks;
    // flows getting half the line rate (linkGoodput 0.5) make it 0.6.
    const topology = testTopology({ racks: 2, nodesPerRack: 2, rackUplinkCapacity: 4e8 });
    expect(crossRackShare(topology)).toBe(0.5);
    const jobs = [
      jobSpec({ inputBytes: 1e8, shuffleBytes: 4e8, reduceCount: 1 }),
      jobSpec({ inputBytes: 1e8, shuffleBytes: 2e8, reduceCount: 2, submitTime: 10 }),
    ];
    const run = (parameters: object) =>
      simulate({ topology, workload: workload(jobs), policy: fifoTestPolicy(), seed: 3, parameters }).metrics
        .load;
    const load = run({});
    expect(load.window).toBe(10);
    expect(load.offered).toBeCloseTo(0.3, 12);
    expect(run({ linkGoodput: 0.5 }).offered).toBeCloseTo(0.6, 12);
    // Offered load is the workload's and the cluster's: the network does not move it.
    expect(run({ network: false }).offered).toBeCloseTo(0.3, 12);
  });

  it('measures uplink utilisation and slot use at the monitor samples inside the window, idle ones as 0', () => {
    // 2 racks of 1 node with 1 container each; uplinks 4e8 bit/s = 5e7 B/s. Job A at 0 s:
    // one map of 1e8 B whose block is on node 0, launched on node 1 at its first
    // heartbeat t0 ≤ 1 ms: it reads the block over rack 0's uplink for 2 s at 5e7 B/s,
    // then computes for 1 s (rate 1e8 B/s, no overhead), done at t0 + 3. Job B at 10 s
    // closes the window (0, 10]. Monitor samples at 1, 2 (rack 0's uplink full, 1 of 2
    // containers held), 3 (computing: uplinks idle, 1 container), 4 (all idle; the
    // monitor then sleeps); 5–10 skipped while idle, counted as idle.
    // Uplink samples: 10 times × 2 racks = 20, two of them 1 → mean 0.1; sorted, 18
    // zeros then two ones: median (rank 10) 0, 95th percentile (rank 19) 1.
    // Slot use: (0.5 + 0.5 + 0.5 + 0 + 6 × 0) / 10 samples = 0.15.
    const topology = testTopology({
      racks: 2,
      nodesPerRack: 1,
      slots: { model: 'container', containers: 1 },
      rackUplinkCapacity: 4e8,
      rackDownlinkCapacity: 4e8,
    });
    const jobs = [jobSpec({ inputBytes: 1e8 }), jobSpec({ inputBytes: 1e8, submitTime: 10 })];
    const { metrics } = simulate({
      topology,
      workload: workload(
        jobs,
        fixedPlacement(() => [0]),
      ),
      policy: onNodeOne,
      seed: 5,
      parameters: { heartbeatInterval: 1e-3, mapOverhead: 0, mapRate: 1e8 },
    });
    expect(metrics.load.window).toBe(10);
    expect(metrics.load.offered).toBe(0);
    expect(metrics.load.uplinkUtilisation.mean).toBeCloseTo(0.1, 12);
    expect(metrics.load.uplinkUtilisation.p50).toBe(0);
    expect(metrics.load.uplinkUtilisation.p95).toBe(1);
    expect(metrics.load.slotUse).toBeCloseTo(0.15, 12);
  });

  it('is NaN without a window', () => {
    const topology = testTopology({ racks: 2, nodesPerRack: 1 });
    const { metrics } = simulate({
      topology,
      workload: workload(
        [jobSpec({ inputBytes: 1e8, shuffleBytes: 1e8, reduceCount: 1 })],
        placementFor(topology),
      ),
      policy: fifoTestPolicy(),
      seed: 1,
    });
    expect(metrics.load.window).toBe(0);
    expect(metrics.load.offered).toBeNaN();
    expect(metrics.load.uplinkUtilisation.p95).toBeNaN();
    expect(metrics.load.slotUse).toBeNaN();
  });
});
