#!/usr/bin/env node
// Checks the dependency rule (docs/architecture.md §1) on every package.json and every
// source import: types depends on nothing and has no runtime code; the model packages and
// the policy kit depend only on types; the metrics and the flow replay stand on the model
// packages and never on the engine; a policy never imports the engine, another policy or the CLI; the engine
// never imports a policy; experiments (presets, registry, runs)
// never imports reports or reproduce, which both stand on experiments (reproduce also on
// reports, for the map's charts, and reports never on reproduce); only the CLI may depend
// on everything. ECharts is a dependency of reports alone, and every example
// depends on exactly the rackwise packages it imports. No package's published source
// (src/ without its tests) holds an import cycle among its relative imports
// (scripts/import-cycles.mjs); each cycle found is printed with its files. Exits 1 with one
// line per violation.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { findCycles, sourceImportGraph } from './import-cycles.mjs';

const LIBRARIES = [
  '@rackwise/topology',
  '@rackwise/predictor',
  '@rackwise/estimators',
  '@rackwise/workloads',
];
const packageJson = (dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const POLICIES = readdirSync('packages')
  .map((dir) => packageJson(join('packages', dir)).name)
  .filter((name) => name.startsWith('@rackwise/policy-') && name !== '@rackwise/policy-kit');
const allowed = {
  '@rackwise/types': [],
  '@rackwise/topology': ['@rackwise/types'],
  '@rackwise/predictor': ['@rackwise/types'],
  '@rackwise/estimators': ['@rackwise/types'],
  '@rackwise/workloads': ['@rackwise/types'],
  // What a run measures, from its records alone: it runs nothing, so never the engine.
  '@rackwise/metrics': ['@rackwise/types', '@rackwise/topology', '@rackwise/predictor'],
  // Flows without a scheduler: the flow-trace file and its replay over topology's network.
  '@rackwise/flow-replay': ['@rackwise/types', '@rackwise/topology'],
  '@rackwise/engine': [
    '@rackwise/types',
    '@rackwise/topology',
    '@rackwise/predictor',
    '@rackwise/metrics',
    '@rackwise/flow-replay',
  ],
  '@rackwise/policy-kit': ['@rackwise/types'],
  // Embedded in a host's scheduler: the vocabulary, the max-min solver for its flows, the
  // default predictor and the submitted job's fields, never the engine.
  '@rackwise/host': ['@rackwise/types', '@rackwise/topology', '@rackwise/predictor'],
  policy: ['@rackwise/types', '@rackwise/policy-kit', '@rackwise/predictor', '@rackwise/estimators'],
  // The test cluster scripts a host's state; the conformance suite's small runs use the engine.
  '@rackwise/testkit': ['@rackwise/types', '@rackwise/host', '@rackwise/engine', ...LIBRARIES],
  // Presets, the policy registry, runs and sweeps: the simulated world, its metrics and
  // every policy.
  '@rackwise/experiments': [
    '@rackwise/types',
    ...LIBRARIES,
    '@rackwise/engine',
    '@rackwise/metrics',
    '@rackwise/flow-replay',
    ...POLICIES,
  ],
  // What a person reads of a result: it reads results, it runs nothing.
  '@rackwise/reports': ['@rackwise/types', '@rackwise/experiments'],
  // The papers' claims, checked on runs of the presets; the map's HTML page draws its
  // charts with reports (which never imports reproduce).
  '@rackwise/reproduce': [
    '@rackwise/types',
    '@rackwise/topology',
    '@rackwise/engine',
    '@rackwise/metrics',
    '@rackwise/experiments',
    '@rackwise/reports',
  ],
};
// Third-party packages only some packages may depend on or import.
const THIRD_PARTY_ONLY_IN = { echarts: ['@rackwise/reports'] };
// Test code: *.test.ts and *.test-d.ts next to the source, and the helpers under the
// package's own test/ folder (outside src/: never built, never published). Everything else
// under src/ is published source and keeps the package's rule.
const TEST_FILE = /\.test(-d)?\.ts$/;
const TEST_DIR = 'test';

const problems = [];
const walk = (dir) =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });

for (const dir of readdirSync('packages')) {
  const pkg = packageJson(join('packages', dir));
  for (const [dep, owners] of Object.entries(THIRD_PARTY_ONLY_IN)) {
    if (dep in (pkg.dependencies ?? {}) && !owners.includes(pkg.name))
      problems.push(`${pkg.name}: package.json depends on ${dep}, which only ${owners.join(', ')} may`);
  }
  const isPolicy = pkg.name.startsWith('@rackwise/policy-') && !(pkg.name in allowed);
  const rule = allowed[pkg.name] ?? (isPolicy ? allowed.policy : undefined);
  if (rule === undefined) continue; // the CLI composes everything
  const own = (d) => d.startsWith('@rackwise/') || d === 'rackwise';
  for (const dep of Object.keys(pkg.dependencies ?? {}).filter(own)) {
    if (!rule.includes(dep)) problems.push(`${pkg.name}: package.json depends on ${dep}, not allowed`);
  }
  const sources = walk(join('packages', dir, 'src')).map((file) => [file, TEST_FILE.test(file)]);
  const helpers = existsSync(join('packages', dir, TEST_DIR)) ? walk(join('packages', dir, TEST_DIR)) : [];
  for (const [file, isTest] of [...sources, ...helpers.map((file) => [file, true])]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([\w@-]+)(?:\/[^'"]*)?['"]/g)) {
      const owners = THIRD_PARTY_ONLY_IN[m[1]];
      if (owners === undefined || owners.includes(pkg.name) || isTest) continue;
      const line = text.slice(0, m.index).split('\n').length;
      problems.push(`${file}:${line}: ${pkg.name} imports ${m[1]}, which only ${owners.join(', ')} may`);
    }
    for (const m of text.matchAll(
      /(?:from|import)\s*\(?\s*['"]((?:@rackwise\/[\w-]+|rackwise))(?:\/[^'"]*)?['"]/g,
    )) {
      const dep = m[1];
      if (dep === pkg.name || rule.includes(dep)) continue;
      if (isTest && (!isPolicy || dep === '@rackwise/testkit')) continue;
      const line = text.slice(0, m.index).split('\n').length;
      problems.push(`${file}:${line}: ${pkg.name} imports ${dep}, not allowed by the dependency rule`);
    }
    if (pkg.name === '@rackwise/types' && !isTest) {
      const runtime = text
        .split('\n')
        .map((l, i) => [l, i + 1])
        .filter(([l]) => /^\s*export\s+(const|let|var|function|class|enum|default|\{|\*)/.test(l));
      for (const [, line] of runtime)
        problems.push(`${file}:${line}: @rackwise/types must export types only`);
    }
  }
}
// An example depends on exactly the rackwise packages its sources import (its tests may
// import its devDependencies, and itself by name, too): a reader copies its package.json,
// so it must neither miss a package nor pull one it does not use.
const OWN_IMPORT = /(?:from|import)\s*\(?\s*['"](@rackwise\/[\w-]+|rackwise)(?:\/[^'"]*)?['"]/g;
for (const dir of existsSync('examples') ? readdirSync('examples') : []) {
  const root = join('examples', dir);
  if (!existsSync(join(root, 'package.json'))) continue;
  const pkg = packageJson(root);
  const own = (d) => d.startsWith('@rackwise/') || d === 'rackwise';
  const declared = new Set(Object.keys(pkg.dependencies ?? {}).filter(own));
  // Its tests may also import the example itself by its own name, as a user would.
  const forTests = new Set([...declared, ...Object.keys(pkg.devDependencies ?? {}).filter(own), pkg.name]);
  const imported = new Set();
  for (const file of existsSync(join(root, 'src')) ? walk(join(root, 'src')) : []) {
    const isTest = TEST_FILE.test(file);
    for (const m of readFileSync(file, 'utf8').matchAll(OWN_IMPORT)) {
      if (!isTest) imported.add(m[1]);
      else if (!forTests.has(m[1]))
        problems.push(`${file}: imports ${m[1]}, which package.json does not list`);
    }
  }
  for (const dep of declared)
    if (!imported.has(dep))
      problems.push(`${root}: package.json depends on ${dep}, which its sources never import`);
  for (const dep of imported)
    if (!declared.has(dep))
      problems.push(`${root}: its sources import ${dep}, which its dependencies do not list`);
}
// Import cycles still tolerated, each as the files it may span (none now). A cycle passes only
// if all its files sit in one entry; an entry that no longer matches any cycle must be
// removed, so the list only shrinks.
const ALLOWED_CYCLES = [];
const usedAllowances = new Set();
for (const dir of readdirSync('packages')) {
  const src = join('packages', dir, 'src');
  if (!existsSync(src)) continue;
  for (const { files, cycle } of findCycles(sourceImportGraph(src))) {
    const allowance = ALLOWED_CYCLES.findIndex((entry) => files.every((f) => entry.includes(f)));
    if (allowance >= 0) {
      usedAllowances.add(allowance);
      continue;
    }
    problems.push(`import cycle: ${cycle.join(' -> ')} (files in the cycle: ${files.join(', ')})`);
  }
}
for (const [i, entry] of ALLOWED_CYCLES.entries())
  if (!usedAllowances.has(i))
    problems.push(`scripts/check-dependency-rule.mjs: allowed cycle ${entry.join(', ')} is gone, remove it`);
if (problems.length > 0) {
  console.error(`dependency rule: ${problems.length} violation(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('dependency rule: ok');
