import type { PreemptionRequest, SchedulerPolicy } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { fixedPlacement, jobSpec, testTopology, workload } from '../test/workload-builders.js';
import type { EngineParameters } from './engine-parameters.js';
import { simulate } from './simulation.js';

const OUTPUT = 1e8;

/**
 * Maps on node 0, the reduce on node 1; the reduce is suspended once, `after` seconds into
 * its shuffle, and resumes on node 1.
 */
function suspendingOnce(after: number): SchedulerPolicy {
  const inner = fifoTestPolicy();
  let done = false;
  return {
    specificationVersion: 'v1',
    name: 'suspend-test',
    tickInterval: 0.01,
    assign(offer, view) {
      const decision = inner.assign(offer, view);
      if (decision.type === 'launch' && (decision.task.kind === 'map') !== (offer.node === 0))
        return { type: 'pass', reason: 'test/elsewhere' };
      return decision;
    },
    preemption: {
      mode: 'work-conserving',
      preempt(view): readonly PreemptionRequest[] {
        if (done) return [];
        for (const job of view.activeJobs()) {
          for (const reduce of job.runningReduces()) {
            if (reduce.startTime !== undefined && view.now - reduce.startTime >= after) {
              done = true;
              return [{ task: reduce, reason: 'test/suspend' }];
            }
          }
        }
        return [];
      },
    },
  };
}

/**
 * Four map outputs of 100 MB on node 0 fetched by one reduce on node 1 in one fetch
 * (`mapsPerFetch` 20) at 100 MB/s, suspended 2.5 s into it: two and a half outputs are
 * delivered when it is cut.
 */
function run(preemptedFetches: EngineParameters['preemptedFetches']) {
  return simulate({
    topology: testTopology({ racks: 1, nodesPerRack: 2, nicCapacity: 8e8 }),
    workload: workload(
      [jobSpec({ inputBytes: 4e6, blockBytes: 1e6, shuffleBytes: 4 * OUTPUT, reduceCount: 1 })],
      fixedPlacement(() => [0]),
    ),
    policy: () => suspendingOnce(2.5),
    seed: 1,
    parameters: {
      heartbeatInterval: 1e-3,
      mapCompletionThreshold: 1,
      preemptionOverhead: 0,
      preemptedFetches,
    },
  });
}

describe('what a suspended reduce keeps of its fetches in flight', () => {
  const drop = run('drop');
  const segments = run('segments');
  const bytes = run('bytes');
  const delivered = drop.metrics.preemptions.droppedFetchBytes;

  it('cuts the fetch after two and a half outputs, under every reading', () => {
    expect(delivered).toBeGreaterThan(2 * OUTPUT);
    expect(delivered).toBeLessThan(3 * OUTPUT);
    for (const result of [drop, segments, bytes]) {
      expect(result.metrics.preemptions.total).toBe(1);
      expect(result.metrics.jobsCompleted).toBe(1);
    }
  });

  it('segments: the two outputs delivered whole are kept, the cut one is fetched again', () => {
    expect(segments.metrics.preemptions.droppedFetchBytes).toBeCloseTo(delivered - 2 * OUTPUT, 0);
  });

  it('bytes: every delivered byte is kept', () => {
    expect(bytes.metrics.preemptions.droppedFetchBytes).toBe(0);
  });

  it('moves the whole shuffle once plus what was dropped, and takes that much longer', () => {
    for (const result of [drop, segments, bytes]) {
      const dropped = result.metrics.preemptions.droppedFetchBytes;
      expect(result.metrics.totalBytes.shuffle).toBeCloseTo(4 * OUTPUT + dropped, 0);
      // The refetch runs alone on the 100 MB/s path.
      expect(result.jobs[0]!.executionTime - bytes.jobs[0]!.executionTime).toBeCloseTo(dropped / OUTPUT, 2);
    }
  });
});
