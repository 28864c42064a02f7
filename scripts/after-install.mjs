#!/usr/bin/env node
// The root's `postinstall`: what `pnpm install` leaves in a clone so that the README's
// `npx -y pnpm@9.15.9 rackwise …` starts at once from its first call.
//
// 1. The built CLI. The JavaScript of every package the CLI runs is built now, as the first
//    `pnpm rackwise` would otherwise do (scripts/built-cli.mjs; a few CPU seconds). A
//    failed build leaves the install whole: `pnpm rackwise` builds again and says why.
// 2. `node_modules/.bin/pnpm@<version>`, a link to the workspace's own pnpm (a root
//    devDependency). `npx pnpm@9.15.9 …` looks for a local command of exactly that name
//    before anything else; without one it reads the whole installed tree (about 900
//    packages, near two CPU seconds) to find the same pnpm. The link is named after the
//    version installed, so it only ever answers for that version.
import { existsSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The name npx looks for: `pnpm@<version>` of the pnpm installed at `root`, or undefined. */
export function pinnedPnpmName(root) {
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'node_modules', 'pnpm', 'package.json'), 'utf8'));
    return typeof manifest.version === 'string' ? `pnpm@${manifest.version}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Links `node_modules/.bin/pnpm@<version>` to `node_modules/.bin/pnpm` and removes links
 * left by another version. Returns the link's name, or undefined when no pnpm is installed.
 */
export function linkPinnedPnpm(root) {
  const bin = join(root, 'node_modules', '.bin');
  const name = pinnedPnpmName(root);
  for (const entry of existsSync(bin) ? readdirSync(bin) : []) {
    if (entry.startsWith('pnpm@') && entry !== name) rmSync(join(bin, entry), { force: true });
  }
  if (name === undefined || !existsSync(join(bin, 'pnpm'))) return undefined;
  rmSync(join(bin, name), { force: true });
  symlinkSync('pnpm', join(bin, name));
  return name;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  linkPinnedPnpm(root);
  try {
    const { ensureBuiltCli } = await import('./built-cli.mjs');
    await ensureBuiltCli(root, (message) => process.stdout.write(message));
  } catch (error) {
    process.stdout.write(
      `rackwise: the CLI was not built now (${error?.message ?? error}); \`pnpm rackwise\` will build it.\n`,
    );
  }
}
