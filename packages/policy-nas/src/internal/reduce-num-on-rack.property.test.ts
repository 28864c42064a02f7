import { fc, test } from '@fast-check/vitest';
import type { JobView, RackId, TopologyView } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { ReduceNums, reduceNumOnRack } from './reduce-num-on-rack.js';

/**
 * ReduceNums against `reduceNumOnRack` computed afresh, over random sequences of map
 * completions (output landing on a rack, none at all included) across a few jobs, asked
 * for every rack after every step, and from a second topology.
 */
const RACKS = 4;
const topology = { rackCount: RACKS } as TopologyView;
const other = { rackCount: RACKS - 1 } as TopologyView;

interface FakeJob {
  completed: number;
  completedMapOutputBytes: number;
  readonly output: number[];
  readonly reduceCount: number;
}

const stepArb = fc.record({
  job: fc.nat(2),
  rack: fc.nat(RACKS - 1),
  bytes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 })),
  topology: fc.boolean(),
});

function view(job: FakeJob): JobView {
  return {
    reduceCount: job.reduceCount,
    get completedMapOutputBytes() {
      return job.completedMapOutputBytes;
    },
    count: (kind: string, state: string) => (kind === 'map' && state === 'completed' ? job.completed : 0),
    mapOutputOnRack: (rack: RackId) => job.output[rack] ?? 0,
  } as unknown as JobView;
}

describe('ReduceNums', () => {
  test.prop([fc.array(fc.nat(7), { minLength: 3, maxLength: 3 }), fc.array(stepArb, { maxLength: 40 })])(
    'answers as reduceNumOnRack after every completed map',
    (reduces, steps) => {
      const jobs = reduces.map((reduceCount) => ({
        completed: 0,
        completedMapOutputBytes: 0,
        output: new Array<number>(RACKS).fill(0),
        reduceCount,
      }));
      const views = jobs.map(view);
      const kept = new ReduceNums();
      for (const step of steps) {
        const job = jobs[step.job]!;
        job.completed++;
        job.completedMapOutputBytes += step.bytes;
        job.output[step.rack]! += step.bytes;
        const at = step.topology ? topology : other;
        for (const [j, v] of views.entries()) {
          for (let r = 0; r < at.rackCount; r++) {
            const rack = r as RackId;
            expect(kept.onRack(v, rack, at), `job ${j} rack ${r}`).toBe(reduceNumOnRack(v, rack, at));
          }
        }
      }
    },
  );
});
