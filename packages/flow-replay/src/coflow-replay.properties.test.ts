import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { testTopology } from '../test/test-topology.js';
import { type CoflowInput, replayCoflows } from './coflow-replay.js';

const RACKS = 4;
const topology = testTopology({
  racks: RACKS,
  nodesPerRack: 1,
  rackUplinkCapacity: 8e8,
  rackDownlinkCapacity: 8e8,
});

/** Coflows on 4 racks, several on one path at once, some arriving together. */
const coflowsArbitrary = fc.array(
  fc.record({
    arrivalTime: fc.constantFrom(0, 0, 0.5, 1, 3),
    mapperRacks: fc.uniqueArray(fc.integer({ min: 0, max: RACKS - 1 }), { minLength: 1, maxLength: RACKS }),
    reducers: fc.array(
      fc.record({
        rack: fc.integer({ min: 0, max: RACKS - 1 }),
        shuffleBytes: fc.constantFrom(0, 1e5, 3e7, 1e8, 2.5e8),
      }),
      { minLength: 0, maxLength: 4 },
    ),
  }),
  { minLength: 1, maxLength: 8 },
);

describe('replayCoflows: the two-tier default and the bundled model against the per-flow oracle', () => {
  test.prop([coflowsArbitrary, fc.constantFrom(0, 0.25)], { numRuns: 60 })(
    'every coflow completes at the same time under every solver',
    (rows, resolveInterval) => {
      const coflows: CoflowInput[] = rows.map((row, i) => ({ id: `c${i}`, ...row }));
      const perFlow = replayCoflows(topology, coflows, { resolveInterval, flowModel: 'per-flow' });
      for (const options of [{ resolveInterval }, { resolveInterval, flowModel: 'bundled' as const }]) {
        const replay = replayCoflows(topology, coflows, options);
        expect(replay.flows).toBe(perFlow.flows);
        replay.coflows.forEach((record, i) => {
          const oracle = perFlow.coflows[i]!;
          expect(record.id).toBe(oracle.id);
          expect(record.crossRackBytes).toBe(oracle.crossRackBytes);
          expect(record.completionTime).toBeCloseTo(oracle.completionTime, 6);
        });
      }
    },
  );
});
