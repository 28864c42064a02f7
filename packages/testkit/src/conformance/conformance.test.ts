import type { PolicyFactory, SchedulerPolicy } from '@rackwise/types';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arbTopologySpec } from '../arbitraries.js';
import { createFirstPendingPolicy } from '../first-pending-policy.js';
import { createTestCluster } from '../test-cluster.js';
import { describePolicyConformance } from './describe-policy-conformance.js';
import { driveOffers } from './in-memory-checks.js';
import { runConformanceSimulation, simulationProblems } from './simulation-checks.js';

describePolicyConformance(() => createFirstPendingPolicy());

describe('conformance checks catch broken policies', () => {
  it('an invalid launch throws where the test cluster applies it', () => {
    const launchesRunning: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: 'launches-running',
      assign: (_offer, view) => {
        const job = view.activeJobs()[0];
        return job === undefined
          ? { type: 'pass', reason: 'x/none' }
          : { type: 'launch', task: job.map(0), reason: 'x/again' };
      },
    };
    const cluster = createTestCluster({ jobs: [{ maps: 2 }] }).attach(launchesRunning);
    expect(() =>
      driveOffers(cluster, [
        { node: 0 as never, kind: 'map' },
        { node: 1 as never, kind: 'map' },
      ]),
    ).toThrow(/running, not pending/);
  });

  it('a policy that never launches leaves jobs unfinished by the time bound', () => {
    const never: PolicyFactory = () => ({
      specificationVersion: 'v1',
      name: 'never',
      assign: () => ({ type: 'pass', reason: 'never/idle' }),
    });
    const [topology] = fc.sample(arbTopologySpec(), { numRuns: 1, seed: 1 });
    const jobs = [
      {
        name: 'j',
        user: 0 as never,
        queue: 'default',
        submitTime: 0,
        inputBytes: 10,
        shuffleBytes: 0,
        outputBytes: 0,
        mapCount: 1,
        reduceCount: 0,
        blockBytes: 10,
      },
    ];
    const result = runConformanceSimulation(never, { maxTime: 50 }, topology!, jobs, 1);
    expect(simulationProblems(result).join()).toMatch(/1 job\(s\) unfinished.*never\/idle/);
  });
});
