// Import cycles among the relative imports of a package's published source: the graph of
// its src/ files (tests excluded) with one edge per `import … from './x.js'`,
// `export … from './x.js'` or `import('./x.js')`, type-only imports included (a cycle of
// types still ties the files' meanings together). `findCycles` is pure and takes any graph;
// `sourceImportGraph` builds the graph of one folder.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const TEST_FILE = /\.test(-d)?\.ts$/;
const RELATIVE_IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]*)['"]/g;

/**
 * The strongly connected components of a directed graph that hold a cycle (two or more
 * nodes, or one node that imports itself), each with one shortest cycle through its first
 * node. Nodes and components come out sorted, so the output is the same on every run.
 *
 * @param {Map<string, Iterable<string>>} graph node → the nodes it imports (targets that are
 *   not keys are ignored)
 * @returns {{ files: string[], cycle: string[] }[]} `files`: the component's nodes, sorted;
 *   `cycle`: a closed path `a → … → a` (first node repeated at the end)
 */
export function findCycles(graph) {
  const nodes = [...graph.keys()].sort();
  const edges = new Map(nodes.map((n) => [n, [...new Set(graph.get(n))].filter((m) => graph.has(m)).sort()]));
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const components = [];
  let counter = 0;
  for (const root of nodes) {
    if (index.has(root)) continue;
    const work = [[root, 0]];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = edges.get(node);
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = component.length === 1 && edges.get(node).includes(node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  }
  return components
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map((files) => ({ files, cycle: shortestCycle(files[0], new Set(files), edges) }));
}

/** A shortest closed path from `start` back to itself inside `members` (breadth first). */
function shortestCycle(start, members, edges) {
  const parent = new Map();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head];
    for (const target of edges.get(node)) {
      if (!members.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = parent.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (parent.has(target)) continue;
      parent.set(target, node);
      queue.push(target);
    }
  }
  return [start, start];
}

const walk = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });

/** The file a relative specifier names: `./x.js` → `./x.ts`, `./dir` → `./dir/index.ts`. */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [base.replace(/\.(m?js)$/, '.ts'), `${base}.ts`, base, join(base, 'index.ts')];
  return candidates.find((c) => c.endsWith('.ts') && existsSync(c));
}

/**
 * The relative-import graph of the non-test `.ts` files under `srcDir`, keyed by paths
 * relative to `root` (with forward slashes).
 *
 * @param {string} srcDir the folder to read (for example `packages/host/src`)
 * @param {string} [root] the folder paths are given relative to (the working directory)
 * @returns {Map<string, string[]>}
 */
export function sourceImportGraph(srcDir, root = process.cwd()) {
  const name = (p) => relative(root, p).split('\\').join('/');
  const files = walk(srcDir).filter((f) => !TEST_FILE.test(f));
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = [];
    for (const m of text.matchAll(RELATIVE_IMPORT)) {
      const target = resolveSpecifier(file, m[1]);
      if (target !== undefined && !TEST_FILE.test(target)) targets.push(name(target));
    }
    graph.set(name(file), targets);
  }
  return graph;
}
