import type { Workload } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { jobSpec, placementFor, testTopology } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

/** Two map-only jobs of two 1 s maps, submitted at 0.3 s and 2.45 s, on one node of 2 containers. */
function twoJobs(): Workload {
  const topology = testTopology({ racks: 1, nodesPerRack: 1 });
  const job = (submitTime: number) => ({
    ...jobSpec({ inputBytes: 0, mapCount: 2, submitTime }),
    recorded: { mapSeconds: [1, 1] },
  });
  return { name: 'submit', jobs: [job(0.3), job(2.45)], placement: placementFor(topology) };
}

describe('offerOnSubmit: a submitted job is offered at once, not at the next heartbeat', () => {
  for (const seed of [1, 2, 3]) {
    it(`launches at submission with it, at a later heartbeat without it (seed ${seed})`, () => {
      const run = (offerOnSubmit: boolean) =>
        simulate({
          topology: testTopology({ racks: 1, nodesPerRack: 1 }),
          workload: twoJobs(),
          policy: fifoTestPolicy(),
          seed,
          parameters: { offerOnSubmit },
        }).jobs;
      const at = run(true);
      expect(at.map((j) => j.firstLaunchTime)).toEqual([0.3, 2.45]);
      expect(at.map((j) => j.completionTime)).toEqual([1.3, 3.45]);
      const heartbeat = run(false);
      // The heartbeat's phase is drawn from the seed: a launch waits for it (less than 1 s).
      heartbeat.forEach((j, i) => {
        expect(j.firstLaunchTime).toBeGreaterThan(at[i]!.firstLaunchTime);
        expect(j.firstLaunchTime - at[i]!.firstLaunchTime).toBeLessThan(1);
      });
    });
  }
});
