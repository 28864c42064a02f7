import { fc, test } from '@fast-check/vitest';
import type { SchedulerPolicy, SlotAvailability, Workload } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { jobSpec, placementFor, testTopology } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

/** One map-only job of `seconds.length` maps reading nothing, computing the given seconds. */
function mapsOnly(seconds: readonly number[], slotTimeline?: readonly SlotAvailability[]): Workload {
  const job = {
    ...jobSpec({ inputBytes: 0, mapCount: seconds.length }),
    recorded: { mapSeconds: seconds },
  };
  const topology = testTopology({ racks: 1, nodesPerRack: 1 });
  return {
    name: 'timeline',
    jobs: [job],
    placement: placementFor(topology),
    ...(slotTimeline === undefined ? {} : { slotTimeline }),
  };
}

/** A FIFO policy that records, per task start, the node and how many tasks then ran there. */
function watchedFifo(): { policy: SchedulerPolicy; starts: { node: number; at: number; running: number }[] } {
  const inner = fifoTestPolicy();
  const running = new Map<number, number>();
  const starts: { node: number; at: number; running: number }[] = [];
  const policy: SchedulerPolicy = {
    specificationVersion: 'v1',
    name: 'watched-fifo',
    assign: (offer, view) => inner.assign(offer, view),
    onTaskStarted(event, view) {
      const now = (running.get(event.node) ?? 0) + 1;
      running.set(event.node, now);
      starts.push({ node: event.node, at: view.now, running: now });
    },
    onTaskCompleted(event) {
      running.set(event.node, running.get(event.node)! - 1);
    },
  };
  return { policy, starts };
}

const topology = () => testTopology({ racks: 1, nodesPerRack: 1 });

describe('slots that appear and disappear over a run (workload.slotTimeline)', () => {
  it('launches nothing before a node has slots, and at once when they appear', () => {
    const { policy, starts } = watchedFifo();
    const result = simulate({
      topology: topology(),
      workload: mapsOnly(
        [1, 1],
        [
          { time: 0, node: 0, containers: 0 },
          { time: 5.25, node: 0, containers: 2 },
        ],
      ),
      policy,
      seed: 1,
    });
    expect(starts.map((s) => s.at)).toEqual([5.25, 5.25]);
    expect(result.jobs[0]!.completionTime).toBeCloseTo(6.25, 9);
  });

  it('lets running tasks end when slots are taken away, then runs no more than are left', () => {
    const { policy, starts } = watchedFifo();
    const without = simulate({
      topology: topology(),
      workload: mapsOnly([4, 4, 4, 4]),
      policy: fifoTestPolicy(),
      seed: 1,
    });
    const result = simulate({
      topology: topology(),
      workload: mapsOnly([4, 4, 4, 4], [{ time: 2, node: 0, containers: 1 }]),
      policy,
      seed: 1,
    });
    // The first heartbeat (before 1 s) launches two; at 2 s one slot goes, so after they
    // end the other two run one after the other: 12 s from the first launch, not 8.
    const first = starts[0]!.at;
    expect(first).toBeLessThan(1);
    expect(without.jobs[0]!.completionTime).toBeCloseTo(first + 8, 9);
    expect(result.jobs[0]!.completionTime).toBeCloseTo(first + 12, 9);
    expect(starts.filter((s) => s.at > 2).every((s) => s.running <= 1)).toBe(true);
  });

  it('refuses a timeline beyond a node, its slots, out of time order or with a node twice at one time', () => {
    const run = (timeline: SlotAvailability[]) => () =>
      simulate({
        topology: topology(),
        workload: mapsOnly([1], timeline),
        policy: fifoTestPolicy(),
        seed: 1,
      });
    expect(run([{ time: 0, node: 1, containers: 1 }])).toThrow(/slotTimeline\[0\]\.node/);
    expect(run([{ time: 0, node: 0, containers: 3 }])).toThrow(
      /slotTimeline\[0\]\.containers must be an integer in 0 … 2/,
    );
    expect(
      run([
        { time: 2, node: 0, containers: 1 },
        { time: 1, node: 0, containers: 2 },
      ]),
    ).toThrow(/slotTimeline\[1\]\.time/);
    expect(
      run([
        { time: 1, node: 0, containers: 1 },
        { time: 1, node: 0, containers: 2 },
      ]),
    ).toThrow(/slotTimeline\[1\]: node 0 has another entry at 1 s/);
  });

  test.prop([
    fc.array(
      fc.record({
        time: fc.constantFrom(0, 0.3, 1, 2.5, 4),
        node: fc.integer({ min: 0, max: 2 }),
        containers: fc.integer({ min: 0, max: 3 }),
      }),
      { maxLength: 8 },
    ),
    fc.array(fc.constantFrom(0.2, 1, 3), { minLength: 1, maxLength: 10 }),
  ])(
    'a task starts only where the node has a slot at that time; every job ends once slots return',
    (raw, seconds) => {
      const cluster = testTopology({
        racks: 1,
        nodesPerRack: 3,
        slots: { model: 'container', containers: 3 },
      });
      // One entry per node and time, the last drawn.
      const distinct = new Map(raw.map((e) => [`${e.time} ${e.node}`, e]));
      const timeline = [
        ...[...distinct.values()].sort((a, b) => a.time - b.time),
        ...[0, 1, 2].map((node) => ({ time: 10, node, containers: 3 })),
      ];
      const capacity = (node: number, at: number) => {
        let c = 3;
        for (const e of timeline) if (e.node === node && e.time <= at) c = e.containers;
        return c;
      };
      const { policy, starts } = watchedFifo();
      const base = mapsOnly(seconds);
      const result = simulate({
        topology: cluster,
        workload: { ...base, placement: placementFor(cluster), slotTimeline: timeline },
        policy,
        seed: 1,
      });
      for (const s of starts) expect(s.running).toBeLessThanOrEqual(capacity(s.node, s.at));
      expect(result.jobs.every((j) => j.finished)).toBe(true);
    },
  );
});
