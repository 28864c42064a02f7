import { fc, test } from '@fast-check/vitest';
import type { ClusterView, Decision, PolicyContext, SchedulerPolicy, SlotOffer } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { jobsArbitrary, parametersArbitrary, topologyArbitrary } from '../test/arbitraries.js';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { placementFor, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

/**
 * FIFO that, using its seeded random source, sometimes duplicates a running map, picks a
 * random copy to keep, and preempts a random running reduce on a tick (a bounded number
 * of times, so every job still finishes).
 */
function chaotic(
  context: PolicyContext,
  mode: 'work-conserving' | 'kill',
  fetched: Map<number, number>,
): SchedulerPolicy {
  const random = context.random;
  const inner = fifoTestPolicy();
  let preemptions = 12;
  return {
    specificationVersion: 'v1',
    name: 'chaotic',
    tickInterval: 2,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      if (offer.kind !== 'reduce' && random.next() < 0.3) {
        for (const job of view.activeJobs()) {
          for (const map of job.runningMaps()) {
            if (!map.runningOn.includes(offer.node)) {
              return { type: 'launch', task: map, duplicate: true, reason: 'chaotic/duplicate' };
            }
          }
        }
      }
      return inner.assign(offer, view);
    },
    duplication: {
      chooseCopy(map, completedOn) {
        const nodes = map.runningOn;
        const pick = random.int(nodes.length + 1);
        return pick === nodes.length ? undefined : pick === 0 ? completedOn : nodes[pick];
      },
    },
    preemption: {
      mode,
      preempt(view) {
        if (preemptions === 0 || random.next() < 0.5) return [];
        for (const job of view.activeJobs()) {
          const reduce = job.runningReduces()[0];
          if (reduce !== undefined) {
            preemptions--;
            return [{ task: reduce, reason: 'chaotic/preempt' }];
          }
        }
        return [];
      },
    },
    onTaskCompleted(event, view) {
      if (event.task.kind !== 'reduce') return;
      const reduce = view.job(event.task.job).reduce(event.task.index);
      fetched.set(event.task.job, (fetched.get(event.task.job) ?? 0) + reduce.fetchedBytes);
    },
  };
}

describe('extensions under random decisions', () => {
  test.prop(
    [
      topologyArbitrary,
      jobsArbitrary,
      parametersArbitrary,
      fc.constantFrom('work-conserving' as const, 'kill' as const),
      fc.integer(),
    ],
    { numRuns: 30 },
  )('duplicates and preemptions keep every invariant', (topology, jobs, parameters, mode, seed) => {
    const fetched = new Map<number, number>();
    const result = simulate({
      topology,
      workload: workload(jobs, placementFor(topology)),
      policy: (context) => chaotic(context, mode, fetched),
      seed,
      parameters,
    });
    expect(result.metrics.jobsCompleted).toBe(jobs.length);
    for (const record of result.jobs) {
      const spec = jobs[record.id]!;
      if (spec.reduceCount > 0) expect(fetched.get(record.id) ?? 0).toBeCloseTo(spec.shuffleBytes, 0);
    }
    const { duplicates, preemptions, crossRackBytes, totalBytes } = result.metrics;
    expect(duplicates.chosen).toBeLessThanOrEqual(duplicates.launched);
    expect(duplicates.killed).toBeLessThanOrEqual(duplicates.launched + duplicates.chosenEarly);
    expect(preemptions.migrations).toBeLessThanOrEqual(preemptions.total);
    expect(mode === 'kill' ? preemptions.kills : 0).toBe(preemptions.kills);
    expect(crossRackBytes.total).toBeLessThanOrEqual(totalBytes.total + 1e-6);
    // A suspended reduce refetches only what it did not keep of its fetches in flight.
    if (mode === 'work-conserving') {
      const shuffle = jobs.reduce((sum, job) => sum + (job.reduceCount > 0 ? job.shuffleBytes : 0), 0);
      expect(totalBytes.shuffle).toBeLessThanOrEqual(shuffle + preemptions.droppedFetchBytes + 1);
      if (parameters.preemptedFetches === 'bytes') expect(preemptions.droppedFetchBytes).toBe(0);
    }
  });
});
