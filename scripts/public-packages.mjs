// The workspace's publishable packages, found the way pnpm finds them: the globs of
// pnpm-workspace.yaml expanded to folders holding a package.json, private ones skipped.
// Shared by the API reference (typedoc.config.mjs, check-api-docs.mjs) and the release
// check, so a new package is picked up by all three without editing a list.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The `packages:` globs of pnpm-workspace.yaml (only `dir`, `dir/*` forms are used here). */
export function workspaceGlobs(root) {
  const text = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const globs = [];
  let inPackages = false;
  for (const line of text.split('\n')) {
    if (/^packages:\s*$/.test(line)) inPackages = true;
    else if (/^\S/.test(line)) inPackages = false;
    else if (inPackages) {
      const m = /^\s*-\s*['"]?([^'"#]+?)['"]?\s*(#.*)?$/.exec(line);
      if (m?.[1]) globs.push(m[1]);
    }
  }
  return globs;
}

/**
 * Every workspace package, private ones included, sorted by folder:
 * `{ dir, name, version, manifest }` with `dir` absolute.
 */
export function workspacePackages(root = process.cwd()) {
  const dirs = [];
  for (const glob of workspaceGlobs(root)) {
    if (glob.startsWith('!')) continue;
    if (glob.endsWith('/*')) {
      const parent = join(root, glob.slice(0, -2));
      if (!existsSync(parent)) continue;
      for (const entry of readdirSync(parent, { withFileTypes: true })) {
        if (entry.isDirectory()) dirs.push(join(parent, entry.name));
      }
    } else if (glob.includes('*')) {
      throw new Error(`pnpm-workspace.yaml: glob "${glob}" is not of the form dir or dir/*`);
    } else dirs.push(join(root, glob));
  }
  return dirs
    .filter((dir) => existsSync(join(dir, 'package.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { dir: resolve(dir), name: manifest.name, version: manifest.version, manifest };
    })
    .sort((a, b) => a.dir.localeCompare(b.dir));
}

/** The workspace packages that are not private: the ones that are published. */
export function publicPackages(root = process.cwd()) {
  return workspacePackages(root).filter((pkg) => pkg.manifest.private !== true);
}
