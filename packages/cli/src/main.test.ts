import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingIo } from './internal/test-io.js';
import { EXIT_OK, EXIT_USAGE, main } from './main.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const io = recordingIo(dir);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('rackwise presets and policies', () => {
  it('lists every preset on one line with its description', async () => {
    const { code, out } = await cli('presets');
    expect(code).toBe(EXIT_OK);
    const lines = out.trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/)[0])).toEqual([
      'nas-sim',
      'nas-cluster',
      'sw-ec2',
      'sw-dedicated',
      'shadow-bench',
      'shadow-terasort',
      'shadow-fb',
      'fcs-map-heavy',
      'fcs-reduce-heavy',
      'fcs-gridmix',
      'tiny',
      'sw-ec2-calibrated',
    ]);
    expect(lines[0]).toMatch(/^nas-sim\s+NAS §IV-A simulation/);
  });

  it('lists every policy on one line with its summary', async () => {
    const { out } = await cli('policies');
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(21);
    expect(lines.find((l) => l.startsWith('shadow '))).toMatch(/Fair's user order/);
    expect(lines.find((l) => l.startsWith('sw-drf '))).toMatch(/DRF's user order/);
  });
});

describe('usage errors exit 2 before anything runs and name what is wrong', () => {
  it.each([
    [
      ['frobnicate'],
      'unknown command "frobnicate"; commands: run, compare, sweep, merge, report, presets, policies, demo',
    ],
    [
      ['run', '--frobnicate'],
      "unknown option --frobnicate for 'rackwise run'; known options: --preset, --trace",
    ],
    [['run', '--hours'], "option --hours of 'rackwise run': needs a value"],
    [
      ['run', '--preset', 'nope'],
      '--preset: unknown preset "nope"; known presets: nas-sim, nas-cluster, sw-ec2, sw-dedicated, shadow-bench, shadow-terasort, shadow-fb, fcs-map-heavy, fcs-reduce-heavy, fcs-gridmix, tiny, sw-ec2-calibrated',
    ],
    [
      ['run', '--policies', 'fair,nope'],
      '--policies: unknown policy "nope"; known policies: fifo, fair, capacity',
    ],
    [['run', '--policies', 'fair,fair'], '--policies lists "fair" twice'],
    [
      ['run', '--policies', 'fair,delay', '--baseline', 'nas'],
      '--baseline: "nas" is not among the policies run: fair, delay',
    ],
    [['run', '--hours', 'two'], '--hours must be a number in (0, 8760], got "two"'],
    [['run', '--hours=-1'], '--hours must be a number in (0, 8760], got "-1"'],
    [['run', '--hours', '-1'], '--hours must be a number in (0, 8760], got "-1"'],
    [['run', '--quiet=yes'], "option --quiet of 'rackwise run': takes no value"],
    [['run', '--users', '2.5'], '--users must be an integer in [1, 1000000], got "2.5"'],
    [['run', '--size-scale', '0'], '--size-scale must be a number in (0, 1000], got "0"'],
    [['calibrate', '--target', '2'], '--target must be a number in (0, 1], got "2"'],
    [['calibrate', '--policy', 'nope'], '--policy: unknown policy "nope"; known policies: fifo'],
    [
      ['calibrate', '--preset', 'nas-sim'],
      'calibrate: preset nas-sim has no Poisson arrivals with a steady state',
    ],
    [['calibrate', '--bounds', '9,3'], '--bounds: high must exceed low, got "9,3"'],
    [['reproduce', 'kmn'], 'unknown paper "kmn"; known papers: nas, shufflewatcher, shadow, fcs'],
    [['reproduce'], "'rackwise reproduce' needs <paper|all>"],
    [['reproduce', 'fcs', '--parallel', '0'], '--parallel must be an integer in [1, 256], got "0"'],
    [['run', '--seed', 'x'], '--seed must be an integer in [0, 4294967295], got "x"'],
    [['run', '--seeds', '3..1'], '--seeds range must go upwards'],
    [['run', '--seed', '1', '--seeds', '1,2'], '--seed and --seeds: give one or the other'],
    [['run', '--parallel', '0'], '--parallel must be an integer in [1, 256], got "0"'],
    [
      ['run', '--trace', 'missing.tsv'],
      `--trace: trace ${join(dir, 'missing.tsv')} cannot be read (no such file)`,
    ],
    [['run', '--json', 'no/such/dir/r.json'], `--json: directory ${join(dir, 'no/such/dir')} does not exist`],
    [
      ['run', '--json', 'r.out', '--csv', './r.out'],
      `--json and --csv both name ${join(dir, 'r.out')}; give each output its own file`,
    ],
    [
      ['report', 'r.json', '--csv', 'same.txt', '--html', 'same.txt'],
      `--csv and --html both name ${join(dir, 'same.txt')}`,
    ],
    [['run', '--engine', 'warp=9'], '--engine: unknown parameter "warp"; known: mapOverhead, mapRate'],
    [['run', '--engine', 'resolveInterval=soon'], '--engine resolveInterval must be a number, got "soon"'],
    [
      ['run', '--engine', 'resolveInterval=-1'],
      '--engine resolveInterval must be a finite number of seconds >= 0, got -1',
    ],
    [['run', '--engine', 'network=maybe'], '--engine network must be true or false, got "maybe"'],
    [['run', '--engine', 'fetchSource=pod'], '--engine fetchSource must be'],
    [
      ['run', '--engine', 'preemptedFetches=all'],
      "--engine preemptedFetches must be 'segments', 'bytes' or 'drop'",
    ],
    [['run', 'extra'], "'rackwise run' takes no arguments besides options, got extra"],
    [['sweep', '--preset', 'tiny'], '--param is required'],
    [
      ['sweep', '--preset', 'nas-cluster', '--param', 'users'],
      '--param must look like name=v1,v2,… (users=25,50,100), got "users"',
    ],
    [
      ['sweep', '--preset', 'tiny', '--param', 'colour'],
      '--param must look like name=v1,v2,… (users=25,50,100) or name a sweep of the preset (users), got "colour"',
    ],
    [['sweep', '--param', 'users=1,x'], '--param users: "x" is not a number'],
    [['report'], "'rackwise report' needs <result.json>"],
    [['report', 'missing.json'], `${join(dir, 'missing.json')} cannot be read (no such file)`],
  ])('rackwise %j', async (argv, message) => {
    const { code, out, err } = await cli(...argv);
    expect(code).toBe(EXIT_USAGE);
    expect(out).toBe('');
    expect(err).toContain(message);
  });

  it('refuses --hours for a preset with a fixed number of jobs', async () => {
    const { code, err } = await cli('run', '--preset', 'nas-cluster', '--hours', '2');
    expect(code).toBe(EXIT_USAGE);
    expect(err).toContain('hours does not apply to preset nas-cluster');
  });

  it('passes trace errors through with the file, line and field', async () => {
    const trace = join(dir, 'bad.tsv');
    writeFileSync(trace, 'job0\t1\t1\t100\t50\t10\njob1\t2\t1\tlots\t50\t10\n');
    const { code, err } = await cli('run', '--preset', 'tiny', '--trace', trace);
    expect(code).toBe(EXIT_USAGE);
    expect(err).toContain('bad.tsv');
    expect(err).toMatch(/line 2/);
  });

  it('refuses a file that is not a result', async () => {
    const file = join(dir, 'not-a-result.json');
    writeFileSync(file, '{"hello": 1}');
    const { code, err } = await cli('report', file);
    expect(code).toBe(EXIT_USAGE);
    expect(err).toContain(`${file}: not a rackwise result`);
  });
});

describe('help', () => {
  it('prints the commands without arguments (exit 2) and on --help (exit 0)', async () => {
    expect((await cli()).code).toBe(EXIT_USAGE);
    const { code, out } = await cli('--help');
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('Usage: rackwise <command> [options]');
  });

  it("prints a command's options", async () => {
    const { code, out } = await cli('run', '--help');
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('--trace <path|fb2010|fb2009>');
    expect(out).toContain('--policies <a,b,…>');
    // Every trace format `--trace` reads is named in its help.
    const traceHelp = out
      .split('\n')
      .filter((line) => /--trace\b|^\s{8,}\S/.test(line))
      .join(' ');
    for (const format of ['SWIM', 'coflow', 'Spark', 'Rumen']) expect(traceHelp).toContain(format);
  });
});
