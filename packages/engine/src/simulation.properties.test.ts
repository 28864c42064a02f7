import { fc, test } from '@fast-check/vitest';
import type { ClusterView, NodeId, SchedulerPolicy, SlotKind } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { jobsArbitrary, parametersArbitrary, topologyArbitrary } from '../test/arbitraries.js';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { jobSpec, placementFor, workload } from '../test/workload-builders.js';
import { createSimulation, simulate } from './simulation.js';

/** Wraps the FIFO test policy with checks of what it sees at every offer. */
function checked(onViolation: (message: string) => void) {
  const inner = fifoTestPolicy();
  let lastTime = 0;
  const fetched = new Map<number, number>();
  const check = (view: ClusterView) => {
    if (view.now < lastTime) onViolation(`time went back from ${lastTime} to ${view.now}`);
    lastTime = view.now;
    const topology = view.topology;
    for (let n = 0; n < topology.nodeCount; n++) {
      const node = n as NodeId;
      const kinds: SlotKind[] = topology.slotModel === 'container' ? ['container'] : ['map', 'reduce'];
      for (const kind of kinds) {
        const free = view.freeSlots(node, kind);
        if (free < 0 || free > topology.slotsOf(node, kind))
          onViolation(`node ${n} has ${free} free ${kind} slots`);
      }
      const running = view.runningMapsOn(node).length + view.runningReducesOn(node).length;
      const slots =
        topology.slotsOf(node, 'container') +
        topology.slotsOf(node, 'map') +
        topology.slotsOf(node, 'reduce');
      if (running > slots) onViolation(`node ${n} runs ${running} tasks in ${slots} slots`);
    }
  };
  const policy: SchedulerPolicy = {
    specificationVersion: 'v1',
    name: 'checked-fifo',
    assign(offer, view) {
      check(view);
      if (view.freeSlots(offer.node, offer.kind) <= 0) onViolation(`offer of a full ${offer.kind} slot`);
      return inner.assign(offer, view);
    },
    onTaskCompleted(event, view) {
      check(view);
      if (event.task.kind === 'reduce') {
        const reduce = view.job(event.task.job).reduce(event.task.index);
        fetched.set(event.task.job, (fetched.get(event.task.job) ?? 0) + reduce.fetchedBytes);
      }
    },
  };
  return { policy, fetched };
}

describe('engine invariants over random clusters and workloads', () => {
  test.prop([topologyArbitrary, jobsArbitrary, parametersArbitrary, fc.integer()])(
    'every job completes, slots are never exceeded, time never goes back, bytes are conserved',
    (topology, jobs, parameters, seed) => {
      const violations: string[] = [];
      const { policy, fetched } = checked((message) => violations.push(message));
      const result = simulate({
        topology,
        workload: workload(jobs, placementFor(topology)),
        policy,
        seed,
        parameters,
      });
      expect(violations).toEqual([]);
      expect(result.metrics.jobsCompleted).toBe(jobs.length);
      for (const record of result.jobs) {
        expect(record.completionTime).toBeGreaterThanOrEqual(record.submitTime);
        const spec = jobs[record.id]!;
        if (spec.reduceCount > 0) {
          expect(fetched.get(record.id) ?? 0).toBeCloseTo(spec.shuffleBytes, 0);
        }
        if (!Number.isNaN(record.skew)) expect(record.skew).toBeGreaterThanOrEqual(1);
      }
      const { crossRackBytes, totalBytes } = result.metrics;
      for (const kind of ['shuffle', 'mapInput', 'outputReplication', 'migration', 'total'] as const) {
        expect(crossRackBytes[kind]).toBeLessThanOrEqual(totalBytes[kind] + 1e-6);
      }
      const shuffleTotal = jobs.filter((j) => j.reduceCount > 0).reduce((sum, j) => sum + j.shuffleBytes, 0);
      expect(totalBytes.shuffle).toBeLessThanOrEqual(shuffleTotal + 1e-3);
      // The per-class view partitions the jobs and their cross-rack bytes (no duplicates here).
      const classes = Object.values(result.metrics.byShuffleClass);
      expect(classes.reduce((sum, c) => sum + c.jobs, 0)).toBe(jobs.length);
      expect(classes.reduce((sum, c) => sum + c.jobsCompleted, 0)).toBe(jobs.length);
      const tolerance = 1e-9 * Math.max(1, totalBytes.total);
      expect(
        Math.abs(classes.reduce((sum, c) => sum + c.crossRackShuffleBytes, 0) - crossRackBytes.shuffle),
      ).toBeLessThanOrEqual(tolerance);
      expect(
        Math.abs(classes.reduce((sum, c) => sum + c.crossRackMapInputBytes, 0) - crossRackBytes.mapInput),
      ).toBeLessThanOrEqual(tolerance);
    },
  );

  test.prop([topologyArbitrary, jobsArbitrary, parametersArbitrary, fc.integer()], { numRuns: 30 })(
    'outstanding map output is all fetched at the end',
    (topology, jobs, parameters, seed) => {
      const simulation = createSimulation({
        topology,
        workload: workload(jobs, placementFor(topology)),
        seed,
        parameters,
        policy: fifoTestPolicy(),
      });
      simulation.run();
      for (let n = 0; n < topology.nodeCount; n++) {
        expect(simulation.view.outstandingMapOutput(n as NodeId)).toBeLessThan(1e-3);
      }
    },
  );

  test.prop([topologyArbitrary, jobsArbitrary, parametersArbitrary, fc.integer()], { numRuns: 20 })(
    'the same seed gives the same results',
    (topology, jobs, parameters, seed) => {
      const run = () => {
        const result = simulate({
          topology,
          workload: workload(jobs, placementFor(topology)),
          policy: fifoTestPolicy(),
          seed,
          parameters,
        });
        return {
          jobs: result.jobs,
          metrics: result.metrics,
          events: result.stats.events,
          solves: result.stats.solves,
        };
      };
      expect(run()).toEqual(run());
    },
  );
});

describe('seeds and idle time', () => {
  test.prop([fc.integer(), fc.integer()], { numRuns: 20 })(
    'different seeds place blocks differently',
    (a, b) => {
      fc.pre(a !== b);
      const topology = topologyArbitraryValue();
      const job = jobSpec({ inputBytes: 40 * 64e6, blockBytes: 64e6 });
      const placements = (seed: number) => {
        let seen: number[][] = [];
        simulate({
          topology,
          workload: workload([job]),
          seed,
          policy: {
            ...fifoTestPolicy(),
            onJobSubmitted(view) {
              seen = Array.from({ length: view.mapCount }, (_, i) => [...view.map(i).replicaNodes]);
            },
          },
        });
        return seen;
      };
      expect(placements(a)).not.toEqual(placements(b));
      expect(placements(a)).toEqual(placements(a));
    },
  );

  test.prop([fc.integer({ min: 1_000, max: 1_000_000 })], { numRuns: 10 })(
    'an idle gap between jobs costs no events',
    (gap) => {
      const topology = topologyArbitraryValue();
      const events = (second: number) =>
        simulate({
          topology,
          workload: workload([
            jobSpec({ name: 'a', inputBytes: 3 * 64e6, blockBytes: 64e6, shuffleBytes: 1e7, reduceCount: 1 }),
            jobSpec({ name: 'b', inputBytes: 3 * 64e6, blockBytes: 64e6, submitTime: second }),
          ]),
          policy: fifoTestPolicy(),
          seed: 7,
          metrics: { recordSeries: false },
        }).stats.events;
      // Time is aligned to whole monitor intervals, so the gap only shifts the second job.
      expect(events(1_000 + gap)).toBe(events(1_000));
    },
  );
});

function topologyArbitraryValue() {
  return fc.sample(
    topologyArbitrary.filter((t) => t.nodeCount >= 6),
    { seed: 42, numRuns: 1 },
  )[0]!;
}
