import { fc, test } from '@fast-check/vitest';
import { createRandomSource } from '@rackwise/engine';
import type { PolicyContext } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { arbOffer, arbTestCluster, arbTopologySpec, arbWorkload } from '../arbitraries.js';
import { createTestCluster } from '../test-cluster.js';
import { type ConformanceOptions, type ConformanceSubject, instantiate } from './conformance-options.js';
import { registerFairnessProperty } from './fairness-properties.js';
import { driveOffers, hasReason, policyShapeProblems, slotKindsOf } from './in-memory-checks.js';
import { runConformanceSimulation, simulationProblems } from './simulation-checks.js';
import { CONFORMANCE_TEST_TIMEOUT } from './test-timeout.js';

const POLICY_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Engine runs are the slow part: one per seven of the global run count, at least 4 (8 locally, 28 in CI). */
function simulationRunsFromGlobal(): number {
  return Math.max(4, Math.round((fc.readConfigureGlobal().numRuns ?? 100) / 7));
}

/**
 * The conformance suite every rackwise policy runs (docs/architecture.md §9): a vitest
 * `describe` block that checks, for a policy definition or factory,
 *
 * - its shape: `specificationVersion: 'v1'`, a name, and for a definition a kebab-case
 *   name, a summary and defaults;
 * - on the in-memory test cluster: it passes on an empty cluster without throwing, and in
 *   random scenes answers every offer with a valid decision (a pending task, of a kind
 *   the slot runs, on a free slot, reduces past slowstart) that carries a reason code;
 * - through the engine, on small random topologies and workloads: no invalid launch (the
 *   engine refuses them), every job completes within `maxTime` simulated seconds (no
 *   starvation, no livelock), every decision has a reason code, and the same seed gives
 *   the same jobs and decisions twice;
 * - the fairness property of `options.fairness`, if any.
 *
 * @example
 * describePolicyConformance(fairPolicy, { fairness: { kind: 'fair-share' } });
 */
export function describePolicyConformance<Config extends object>(
  subject: ConformanceSubject<Config>,
  options: ConformanceOptions<Config> = {},
): void {
  let contextSeed = 0;
  const context = (): PolicyContext => ({ random: createRandomSource(++contextSeed, 'conformance') });
  const create = () => instantiate(subject, options.config, context());
  const title =
    options.title ?? `conformance: ${typeof subject === 'function' ? create().name : subject.name}`;

  describe(title, () => {
    it('has the shape of a v1 policy', () => {
      expect(policyShapeProblems(create())).toEqual([]);
      if (typeof subject !== 'function') {
        expect(subject.name).toMatch(POLICY_NAME);
        expect(subject.summary.trim()).not.toBe('');
        expect(typeof subject.defaults).toBe('object');
      }
    });

    test.prop([arbTopologySpec(options.topology)])(
      'passes on an empty cluster without throwing',
      (topology) => {
        const cluster = createTestCluster({ topology }).attach(create());
        for (let n = 0; n < cluster.topology.nodeCount; n++) {
          for (const kind of slotKindsOf(cluster)) {
            const decision = cluster.offer(n, kind);
            expect(decision.type).toBe('pass');
            expect(hasReason(decision)).toBe(true);
          }
        }
      },
      CONFORMANCE_TEST_TIMEOUT,
    );

    test.prop([
      arbTestCluster(options.topology).chain((c) =>
        fc.tuple(fc.constant(c), fc.array(arbOffer(c.topology), { maxLength: 30 })),
      ),
    ])(
      'answers every offer in random scenes with a valid decision and a reason code',
      ([cluster, offers]) => {
        cluster.attach(create());
        for (const decision of driveOffers(cluster, offers))
          expect(hasReason(decision), decision.reason).toBe(true);
      },
      CONFORMANCE_TEST_TIMEOUT,
    );

    const scenario = fc.record({
      topology: arbTopologySpec(options.topology),
      jobs: arbWorkload({ maxJobs: 5, maxMaps: 5, maxReduces: 2, ...options.workload }),
      seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
    });
    test.prop([scenario], { numRuns: options.simulationRuns ?? simulationRunsFromGlobal() })(
      'completes every job of a random workload through the engine, deterministically',
      ({ topology, jobs, seed }) => {
        const first = runConformanceSimulation(subject, options, topology, jobs, seed);
        expect(simulationProblems(first)).toEqual([]);
        const second = runConformanceSimulation(subject, options, topology, jobs, seed);
        expect(second.jobs).toEqual(first.jobs);
        expect(second.decisions).toEqual(first.decisions);
      },
      CONFORMANCE_TEST_TIMEOUT,
    );

    if (options.fairness !== undefined) registerFairnessProperty(subject, options, options.fairness, context);
  });
}
