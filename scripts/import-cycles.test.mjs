// The cycle finder of the dependency rule, on small graphs and on a small source folder.
// Run with `node --test scripts/` (part of `pnpm test`).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { findCycles, sourceImportGraph } from './import-cycles.mjs';

const graph = (edges) => new Map(Object.entries(edges));

test('a graph without a cycle has none', () => {
  const diamond = graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] });
  assert.deepEqual(findCycles(diamond), []);
});

test('a two-file cycle is found with its files and a closed path', () => {
  const cycles = findCycles(graph({ a: ['b'], b: ['a', 'c'], c: [] }));
  assert.deepEqual(cycles, [{ files: ['a', 'b'], cycle: ['a', 'b', 'a'] }]);
});

test('each strongly connected part is one cycle, with a shortest path through its first file', () => {
  const cycles = findCycles(
    graph({ a: ['b'], b: ['c'], c: ['a', 'b'], d: ['e'], e: ['d'], f: ['a', 'd'], g: ['g'] }),
  );
  assert.deepEqual(cycles, [
    { files: ['a', 'b', 'c'], cycle: ['a', 'b', 'c', 'a'] },
    { files: ['d', 'e'], cycle: ['d', 'e', 'd'] },
    { files: ['g'], cycle: ['g', 'g'] },
  ]);
});

test('imports of files outside the graph are ignored', () => {
  assert.deepEqual(findCycles(graph({ a: ['outside'], outside2: ['a'] })), []);
});

test('a long chain does not overflow the stack, and closing it makes one cycle', () => {
  const n = 20_000;
  const edges = Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`n${i}`, i + 1 < n ? [`n${i + 1}`] : []]),
  );
  assert.deepEqual(findCycles(graph(edges)), []);
  edges[`n${n - 1}`] = ['n0'];
  const [only, ...rest] = findCycles(graph(edges));
  assert.equal(rest.length, 0);
  assert.equal(only.files.length, n);
  assert.equal(only.cycle.length, n + 1);
});

test('the graph of a source folder follows .js specifiers, folders and type imports, and skips tests', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  try {
    const src = join(root, 'src');
    mkdirSync(join(src, 'internal'), { recursive: true });
    writeFileSync(join(src, 'index.ts'), "export { a } from './a.js';\nexport * from './internal';\n");
    writeFileSync(join(src, 'a.ts'), "import type { B } from './internal/b.js';\nexport const a = 1;\n");
    writeFileSync(join(src, 'internal', 'index.ts'), "export { b } from './b.js';\n");
    writeFileSync(join(src, 'internal', 'b.ts'), 'export type B = number;\nexport const b = 2;\n');
    writeFileSync(join(src, 'a.test.ts'), "import { a } from './a.js';\nimport '../src/index.js';\n");
    const acyclic = sourceImportGraph(src, root);
    assert.deepEqual([...acyclic.entries()].sort(), [
      ['src/a.ts', ['src/internal/b.ts']],
      ['src/index.ts', ['src/a.ts', 'src/internal/index.ts']],
      ['src/internal/b.ts', []],
      ['src/internal/index.ts', ['src/internal/b.ts']],
    ]);
    assert.deepEqual(findCycles(acyclic), []);

    writeFileSync(join(src, 'internal', 'b.ts'), "import { a } from '../a.js';\nexport const b = a;\n");
    assert.deepEqual(findCycles(sourceImportGraph(src, root)), [
      { files: ['src/a.ts', 'src/internal/b.ts'], cycle: ['src/a.ts', 'src/internal/b.ts', 'src/a.ts'] },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
