#!/usr/bin/env node
// Adds up the vitest JSON reports of every package (and the validation's, with the quick
// network checks' against ns-3 and the Linux kernel) and prints one closing line.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const root of ['packages', 'examples']) {
  if (!existsSync(root)) continue;
  for (const dir of readdirSync(root)) {
    const file = join(root, dir, 'test-results.json');
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
for (const file of [
  'validation/test-results.json',
  'validation/quick-check.json',
  'validation/kernel-quick-check.json',
]) {
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
