import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { SLURM_OPTIONS } from './emit/slurm-script.js';
import { runCli } from './internal/test-io.js';
import { EXIT_OK, EXIT_USAGE } from './main.js';
import { cliVersion } from './version.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (...argv: string[]) => runCli(dir, argv);

/** A small sweep: 2 values × 2 policies × 2 seeds = 8 cells. */
const SWEEP = [
  'sweep',
  '--preset',
  'tiny',
  '--policies',
  'fair,nas',
  '--seeds',
  '1,2',
  '--param',
  'users=1,3',
];
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

describe('rackwise sweep --shard i/N --out dir, then rackwise merge dir', () => {
  it('gives byte-identical reports to the sweep run whole on one machine', async () => {
    const whole = await cli(
      ...SWEEP,
      '--parallel',
      '1',
      '--csv',
      'whole.csv',
      '--jobs-csv',
      'whole-jobs.csv',
    );
    expect(whole.code).toBe(EXIT_OK);
    for (const shard of ['0/3', '1/3', '2/3']) {
      const { code, err, out } = await cli(...SWEEP, '--parallel', '1', '--shard', shard, '--out', 'cells');
      expect(code).toBe(EXIT_OK);
      expect(out).toBe('');
      expect(err).toMatch(new RegExp(`^shard ${shard}: ran [23] of its [23] cells, 0 already done`));
    }
    const merged = await cli('merge', 'cells', '--csv', 'merged.csv', '--jobs-csv', 'merged-jobs.csv');
    expect(merged.code).toBe(EXIT_OK);
    expect(merged.out).toBe(whole.out);
    expect(read('merged.csv')).toBe(read('whole.csv'));
    expect(read('merged-jobs.csv')).toBe(read('whole-jobs.csv'));
  });

  it('resumes a sweep: cells already in --out are skipped', async () => {
    await cli(...SWEEP, '--parallel', '1', '--shard', '1/2', '--out', 'resume');
    const { code, err, out } = await cli(
      ...SWEEP,
      '--parallel',
      '1',
      '--out',
      'resume',
      '--csv',
      'resumed.csv',
    );
    expect(code).toBe(EXIT_OK);
    expect(err).toContain('sweep: ran 4 of its 8 cells, 4 already done');
    expect(out).toContain('throughput normalised to fair at the same users');
  });

  it.each([
    [['--shard', '0/2'], '--shard needs --out <dir>'],
    [['--shard', '2/2', '--out', 'x'], '--shard must be i/N with 0 <= i < N (0/4 … 3/4), got "2/2"'],
    [['--shard', '0/2', '--out', 'x', '--csv', 'a.csv'], 'write --csv with `rackwise merge <dir>`'],
    [['--emit', 'nomad'], '--emit: unknown target "nomad"; targets: kubernetes, slurm'],
    [['--emit', 'slurm', '--html', 'r.html'], '--emit runs nothing here'],
    [['--shards', '3'], '--shards applies to --emit'],
    [
      ['--emit', 'kubernetes', '--out', 'cells'],
      '--out: the pods write their cells to the shared volume mounted at /results; give a directory under it, got "cells"',
    ],
  ])('refuses sweep %j before running', async (extra, message) => {
    const { code, err } = await cli(...SWEEP, ...extra);
    expect(code).toBe(EXIT_USAGE);
    expect(err).toContain(message);
  });

  it('names the missing cells when a shard has not run', async () => {
    await cli(...SWEEP, '--parallel', '1', '--shard', '0/4', '--out', 'partial');
    const { code, err } = await cli('merge', 'partial');
    expect(code).toBe(EXIT_USAGE);
    expect(err).toContain(
      '6 of 8 cells are missing: 1 (users=1, fair, seed 2), 2 (users=1, nas, seed 1), 3 (users=1, nas, seed 2), 5 (users=3, fair, seed 2), 6 (users=3, nas, seed 1), 7 (users=3, nas, seed 2);',
    );
  });
});

/** A fake `npx` that prints the arguments it was called with, one per line. */
function fakeNpx(): string {
  const bin = mkdtempSync(join(tmpdir(), 'rackwise-fake-npx-'));
  onTestFinished(() => rmSync(bin, { recursive: true, force: true }));
  writeFileSync(join(bin, 'npx'), '#!/bin/sh\nfor a in "$@"; do echo "$a"; done\n');
  chmodSync(join(bin, 'npx'), 0o755);
  return bin;
}

describe('rackwise sweep --emit', () => {
  it('writes a Kubernetes Indexed Job that validates against the batch/v1 Job schema', async () => {
    const { code, out } = await cli(
      ...SWEEP,
      '-q',
      '--emit',
      'kubernetes',
      '--shards',
      '3',
      '--parallel',
      '2',
    );
    expect(code).toBe(EXIT_OK);
    const manifest = JSON.parse(out);
    expect(() => new Job(manifest).validate()).not.toThrow();
    expect(manifest.spec).toMatchObject({ completionMode: 'Indexed', completions: 3, parallelism: 3 });
    const container = manifest.spec.template.spec.containers[0];
    expect(container.command.slice(0, 2)).toEqual(['sh', '-c']);
    // The pod's shell gives each index its shard.
    const run = spawnSync('sh', ['-c', container.command[2]], {
      encoding: 'utf8',
      env: { PATH: `${fakeNpx()}:${process.env.PATH}`, JOB_COMPLETION_INDEX: '2' },
    });
    const args = run.stdout.trimEnd().split('\n');
    expect(args.slice(0, 3)).toEqual(['--yes', `rackwise@${cliVersion()}`, 'sweep']);
    expect(args.slice(3, 3 + SWEEP.length - 1)).toEqual(SWEEP.slice(1));
    expect(args.slice(-4)).toEqual(['--parallel', '2', '--shard', '2/3']);
    // Each pod asks for the CPUs its simulations run on, and memory for each.
    expect(container.resources.requests).toEqual({ cpu: '2', memory: '4Gi' });
    expect(args).toContain('--out');
    expect(args).not.toContain('--emit');
    expect(args).not.toContain('-q');
    // It says plainly what must be published first, and what runs a clone instead.
    const note = manifest.metadata.annotations['rackwise/before-publishing'];
    expect(note).toContain(`rackwise@${cliVersion()} must be on the npm registry for npx to fetch it.`);
    expect(note).toContain('node /rackwise/packages/cli/dist/bin.js');
    // A broken manifest is caught by the same check.
    const broken = { ...manifest, spec: { ...manifest.spec, completions: 'three' } };
    expect(() => new Job(broken).validate()).toThrow(/completions must be integer/);
  });

  it('writes a Slurm array script that parses, uses documented sbatch options and runs its shard', async () => {
    const { code, out } = await cli(...SWEEP, '--emit', 'slurm', '--out', 'shared/cells', '--parallel', '2');
    expect(code).toBe(EXIT_OK);
    const path = join(dir, 'sweep.sh');
    writeFileSync(path, out);
    expect(spawnSync('bash', ['-n', path]).status).toBe(0);
    const used = [...out.matchAll(/^#SBATCH (--[a-z-]+)(=|$)/gm)].map((m) => m[1]);
    expect(used).toEqual([...SLURM_OPTIONS]);
    for (const option of used) expect(SBATCH_DOCUMENTED).toContain(option);
    expect(out).toContain('#SBATCH --array=0-7\n');
    // As many CPUs as simulations at once, memory per CPU, so a larger --cpus-per-task brings its memory.
    expect(out).toContain('#SBATCH --cpus-per-task=2\n#SBATCH --mem-per-cpu=2G\n');
    // sbatch stops reading #SBATCH lines at the first command: every one comes before it.
    const firstCommand = out.split('\n').findIndex((line) => line !== '' && !line.startsWith('#'));
    expect(out.split('\n').slice(firstCommand).join('\n')).not.toContain('#SBATCH');
    // The header says what must be shared and how to override the requests.
    const header = out.slice(0, out.indexOf('#SBATCH'));
    expect(header).toContain('every node of the cluster sees');
    expect(header).toContain('shared/cells (relative to it), which must be shared too');
    expect(header).toContain('sbatch --cpus-per-task=4 --mem-per-cpu=4G');
    expect(header).toContain(`Node.js 20 or later on PATH (module load, or an export here); npx
# fetches rackwise@${cliVersion()} into the npm cache`);
    // It says plainly what must be published first, and what runs a clone instead.
    expect(header).toContain(`Before publishing: rackwise@${cliVersion()} must be on the npm registry`);
    expect(header).toContain('node <clone>/packages/cli/dist/bin.js');
    const shard = (env: Record<string, string>) => {
      const run = spawnSync('bash', [path], {
        encoding: 'utf8',
        env: { PATH: `${fakeNpx()}:${process.env.PATH}`, SLURM_ARRAY_TASK_ID: '5', ...env },
      });
      expect(run.status).toBe(0);
      return run.stdout.trimEnd().split('\n');
    };
    const args = shard({ SLURM_CPUS_PER_TASK: '2' });
    expect(args.slice(0, 3)).toEqual(['--yes', `rackwise@${cliVersion()}`, 'sweep']);
    expect(args.slice(-4)).toEqual(['--parallel', '2', '--shard', '5/8']);
    expect(args).toContain('shared/cells');
    // `sbatch --cpus-per-task=4` reaches the simulations; outside Slurm the emitted value holds.
    expect(shard({ SLURM_CPUS_PER_TASK: '4' }).slice(-4, -2)).toEqual(['--parallel', '4']);
    expect(shard({}).slice(-4, -2)).toEqual(['--parallel', '2']);
  });

  it('states an absolute --out as it is, and defaults to one CPU a shard', async () => {
    const { code, out } = await cli(...SWEEP, '--emit', 'slurm', '--out', '/shared/cells');
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('go to /shared/cells, which must be shared too');
    expect(out).toContain('#SBATCH --cpus-per-task=1\n');
    expect(out).toContain('--parallel "${SLURM_CPUS_PER_TASK:-1}"');
  });
});

/** Long options of sbatch(1) (Slurm 23.11 manual page), the ones a job script may set. */
const SBATCH_DOCUMENTED = [
  '--account',
  '--array',
  '--begin',
  '--chdir',
  '--constraint',
  '--cpus-per-task',
  '--dependency',
  '--error',
  '--exclusive',
  '--export',
  '--gres',
  '--job-name',
  '--mail-type',
  '--mail-user',
  '--mem',
  '--mem-per-cpu',
  '--nodes',
  '--ntasks',
  '--ntasks-per-node',
  '--open-mode',
  '--output',
  '--partition',
  '--qos',
  '--requeue',
  '--time',
];
