import type {
  ClusterView,
  Decision,
  NodeId,
  PreemptionRequest,
  SchedulerPolicy,
  SlotOffer,
} from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { fixedPlacement, jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

const FAST = { heartbeatInterval: 1e-3, mapOverhead: 1, mapRate: 1e7, reduceOverhead: 1, reduceRate: 1e7 };

/** Runs the map on node 0 first, then a duplicate of it on node 3 (another rack). */
function duplicating(choose: (view: ClusterView) => NodeId | undefined): SchedulerPolicy {
  let duplicated = false;
  return {
    specificationVersion: 'v1',
    name: 'dup-test',
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const job = view.activeJobs()[0];
      if (job === undefined) return { type: 'pass', reason: 'dup/none' };
      const pending = job.pendingMaps()[0];
      if (pending !== undefined) {
        return offer.node === 0
          ? { type: 'launch', task: pending, reason: 'dup/original' }
          : { type: 'pass', reason: 'dup/wait' };
      }
      const running = job.runningMaps()[0];
      if (running !== undefined && !duplicated && offer.node === 3) {
        duplicated = true;
        return { type: 'launch', task: running, duplicate: true, reason: 'dup/copy' };
      }
      return { type: 'pass', reason: 'dup/idle' };
    },
    duplication: { chooseCopy: (_map, _completedOn, view) => choose(view) },
  };
}

describe('duplicate maps', () => {
  const topology = testTopology({ racks: 2, nodesPerRack: 2, slots: { model: 'container', containers: 1 } });
  const jobs = [jobSpec({ inputBytes: 100e6 })];

  it('keeps the first copy to finish and counts the killed one', () => {
    const result = simulate({
      topology,
      workload: workload(
        jobs,
        fixedPlacement(() => [0]),
      ),
      policy: duplicating(() => undefined),
      seed: 1,
      parameters: FAST,
      recordDecisions: true,
    });
    const d = result.metrics.duplicates;
    expect(d).toMatchObject({ launched: 1, chosen: 0, chosenEarly: 0, killed: 1 });
    expect(d.killedSlotSeconds).toBeGreaterThan(9);
    expect(d.killedInputBytes).toBeCloseTo(100e6, 0);
    expect(result.jobs[0]!.executionTime).toBeCloseTo(11, 1);
    expect(result.decisions.some((r) => r.duplicate === true && r.reason === 'dup/copy')).toBe(true);
  });

  it('waits for a copy chosen early', () => {
    const result = simulate({
      topology,
      workload: workload(
        jobs,
        fixedPlacement(() => [0]),
      ),
      policy: duplicating(() => 3 as NodeId),
      seed: 1,
      parameters: FAST,
    });
    const d = result.metrics.duplicates;
    expect(d).toMatchObject({ launched: 1, chosen: 1, chosenEarly: 1, killed: 1 });
    // The duplicate started a heartbeat later and read its block remotely first.
    expect(result.jobs[0]!.executionTime).toBeGreaterThan(11);
  });

  it('refuses duplicates when duplication is off', () => {
    // A second job keeps maps waiting, so node 3 gets offers while the first map runs.
    const busy = jobSpec({ name: 'busy', inputBytes: 20 * 128e6 });
    expect(() =>
      simulate({
        topology,
        workload: workload(
          [...jobs, busy],
          fixedPlacement(() => [0]),
        ),
        policy: duplicating(() => undefined),
        seed: 1,
        parameters: { ...FAST, duplication: false },
      }),
    ).toThrow(/policy "dup-test".*duplicate launches are disabled \(parameters.duplication\)/);
  });
});

/**
 * FIFO that preempts job 0's reduce once, `after` seconds after its first launch (once
 * computing); with `migrate`, never relaunches it on the node it left.
 */
function preempting(mode: 'work-conserving' | 'kill', after: number, migrate = false): SchedulerPolicy {
  const inner = fifoTestPolicy();
  let done = false;
  let left: number | undefined;
  return {
    specificationVersion: 'v1',
    name: 'preempt-test',
    tickInterval: 0.5,
    assign(offer, view) {
      if (migrate && offer.node === left) return { type: 'pass', reason: 'p/elsewhere' };
      return inner.assign(offer, view);
    },
    preemption: {
      mode,
      preempt(view): readonly PreemptionRequest[] {
        if (done) return [];
        for (const job of view.activeJobs()) {
          for (const reduce of job.runningReduces()) {
            if (reduce.reduceProgress > 0 && reduce.startTime !== undefined) {
              const computing = view.now - (job.firstReduceTime ?? 0);
              if (computing >= after) {
                done = true;
                left = reduce.node;
                return [{ task: reduce, reason: 'p/test' }];
              }
            }
          }
        }
        return [];
      },
    },
  };
}

describe('reduce preemption', () => {
  const jobs = [jobSpec({ inputBytes: 1e6, shuffleBytes: 1e8, reduceCount: 1 })];
  const base = { ...FAST, mapCompletionThreshold: 1, network: false };

  it('work-conserving: the suspended reduce resumes where it stopped', () => {
    const result = simulate({
      topology: testTopology({ racks: 1, nodesPerRack: 1 }),
      workload: workload(
        jobs,
        fixedPlacement(() => [0]),
      ),
      policy: preempting('work-conserving', 5),
      seed: 1,
      parameters: { ...base, preemptionOverhead: 0 },
    });
    // map 1.1 s, reduce 11 s of compute in total, plus offer delays of a millisecond.
    expect(result.jobs[0]!.executionTime).toBeCloseTo(12.1, 1);
    expect(result.metrics.preemptions).toEqual({ total: 1, migrations: 0, kills: 0, droppedFetchBytes: 0 });
    expect(result.jobs[0]!.preemptions).toBe(1);
  });

  it('work-conserving: a resumed reduce pays the preemption overhead once, in its slot', () => {
    const run = (preemptionOverhead: number) =>
      simulate({
        topology: testTopology({ racks: 1, nodesPerRack: 1 }),
        workload: workload(
          jobs,
          fixedPlacement(() => [0]),
        ),
        policy: preempting('work-conserving', 5),
        seed: 1,
        parameters: { ...base, preemptionOverhead },
      });
    const free = run(0);
    const costly = run(2.5);
    expect(costly.jobs[0]!.executionTime - free.jobs[0]!.executionTime).toBeCloseTo(2.5, 6);
    expect(costly.metrics.slotSeconds.reduce - free.metrics.slotSeconds.reduce).toBeCloseTo(2.5, 6);
  });

  it('kill-based: the reduce starts over', () => {
    const result = simulate({
      topology: testTopology({ racks: 1, nodesPerRack: 1 }),
      workload: workload(
        jobs,
        fixedPlacement(() => [0]),
      ),
      policy: preempting('kill', 5),
      seed: 1,
      parameters: base,
    });
    const lost = result.jobs[0]!.executionTime - 12.1;
    expect(lost).toBeGreaterThan(4.4);
    expect(lost).toBeLessThan(6);
    expect(result.metrics.preemptions).toMatchObject({ total: 1, kills: 1 });
  });

  it('migrates a suspended reduce to another node, moving its fetched bytes', () => {
    const result = simulate({
      topology: testTopology({ racks: 2, nodesPerRack: 1 }),
      workload: workload(
        jobs,
        fixedPlacement(() => [0]),
      ),
      policy: preempting('work-conserving', 2, true),
      seed: 1,
      parameters: { ...base, network: true },
    });
    expect(result.metrics.preemptions.migrations).toBe(1);
    expect(result.metrics.totalBytes.migration).toBeCloseTo(1e8, 0);
    expect(result.metrics.crossRackBytes.migration).toBeCloseTo(1e8, 0);
  });
});

describe('output replication', () => {
  it('writes every reduce output to two more nodes, one pipeline hop across racks', () => {
    const result = simulate({
      topology: testTopology({ racks: 2, nodesPerRack: 2 }),
      workload: workload([jobSpec({ inputBytes: 1e6, shuffleBytes: 1e6, outputBytes: 4e7, reduceCount: 2 })]),
      policy: fifoTestPolicy(),
      seed: 5,
      parameters: { ...FAST, replicateOutput: true },
    });
    expect(result.metrics.totalBytes.outputReplication).toBeCloseTo(2 * 4e7, 0);
    expect(result.metrics.crossRackBytes.outputReplication).toBeCloseTo(4e7, 0);
  });
});
