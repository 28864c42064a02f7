import { fc, test } from '@fast-check/vitest';
import { SHUFFLE_CLASSES } from '@rackwise/predictor';
import { describe, expect, it } from 'vitest';
import { jobsArbitrary, parametersArbitrary, topologyArbitrary } from '../test/arbitraries.js';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { launchMapsOn } from '../test/launch-on-node.js';
import { fixedPlacement, jobSpec, placementFor, testTopology, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('congested link-seconds on a hand-built run', () => {
  it('count both rack links of a saturated cross-rack read for as long as it lasts', () => {
    // One 1 GB block on rack 1 read by a map on rack 0 through 800 Mbps (1e8 B/s) rack
    // links: both links are at 100 % for 10 s, one occurrence each.
    const topology = testTopology({
      racks: 2,
      nodesPerRack: 1,
      rackUplinkCapacity: 8e8,
      rackDownlinkCapacity: 8e8,
    });
    const result = simulate({
      topology,
      workload: workload(
        [jobSpec({ inputBytes: 1e9, blockBytes: 1e9 })],
        fixedPlacement(() => [1]),
      ),
      policy: launchMapsOn(0),
      seed: 1,
      parameters: { heartbeatInterval: 1e-3, mapOverhead: 1, mapRate: 1e9 },
    });
    const { congestion } = result.metrics;
    expect(congestion.occurrences).toBe(2);
    expect(congestion.crossings).toBe(2);
    expect(congestion.linkSeconds).toBeGreaterThanOrEqual(18);
    expect(congestion.linkSeconds).toBeLessThanOrEqual(22);
    expect(result.congestionByRack.occurrences).toEqual([1, 1]);
    expect(congestion.maxRackOccurrences).toBe(1);
  });
});

describe("congested nodes on MTS's quantity", () => {
  const run = (threshold: number) =>
    simulate({
      topology: testTopology({ racks: 1, nodesPerRack: 2 }),
      workload: workload(
        [jobSpec({ inputBytes: 1e9, blockBytes: 1e9, shuffleBytes: 1e9, reduceCount: 1 })],
        fixedPlacement(() => [0]),
      ),
      policy: fifoTestPolicy(),
      seed: 1,
      parameters: { mapOverhead: 20, mapRate: 1e9 },
      metrics: { liveNodeThreshold: () => threshold },
    }).metrics;

  it('counts the node running a map whose predicted output exceeds the live threshold', () => {
    const share = run(1e8).mtsCongestedNodes.share;
    // One of two nodes runs the 1 GB-output map for its 21 s; the reduce runs longer.
    expect(share).toBeGreaterThan(0.05);
    expect(share).toBeLessThanOrEqual(0.5);
    expect(run(2e9).mtsCongestedNodes.share).toBe(0);
  });

  it("prices each map at its job's ratio when sampled, learnt from the maps done so far", () => {
    // Two 1 GB maps one after the other on one map slot; the job's output is 1 % of its
    // input. The first map runs unpredicted (ratio 1: 1 GB of output, over 1e8); once it
    // is done the ratio is 0.01, so the second (10 MB) is under 1e8 but over 1e6.
    const share = (threshold: number) =>
      simulate({
        topology: testTopology({
          racks: 1,
          nodesPerRack: 1,
          slots: { model: 'split', mapSlots: 1, reduceSlots: 1 },
        }),
        workload: workload(
          [jobSpec({ inputBytes: 2e9, blockBytes: 1e9, shuffleBytes: 2e7, reduceCount: 1 })],
          fixedPlacement(() => [0]),
        ),
        policy: fifoTestPolicy(),
        seed: 1,
        parameters: { mapOverhead: 20, mapRate: 1e9 },
        metrics: { liveNodeThreshold: () => threshold },
      }).metrics.mtsCongestedNodes.share;
    const both = share(1e6);
    const first = share(1e8);
    expect(both).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(0.4 * both);
    expect(first).toBeLessThan(0.6 * both);
  });

  it('is NaN when no live threshold was given', () => {
    const m = simulate({
      topology: testTopology({ racks: 1, nodesPerRack: 1 }),
      workload: workload(
        [jobSpec({ inputBytes: 1e6 })],
        placementFor(testTopology({ racks: 1, nodesPerRack: 1 })),
      ),
      policy: fifoTestPolicy(),
      seed: 1,
    }).metrics;
    expect(m.mtsCongestedNodes.share).toBeNaN();
  });
});

describe('metric invariants over random clusters and workloads', () => {
  test.prop([topologyArbitrary, jobsArbitrary, parametersArbitrary, fc.integer()])(
    'new metrics are never negative and the per-class values add up to the totals',
    (topology, jobs, parameters, seed) => {
      const result = simulate({
        topology,
        workload: workload(jobs, placementFor(topology)),
        policy: fifoTestPolicy(),
        seed,
        parameters,
      });
      const m = result.metrics;
      const c = m.congestion;
      for (const v of [
        c.occurrences,
        c.crossings,
        c.linkSeconds,
        c.maxRackOccurrences,
        c.maxRackLinkSeconds,
      ]) {
        expect(v).toBeGreaterThanOrEqual(0);
      }
      expect(c.occurrences).toBeLessThanOrEqual(c.crossings);
      expect(c.maxRackOccurrences).toBeLessThanOrEqual(c.occurrences);
      expect(sum(result.congestionByRack.occurrences)).toBe(c.occurrences);
      expect(sum(result.congestionByRack.linkSeconds)).toBeCloseTo(c.linkSeconds, 6);
      if (!Number.isNaN(m.throughputWhileArriving))
        expect(m.throughputWhileArriving).toBeGreaterThanOrEqual(0);

      const classes = SHUFFLE_CLASSES.map((k) => m.byShuffleClass[k]);
      expect(sum(classes.map((g) => g.jobs))).toBe(m.jobsSubmitted);
      expect(sum(classes.map((g) => g.jobsCompleted))).toBe(m.jobsCompleted);
      expect(sum(classes.map((g) => g.crossRackShuffleBytes))).toBeCloseTo(m.crossRackBytes.shuffle, 0);
      expect(sum(classes.map((g) => g.crossRackMapInputBytes))).toBeCloseTo(m.crossRackBytes.mapInput, 0);

      const w = m.withoutDegenerate;
      expect(w.jobs + w.degenerateJobs).toBe(m.jobsSubmitted);
      expect(w.degenerateJobs).toBeGreaterThanOrEqual(0);
      const kept = SHUFFLE_CLASSES.map((k) => w.byShuffleClass[k]);
      expect(sum(kept.map((g) => g.jobs))).toBe(w.jobs);
      expect(sum(kept.map((g) => g.jobsCompleted))).toBe(w.jobsCompleted);
      expect(sum(kept.map((g) => g.crossRackShuffleBytes))).toBeCloseTo(w.crossRackShuffleBytes, 0);
      for (const g of [w, ...kept]) {
        expect(g.crossRackShuffleBytes).toBeGreaterThanOrEqual(0);
        expect(g.crossRackMapInputBytes).toBeGreaterThanOrEqual(0);
        if (!Number.isNaN(g.throughput)) expect(g.throughput).toBeGreaterThan(0);
      }

      // Load while jobs arrive: fractions ordered as quantiles, NaN exactly without a window.
      const load = m.load;
      const submits = result.jobs.map((j) => j.submitTime);
      expect(load.window).toBeCloseTo(Math.max(...submits) - Math.min(...submits), 9);
      if (load.window === 0) {
        expect(load.offered).toBeNaN();
        expect(load.slotUse).toBeNaN();
      } else {
        expect(load.offered).toBeGreaterThanOrEqual(0);
        const u = load.uplinkUtilisation;
        if (!Number.isNaN(u.mean)) {
          expect(u.p50).toBeGreaterThanOrEqual(0);
          expect(u.p50).toBeLessThanOrEqual(u.p95);
          expect(u.p95).toBeLessThanOrEqual(1);
          expect(u.mean).toBeGreaterThanOrEqual(0);
          expect(u.mean).toBeLessThanOrEqual(1);
          expect(load.slotUse).toBeGreaterThanOrEqual(0);
          expect(load.slotUse).toBeLessThanOrEqual(1);
        }
      }
    },
  );
});
