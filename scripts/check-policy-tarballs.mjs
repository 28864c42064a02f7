#!/usr/bin/env node
/**
 * Checks that a policy package installs alone from packed tarballs: builds it and its
 * @rackwise dependencies, packs them, installs only the policy's tarball with npm into a
 * fresh folder outside the workspace (its own @rackwise dependencies pointed at their
 * tarballs, as they are not published yet), then imports it with plain Node, creates the
 * policy on a one-group order and answers one offer on an empty cluster view.
 *
 * Fails when the install pulls in any @rackwise package the policy does not declare (the
 * engine above all), or when the import or the offer fails. The folder is removed
 * afterwards unless KEEP=1.
 *
 *   node scripts/check-policy-tarballs.mjs policy-shadow policy-kmn policy-even
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const policies = process.argv.slice(2);
if (policies.length === 0) {
  process.stderr.write('usage: check-policy-tarballs.mjs <policy-dir> [...]\n');
  process.exit(2);
}
process.env.PATH = `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}`;

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    process.stderr.write(`${command} ${args.join(' ')} (in ${cwd}) failed with exit ${result.status}\n`);
    process.stderr.write(`${result.stdout}\n${result.stderr}\n`);
    process.exit(1);
  }
  return result.stdout;
}

const manifest = (dir) => JSON.parse(readFileSync(join(root, 'packages', dir, 'package.json'), 'utf8'));
const dirOf = (name) => name.replace('@rackwise/', '');
/** The package's @rackwise runtime dependencies, transitively. */
function closure(dir, seen = new Set()) {
  for (const dep of Object.keys(manifest(dir).dependencies ?? {}).filter((d) => d.startsWith('@rackwise/'))) {
    if (!seen.has(dep)) {
      seen.add(dep);
      closure(dirOf(dep), seen);
    }
  }
  return seen;
}

// Creates the policy and answers one map offer on an empty one-node cluster.
const SMOKE = `
import * as policyPackage from 'PACKAGE';
const definition = Object.values(policyPackage).find((v) => v && typeof v === 'object' && typeof v.create === 'function');
if (!definition) throw new Error('PACKAGE exports no policy definition');
const userOrder = { name: 'one-group', order: (view) => [{ key: 'all', jobs: view.activeJobs() }] };
const policy = definition.create({ userOrder }, { random: { next: () => 0.5, int: () => 0 } });
const topology = { rackCount: 1, nodeCount: 1, slotModel: 'split', rackOf: () => 0, nodesOf: () => [0],
  slotsOf: () => 1, resourcesOf: () => ({ vcores: 2, memoryMb: 2048 }), nicCapacity: () => 1e9,
  rackUplinkCapacity: () => 1e9, rackDownlinkCapacity: () => 1e9 };
const view = { now: 0, topology, network: {}, predictor: {}, mapCompletionThreshold: 0.05,
  freeSlots: () => 1, totalSlots: () => 1, runningCount: () => 0, runningMapsOn: () => [],
  runningReducesOn: () => [], outstandingMapOutput: () => 0, activeJobs: () => [], activeUsers: () => [],
  job: () => { throw new Error('no job'); }, user: () => { throw new Error('no user'); } };
const decision = policy.assign({ node: 0, kind: 'map' }, view);
if (policy.specificationVersion !== 'v1' || decision.type !== 'pass') throw new Error('unexpected ' + JSON.stringify(decision));
console.log('PACKAGE: created "' + policy.name + '", answered ' + decision.reason);
`;

const folder = mkdtempSync(join(tmpdir(), 'rackwise-policy-tarballs-'));
try {
  const filters = policies.map((p) => `--filter=${manifest(p).name}...`);
  run(process.execPath, ['scripts/turbo.mjs', 'run', 'build', ...filters, '--output-logs=errors-only'], root);
  const pnpm = join(root, 'node_modules', '.bin', 'pnpm');
  const tarballs = {};
  const pack = (dir) => {
    const name = manifest(dir).name;
    if (tarballs[name] !== undefined) return;
    const out = run(pnpm, ['pack', '--pack-destination', folder], join(root, 'packages', dir));
    tarballs[name] = `file:${out.trim().split('\n').at(-1).trim()}`;
  };
  for (const policy of policies) {
    pack(policy);
    const deps = closure(policy);
    for (const dep of deps) pack(dirOf(dep));
    const name = manifest(policy).name;
    const app = join(folder, `app-${policy}`);
    const overrides = Object.fromEntries([...deps].map((d) => [d, tarballs[d]]));
    run('mkdir', ['-p', app], folder);
    writeFileSync(
      join(app, 'package.json'),
      `${JSON.stringify({ name: `${policy}-check`, private: true, type: 'module', dependencies: { [name]: tarballs[name] }, overrides }, null, 2)}\n`,
    );
    run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], app);
    const installed = readdirSync(join(app, 'node_modules', '@rackwise')).map((n) => `@rackwise/${n}`);
    const allowed = new Set([name, ...deps]);
    const extra = installed.filter((n) => !allowed.has(n));
    if (extra.length > 0) {
      process.stderr.write(
        `${name} pulled in ${extra.join(', ')}; only ${[...allowed].join(', ')} may come\n`,
      );
      process.exit(1);
    }
    writeFileSync(join(app, 'smoke.mjs'), SMOKE.replaceAll('PACKAGE', name));
    process.stdout.write(run(process.execPath, ['smoke.mjs'], app));
    process.stdout.write(
      `${name}: installed alone from packed tarballs with ${installed.sort().join(', ')}\n`,
    );
  }
} finally {
  if (process.env.KEEP === '1') process.stdout.write(`kept ${folder}\n`);
  else rmSync(folder, { recursive: true, force: true });
}
