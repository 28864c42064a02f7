import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rumenHistory, sparkLog } from '../internal/recorded-trace-fixtures.js';
import { recordingIo } from '../internal/test-io.js';
import { EXIT_OK, EXIT_USAGE, main } from '../main.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-replay-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(join(dir, 'app-1'), sparkLog());

async function cli(...argv: string[]) {
  const io = recordingIo(dir);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('rackwise run --trace <Spark event log>', () => {
  it('replays it under the scheduler it names and compares each job with the recording', async () => {
    const { code, out } = await cli('run', '--trace', 'app-1', '--quiet', '--markdown', 'replay.md');
    expect(code).toBe(EXIT_OK);
    expect(out).toMatch(/trace-app-1 · app-1 \(2 jobs\)/);
    expect(out).toContain('Scheduler the trace names: spark FIFO');
    const row = /\| fifo \| 2 \| ([\d.]+) % \|/.exec(out);
    expect(row).not.toBeNull();
    // Two stages, each its own job; the error of each is finite.
    expect(Number(row![1])).toBeLessThan(100);
    const markdown = readFileSync(join(dir, 'replay.md'), 'utf8');
    expect(markdown).toContain('| policy | jobs | median abs. error');
    // The file lists every job in order, not only the largest errors.
    expect(markdown).toContain('Every job under fifo');
    expect(markdown.indexOf('stage 0 |')).toBeLessThan(markdown.indexOf('stage 1 |'));
    expect(markdown.indexOf('stage 0 |')).toBeGreaterThan(0);
  });

  it('runs several policies in one command, and the recorded compute makes the replay slower when durations are modelled away', async () => {
    const recorded = await cli('run', '--trace', 'app-1', '--quiet', '--policies', 'fair,delay');
    expect(recorded.out).toMatch(/\| fair \| 2 \|/);
    expect(recorded.out).toMatch(/\| delay \| 2 \|/);
    const fifo = await cli('run', '--trace', 'app-1', '--quiet');
    const modelled = await cli('run', '--trace', 'app-1', '--quiet', '--durations', 'modelled');
    // The simulated span is the seventh cell of the policy's row.
    const span = (text: string) => Number.parseFloat(/^\| fifo \|.*$/m.exec(text)![0].split('|')[7]!);
    // 64 MiB maps at 10 MB/s take about 7.7 s under the duration model, against 3–4 s recorded.
    expect(span(modelled.out)).toBeGreaterThan(span(fifo.out) + 2);
  });

  it('leaves out what --leave-out names, says so, and refuses a name it does not know', async () => {
    const all = await cli('run', '--trace', 'app-1', '--quiet', '--markdown', 'all.md');
    const without = await cli(
      'run',
      '--trace',
      'app-1',
      '--quiet',
      '--leave-out',
      'deserialise,scheduler-delay,result',
      '--markdown',
      'without.md',
    );
    expect(without.code).toBe(EXIT_OK);
    const report = readFileSync(join(dir, 'without.md'), 'utf8');
    expect(report).toContain('left out of this replay: deserialise, scheduler-delay, result');
    expect(readFileSync(join(dir, 'all.md'), 'utf8')).not.toContain('left out of this replay');
    // Each task of the fixture spends 0.1 s outside its run time: without it the span is shorter.
    const span = (text: string) => Number.parseFloat(/^\| fifo \|.*$/m.exec(text)![0].split('|')[7]!);
    expect(span(without.out)).toBeLessThan(span(all.out));
    const unknown = await cli('run', '--trace', 'app-1', '--leave-out', 'naps');
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.err).toContain(
      '--leave-out: unknown "naps"; a replay can leave out executors, failed-attempts',
    );
  });

  it('refuses a log in which no stage ran, saying there is nothing to replay', async () => {
    const start = sparkLog()
      .split('\n')
      .find((l) => l.includes('SparkListenerApplicationStart'))!;
    writeFileSync(join(dir, 'idle-app'), `${start}\n`);
    const { code, err } = await cli('run', '--trace', 'idle-app', '--quiet');
    expect(code).toBe(EXIT_USAGE);
    expect(err).toContain('idle-app: no stage or job of this trace completed: nothing to replay');
    expect(err).not.toContain('hdfsPlacement');
  });

  it('refuses options that do not apply to a recorded trace', async () => {
    const hours = await cli('run', '--trace', 'app-1', '--hours', '1');
    expect(hours.code).toBe(EXIT_USAGE);
    expect(hours.err).toContain('--hours does not apply to a recorded trace');
    const durations = await cli('run', '--trace', 'app-1', '--durations', 'guessed');
    expect(durations.err).toContain('--durations: expected recorded or modelled');
    const format = await cli('run', '--trace', 'app-1', '--trace-format', 'rumen');
    expect(format.code).toBe(EXIT_USAGE);
    expect(format.err).toMatch(/app-1 record 1 \(line 1\), field "jobID"/);
  });
});

describe('rackwise run --trace <Rumen job history> and a rolling Spark log', () => {
  it('replays a Rumen history on its recorded racks under YARN fair and capacity', async () => {
    writeFileSync(join(dir, 'jh.json'), rumenHistory());
    const info = await cli('trace', 'info', 'jh.json');
    expect(info.out).toMatch(/racks\s+r1: 2, r2: 1 — as recorded in the trace/);
    const { code, out } = await cli('run', '--trace', 'jh.json', '--quiet');
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('Scheduler the trace names: yarn');
    expect(out).toMatch(/\| fair \| 1 \|/);
    expect(out).toMatch(/\| capacity \| 1 \|/);
    expect(out).toContain(
      "cluster: 2 rack(s) × 2 node(s), each with its host's recorded slots (1 containers), 1 of them idle padding",
    );
  });

  it('reads a rolling eventlog_v2 directory as one log', async () => {
    const rolling = join(dir, 'eventlog_v2_app-1');
    mkdirSync(rolling);
    const lines = sparkLog().split('\n');
    writeFileSync(join(rolling, 'events_1_app-1'), lines.slice(0, 5).join('\n'));
    writeFileSync(join(rolling, 'events_2_app-1'), lines.slice(5).join('\n'));
    const { code, out } = await cli('run', '--trace', 'eventlog_v2_app-1', '--quiet');
    expect(code).toBe(EXIT_OK);
    expect(out).toMatch(/\| fifo \| 2 \|/);
  });
});
