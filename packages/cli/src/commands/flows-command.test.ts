import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseFlowTimes, parseFlowTrace } from '@rackwise/flow-replay';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingIo } from '../internal/test-io.js';
import { EXIT_OK, EXIT_USAGE, main } from '../main.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-flows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const io = recordingIo(dir, {}, true);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('rackwise run --flow-trace and rackwise flows', () => {
  it("records a run's flows and replays them to the same end times under the exact setting", async () => {
    const run = await cli('run', '--preset', 'tiny', '--policies', 'fair', '--flow-trace', 'fair.tsv', '-q');
    expect(run.code).toBe(EXIT_OK);
    const trace = parseFlowTrace(readFileSync(join(dir, 'fair.tsv'), 'utf8'));
    expect(trace.flows.length).toBeGreaterThan(10);
    const replay = await cli('flows', 'replay', 'fair.tsv', '--out', 'exact.tsv', '--links', 'links.tsv');
    expect(replay.code).toBe(EXIT_OK);
    const times = parseFlowTimes(readFileSync(join(dir, 'exact.tsv'), 'utf8'));
    const recorded = new Map(trace.flows.map((f) => [f.id, f.end]));
    for (const t of times) expect(t.end).toBeCloseTo(recorded.get(t.id)!, 6);
    expect(readFileSync(join(dir, 'links.tsv'), 'utf8')).toMatch(/^# rackwise link bytes 1\n/);
  });

  it('names a file per run when several run, and compares two timings', async () => {
    const run = await cli(
      'run',
      '--preset',
      'tiny',
      '--policies',
      'fair,fifo',
      '--flow-trace',
      'both.tsv',
      '--parallel',
      '1',
      '-q',
    );
    expect(run.code).toBe(EXIT_OK);
    const trace = join(dir, 'both-fifo-seed1.tsv');
    expect(parseFlowTrace(readFileSync(trace, 'utf8')).flows.length).toBeGreaterThan(0);
    expect((await cli('flows', 'replay', trace, '--network', 'day-long', '--out', 'day.tsv')).code).toBe(
      EXIT_OK,
    );
    expect((await cli('flows', 'replay', trace, '--out', 'ref.tsv')).code).toBe(EXIT_OK);
    const compared = await cli('flows', 'compare', trace, 'day.tsv', 'ref.tsv', '--json', 'c.json');
    expect(compared.code).toBe(EXIT_OK);
    expect(compared.out).toContain('FCT by flow size');
    const json = JSON.parse(readFileSync(join(dir, 'c.json'), 'utf8'));
    expect(json.flows).toBeGreaterThan(0);
  });

  it('compares what both timings hold and names the flows the reference lacks', async () => {
    const text = readFileSync(join(dir, 'exact.tsv'), 'utf8').split('\n');
    const first = text.findIndex((l) => l !== '' && !l.startsWith('#'));
    const dropped = Number(text[first]!.split('\t')[0]);
    writeFileSync(join(dir, 'partial.tsv'), text.filter((_, i) => i !== first).join('\n'));
    const compared = await cli(
      'flows',
      'compare',
      'fair.tsv',
      'exact.tsv',
      'partial.tsv',
      '--json',
      'p.json',
    );
    expect(compared.code).toBe(EXIT_OK);
    expect(compared.out).toContain(`1 not in the reference timing (left out): ${dropped}\n`);
    const json = JSON.parse(readFileSync(join(dir, 'p.json'), 'utf8'));
    expect(json.missing).toEqual({ model: [], reference: [dropped] });
    expect(json.makespanError).toBe(0);
  });

  it('refuses an unknown network setting and a malformed trace by name', async () => {
    writeFileSync(join(dir, 'bad.tsv'), '# rackwise flow trace 1\ntopology\t2\t2\t1e9\t1e9\tx\n');
    const bad = await cli('flows', 'replay', 'bad.tsv');
    expect(bad.code).toBe(EXIT_USAGE);
    expect(bad.err).toContain('bad.tsv:2: rackDownlinkBitsPerSecond must be');
    const unknown = await cli('flows', 'replay', 'fair.tsv', '--network', 'fastest');
    expect(unknown.code).toBe(EXIT_USAGE);
    expect(unknown.err).toContain('unknown network setting "fastest"');
  });
});
