import type { FlowTraceRecord } from '@rackwise/flow-replay';
import type { SchedulerPolicy } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { fixedPlacement, jobSpec, placementFor, testTopology, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

/** Maps on node 0, reduces on node 1. */
function mapsOnZero(): SchedulerPolicy {
  const inner = fifoTestPolicy();
  return {
    specificationVersion: 'v1',
    name: 'maps-on-zero',
    assign(offer, view) {
      const decision = inner.assign(offer, view);
      if (decision.type === 'launch' && (decision.task.kind === 'map') !== (offer.node === 0))
        return { type: 'pass', reason: 'test/elsewhere' };
      return decision;
    },
  };
}

/**
 * Two maps of different sizes on node 0 (their outputs complete 25 ms apart), one reduce
 * on node 1 launched with the first heartbeat (slowstart 0), and a tiny shuffle that a
 * fetch moves in microseconds.
 */
function shuffleFlows(mapEventPoll: number) {
  const flows: FlowTraceRecord[] = [];
  const result = simulate({
    topology: testTopology({ racks: 1, nodesPerRack: 2, nicCapacity: 8e8 }),
    workload: workload(
      [jobSpec({ inputBytes: 1.5e6, blockBytes: 1e6, shuffleBytes: 1e3, reduceCount: 1 })],
      fixedPlacement(() => [0]),
    ),
    policy: () => mapsOnZero(),
    seed: 1,
    parameters: { heartbeatInterval: 1e-3, mapCompletionThreshold: 0, mapEventPoll },
    onFlow: (flow) => {
      if (flow.kind === 'shuffle') flows.push(flow);
    },
  });
  return { flows, result };
}

describe('map-completion events polled (mapEventPoll)', () => {
  it('without polls, each output is fetched the moment it completes', () => {
    const { flows, result } = shuffleFlows(0);
    expect(result.metrics.jobsCompleted).toBe(1);
    expect(flows).toHaveLength(2);
    expect(flows[1]!.start - flows[0]!.start).toBeGreaterThan(0.02);
  });

  it('a reduce learns of outputs at its polls, and fetches those of one interval together', () => {
    const { flows, result } = shuffleFlows(10);
    expect(result.metrics.jobsCompleted).toBe(1);
    // Both outputs complete within the reduce's first 10 s: one fetch at its second poll,
    // 10 s after its shuffle began (within the first 1 ms heartbeat round).
    expect(flows).toHaveLength(1);
    expect(flows[0]!.start).toBeGreaterThanOrEqual(10);
    expect(flows[0]!.start).toBeLessThanOrEqual(10.002);
    expect(flows[0]!.bytes).toBeCloseTo(1e3, 6);
  });

  it('a poll interval shorter than the gap between outputs fetches them apart', () => {
    const { flows } = shuffleFlows(1e-3);
    expect(flows).toHaveLength(2);
  });

  it('a poll that falls at an output, its time a few ulps before now, fetches it and goes on', () => {
    // Found by the metric invariants property: the poll (every 0.3 s) that fell at an
    // output's completion computed as 10.561820191155299 s against now 10.561820191155311.
    // Armed there, it was an event before now that the event loop never took (the run spun
    // for ever); armed at now, the reduce that took it knew only outputs up to that earlier
    // time and armed itself again at the same instant, for ever.
    const topology = testTopology({
      racks: 1,
      nodesPerRack: 2,
      slots: { model: 'container', containers: 3 },
      rackUplinkCapacity: 1e9,
      rackDownlinkCapacity: 1e9,
    });
    const job = jobSpec({
      inputBytes: 319999999.9999999,
      blockBytes: 64e6,
      shuffleBytes: 5e7,
      reduceCount: 3,
      submitTime: 3,
    });
    const result = simulate({
      topology,
      workload: workload([job], placementFor(topology)),
      policy: fifoTestPolicy(),
      seed: 1392587260,
      parameters: { mapEventPoll: 0.3, parallelCopies: 5 },
    });
    expect(result.metrics.jobsCompleted).toBe(1);
  });

  it('is refused when negative', () => {
    expect(() => shuffleFlows(-1)).toThrow(/mapEventPoll/);
  });
});
