#!/usr/bin/env node
/**
 * A single-node Slurm cluster inside one directory, without systemd: MUNGE with its own
 * key and socket, slurmctld and slurmd on free ports, state, spool, logs and PID files
 * all under the directory, every daemon started in the foreground as a child of this
 * process and stopped by its PID. Debian's Slurm 22.05 (`slurmctld slurmd slurm-client
 * munge`), run as root. docs/slurm-single-node.md gives the same recipe as shell commands.
 *
 * Run by hand, it starts a cluster in a fresh temporary directory, prints the
 * `SLURM_CONF` to export, and stops it (and removes the directory) on Ctrl-C:
 *
 *   node scripts/slurm-single-node.mjs
 *
 * Imported, `slurmAvailable()` installs the packages where missing (or says why it
 * cannot), `startCluster(dir)` starts one and `stopCluster(cluster)` stops it and
 * returns what it had to clean up.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Debian packages of a Slurm 22.05 node (bookworm). */
export const SLURM_PACKAGES = ['slurmctld', 'slurmd', 'slurm-client', 'munge'];
const PROGRAMS = [
  '/usr/sbin/munged',
  '/usr/sbin/mungekey',
  '/usr/sbin/slurmctld',
  '/usr/sbin/slurmd',
  'sbatch',
  'scontrol',
  'sinfo',
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function onPath(program) {
  if (program.startsWith('/')) return existsSync(program);
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Why Slurm cannot run here, found without installing anything (not Linux, not root,
 * neither installed nor apt-get to install it), or undefined when it may.
 */
export function slurmBlocker() {
  if (process.platform !== 'linux') return `Slurm runs on Linux, this is ${process.platform}`;
  if (process.getuid?.() !== 0) return 'the daemons need root (munged as the munge user, slurmd as root)';
  if (!PROGRAMS.every(onPath) && !onPath('apt-get')) {
    return `Slurm is not installed and there is no apt-get to install ${SLURM_PACKAGES.join(' ')}`;
  }
  return undefined;
}

/**
 * Whether Slurm can run here, installing it with apt-get where it is missing: `{ ok: true,
 * installSeconds }`, or `{ ok: false, reason }` where it cannot (`slurmBlocker`, or
 * apt-get failed — the reason says which, with apt-get's last lines).
 */
export function slurmAvailable() {
  const blocker = slurmBlocker();
  if (blocker !== undefined) return { ok: false, reason: blocker };
  if (PROGRAMS.every(onPath)) return { ok: true, installSeconds: 0 };
  const started = performance.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Waits for another apt or dpkg run (unattended upgrades) instead of failing at once.
  const lock = ['-o', 'DPkg::Lock::Timeout=120'];
  for (const args of [
    ['update', ...lock],
    ['install', ...lock, '-y', '--no-install-recommends', ...SLURM_PACKAGES],
  ]) {
    const run = spawnSync('apt-get', args, { encoding: 'utf8', env, stdio: ['ignore', 'pipe', 'pipe'] });
    if (run.status !== 0) {
      const tail = `${run.stdout ?? ''}${run.stderr ?? ''}`.trim().split('\n').slice(-5).join('\n  ');
      return {
        ok: false,
        reason: `apt-get ${args[0]} failed (exit ${run.status ?? run.signal}):\n  ${tail}`,
      };
    }
  }
  const missing = PROGRAMS.filter((p) => !onPath(p));
  if (missing.length > 0)
    return {
      ok: false,
      reason: `installed ${SLURM_PACKAGES.join(' ')}, but ${missing.join(', ')} is missing`,
    };
  return { ok: true, installSeconds: (performance.now() - started) / 1000 };
}

/** A TCP port nobody listens on now (the kernel's pick). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The slurm.conf of a one-node cluster whose every file lives under `dir`. */
export function slurmConf(dir, node, ports) {
  return `# A one-node cluster; every file under ${dir}.
ClusterName=rackwise
# Addresses pinned to the loopback: the host name need not resolve.
SlurmctldHost=${hostname().split('.')[0]}(127.0.0.1)
SlurmctldPort=${ports.ctld}
SlurmdPort=${ports.d}
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
# Our own munged; cred_expire (default 120 s) is also how long a re-queued job waits.
AuthInfo=socket=${dir}/munge/munge.socket,cred_expire=5
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
# A finished job leaves the controller after 4 s, so sbatch --wait sees it end at once.
MinJobAge=4
SchedulerParameters=sched_interval=1
MailProg=/bin/true
ReturnToService=2
StateSaveLocation=${dir}/state
SlurmdSpoolDir=${dir}/spool
SlurmctldPidFile=${dir}/run/slurmctld.pid
SlurmdPidFile=${dir}/run/slurmd.pid
SlurmctldLogFile=${dir}/log/slurmctld.log
SlurmdLogFile=${dir}/log/slurmd.log
${node} NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
`;
}

function idOf(user) {
  const run = spawnSync('id', ['-u', user], { encoding: 'utf8' });
  const uid = Number(run.stdout);
  const gid = Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout);
  if (run.status !== 0 || !Number.isInteger(uid))
    throw new Error(`no user ${user} (the munge package creates it)`);
  return { uid, gid };
}

/** Starts a daemon in the foreground as our child, its output appended to a log. */
function daemon(cluster, name, command, args) {
  const log = openSync(join(cluster.dir, 'log', `${name}.out`), 'a');
  const child = spawn(command, args, { env: cluster.env, stdio: ['ignore', log, log] });
  const entry = { name, pid: child.pid, exited: false };
  child.on('exit', () => {
    entry.exited = true;
  });
  cluster.daemons.push(entry);
  return entry;
}

async function until(what, timeoutMs, test, cluster) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    if (await test()) return;
    const dead = cluster.daemons.find((d) => d.exited);
    if (dead !== undefined)
      throw new Error(`${dead.name} exited while waiting for ${what}; see ${join(cluster.dir, 'log')}`);
    if (performance.now() > deadline)
      throw new Error(`no ${what} after ${timeoutMs / 1000} s; see ${join(cluster.dir, 'log')}`);
    await sleep(100);
  }
}

/**
 * Starts munged (as the munge user: as root it refuses its seed file), slurmctld and
 * slurmd (`-D`) in `dir`, and waits until the node is idle. `cluster.env` has
 * `SLURM_CONF`, to pass to every Slurm command; stop it with `stopCluster`, which also
 * works on a cluster that failed to start.
 */
export async function startCluster(dir, cluster = { dir, daemons: [], env: process.env }) {
  const started = performance.now();
  const munge = idOf('munge');
  // munged wants execute permission for all on the directories above its socket.
  chmodSync(dir, 0o755);
  for (const sub of ['munge', 'state', 'spool', 'log', 'run']) mkdirSync(join(dir, sub), { mode: 0o755 });
  chownSync(join(dir, 'munge'), munge.uid, munge.gid);
  const asMunge = ['--reuid=munge', '--regid=munge', '--init-groups'];
  const key = join(dir, 'munge', 'munge.key');
  const keyed = spawnSync('setpriv', [...asMunge, '/usr/sbin/mungekey', '--create', `--keyfile=${key}`], {
    encoding: 'utf8',
  });
  if (keyed.status !== 0) throw new Error(`mungekey failed: ${keyed.stderr}`);
  const conf = join(dir, 'slurm.conf');
  cluster.env = { ...process.env, SLURM_CONF: conf };
  const socket = join(dir, 'munge', 'munge.socket');
  daemon(cluster, 'munged', 'setpriv', [
    ...asMunge,
    '/usr/sbin/munged',
    '--foreground',
    `--socket=${socket}`,
    `--key-file=${key}`,
    `--pid-file=${join(dir, 'munge', 'munged.pid')}`,
    `--seed-file=${join(dir, 'munge', 'munged.seed')}`,
    `--log-file=${join(dir, 'munge', 'munged.log')}`,
  ]);
  const probe = spawnSync('/usr/sbin/slurmd', ['-C'], { encoding: 'utf8', env: cluster.env });
  const node = probe.stdout.split('\n').find((line) => line.startsWith('NodeName='));
  if (node === undefined) throw new Error(`slurmd -C printed no NodeName line: ${probe.stderr}`);
  writeFileSync(conf, slurmConf(dir, node, { ctld: await freePort(), d: await freePort() }));
  await until('munge socket', 10_000, () => existsSync(socket), cluster);
  daemon(cluster, 'slurmctld', '/usr/sbin/slurmctld', ['-D']);
  daemon(cluster, 'slurmd', '/usr/sbin/slurmd', ['-D']);
  await until(
    'idle node',
    30_000,
    () => slurm(cluster, 'sinfo', ['-h', '-o', '%T']).stdout.trim() === 'idle',
    cluster,
  );
  cluster.startSeconds = (performance.now() - started) / 1000;
  return cluster;
}

/** Runs a Slurm client command against the cluster. */
export function slurm(cluster, command, args, options = {}) {
  return spawnSync(command, args, { encoding: 'utf8', env: cluster.env, ...options });
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Processes whose command line or environment names `dir`: what a cluster in it left running. */
export function processesUsing(dir) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let text = '';
    try {
      text = `${readFileSync(`/proc/${name}/cmdline`, 'latin1')}\0${readFileSync(`/proc/${name}/environ`, 'latin1')}`;
    } catch {
      continue;
    }
    if (text.includes(dir)) found.push({ pid: Number(name), command: text.split('\0')[0] });
  }
  return found;
}

/**
 * Cancels the cluster's jobs, stops slurmd, slurmctld and munged by their PIDs (SIGTERM,
 * then SIGKILL after 10 s), then kills by PID any process still naming the directory.
 * Returns what was left behind and had to be killed: `[]` when the cluster stopped clean.
 */
export async function stopCluster(cluster) {
  const leftovers = [];
  const running = cluster.daemons.filter((d) => !d.exited).map((d) => d.name);
  if (running.includes('slurmctld') && running.includes('slurmd')) {
    slurm(cluster, 'scancel', ['--full', '--quiet', `--user=${process.getuid?.() ?? 0}`], {
      timeout: 10_000,
    });
    const deadline = performance.now() + 15_000;
    while (
      slurm(cluster, 'squeue', ['-h'], { timeout: 5_000 }).stdout?.trim() &&
      performance.now() < deadline
    )
      await sleep(200);
  }
  for (const name of ['slurmd', 'slurmctld', 'munged']) {
    for (const d of cluster.daemons.filter((x) => x.name === name && !x.exited)) {
      process.kill(d.pid, 'SIGTERM');
      const deadline = performance.now() + 10_000;
      while (!d.exited && performance.now() < deadline) await sleep(50);
      if (!d.exited) {
        leftovers.push(`${name} (pid ${d.pid}) ignored SIGTERM`);
        process.kill(d.pid, 'SIGKILL');
        while (!d.exited) await sleep(50);
      }
    }
  }
  for (const p of processesUsing(cluster.dir)) {
    leftovers.push(`${p.command} (pid ${p.pid})`);
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {}
  }
  for (const d of cluster.daemons)
    if (alive(d.pid) && !d.exited) leftovers.push(`${d.name} (pid ${d.pid}) still alive`);
  return leftovers;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const available = slurmAvailable();
  if (!available.ok) {
    process.stderr.write(`cannot run Slurm here: ${available.reason}\n`);
    process.exit(1);
  }
  const dir = mkdtempSync(join(tmpdir(), 'rackwise-slurm-'));
  const cluster = { dir, daemons: [], env: process.env };
  let stopping = false;
  const stop = async (code) => {
    if (stopping) return;
    stopping = true;
    const leftovers = await stopCluster(cluster);
    rmSync(dir, { recursive: true, force: true });
    for (const l of leftovers) process.stderr.write(`left behind, killed: ${l}\n`);
    process.stderr.write(`stopped; removed ${dir}\n`);
    process.exit(code);
  };
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
  try {
    await startCluster(dir, cluster);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    await stop(1);
  }
  process.stdout.write(
    `single-node Slurm up in ${cluster.startSeconds.toFixed(1)} s (logs in ${dir}/log); in another shell:\n  export SLURM_CONF=${dir}/slurm.conf\n  sinfo; sbatch --wait sweep.sh\nCtrl-C stops it and removes ${dir}.\n`,
  );
  setInterval(() => {}, 1 << 30);
}
