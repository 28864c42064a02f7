#!/usr/bin/env node
// `pnpm rackwise …` in a clone: runs the built CLI (packages/cli/dist/bin.js), which starts
// in a fraction of the time its TypeScript sources take through tsx. Before it starts, the
// JavaScript of every package the CLI runs whose sources are newer than its dist/ is built
// again (scripts/built-cli.mjs): after an edit only what changed, so what runs is always
// the checkout as it is. `pnpm install` has built it all once (scripts/after-install.mjs).
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureBuiltCli } from './built-cli.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let bin;
try {
  bin = await ensureBuiltCli(root, (message) => process.stderr.write(message));
} catch (error) {
  process.stderr.write(`rackwise: the build of the CLI failed; nothing ran.\n${error?.stack ?? error}\n`);
  process.exit(1);
}
// The CLI reads its arguments from process.argv after this script's path, as it would after its own.
await import(pathToFileURL(bin).href);
