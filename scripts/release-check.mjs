#!/usr/bin/env node
// `pnpm release`: everything a release needs short of publishing. Run it after
// `pnpm changeset version` (and a review of the CHANGELOGs); it never publishes.
//
//   1. refuses while .changeset/ still holds pending changesets (not yet versioned), naming
//      those that name no workspace package or a private one;
//   2. builds every package (turbo) and runs each package's `check:package`
//      (publint --strict, attw --profile esm-only);
//   3. packs every public workspace package with `pnpm pack` (which rewrites the
//      `workspace:` ranges exactly as `changeset publish` will) and checks the tarball:
//      version above 0.1.0, CHANGELOG.md with an entry for that version in the package and
//      in the tarball, a README in the tarball, no `workspace:` range left, and every
//      dependency on a sibling package pointing at that sibling's current version (and
//      never at a private package).
//
// Publishing stays a maintainer's step: `pnpm changeset publish` with an npm token.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { workspacePackages } from './public-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const FIRST_VERSION = '0.1.0';
const DEPENDENCY_FIELDS = ['dependencies', 'peerDependencies', 'optionalDependencies', 'devDependencies'];

const fail = (message) => {
  console.error(`release: ${message}`);
  process.exit(1);
};

/** Runs a command with inherited output; exits on failure. */
const run = (command, args, cwd = root) => {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) fail(`\`${command} ${args.join(' ')}\` failed in ${cwd}`);
};

/** Runs a command and returns its standard output; exits on failure. */
const read = (command, args, cwd = root) => {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    fail(`\`${command} ${args.join(' ')}\` failed in ${cwd}:\n${result.stderr || result.stdout}`);
  }
  return result.stdout;
};

/** -1, 0 or 1 as `a` is below, equal to or above `b` (release versions x.y.z, pre-releases below). */
const compareVersions = (a, b) => {
  const parse = (v) => {
    const m = /^(\d+)\.(\d+)\.(\d+)(-.+)?$/.exec(v);
    if (m === null) fail(`"${v}" is not a version`);
    return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : 0];
  };
  const [pa, pb] = [parse(a), parse(b)];
  for (let i = 0; i < pa.length; i++) if (pa[i] !== pb[i]) return pa[i] < pb[i] ? -1 : 1;
  return 0;
};

const workspace = workspacePackages(root);

// 1. Nothing left to version. Say also which pending changesets `changeset version` would
// stop on: one naming a package the workspace does not have, or a private one.
const pending = readdirSync(join(root, '.changeset')).filter((f) => f !== 'README.md' && f !== 'config.json');
if (pending.length > 0) {
  const known = new Map(workspace.map((pkg) => [pkg.name, pkg]));
  const wrong = pending.flatMap((file) => {
    const head = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(join(root, '.changeset', file), 'utf8'));
    return [...(head?.[1] ?? '').matchAll(/^\s*['"]?([^'":\s]+)['"]?\s*:/gm)]
      .map((m) => m[1])
      .filter((name) => !known.has(name) || known.get(name).manifest.private === true)
      .map((name) => `  ${file}: ${known.has(name) ? 'private package' : 'no workspace package'} ${name}`);
  });
  const shown =
    pending.slice(0, 5).join(', ') + (pending.length > 5 ? `, … (${pending.length - 5} more)` : '');
  if (wrong.length > 0)
    console.error(`release: fix these before \`pnpm changeset version\`:\n${wrong.join('\n')}`);
  fail(`.changeset/ still holds ${pending.length} pending changeset(s): ${shown}.
Run \`pnpm changeset version\`, review and commit the CHANGELOGs, then \`pnpm release\` again.`);
}

const packages = workspace.filter((pkg) => pkg.manifest.private !== true);
if (packages.length === 0) fail('no public package found in the workspace');
const byName = new Map(packages.map((pkg) => [pkg.name, pkg]));
const privateNames = new Set(workspace.filter((pkg) => pkg.manifest.private === true).map((pkg) => pkg.name));

// 2. Build and the per-package checks (publint, attw), as `pnpm test` runs them.
console.log('release: building and checking packages (publint, attw)…');
for (const task of ['build', 'check:package']) {
  run('node', ['scripts/turbo.mjs', 'run', task, '--concurrency=2', '--output-logs=errors-only']);
}

// 3. Pack each package as it would be published and look inside.
const pnpm = join(root, 'node_modules', '.bin', 'pnpm');
const work = mkdtempSync(join(tmpdir(), 'rackwise-release-'));
const problems = [];
try {
  for (const pkg of packages) {
    const where = `${pkg.name}@${pkg.version}`;
    const problem = (text) => problems.push(`${where}: ${text}`);

    if (compareVersions(pkg.version, FIRST_VERSION) <= 0) {
      problem(`version ${pkg.version} is not above ${FIRST_VERSION}: was \`pnpm changeset version\` run?`);
    }
    const changelog = join(pkg.dir, 'CHANGELOG.md');
    if (!existsSync(changelog)) problem('no CHANGELOG.md');
    else if (
      !new RegExp(`^## ${pkg.version.replaceAll('.', '\\.')}\\s*$`, 'm').test(readFileSync(changelog, 'utf8'))
    ) {
      problem(`CHANGELOG.md has no "## ${pkg.version}" entry`);
    }

    const out = join(work, basename(pkg.dir));
    read(pnpm, ['pack', '--pack-destination', out], pkg.dir);
    const tarball = readdirSync(out).find((f) => f.endsWith('.tgz'));
    if (tarball === undefined) {
      problem('`pnpm pack` wrote no tarball');
      continue;
    }
    const files = new Set(
      read('tar', ['-tzf', join(out, tarball)])
        .split('\n')
        .filter((f) => f !== '')
        .map((f) => f.replace(/^package\//, '')),
    );
    if (!files.has('CHANGELOG.md')) problem('CHANGELOG.md is not in the tarball (add it to "files")');
    if (![...files].some((f) => /^readme(\.md)?$/i.test(f))) problem('no README in the tarball');

    const packed = JSON.parse(read('tar', ['-xzOf', join(out, tarball), 'package/package.json']));
    if (packed.version !== pkg.version) problem(`packed version ${packed.version} differs`);
    for (const field of DEPENDENCY_FIELDS) {
      for (const [dep, range] of Object.entries(packed[field] ?? {})) {
        if (range.startsWith('workspace:')) problem(`${field}.${dep} is still "${range}" in the tarball`);
        if (privateNames.has(dep)) problem(`${field}.${dep} is a private package`);
        const sibling = byName.get(dep);
        if (sibling === undefined) continue;
        if (!['', '^', '~'].some((prefix) => range === `${prefix}${sibling.version}`)) {
          problem(`${field}.${dep} is "${range}", not its current version ${sibling.version}`);
        }
      }
    }
    console.log(`release: ${where} packed (${files.size} files)`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

if (problems.length > 0) {
  for (const text of problems) console.error(`  ${text}`);
  fail(`${problems.length} problem(s) in ${packages.length} packages; nothing was published`);
}
console.log(`release: ${packages.length} packages built, checked and packed; nothing was published.
A maintainer publishes with \`pnpm changeset publish\` (npm token in NPM_TOKEN) and pushes the tags.`);
