import type { ClusterView, Decision, SchedulerPolicy, SlotOffer } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { fixedPlacement, jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { createSimulation, simulate } from './simulation.js';

/** Offers arrive within a millisecond of work appearing, so hand-computed times hold to 1e-2. */
const FAST = { heartbeatInterval: 1e-3, mapOverhead: 1, mapRate: 1e7, reduceOverhead: 1, reduceRate: 1e7 };

/** Launches only on the given nodes, FIFO-like otherwise. */
function onlyOn(nodes: { map: readonly number[]; reduce: readonly number[] }): SchedulerPolicy {
  const inner = fifoTestPolicy({ locality: false, name: 'only-on' });
  return {
    specificationVersion: 'v1',
    name: 'only-on',
    assign(offer: SlotOffer, view: ClusterView): Decision {
      for (const job of view.activeJobs()) {
        if (nodes.map.includes(offer.node)) {
          const map = job.pendingMapsOnNode(offer.node)[0] ?? job.pendingMaps()[0];
          if (map !== undefined) return { type: 'launch', task: map, reason: 'only-on/map' };
        }
        if (nodes.reduce.includes(offer.node) && job.reducesReady) {
          const reduce = job.waitingReduces()[0];
          if (reduce !== undefined) return { type: 'launch', task: reduce, reason: 'only-on/reduce' };
        }
      }
      return nodes.map.length + nodes.reduce.length === 0
        ? inner.assign(offer, view)
        : { type: 'pass', reason: 'only-on/elsewhere' };
    },
  };
}

describe('hand-computed runs', () => {
  it('runs one map-only job on an empty cluster in overhead + input / rate', () => {
    const result = simulate({
      topology: testTopology({ racks: 1, nodesPerRack: 1 }),
      workload: workload(
        [jobSpec({ inputBytes: 100e6 })],
        fixedPlacement(() => [0]),
      ),
      policy: fifoTestPolicy(),
      seed: 1,
      parameters: FAST,
    });
    expect(result.metrics.jobsCompleted).toBe(1);
    expect(result.jobs[0]!.executionTime).toBeCloseTo(11, 2);
    expect(result.metrics.mapLocality.node).toBe(1);
    expect(result.metrics.totalBytes.total).toBe(0);
  });

  it('reads a remote block at the bottleneck rate before computing', () => {
    // Rack links of 800 Mbps = 1e8 B/s are the bottleneck of the 1e9 B/s NICs: 100 MB take 1 s.
    const topology = testTopology({
      racks: 2,
      nodesPerRack: 1,
      rackUplinkCapacity: 8e8,
      rackDownlinkCapacity: 8e8,
    });
    const result = simulate({
      topology,
      workload: workload(
        [jobSpec({ inputBytes: 100e6 })],
        fixedPlacement(() => [0]),
      ),
      policy: onlyOn({ map: [1], reduce: [] }),
      seed: 1,
      parameters: FAST,
    });
    expect(result.jobs[0]!.executionTime).toBeCloseTo(12, 2);
    expect(result.metrics.crossRackBytes.mapInput).toBeCloseTo(100e6, 0);
    expect(result.metrics.mapLocality.remote).toBe(1);
  });

  it('fetches a reduce partition from two nodes sharing the reducer NIC', () => {
    // Two maps of 100 MB on nodes 0 and 1 (11 s each), 50 MB of output each; the reduce on
    // node 2 pulls both over its 1e8 B/s NIC at 5e7 B/s each (1 s), then computes 1 + 10 s.
    const topology = testTopology({
      racks: 1,
      nodesPerRack: 3,
      nicCapacity: 8e8,
      slots: { model: 'container', containers: 1 },
    });
    const job = jobSpec({ inputBytes: 200e6, blockBytes: 100e6, shuffleBytes: 100e6, reduceCount: 1 });
    const result = simulate({
      topology,
      workload: workload(
        [job],
        fixedPlacement((_, i) => [i]),
      ),
      policy: onlyOn({ map: [0, 1], reduce: [2] }),
      seed: 1,
      parameters: { ...FAST, mapCompletionThreshold: 1 },
    });
    const record = result.jobs[0]!;
    expect(record.mapPhaseEnd).toBeCloseTo(11, 2);
    expect(record.executionTime).toBeCloseTo(23, 1);
    expect(result.metrics.totalBytes.shuffle).toBeCloseTo(100e6, 0);
    expect(result.metrics.crossRackBytes.total).toBe(0);
    expect(result.metrics.reduceWaitTime.mean).toBeLessThan(0.01);
  });

  it('keeps parallelCopies fetches in flight while that many sources hold unfetched outputs', () => {
    // Two maps of 100 MB on each of nodes 0 and 1 (racks 0 and 1; 22 s), 50 MB of output
    // each; one output per fetch, two fetches at a time. The reduce on node 2 (rack 2)
    // pulls from both racks at once over their 1e8 B/s uplinks, though each node still
    // holds an output it has not claimed while its first fetch is in flight: two rounds
    // of 0.5 s (one fetch at a time would take four), then computes 1 + 20 s.
    const topology = testTopology({
      racks: 3,
      nodesPerRack: 1,
      nicCapacity: 8e9,
      rackUplinkCapacity: 8e8,
      rackDownlinkCapacity: 8e9,
      slots: { model: 'container', containers: 1 },
    });
    const job = jobSpec({ inputBytes: 400e6, blockBytes: 100e6, shuffleBytes: 200e6, reduceCount: 1 });
    const result = simulate({
      topology,
      workload: workload(
        [job],
        fixedPlacement((_, i) => [i >> 1]),
      ),
      policy: onlyOn({ map: [0, 1], reduce: [2] }),
      seed: 1,
      parameters: { ...FAST, mapCompletionThreshold: 1, mapsPerFetch: 1, parallelCopies: 2 },
    });
    const record = result.jobs[0]!;
    expect(record.mapPhaseEnd).toBeCloseTo(22, 2);
    expect(record.executionTime).toBeCloseTo(44, 1);
    expect(result.metrics.totalBytes.shuffle).toBeCloseTo(200e6, 0);
  });
});

describe('decision checks', () => {
  it('refuses a reduce launched before slowstart, naming the policy', () => {
    const eager: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: 'eager',
      assign(_offer, view) {
        const job = view.activeJobs()[0];
        const reduce = job?.waitingReduces()[0];
        if (reduce !== undefined) return { type: 'launch', task: reduce, reason: 'eager/reduce' };
        return { type: 'pass', reason: 'eager/none' };
      },
    };
    const simulation = createSimulation({
      topology: testTopology({ racks: 1, nodesPerRack: 3 }),
      workload: workload([jobSpec({ inputBytes: 1e9, shuffleBytes: 1e6, reduceCount: 1 })]),
      policy: eager,
      seed: 3,
    });
    expect(() => simulation.run()).toThrow(/policy "eager".*reduce 0 of job 0.*reduces are not ready/);
  });
});
