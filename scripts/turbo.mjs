#!/usr/bin/env node
// Runs turbo with an absolute PATH. Package managers put a relative `./node_modules/.bin`
// first on PATH; turbo resolves the package manager through it from the repository root
// but spawns tasks inside each package, where that relative path does not exist.
import { spawnSync } from 'node:child_process';
import { delimiter, isAbsolute, resolve } from 'node:path';

const path = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((entry) => entry !== '')
  .map((entry) => (isAbsolute(entry) ? entry : resolve(entry)))
  .join(delimiter);
const result = spawnSync('turbo', process.argv.slice(2), {
  stdio: 'inherit',
  env: { ...process.env, PATH: path },
});
if (result.error) {
  console.error(`could not run turbo: ${result.error.message}`);
  process.exit(1);
}
process.exit(result.status ?? 1);
