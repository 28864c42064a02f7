import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { type FairScore, compareFairScores } from './fair-share.js';
import { ScoreHeap } from './score-heap.js';

const scoreArb = fc.record({
  needy: fc.boolean(),
  ratio: fc.integer({ min: 0, max: 4 }).map((x) => x / 2),
  first: fc.integer({ min: 0, max: 3 }),
});
const opArb = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), id: fc.nat(15), score: scoreArb }),
  fc.record({ kind: fc.constant('delete' as const), id: fc.nat(15) }),
  fc.record({ kind: fc.constant('mutate' as const), id: fc.nat(15), score: scoreArb }),
);

describe('ScoreHeap', () => {
  test.prop([fc.array(opArb, { maxLength: 120 })])(
    'its top is the most deserving group after any sequence of sets, in-place rescores and deletes',
    (ops) => {
      const heap = new ScoreHeap();
      const model = new Map<number, FairScore>();
      for (const op of ops) {
        if (op.kind === 'delete') {
          heap.delete(op.id);
          model.delete(op.id);
        } else if (op.kind === 'set') {
          const score = { ...op.score, rank: op.id };
          heap.set(op.id, score);
          model.set(op.id, score);
        } else {
          // A rescore writes into the kept score object, then asks the heap to reorder.
          const kept = heap.get(op.id);
          if (kept === undefined) continue;
          Object.assign(kept, op.score);
          heap.set(op.id, kept);
        }
        const sorted = [...model.values()].sort(compareFairScores);
        expect(heap.size).toBe(model.size);
        expect(heap.top()).toBe(sorted[0]?.rank);
      }
      const order: number[] = [];
      while (heap.size > 0) {
        const top = heap.top()!;
        order.push(top);
        heap.delete(top);
      }
      expect(order).toEqual([...model.values()].sort(compareFairScores).map((s) => s.rank));
    },
  );
});
