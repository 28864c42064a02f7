import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SweepResult } from '@rackwise/experiments';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './internal/test-io.js';
import { EXIT_OK } from './main.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bin = fileURLToPath(new URL('./bin.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));

const cli = (...argv: string[]) => runCli(dir, argv, true);

describe('rackwise run on the tiny preset', () => {
  it('prints the very table of the HTML report, paired by seed, and who won', async () => {
    const { code, out } = await cli(
      'run',
      ...['--preset', 'tiny', '--policies', 'fair,delay,nas', '--seeds', '1,2,3'],
      ...['--parallel', '1', '--quiet', '--html', 'three.html', '--svg', 'three.svg'],
    );
    expect(code).toBe(EXIT_OK);
    const html = readFileSync(join(dir, 'three.html'), 'utf8');
    // The load the run offered the network (as the README quotes it), then the verdict in
    // words, open both; the SVG is the HTML's headline chart alone.
    const load = out.split('\n')[1] ?? '';
    expect(load).toMatch(
      /^Offered load: \d\.\d\d of the rack uplinks' capacity in cross-rack shuffle \(uplinks delivering \d\.\d\d at the median and \d\.\d\d at the 95th percentile, slots \d+ % used under fair; mean over 3 seeds\)\.$/,
    );
    expect(html).toContain(`<p>${load.replace("'", '&#39;')}</p>`);
    expect(out.split('\n')[2]).toBe('Over 3 seeds, paired by seed (ratio to fair per seed, 95 % interval):');
    expect(out).toMatch(/^delay against fair: .*\.$/m);
    expect(out).toMatch(/^nas against fair: .*\.$/m);
    const svg = readFileSync(join(dir, 'three.svg'), 'utf8');
    expect(svg).toMatch(/^<\?xml [^\n]*\n<svg [^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    const chart = /<svg[\s\S]*?<\/svg>/.exec(html.slice(html.indexOf('<h2>Headline metrics')))?.[0];
    // ECharts numbers its style classes per chart rendered in the process.
    const unnumbered = (text: string | undefined) => text?.replace(/zr\d+-(cls|c)-\d+/g, 'zr-id');
    expect(unnumbered(chart)).toBeDefined();
    expect(unnumbered(svg)).toContain(unnumbered(chart));
    const section = html.slice(html.indexOf('<h2>Headline metrics'));
    const table = section.slice(0, section.indexOf('</table>'));
    const text = (cell: string) =>
      cell.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
    const rows = [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((tr) =>
      [...(tr[1] as string).matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => text(c[1] as string)),
    );
    const printed = out.split('\n').map((line) => line.trim().split(/\s{2,}/));
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows) expect(printed).toContainEqual(row);
    expect(rows[1]?.[4]).toMatch(/^\d\.\d{3} \[\d\.\d{3}, \d\.\d{3}\]$/);
    const verdict = text(/<p class="verdict">(.*?)<\/p>/.exec(section)?.[1] ?? '');
    expect(verdict).toMatch(/^best \(\? = not sure: the 95 % intervals overlap\): /);
    expect(out.split('\n')).toContain(verdict);
  });

  it('prints the normalised table and writes JSON, CSV and HTML', async () => {
    const { code, out, err } = await cli(
      'run',
      '--preset',
      'tiny',
      '--policies',
      'fair,nas',
      '--parallel',
      '1',
      '--quiet',
      '--json',
      'r.json',
      '--csv',
      'r.csv',
      '--html',
      'r.html',
      '--jobs-csv',
      'jobs.csv',
    );
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('normalised to fair (= 1.000)');
    expect(out).toMatch(/Throughput \(jobs\/h\)\s+higher\s+\S+\s+1\.000\s+\d\.\d{3}/);
    expect(out).toMatch(/^best \(one seed: no interval, so none is sure\): Throughput /m);
    expect(err).toContain(`wrote ${join(dir, 'r.json')}`);
    const json = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(json.policies.map((p: { policy: string }) => p.policy)).toEqual(['fair', 'nas']);
    const header = readFileSync(join(dir, 'r.csv'), 'utf8').split('\n')[0]!.split(',');
    expect(header[0]).toBe('policy');
    expect(header.slice(1)).toEqual([...header.slice(1)].sort());
    expect(header).toContain('byShuffleClass.heavy.throughput');
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toMatch(/^<!doctype html>/);
    const jobs = readFileSync(join(dir, 'jobs.csv'), 'utf8').trimEnd().split('\n');
    expect(jobs[0]).toMatch(/^policy,seed,id,name,class,submit,start,finish,executionTime,maps,reduces,/);
    expect(jobs).toHaveLength(1 + 2 * 30);
    expect(err).not.toContain('--jobs-csv:');

    const report = await cli('report', 'r.json', '--baseline', 'nas', '--csv', 'again.csv');
    expect(report.code).toBe(EXIT_OK);
    expect(report.out).toContain('normalised to nas (= 1.000)');
    expect(readFileSync(join(dir, 'again.csv'), 'utf8')).toBe(readFileSync(join(dir, 'r.csv'), 'utf8'));
    // Two saved results side by side: the same policies, renamed by file.
    const copy = await cli(
      'run',
      '--preset',
      'tiny',
      '--policies',
      'fair,delay',
      '--parallel',
      '1',
      '--quiet',
      '--json',
      'other.json',
    );
    expect(copy.code).toBe(EXIT_OK);
    const both = await cli('report', 'r.json', 'other.json', '--html', 'both.html');
    expect(both.code).toBe(EXIT_OK);
    expect(both.out).toMatch(/normalised to fair \(r\) \(= 1\.000\)/);
    expect(both.out).toMatch(
      /fair \(r\) \/ fair \(r\)\s+nas \/ fair \(r\)\s+fair \(other\) \/ fair \(r\)\s+delay \/ fair \(r\)/,
    );
    expect(readFileSync(join(dir, 'both.html'), 'utf8')).toContain('fair (other)');
    const again = await cli('report', 'r.json', '--jobs-csv', 'jobs-again.csv');
    expect(again.code).toBe(EXIT_OK);
    expect(readFileSync(join(dir, 'jobs-again.csv'), 'utf8')).toBe(
      readFileSync(join(dir, 'jobs.csv'), 'utf8'),
    );
  });

  /** Sweeps `param` on the tiny preset under Fair, printing throughput. */
  const sweepFair = (param: string, ...more: string[]) =>
    cli(
      'sweep',
      '--preset',
      'tiny',
      '--policies',
      'fair',
      '--param',
      param,
      '--metric',
      'throughput',
      '--parallel',
      '1',
      ...more,
    );

  it('sweeps users and prints one table per headline metric', async () => {
    const { code, out } = await sweepFair('users=1,3');
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('throughput normalised to fair at the same users');
    expect(out).toMatch(/\n1\s+\S+\s+1\.000\n3\s+\S+\s+1\.000/);
  });

  it("takes the preset's own values for a bare --param", async () => {
    const { code, out } = await sweepFair('users');
    expect(code).toBe(EXIT_OK);
    expect(out.match(/^(1|3|6)\s/gm)).toEqual(['1 ', '3 ', '6 ']);
  });

  it('sweeps an engine parameter over its names, and refuses a name the engine does not know', async () => {
    const { code, out } = await sweepFair(
      'engine.preemptedFetches=bytes,drop',
      '--reference',
      'drop',
      '--json',
      'fetches.json',
    );
    expect(code).toBe(EXIT_OK);
    expect(out).toContain('throughput normalised to fair at engine.preemptedFetches = drop');
    expect(out).toMatch(/\nbytes\s+\S+\s+1\.000\ndrop\s+\S+\s+1\.000/);
    const result = JSON.parse(readFileSync(join(dir, 'fetches.json'), 'utf8')) as SweepResult;
    expect(
      result.points.map((p) => [
        p.value,
        (p.result.configuration.engine as Record<string, unknown>).preemptedFetches,
      ]),
    ).toEqual([
      ['bytes', 'bytes'],
      ['drop', 'drop'],
    ]);
    const wrong = await sweepFair('engine.preemptedFetches=segments,all');
    expect(wrong.code).toBe(2);
    expect(wrong.err).toMatch(/preemptedFetches must be 'segments', 'bytes' or 'drop', got "all"/);
  });

  it('refuses an unknown metric before running', async () => {
    const { code, err } = await cli('sweep', '--preset', 'tiny', '--param', 'users=1', '--metric', 'speed');
    expect(code).toBe(2);
    expect(err).toMatch(/--metric: unknown metric "speed"; known metrics: jobsSubmitted/);
  });
});

describe('the rackwise bin', () => {
  // Two fresh processes loading the sources through tsx: seconds, not milliseconds.
  it('runs simulations on worker threads with the same results as on one thread', { timeout: 60_000 }, () => {
    const run = (parallel: string, csv: string) =>
      spawnSync(
        process.execPath,
        [
          '--conditions=@rackwise/source',
          '--import',
          'tsx',
          bin,
          'run',
          '--preset',
          'tiny',
          '--policies',
          'fair,delay',
          '--parallel',
          parallel,
          '--csv',
          join(dir, csv),
        ],
        { cwd: packageDir, encoding: 'utf8', env: { ...process.env, CI: '1' } },
      );
    const threaded = run('2', 'threads.csv');
    expect(threaded.stderr).not.toMatch(/\r/);
    expect(threaded.status).toBe(0);
    expect(run('1', 'single.csv').status).toBe(0);
    expect(readFileSync(join(dir, 'threads.csv'), 'utf8')).toBe(
      readFileSync(join(dir, 'single.csv'), 'utf8'),
    );
  });
});
