import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingIo } from '../internal/test-io.js';
import { EXIT_OK, main } from '../main.js';
import { isCoflowTrace } from './coflow-replay-command.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-coflow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// Two coflows on 3 racks: the first moves 2^30 bits from rack 0 to rack 1 (one second at
// 2^30 bit/s), the second starts 10 s later and moves half as much from racks 1, 2 to 0.
const trace = join(dir, 'tiny-coflows.txt');
writeFileSync(trace, '3 2\n1 0 1 0 1 1:128\n2 10000 2 1 2 1 0:128\n');
const swim = join(dir, 'swim.tsv');
writeFileSync(swim, 'job0\t0\t0\t100\t10\t10\n');

async function cli(...argv: string[]) {
  const io = recordingIo(dir, {}, true);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('rackwise run --trace <coflow-benchmark file>', () => {
  it('tells the two trace formats apart by their first line', () => {
    expect(isCoflowTrace(trace)).toBe(true);
    expect(isCoflowTrace(swim)).toBe(false);
  });

  it("replays the coflows at CoflowSim's fabric and writes every coflow's record", async () => {
    const { code, out } = await cli('run', '--trace', trace, '--json', 'coflows.json');
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('2 coflows on 3 racks');
    // Coflow 1: 128 MiB over one 2^30 bit/s link = 1 s; coflow 2: two flows of 64 MiB into
    // rack 0's downlink, sharing it = 1 s.
    expect(out).toContain('mean 1.000 s');
    const written = JSON.parse(readFileSync(join(dir, 'coflows.json'), 'utf8'));
    expect(written.coflows.map((c: { duration: number }) => c.duration)).toEqual([1, 1]);
  });

  it('names the line of a malformed coflow file', async () => {
    const bad = join(dir, 'bad-coflows.txt');
    writeFileSync(bad, '3 1\n1 0 1 7 1 1:128\n');
    const { code, err } = await cli('run', '--trace', bad);
    expect(code).toBe(2);
    expect(err).toMatch(/bad-coflows\.txt.*line 2/);
  });

  it('writes one CSV row per coflow and an HTML page, and keeps the first hours asked for', async () => {
    const { code, out } = await cli(
      'run',
      '--trace',
      trace,
      '--csv',
      'coflows.csv',
      '--html',
      'coflows.html',
    );
    expect(code).toBe(EXIT_OK);
    const csv = readFileSync(join(dir, 'coflows.csv'), 'utf8').trim().split('\n');
    expect(csv[0]).toBe('id,arrivalTime,completionTime,duration,crossRackBytes,flows');
    expect(csv.length).toBe(3);
    expect(csv[2]!.split(',')[3]).toBe('1');
    expect(readFileSync(join(dir, 'coflows.html'), 'utf8')).toContain('<td>1</td>');
    expect(out).toContain('2 coflows');
    // The second coflow arrives 10 s after the first: 0.001 h keeps only the first.
    const early = await cli('run', '--trace', trace, '--hours', '0.001', '--csv', 'early.csv');
    expect(early.code).toBe(EXIT_OK);
    expect(early.out).toContain('1 coflows');
    expect(readFileSync(join(dir, 'early.csv'), 'utf8').trim().split('\n').length).toBe(2);
  });

  it('writes --json, --csv and --html together and keeps only the coflows of --hours', async () => {
    const { code, out, err } = await cli(
      'run',
      '--trace',
      trace,
      '--hours',
      '0.001',
      '--json',
      'all.json',
      '--csv',
      'all.csv',
      '--html',
      'all.html',
    );
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('1 coflows on 3 racks');
    expect(out).toContain('first 0.001 h');
    for (const file of ['all.json', 'all.csv', 'all.html']) expect(err).toContain(file);
    expect(JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')).coflows.length).toBe(1);
    expect(readFileSync(join(dir, 'all.csv'), 'utf8').trim().split('\n').length).toBe(2);
    const html = readFileSync(join(dir, 'all.html'), 'utf8');
    expect(html.match(/<tr><td>/g)?.length).toBe(1);
  });

  it('refuses by name every option it cannot honour', async () => {
    for (const [args, message] of [
      [['--preset', 'nas-sim'], '--preset: not taken by a coflow-benchmark replay'],
      [['--policies', 'fair'], '--policies: not taken by a coflow-benchmark replay'],
      [['--baseline', 'fair'], '--baseline: not taken by a coflow-benchmark replay'],
      [['--users', '3'], '--users: not taken by a coflow-benchmark replay'],
      [['--size-scale', '2'], '--size-scale: not taken by a coflow-benchmark replay'],
      [['--seed', '3'], '--seed: not taken by a coflow-benchmark replay'],
      [['--seeds', '1,2'], '--seeds: not taken by a coflow-benchmark replay'],
      [['--parallel', '2'], '--parallel: not taken by a coflow-benchmark replay'],
      [['--jobs-csv', 'j.csv'], '--jobs-csv: not taken by a coflow-benchmark replay'],
      [['--flow-trace', 'f.txt'], '--flow-trace: not taken by a coflow-benchmark replay'],
      [['--svg', 'a.svg'], '--svg: not taken by a coflow-benchmark replay'],
      [['--racks-from', 'r(\\d+)'], '--racks-from applies to Spark and Rumen traces only'],
      [['--racks-file', 'racks.txt'], '--racks-file applies to Spark and Rumen traces only'],
      [['--durations', 'modelled'], '--durations applies to Spark and Rumen traces only'],
      [['--markdown', 'm.md'], '--markdown applies to Spark and Rumen traces only'],
      [['--engine', 'mapRate=2e7'], '--engine mapRate: a coflow-benchmark replay takes only'],
    ] as const) {
      const { code, err } = await cli('run', '--trace', trace, ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(err).toContain(message);
    }
  });

  it('takes the engine parameters it can honour', async () => {
    const { code, out } = await cli('run', '--trace', trace, '--engine', 'flowModel=per-flow', '--quiet');
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('mean 1.000 s');
  });

  it('follows --trace-format over the detected format', async () => {
    const coflow = await cli('run', '--trace', trace, '--trace-format', 'coflow');
    expect(coflow.code).toBe(EXIT_OK);
    expect(coflow.out).toContain('2 coflows on 3 racks');
    // Read as SWIM, the coflow file is not a SWIM trace; read as coflows, a SWIM trace is not either.
    const asSwim = await cli('run', '--trace', trace, '--trace-format', 'swim');
    expect(asSwim.code).toBe(2);
    expect(asSwim.err).toMatch(/tiny-coflows\.txt line 1: expected 6 tab-separated fields/);
    const asCoflow = await cli('run', '--trace', swim, '--trace-format', 'coflow');
    expect(asCoflow.code).toBe(2);
    expect(asCoflow.err).toMatch(/swim\.tsv line 1: expected "<ports> <coflows>"/);
  });
});
