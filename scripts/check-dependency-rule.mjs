#!/usr/bin/env node
// Checks the dependency rule of DESIGN §1 on every package.json and every source import:
// types depends on nothing and has no runtime code; the model packages and the policy kit
// depend only on types; a policy never imports the engine, another policy or the CLI; the
// engine never imports a policy. Exits 1 with one line per violation.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const LIBRARIES = [
  '@rackwise/topology',
  '@rackwise/predictor',
  '@rackwise/estimators',
  '@rackwise/workloads',
];
const allowed = {
  '@rackwise/types': [],
  '@rackwise/topology': ['@rackwise/types'],
  '@rackwise/predictor': ['@rackwise/types'],
  '@rackwise/estimators': ['@rackwise/types'],
  '@rackwise/workloads': ['@rackwise/types'],
  '@rackwise/engine': ['@rackwise/types', '@rackwise/topology', '@rackwise/predictor'],
  '@rackwise/policy-kit': ['@rackwise/types'],
  // Embedded in a host's scheduler: the vocabulary, the max-min solver for its flows and
  // the default predictor, never the engine.
  '@rackwise/host': ['@rackwise/types', '@rackwise/topology', '@rackwise/predictor'],
  policy: ['@rackwise/types', '@rackwise/policy-kit', '@rackwise/predictor', '@rackwise/estimators'],
  '@rackwise/testkit': ['@rackwise/types', '@rackwise/engine', ...LIBRARIES],
};
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
  const pkg = JSON.parse(readFileSync(join('packages', dir, 'package.json'), 'utf8'));
  const isPolicy = pkg.name.startsWith('@rackwise/policy-') && !(pkg.name in allowed);
  const rule = allowed[pkg.name] ?? (isPolicy ? allowed.policy : undefined);
  if (rule === undefined) continue; // experiments and the CLI may depend on everything
  const own = (d) => d.startsWith('@rackwise/') || d === 'rackwise';
  for (const dep of Object.keys(pkg.dependencies ?? {}).filter(own)) {
    if (!rule.includes(dep)) problems.push(`${pkg.name}: package.json depends on ${dep}, not allowed`);
  }
  const sources = walk(join('packages', dir, 'src')).map((file) => [file, TEST_FILE.test(file)]);
  const helpers = existsSync(join('packages', dir, TEST_DIR)) ? walk(join('packages', dir, TEST_DIR)) : [];
  for (const [file, isTest] of [...sources, ...helpers.map((file) => [file, true])]) {
    const text = readFileSync(file, 'utf8');
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
if (problems.length > 0) {
  console.error(`dependency rule: ${problems.length} violation(s)\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('dependency rule: ok');
