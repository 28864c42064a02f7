// Tests of scripts/built-cli.mjs on a workspace made for each test (node:test: the root
// scripts are plain JavaScript outside every package, and this runner needs nothing
// installed). Times are set on the files, never waited for.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { buildJavaScript, ensureBuiltCli, stalePackages, withBuildLock } from './built-cli.mjs';

const SOURCES = 1_000; // seconds since the epoch: when the fixture's sources were written
const BUILT = 2_000; // and when its dist/ was built

let root;

function write(path, text, seconds = SOURCES) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  utimesSync(file, seconds, seconds);
  // A directory's time moves when an entry is added: date the tree as the sources.
  for (let dir = dirname(file); dir.startsWith(root) && dir !== root; dir = dirname(dir)) {
    utimesSync(dir, SOURCES, SOURCES);
  }
}

/** A package whose dist/ was built after its sources. */
function workspacePackage(dir, name, dependencies = {}) {
  write(`packages/${dir}/package.json`, JSON.stringify({ name, type: 'module', dependencies }));
  write(`packages/${dir}/tsup.config.ts`, "export default { entry: ['src/index.ts'], format: ['esm'] };\n");
  write(`packages/${dir}/src/index.ts`, `export const name: string = '${name}';\n`);
  write(`packages/${dir}/src/index.test.ts`, '// a test\n');
  write(`packages/${dir}/dist/index.js`, `export const name = '${name}';\n`, BUILT);
}

const staleDirs = () => stalePackages(root).map((pkg) => pkg.dir.slice(root.length + 1));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'built-cli-'));
  for (const file of ['tsup.config.base.ts', 'tsconfig.base.json', 'pnpm-lock.yaml']) write(file, '');
  workspacePackage('cli', 'rackwise', { '@rackwise/engine': 'workspace:^', kleur: '4.1.5' });
  workspacePackage('engine', '@rackwise/engine', { '@rackwise/types': 'workspace:^' });
  workspacePackage('types', '@rackwise/types');
  workspacePackage('testkit', '@rackwise/testkit', { '@rackwise/engine': 'workspace:^' });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('which packages the CLI runs are stale', () => {
  it('none when every dist/ was built after its sources', () => {
    assert.deepEqual(staleDirs(), []);
  });

  it('only the package whose source changed, not the packages that import it', () => {
    write('packages/types/src/index.ts', 'export const name: string = "changed";\n', BUILT + 1);
    assert.deepEqual(staleDirs(), ['packages/types']);
  });

  it('a package whose source file is added or removed (its directory changed)', () => {
    utimesSync(join(root, 'packages/engine/src'), BUILT + 1, BUILT + 1);
    assert.deepEqual(staleDirs(), ['packages/engine']);
  });

  it('a package whose manifest or build configuration changed', () => {
    utimesSync(join(root, 'packages/cli/package.json'), BUILT + 1, BUILT + 1);
    utimesSync(join(root, 'packages/types/tsup.config.ts'), BUILT + 1, BUILT + 1);
    assert.deepEqual(staleDirs(), ['packages/cli', 'packages/types']);
  });

  it('every one when a shared build file changed (the base configuration, tool versions)', () => {
    utimesSync(join(root, 'pnpm-lock.yaml'), BUILT + 1, BUILT + 1);
    assert.deepEqual(staleDirs(), ['packages/cli', 'packages/engine', 'packages/types']);
  });

  it('a package without dist/, or with an empty one', () => {
    rmSync(join(root, 'packages/engine/dist'), { recursive: true });
    rmSync(join(root, 'packages/types/dist/index.js'));
    assert.deepEqual(staleDirs(), ['packages/engine', 'packages/types']);
  });

  it('a dist/ partly older than its sources (the oldest file dates it)', () => {
    write('packages/engine/dist/extra.js', '', SOURCES - 1);
    assert.deepEqual(staleDirs(), ['packages/engine']);
  });

  it('never for an edited test, nor for a package the CLI does not run', () => {
    write('packages/engine/src/index.test.ts', '// changed\n', BUILT + 1);
    utimesSync(join(root, 'packages/engine/src'), SOURCES, SOURCES);
    write('packages/testkit/src/index.ts', '// changed\n', BUILT + 1);
    assert.deepEqual(staleDirs(), []);
  });
});

describe('building what is stale', () => {
  it('builds the JavaScript with the package configuration, dates it to the start, and keeps the working directory', async () => {
    write('packages/types/src/index.ts', "export const name: string = 'rebuilt';\n", BUILT + 1);
    const cwd = process.cwd();
    const before = Date.now();
    const messages = [];
    const bin = await ensureBuiltCli(root, (message) => messages.push(message));
    assert.equal(bin, join(root, 'packages/cli/dist/bin.js'));
    assert.equal(process.cwd(), cwd);
    assert.deepEqual(messages, [
      'rackwise: building the JavaScript of types (dist/ missing or older than the sources)…\n',
    ]);
    assert.match(readFileSync(join(root, 'packages/types/dist/index.js'), 'utf8'), /"rebuilt"|'rebuilt'/);
    assert.equal(existsSync(join(root, 'packages/types/dist/index.d.ts')), false);
    assert.deepEqual(staleDirs(), []);
    // Dated to the build's start: a source saved during the build is newer.
    const { mtimeMs } = statSync(join(root, 'packages/types/dist/index.js'));
    assert.ok(mtimeMs >= before - 1000 && mtimeMs <= Date.now());
    await ensureBuiltCli(root, (message) => messages.push(message));
    assert.equal(messages.length, 1, 'nothing is built when nothing changed');
  });

  it('fails on a source that does not compile, and builds nothing silently', async () => {
    write('packages/types/src/index.ts', 'export const = ;\n', BUILT + 1);
    await assert.rejects(buildJavaScript(stalePackages(root)));
    assert.deepEqual(staleDirs(), ['packages/types']);
  });
});

describe('the build lock', () => {
  it('is released after the work, and after a failed one', async () => {
    const lock = join(root, 'node_modules/.cache/rackwise-cli-build.lock');
    assert.equal(await withBuildLock(root, () => existsSync(lock)), true);
    assert.equal(existsSync(lock), false);
    await assert.rejects(
      withBuildLock(root, () => {
        throw new Error('build failed');
      }),
      /build failed/,
    );
    assert.equal(existsSync(lock), false);
  });

  it('is taken over from a process that has ended, without waiting', async () => {
    const ended = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    write('node_modules/.cache/rackwise-cli-build.lock/pid', ended.stdout.toString());
    let waited = false;
    const done = await withBuildLock(
      root,
      () => 'built',
      () => {
        waited = true;
      },
    );
    assert.equal(done, 'built');
    assert.equal(waited, false);
  });
});
