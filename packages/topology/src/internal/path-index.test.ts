import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { PathIndex } from './path-index.js';

/** The index against a `Map` after any sequence of adds and removes (many collisions: few links). */
describe('PathIndex', () => {
  const opArb = fc.record({
    add: fc.boolean(),
    path: fc.uniqueArray(fc.nat(6), { minLength: 1, maxLength: 4 }).map((p) => p.sort((a, b) => a - b)),
  });
  test.prop([fc.array(opArb, { maxLength: 300 })])('finds exactly the paths added and not removed', (ops) => {
    const index = new PathIndex();
    const links = new Int32Array(4 * 400);
    const linkCount = new Uint8Array(400);
    const model = new Map<string, number>();
    let next = 0;
    const query = new Int32Array(4);
    for (const { add, path } of ops) {
      const key = path.join();
      const known = model.get(key);
      if (add && known === undefined) {
        const b = next++;
        linkCount[b] = path.length;
        path.forEach((l, j) => {
          links[4 * b + j] = l;
        });
        index.add(b, links, linkCount);
        model.set(key, b);
      } else if (!add && known !== undefined) {
        index.remove(known, links, linkCount);
        model.delete(key);
      }
      for (const [k, b] of model) {
        const p = k.split(',').map(Number);
        query.set(p);
        expect(index.find(query, p.length, links, linkCount)).toBe(b);
      }
      query.set(path);
      expect(index.find(query, path.length, links, linkCount)).toBe(model.get(key) ?? -1);
    }
  });
});
