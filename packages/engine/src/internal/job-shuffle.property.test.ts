import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { JobShuffle } from './job-shuffle.js';

const NODES = 12;
/** Nodes 0–11 in racks of four. */
const RACK_OF_NODE = Int32Array.from({ length: NODES }, (_, n) => n >> 2);

/** Outputs as (node, bytes) in completion order; sizes span many orders of magnitude. */
const outputsArbitrary = fc.array(
  fc.tuple(
    fc.integer({ min: 0, max: NODES - 1 }),
    fc.double({ min: 1, max: 1e12, noNaN: true, noDefaultInfinity: true }),
  ),
  { minLength: 1, maxLength: 300 },
);

describe('JobShuffle', () => {
  test.prop([outputsArbitrary, fc.integer({ min: 0, max: 2 ** 31 - 1 })])(
    "a batch's bytes are the difference of its source's running sums, however the sources interleave",
    (outputs, seed) => {
      const shuffle = new JobShuffle(NODES, outputs.length, 1, RACK_OF_NODE, 3);
      // The reference: each node's running sums of its outputs in completion order.
      const sums = new Map<number, number[]>();
      for (const [node, bytes] of outputs) {
        const s = shuffle.addOutput(node, bytes);
        expect(shuffle.nodeOfSource[s]).toBe(node);
        const own = sums.get(node) ?? [0];
        own.push(own.at(-1)! + bytes);
        sums.set(node, own);
      }
      expect(shuffle.totalOutputs).toBe(outputs.length);
      let pick = seed;
      for (const [node, own] of sums) {
        const s = shuffle.sourceOfNode[node]!;
        const count = own.length - 1;
        expect(shuffle.outputs[s]).toBe(count);
        for (let k = 0; k < 8; k++) {
          pick = (pick * 1103515245 + 12345) % 2 ** 31;
          const from = pick % (count + 1);
          const to = from + ((pick >> 8) % (count - from + 1));
          expect(shuffle.bytes(s, from, to)).toBe(own[to]! - own[from]!);
        }
        expect(shuffle.bytes(s, 0, count)).toBe(own[count]!);
      }
    },
  );
});
