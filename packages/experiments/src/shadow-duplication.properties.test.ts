import { fc, test } from '@fast-check/vitest';
import { simulate } from '@rackwise/engine';
import type { ShadowPolicy } from '@rackwise/policy-shadow';
import { buildTopology } from '@rackwise/topology';
import type { JobSpec, SchedulerPolicy, UserId } from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';
import { describe, expect, it } from 'vitest';
import { defaultPolicyRegistry } from './builtin-policies.js';

const MIB = 2 ** 20;
const registry = defaultPolicyRegistry();

const arbScene = fc.record({
  racks: fc.integer({ min: 2, max: 4 }),
  nodesPerRack: fc.integer({ min: 1, max: 3 }),
  mapSlots: fc.integer({ min: 1, max: 4 }),
  uplinkMbps: fc.integer({ min: 50, max: 2000 }),
  seed: fc.nat(1000),
  jobs: fc.array(
    fc.record({
      gap: fc.integer({ min: 0, max: 30 }),
      maps: fc.integer({ min: 1, max: 12 }),
      reduces: fc.integer({ min: 0, max: 3 }),
      shufflePercent: fc.integer({ min: 0, max: 300 }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

type Scene = typeof arbScene extends fc.Arbitrary<infer T> ? T : never;

const CONFIG: Record<string, Record<string, unknown>> = {
  delay: { by: 'time', nodeLocalityWait: 0, rackLocalityWait: 0 },
  shadow: { rackLocalityWait: 0 },
  kmn: { rackLocalityWait: 0, extraRatio: 0.5 },
  even: {},
};

function run(policyName: string, scene: Scene) {
  let submit = 0;
  const jobs: JobSpec[] = scene.jobs.map((job, i) => {
    submit += job.gap;
    const input = job.maps * 64 * MIB;
    return {
      name: `job-${i}`,
      user: (i % 2) as UserId,
      queue: 'default',
      submitTime: submit,
      inputBytes: input,
      shuffleBytes: Math.round((input * job.shufflePercent) / 100),
      outputBytes: 0,
      mapCount: job.maps,
      reduceCount: job.reduces,
      blockBytes: 64 * MIB,
    };
  });
  let created: SchedulerPolicy | undefined;
  const result = simulate({
    topology: buildTopology({
      racks: scene.racks,
      nodesPerRack: scene.nodesPerRack,
      slots: { model: 'split', mapSlots: scene.mapSlots, reduceSlots: 1 },
      nicCapacity: 1e9,
      rackUplinkCapacity: scene.uplinkMbps * 1e6,
      rackDownlinkCapacity: scene.uplinkMbps * 1e6,
    }),
    workload: { name: 'scene', jobs, placement: hdfsPlacement({ replication: 2 }) },
    policy: (context) => {
      created = registry.create(policyName, CONFIG[policyName], context);
      return created;
    },
    seed: scene.seed,
    parameters: { mapCompletionThreshold: 0.8, maxTime: 50_000 },
    metrics: { recordSeries: false },
  });
  return { result, policy: created };
}

describe('Shadow, KMN and Even in the engine', () => {
  test.prop([arbScene, fc.constantFrom('delay', 'shadow', 'kmn', 'even')])(
    'every job completes and every job Skew (eq. 10 by bytes) is at least 1',
    (scene, policy) => {
      const { result } = run(policy, scene);
      expect(result.jobs.every((j) => j.finished)).toBe(true);
      for (const job of result.jobs) if (!Number.isNaN(job.skew)) expect(job.skew).toBeGreaterThanOrEqual(1);
    },
  );

  test.prop([arbScene])(
    'each duplicated map has one copy used and one killed with its slot time counted; copies finishing first are used',
    (scene) => {
      const { result, policy } = run('shadow', scene);
      const shadow = policy as ShadowPolicy;
      const stats = shadow.statistics();
      const duplicates = result.metrics.duplicates;
      expect(duplicates.launched).toBe(stats.duplicatesLaunched);
      // Two copies per duplicated map, exactly one of them used by the shuffle.
      expect(duplicates.killed).toBe(duplicates.launched);
      if (duplicates.killed > 0) expect(duplicates.killedSlotSeconds).toBeGreaterThan(0);
      expect(duplicates.chosen).toBe(stats.duplicatesChosen);
      expect(stats.chosenEarly + stats.chosenBeforeT + stats.chosenByModel + stats.killedByModel).toBe(
        stats.duplicatesLaunched,
      );
      // A copy finished (or, by eq. 11, finishing) before T is always used: only copies
      // expected after T are ever killed.
      for (const selection of shadow.selections()) {
        if (selection.outcome === 'killed-by-model') {
          expect(selection.predictedFinish).toBeGreaterThan(selection.originalsDoneAt!);
        }
      }
      expect(stats.finishedBeforeT).toBeLessThanOrEqual(stats.duplicatesChosen);
    },
  );

  it('copies a map at most once, even while its chosen copy runs alone', () => {
    // A case the property above once found: the model chose a running copy (its original
    // killed), and the map, running alone again, got a second copy that the engine killed
    // without asking the policy — a duplicate with no outcome.
    const scene: Scene = {
      racks: 3,
      nodesPerRack: 1,
      mapSlots: 1,
      uplinkMbps: 72,
      seed: 756,
      jobs: [
        { gap: 0, maps: 11, reduces: 0, shufflePercent: 0 },
        { gap: 9, maps: 12, reduces: 0, shufflePercent: 0 },
        { gap: 0, maps: 3, reduces: 0, shufflePercent: 0 },
      ],
    };
    const { result, policy } = run('shadow', scene);
    const stats = (policy as ShadowPolicy).statistics();
    expect(stats.duplicatesLaunched).toBeGreaterThan(0);
    expect(result.metrics.duplicates.launched).toBe(stats.duplicatesLaunched);
    expect(stats.chosenEarly + stats.chosenBeforeT + stats.chosenByModel + stats.killedByModel).toBe(
      stats.duplicatesLaunched,
    );
  });
});
