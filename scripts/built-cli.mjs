// The built CLI of this checkout, kept in step with its sources for `pnpm rackwise`:
// which workspace packages the CLI runs (its `dependencies`, followed through the
// workspace), whether each one's dist/ is older than what it is built from, and a
// JavaScript-only build (tsup without declarations or tree shaking, under two CPU
// seconds for all) of those that are. A package's JavaScript is built from its own files
// alone (tsup leaves its dependencies as imports), so a change rebuilds only the package
// it is in. `pnpm build` and turbo still build everything with declarations; either build
// leaves a dist/ this check accepts.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';

/** Files of a package, besides its `src/`, that its build reads. */
export const PACKAGE_BUILD_FILES = ['package.json', 'tsup.config.ts', 'tsconfig.json'];

/** Files at the repository's root that every package's build reads (the shared config, tool versions). */
export const SHARED_BUILD_FILES = ['tsup.config.base.ts', 'tsconfig.base.json', 'pnpm-lock.yaml'];

/** Sources a build never reads: tests and type tests. */
const isTestFile = (name) => /\.test(-d)?\.ts$/.test(name);

const mtimeOf = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Number.NEGATIVE_INFINITY;
  }
};

/** The workspace's packages under `packages/`, by name: their directory and manifest. */
export function workspacePackages(root) {
  const packages = new Map();
  for (const entry of readdirSync(join(root, 'packages'))) {
    const dir = join(root, 'packages', entry);
    const manifestPath = join(dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    packages.set(manifest.name, { name: manifest.name, dir, manifest });
  }
  return packages;
}

/** `name` and every workspace package it depends on at run time (`dependencies`, transitively), `name` first. */
export function runtimeClosure(packages, name) {
  const seen = new Map();
  const visit = (current) => {
    const pkg = packages.get(current);
    if (pkg === undefined || seen.has(current)) return;
    seen.set(current, pkg);
    for (const [dependency, range] of Object.entries(pkg.manifest.dependencies ?? {})) {
      if (String(range).startsWith('workspace:')) visit(dependency);
    }
  };
  visit(name);
  return [...seen.values()];
}

/**
 * The newest modification time among what a package's build reads: every file of `src/`
 * but tests, every directory of `src/` (a file added, removed or renamed changes its
 * directory's time) and the package's build files.
 */
export function newestInput(dir) {
  let newest = Math.max(...PACKAGE_BUILD_FILES.map((file) => mtimeOf(join(dir, file))));
  const walk = (path) => {
    newest = Math.max(newest, mtimeOf(path));
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(join(path, entry.name));
      else if (!isTestFile(entry.name)) newest = Math.max(newest, mtimeOf(join(path, entry.name)));
    }
  };
  if (existsSync(join(dir, 'src'))) walk(join(dir, 'src'));
  return newest;
}

/** When a package's dist/ was built: the oldest modification time of its files; undefined when it has none. */
export function builtAt(dir) {
  const dist = join(dir, 'dist');
  let files;
  try {
    files = readdirSync(dist, { withFileTypes: true }).filter((entry) => entry.isFile());
  } catch {
    return undefined;
  }
  if (files.length === 0) return undefined;
  return Math.min(...files.map((entry) => mtimeOf(join(dist, entry.name))));
}

/**
 * The packages `name` runs whose dist/ is missing or older than what it is built from
 * (its own sources and build files, or the shared ones at the root), in closure order.
 */
export function stalePackages(root, name = 'rackwise', packages = workspacePackages(root)) {
  const shared = Math.max(...SHARED_BUILD_FILES.map((file) => mtimeOf(join(root, file))));
  return runtimeClosure(packages, name).filter((pkg) => {
    const built = builtAt(pkg.dir);
    return built === undefined || Math.max(shared, newestInput(pkg.dir)) > built;
  });
}

/**
 * Builds the JavaScript of each package with its own tsup configuration, declarations
 * left out, one after another in this process. Each dist/ is then dated to the build's
 * start, so a source saved while the build ran still counts as newer. The working
 * directory is restored afterwards.
 */
export async function buildJavaScript(packages) {
  const { build } = await import('tsup');
  const cwd = process.cwd();
  try {
    for (const pkg of packages) {
      const started = new Date();
      process.chdir(pkg.dir);
      await build({
        dts: false,
        // tsup's tree shaking passes esbuild's output through Rollup, which cost about four
        // fifths of this build (all 23 packages: 6.7 against 1.7 CPU s). Dead code left in
        // changes nothing the CLI does; the published build keeps shaking it out.
        treeshake: false,
        silent: true,
        esbuildOptions(options) {
          options.absWorkingDir = pkg.dir;
        },
      });
      const dist = join(pkg.dir, 'dist');
      for (const file of readdirSync(dist)) utimesSync(join(dist, file), started, started);
    }
  } finally {
    process.chdir(cwd);
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

const isRunning = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

const ownerOf = (lock) => {
  try {
    return Number.parseInt(readFileSync(join(lock, 'pid'), 'utf8'), 10);
  } catch {
    return Number.NaN;
  }
};

/**
 * Runs `work` holding the build lock of the checkout (a directory under
 * node_modules/.cache holding the owner's pid, put in place by one rename), so that two
 * `pnpm rackwise` started together never build into the same dist/ at once. A lock whose
 * process has ended is taken over.
 */
export async function withBuildLock(root, work, onWait = () => {}) {
  const cache = join(root, 'node_modules', '.cache');
  const lock = join(cache, 'rackwise-cli-build.lock');
  const mine = `${lock}.${process.pid}`;
  mkdirSync(mine, { recursive: true });
  writeFileSync(join(mine, 'pid'), String(process.pid));
  for (let waited = false; ; ) {
    try {
      renameSync(mine, lock);
      break;
    } catch (error) {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
    }
    const owner = ownerOf(lock);
    if (Number.isSafeInteger(owner) && !isRunning(owner)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!waited) onWait();
    waited = true;
    sleep(200);
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Makes the CLI's dist/ and those of the packages it runs current, building what is stale
 * (and saying so through `say`), and returns the path of the CLI's `dist/bin.js`.
 */
export async function ensureBuiltCli(root, say) {
  const packages = workspacePackages(root);
  if (stalePackages(root, 'rackwise', packages).length > 0) {
    await withBuildLock(
      root,
      async () => {
        const stale = stalePackages(root);
        if (stale.length === 0) return;
        const names =
          stale.length > 4 ? `${stale.length} packages` : stale.map((pkg) => basename(pkg.dir)).join(', ');
        say(`rackwise: building the JavaScript of ${names} (dist/ missing or older than the sources)…\n`);
        await buildJavaScript(stale);
      },
      () => say('rackwise: waiting for another build of this checkout to finish…\n'),
    );
  }
  return join(packages.get('rackwise').dir, 'dist', 'bin.js');
}
