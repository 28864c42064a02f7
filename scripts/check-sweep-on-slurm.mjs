#!/usr/bin/env node
/**
 * Checks `rackwise sweep --emit slurm` on a real Slurm: starts a single-node cluster in a
 * temporary directory (scripts/slurm-single-node.mjs; Debian's Slurm 22.05, installed
 * with apt-get where missing), submits the emitted array script with `sbatch --wait` as
 * a user would, joins the shards with `rackwise merge`, and compares the merged table,
 * metrics CSV and jobs CSV byte for byte with the same sweep run whole. Then the faults:
 *
 * - requeue: while array task 1 runs its second cell, `scontrol requeue` puts it back in
 *   the queue; it comes back, skips the cell it wrote, and the merge is still identical;
 * - failure: task 1 (submitted with `sbatch --cpus-per-task=2`, which must reach its
 *   `--parallel`) is killed (SIGKILL to the script and the simulation, as the OOM killer
 *   would take it) during its second cell;
 *   `sbatch --wait` fails and `merge` exits 2 naming that cell;
 * - reproduce: `rackwise reproduce … --emit slurm`, whose shards' runs must give the map
 *   of the same grid run whole (scripts/slurm-reproduce-case.mjs).
 *
 * Every daemon is stopped by its PID, also when a check fails; then nothing may be left:
 * no process naming the directory, and the directory removed (the jobs' TMPDIR is in it).
 * Skips, saying why, only where Slurm cannot be installed (not Linux, not root, no or a
 * failing apt-get). Run by hand as root: `node scripts/check-sweep-on-slurm.mjs` (KEEP=1
 * keeps the directory and prints where).
 *
 * `npx --yes rackwise@<version>` in the script would fetch the published package; here an
 * `npx` first on the jobs' PATH runs this checkout's build (`pnpm build`, which this check
 * runs first; a cache hit after the test's package checks) instead, and only when the
 * script asks for exactly this checkout's version.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPRODUCE, checkReproduceOnSlurm } from './slurm-reproduce-case.mjs';
import { slurm, slurmAvailable, slurmBlocker, startCluster, stopCluster } from './slurm-single-node.mjs';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const version = JSON.parse(readFileSync(join(root, 'packages', 'cli', 'package.json'), 'utf8')).version;
/** The command as it would be published: the build of this checkout. */
const bin = join(root, 'packages', 'cli', 'dist', 'bin.js');
/**
 * 1 policy × 2 seeds × 2 sizes = 4 cells, 2 shards: shard 1 runs cell 1 (size 0.1, a
 * fraction of a second) then cell 3 (size 1, about 2 s) — the window for the faults.
 */
const SWEEP = [
  'sweep',
  '--preset',
  'tiny',
  '--policies',
  'fair',
  '--seeds',
  '1,2',
  '--param',
  'sizeScale=0.1,1',
];
const SHARDS = 2;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (since) => (performance.now() - since) / 1000;
const log = (text) => process.stdout.write(`slurm sweep check: ${text}\n`);
const failures = [];
function check(ok, what) {
  if (!ok) failures.push(what);
  return ok;
}

const started = performance.now();
const blocker = slurmBlocker();
if (blocker !== undefined) {
  log(`SKIPPED, Slurm cannot be installed here: ${blocker}`);
  process.exit(0);
}
const tmpBefore = new Set(readdirSync(tmpdir()));
const dir = mkdtempSync(join(tmpdir(), 'rackwise-slurm-'));
const cluster = { dir, daemons: [], env: process.env };
const submitted = [];
let cleaning;

/**
 * Stops everything this check started and removes its directory; returns what was left
 * behind. Called again (a signal during the checks, then their `finally`), it waits for
 * the same clean-up.
 */
function cleanUp() {
  cleaning ??= stopAll();
  return cleaning;
}

/** Once the clean-up has begun (a signal), the checks start nothing more. */
function stopIfCleaning() {
  if (cleaning !== undefined) throw new Error('interrupted: the cluster is being stopped');
}

async function stopAll() {
  const running = submitted.filter((child) => child.exitCode === null && child.signalCode === null);
  // Clients and the whole run only: the jobs they wait for are cancelled with the cluster.
  const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGKILL');
  await Promise.all(exits);
  const leftovers = await stopCluster(cluster);
  if (process.env.KEEP === '1') log(`kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  return leftovers;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    const leftovers = await cleanUp();
    log(
      `interrupted by ${signal}; stopped the cluster${leftovers.length > 0 ? `, killed ${leftovers.join('; ')}` : ''}`,
    );
    process.exit(1);
  });
}

/** Environment of everything run here: the cluster's, temporary files in the directory, the stand-in `npx`. */
function jobEnv() {
  return {
    ...cluster.env,
    PATH: `${join(dir, 'bin')}:${process.env.PATH}`,
    TMPDIR: join(dir, 'tmp'),
    CI: 'true',
    RACKWISE_CHECKOUT_CLI: bin,
    RACKWISE_CHECKOUT_VERSION: version,
  };
}

/** The stand-in for the registry: `npx --yes rackwise@<this version> …` runs this checkout's CLI. */
function writeNpx() {
  mkdirSync(join(dir, 'bin'));
  mkdirSync(join(dir, 'tmp'));
  const path = join(dir, 'bin', 'npx');
  writeFileSync(
    path,
    `#!/bin/sh
if [ "$1" != --yes ] || [ "$2" != "rackwise@$RACKWISE_CHECKOUT_VERSION" ]; then
  echo "npx stand-in: expected --yes rackwise@$RACKWISE_CHECKOUT_VERSION, got $*" >&2
  exit 97
fi
shift 2
echo "rackwise $*" >&2
exec node "$RACKWISE_CHECKOUT_CLI" "$@"
`,
  );
  chmodSync(path, 0o755);
}

/** Runs the CLI of this checkout in `cwd`. */
function rackwise(cwd, args) {
  stopIfCleaning();
  return spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: jobEnv(),
  });
}

/**
 * Starts `command` in `cwd` in the background (stopped by `cleanUp`, or after 3 minutes):
 * its output so far, and its exit with all of it.
 */
function background(command, args, cwd) {
  stopIfCleaning();
  const child = spawn(command, args, { cwd, env: jobEnv() });
  submitted.push(child);
  const output = { out: '', err: '' };
  child.stdout.on('data', (d) => {
    output.out += d;
  });
  child.stderr.on('data', (d) => {
    output.err += d;
  });
  const done = new Promise((resolve) => child.on('close', (code) => resolve({ code, ...output })));
  const timer = setTimeout(() => child.kill('SIGTERM'), 180_000);
  done.then(() => clearTimeout(timer));
  return { child, output, done };
}

/** `sbatch --wait --parsable <args> sweep.sh` in `cwd`: the job id as soon as it is queued, and the exit. */
function submit(cwd, args) {
  const { child, output, done } = background('sbatch', ['--wait', '--parsable', ...args, 'sweep.sh'], cwd);
  const id = (async () => {
    while (!/^\d+/.test(output.out)) {
      if (child.exitCode !== null)
        throw new Error(`sbatch exited ${child.exitCode} before queueing: ${output.err}`);
      await sleep(50);
    }
    return output.out.match(/^\d+/)[0];
  })();
  return { id, done };
}

async function waitFor(what, test, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (!test()) {
    if (performance.now() > deadline) throw new Error(`no ${what} after ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** A fresh submission directory holding the emitted script. */
function emitted(name, script) {
  const cwd = join(dir, name);
  mkdirSync(cwd);
  writeFileSync(join(cwd, 'sweep.sh'), script);
  return cwd;
}

/** The task logs of a submission directory, joined. */
const taskLog = (cwd, id, task) => {
  const name = readdirSync(cwd).find((n) => n.endsWith(`-${id}_${task}.out`));
  return name === undefined ? '' : readFileSync(join(cwd, name), 'utf8');
};

/** Merges a submission's cells and compares with the whole run, byte for byte. */
function mergedEqualsWhole(cwd, whole, label) {
  const merged = rackwise(cwd, ['merge', 'cells', '--csv', 'merged.csv', '--jobs-csv', 'merged-jobs.csv']);
  if (!check(merged.status === 0, `${label}: merge exited ${merged.status}: ${merged.stderr}`)) return;
  check(merged.stdout === whole.table, `${label}: the merged table differs from the whole run's`);
  check(
    readFileSync(join(cwd, 'merged.csv'), 'utf8') === whole.csv,
    `${label}: the merged metrics CSV differs`,
  );
  check(
    readFileSync(join(cwd, 'merged-jobs.csv'), 'utf8') === whole.jobs,
    `${label}: the merged jobs CSV differs`,
  );
}

const timings = {};
let leftovers = [];
let skipped;
try {
  let t = performance.now();
  const build = spawnSync(
    process.execPath,
    [join(root, 'scripts', 'turbo.mjs'), 'run', 'build', '--filter=rackwise...', '--output-logs=errors-only'],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}` },
    },
  );
  if (build.status !== 0) throw new Error(`pnpm build failed: ${build.stdout}${build.stderr}`);
  timings.build = seconds(t);
  writeNpx();

  // The whole sweep runs while apt-get installs Slurm and the cluster starts; `whole` is
  // the time it (and the emit) take after that.
  t = performance.now();
  const wholeDir = join(dir, 'whole');
  mkdirSync(wholeDir);
  const wholeRun = background(
    process.execPath,
    [bin, ...SWEEP, '--parallel', '2', '-q', '--csv', 'whole.csv', '--jobs-csv', 'whole-jobs.csv'],
    wholeDir,
  );
  const reproduceRun = background(
    process.execPath,
    [bin, ...REPRODUCE, '-q', '--json', 'whole.json'],
    wholeDir,
  );
  const available = slurmAvailable();
  timings.install = available.installSeconds ?? seconds(t);
  if (!available.ok) {
    skipped = available.reason;
    throw new Error(skipped);
  }
  await startCluster(dir, cluster);
  timings.cluster = cluster.startSeconds;
  t = performance.now();
  const run = await wholeRun.done;
  if (run.code !== 0) throw new Error(`the whole sweep failed: ${run.err}`);
  const whole = {
    table: run.out,
    csv: readFileSync(join(wholeDir, 'whole.csv'), 'utf8'),
    jobs: readFileSync(join(wholeDir, 'whole-jobs.csv'), 'utf8'),
  };
  const emit = rackwise(wholeDir, [
    ...SWEEP,
    '--emit',
    'slurm',
    '--shards',
    String(SHARDS),
    '--out',
    'cells',
  ]);
  if (emit.status !== 0) throw new Error(`--emit slurm failed: ${emit.stderr}`);
  const script = emit.stdout;
  timings.whole = seconds(t);

  // 1. The script as emitted, submitted and waited for.
  t = performance.now();
  const plain = emitted('plain', script);
  const first = submit(plain, []);
  const firstId = await first.id;
  const firstEnd = await first.done;
  check(firstEnd.code === 0, `plain: sbatch --wait exited ${firstEnd.code}: ${firstEnd.err}`);
  for (let task = 0; task < SHARDS; task++) {
    const text = taskLog(plain, firstId, task);
    check(
      text.includes(`shard ${task}/${SHARDS}: ran 2 of its 2 cells, 0 already done`),
      `plain: task ${task}'s log: ${text}`,
    );
    check(
      text.includes('--parallel 1 --shard'),
      `plain: task ${task} did not run one simulation at a time: ${text}`,
    );
  }
  mergedEqualsWhole(plain, whole, 'plain');
  timings.plain = seconds(t);

  // 2. Task 1 re-queued during its second cell: it comes back and resumes.
  t = performance.now();
  const requeue = emitted('requeue', script);
  const second = submit(requeue, []);
  const secondId = await second.id;
  await waitFor('first cell of task 1', () => existsSync(join(requeue, 'cells', 'cell-00001.json')));
  const requeued = slurm(cluster, 'scontrol', ['requeue', `${secondId}_1`]);
  check(requeued.status === 0, `requeue: scontrol requeue exited ${requeued.status}: ${requeued.stderr}`);
  const secondEnd = await second.done;
  check(secondEnd.code === 0, `requeue: sbatch --wait exited ${secondEnd.code}: ${secondEnd.err}`);
  const resumed = taskLog(requeue, secondId, 1);
  check(resumed.includes('DUE TO JOB REQUEUE'), `requeue: task 1 was not re-queued: ${resumed}`);
  check(
    resumed.includes(`shard 1/${SHARDS}: ran 1 of its 2 cells, 1 already done`),
    `requeue: task 1 did not resume: ${resumed}`,
  );
  mergedEqualsWhole(requeue, whole, 'requeue');
  timings.requeue = seconds(t);

  // 3. Task 1 killed during its second cell, with the CPUs overridden on sbatch's command line.
  t = performance.now();
  const failing = emitted('failing', script);
  const third = submit(failing, ['--cpus-per-task=2']);
  const thirdId = await third.id;
  await waitFor('first cell of task 1', () => existsSync(join(failing, 'cells', 'cell-00001.json')));
  // --full: the script and its children, as the OOM killer would take the simulation.
  const killed = slurm(cluster, 'scancel', ['--full', '--signal=KILL', `${thirdId}_1`]);
  check(killed.status === 0, `failure: scancel exited ${killed.status}: ${killed.stderr}`);
  const thirdEnd = await third.done;
  // Killed with --full, the batch shell and its simulation race for the signal: when the
  // shell goes first, Slurm records the task as killed by a signal (ExitCode 0:9) and
  // sbatch --wait may exit 0. The task's recorded state says it failed either way, once
  // Slurm has finished it: sbatch can return while the task is still COMPLETING.
  const taskState = () => slurm(cluster, 'scontrol', ['show', 'job', `${thirdId}_1`]).stdout ?? '';
  await waitFor('final state of task 1', () => !/JobState=COMPLETING/.test(taskState()), 30_000);
  const state = taskState();
  check(
    thirdEnd.code !== 0 || /JobState=(CANCELLED|FAILED|OUT_OF_MEMORY)/.test(state),
    `failure: task 1 was killed but sbatch --wait exited 0 and Slurm records it as ${state.match(/JobState=\S+/)?.[0] ?? 'unknown'}`,
  );
  const partial = taskLog(failing, thirdId, 1);
  check(
    partial.includes('--parallel 2 --shard 1/2'),
    `failure: sbatch --cpus-per-task=2 did not reach --parallel: ${partial}`,
  );
  const merge = rackwise(failing, ['merge', 'cells', '--csv', 'merged.csv']);
  check(merge.status === 2, `failure: merge exited ${merge.status}, expected 2`);
  check(
    merge.stderr.includes('1 of 4 cells are missing: 3 (sizeScale=1, fair, seed 2);'),
    `failure: merge did not name the missing cell: ${merge.stderr}`,
  );
  check(!existsSync(join(failing, 'merged.csv')), 'failure: merge wrote a CSV of an incomplete sweep');
  timings.failure = seconds(t);

  // 4. `reproduce --emit slurm`: the shards' runs give the whole run's map.
  t = performance.now();
  const reproduced = await reproduceRun.done;
  if (check(reproduced.code === 0, `reproduce: the whole run failed: ${reproduced.err}`))
    await checkReproduceOnSlurm(wholeDir, { rackwise, submit, emitted, taskLog, check });
  timings.reproduce = seconds(t);
} catch (error) {
  if (skipped === undefined) failures.push(error.message);
} finally {
  const t = performance.now();
  leftovers = await cleanUp();
  timings.stop = seconds(t);
}

check(leftovers.length === 0, `left behind (and killed): ${leftovers.join('; ')}`);
for (const d of cluster.daemons) check(d.exited, `${d.name} (pid ${d.pid}) still running`);
if (process.env.KEEP !== '1') {
  check(!existsSync(dir), `${dir} is still there`);
  const strays = readdirSync(tmpdir()).filter(
    (n) => !tmpBefore.has(n) && /slurm|munge|rackwise-sweep/.test(n),
  );
  check(strays.length === 0, `new in ${tmpdir()}: ${strays.join(', ')}`);
}
const figures = Object.entries(timings)
  .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
  .join(', ');
if (skipped !== undefined && failures.length === 0) {
  log(`SKIPPED, Slurm cannot be installed here: ${skipped}`);
  process.exit(0);
}
if (failures.length > 0) {
  for (const f of failures) process.stderr.write(`slurm sweep check: FAILED: ${f}\n`);
  process.stderr.write(`slurm sweep check: ${figures}\n`);
  process.stderr.write(`slurm sweep check: KEEP=1 keeps the directory, with the daemons' and tasks' logs\n`);
  process.exit(1);
}
log(
  `passed in ${seconds(started).toFixed(1)} s (${figures}): plain, requeue, failed-task and reproduce cases; nothing left behind`,
);
