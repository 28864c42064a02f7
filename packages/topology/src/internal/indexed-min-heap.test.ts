import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { IndexedMinHeap } from './indexed-min-heap.js';

const op = fc.oneof(
  fc.record({ kind: fc.constant('push' as const), id: fc.nat(31), key: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('update' as const), id: fc.nat(31), key: fc.integer({ min: 0, max: 20 }) }),
  fc.record({ kind: fc.constant('remove' as const), id: fc.nat(31) }),
  fc.record({ kind: fc.constant('pop' as const) }),
  fc.record({ kind: fc.constant('rekeyAll' as const), shift: fc.integer({ min: -5, max: 5 }) }),
);

test.prop([fc.array(op, { minLength: 1, maxLength: 200 })])(
  'pops in (key, tie) order whatever the pushes, updates and removals',
  (ops) => {
    const heap = new IndexedMinHeap(8);
    heap.grow(32);
    const model = new Map<number, number>();
    const smallest = () => [...model.entries()].sort(([a, ka], [b, kb]) => ka - kb || a - b)[0];
    for (const o of ops) {
      if (o.kind === 'push' && !model.has(o.id)) {
        heap.push(o.id, o.key, o.id);
        model.set(o.id, o.key);
      } else if (o.kind === 'update' && model.has(o.id)) {
        heap.update(o.id, o.key);
        model.set(o.id, o.key);
      } else if (o.kind === 'remove') {
        heap.remove(o.id);
        model.delete(o.id);
      } else if (o.kind === 'pop' && model.size > 0) {
        const [id] = smallest()!;
        expect(heap.pop()).toBe(id);
        model.delete(id);
      } else if (o.kind === 'rekeyAll') {
        for (const [id, key] of model) {
          heap.setKey(id, key + o.shift * (id % 3));
          model.set(id, key + o.shift * (id % 3));
        }
        heap.heapify();
      }
      expect(heap.size).toBe(model.size);
      expect(heap.topKey()).toBe(model.size === 0 ? Number.POSITIVE_INFINITY : smallest()![1]);
      for (const [id, key] of model) expect([heap.has(id), heap.keyOf(id)]).toEqual([true, key]);
    }
  },
);
