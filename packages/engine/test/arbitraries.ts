import { fc } from '@fast-check/vitest';
import type { Topology } from '@rackwise/topology';
import type { JobSpec, UserId } from '@rackwise/types';
import type { EngineParameters } from '../src/engine-parameters.js';
import { jobSpec, testTopology } from './workload-builders.js';

const BLOCK = 64e6;

/** Small clusters: 1–3 racks of 1–4 nodes, split slots or containers, modest bandwidths. */
export const topologyArbitrary: fc.Arbitrary<Topology> = fc
  .record({
    racks: fc.integer({ min: 1, max: 3 }),
    nodesPerRack: fc.integer({ min: 1, max: 4 }),
    split: fc.boolean(),
    slots: fc.integer({ min: 1, max: 3 }),
    nic: fc.constantFrom(1e8, 1e9, 8e9),
    rack: fc.constantFrom(2e8, 1e9, 4e9),
  })
  .map((t) =>
    testTopology({
      racks: t.racks,
      nodesPerRack: t.nodesPerRack,
      slots: t.split
        ? { model: 'split', mapSlots: t.slots, reduceSlots: Math.max(1, t.slots - 1) }
        : { model: 'container', containers: t.slots },
      nicCapacity: t.nic,
      rackUplinkCapacity: t.rack,
      rackDownlinkCapacity: t.rack,
    }),
  );

/** 1–6 jobs of 0–5 blocks with random shuffle, output and reduce counts. */
export const jobsArbitrary: fc.Arbitrary<JobSpec[]> = fc
  .array(
    fc.record({
      blocks: fc.integer({ min: 0, max: 5 }),
      lastFraction: fc.double({ min: 0.1, max: 1, noNaN: true }),
      shuffle: fc.constantFrom(0, 1e3, 5e7, 3e8),
      output: fc.constantFrom(0, 1e6, 1e8),
      reduces: fc.integer({ min: 0, max: 3 }),
      submit: fc.integer({ min: 0, max: 60 }),
      user: fc.integer({ min: 0, max: 2 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((specs) =>
    specs
      .map((s, i) =>
        jobSpec({
          name: `job${i}`,
          inputBytes: s.blocks === 0 ? 0 : (s.blocks - 1 + s.lastFraction) * BLOCK,
          ...(s.blocks === 0 ? { mapCount: 1 } : {}),
          blockBytes: BLOCK,
          shuffleBytes: s.shuffle,
          outputBytes: s.output,
          reduceCount: s.reduces,
          submitTime: s.submit,
          user: s.user as UserId,
        }),
      )
      .sort((a, b) => a.submitTime - b.submitTime),
  );

/** Engine parameters worth varying in properties. */
export const parametersArbitrary: fc.Arbitrary<Partial<EngineParameters>> = fc.record({
  network: fc.boolean(),
  fetchSource: fc.constantFrom('node' as const, 'rack' as const),
  shuffleStart: fc.constantFrom('available' as const, 'maps-done' as const),
  mapEventPoll: fc.constantFrom(0, 0, 0.3, 1),
  mapsPerFetch: fc.constantFrom(1, 20, Number.POSITIVE_INFINITY),
  parallelCopies: fc.integer({ min: 1, max: 5 }),
  partitionSkew: fc.constantFrom(0, 1),
  replicateOutput: fc.boolean(),
  mapCompletionThreshold: fc.constantFrom(0, 0.05, 1),
  heartbeatInterval: fc.constantFrom(0.5, 1, 3),
  heartbeatPhases: fc.constantFrom('random' as const, 'spread' as const),
  heartbeatJitter: fc.constantFrom(0, 0, 0.3, 0.9),
  preemptedFetches: fc.constantFrom('segments' as const, 'bytes' as const, 'drop' as const),
});
