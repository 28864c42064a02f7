import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sparkLog } from '../internal/recorded-trace-fixtures.js';
import { recordingIo } from '../internal/test-io.js';
import { EXIT_OK, EXIT_USAGE, main } from '../main.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SPARK_LOG = join(dir, 'app-1');
writeFileSync(SPARK_LOG, sparkLog());

async function cli(...argv: string[]) {
  const io = recordingIo(dir);
  const code = await main(argv, io);
  return { code, out: io.out.join(''), err: io.err.join('') };
}

describe('rackwise trace info', () => {
  it('describes a Spark event log in a table, racks by a regex', async () => {
    const { code, out } = await cli('trace', 'info', 'app-1', '--racks-from', '^(r\\d)-');
    expect(code).toBe(EXIT_OK);
    expect(out).toMatch(/stages\s+2 \(1 wait for parents\)/);
    expect(out).toMatch(/tasks\s+4/);
    expect(out).toMatch(/shuffle read\s+16\.0 MiB \(remote 8\.0 MiB\)/);
    expect(out).toMatch(/racks\s+r1: 1, r2: 1 — --racks-from/);
    expect(out).toContain('assumptions:');
  });

  it('prints JSON with --json, and refuses a corrupted trace naming line and field', async () => {
    const { out } = await cli('trace', 'info', 'app-1', '--json');
    const summary = JSON.parse(out);
    expect(summary).toMatchObject({ format: 'spark-event-log', stages: 2, hosts: 2, slots: 4 });
    expect(summary.racks).toEqual([{ name: 'default-rack', hosts: 2 }]);
    writeFileSync(join(dir, 'bad'), sparkLog().replace('"Executor Run Time":1500', '"Executor Run Time":-1'));
    const bad = await cli('trace', 'info', 'bad');
    expect(bad.code).toBe(EXIT_USAGE);
    expect(bad.err).toContain(
      'bad line 9, field "Task Metrics.Executor Run Time": expected an integer >= 0, got -1',
    );
  });

  it('refuses a file it cannot read or detect by the file, with no --trace the command never took', async () => {
    const missing = await cli('trace', 'info', 'no-such-log');
    expect(missing.code).toBe(EXIT_USAGE);
    expect(missing.err).toContain(`cannot read ${join(dir, 'no-such-log')}`);
    writeFileSync(join(dir, 'job_1.jhist'), 'Avro-Json\n{"type":"record"}\n');
    const history = await cli('trace', 'info', 'job_1.jhist');
    expect(history.code).toBe(EXIT_USAGE);
    expect(history.err).toContain('job_1.jhist');
    for (const { err } of [missing, history]) expect(err).not.toContain('--trace');
  });

  it('prints a table per stage with --stages, and the same as JSON with --json', async () => {
    const { code, out } = await cli('trace', 'info', 'app-1', '--stages');
    expect(code).toBe(EXIT_OK);
    expect(out).toMatch(
      /^stage\s+tasks\s+input\s+shuffle read\s+shuffle written\s+task p50 s\s+p90 s\s+max s\s+skew\s+stage s$/m,
    );
    expect(out).toMatch(/^\* app-1 stage 0\s+2\s+128\.0 MiB\s+0 B\s+16\.0 MiB/m);
    expect(out).toMatch(/^\* app-1 stage 1\s+2\s+0 B\s+16\.0 MiB\s+0 B/m);
    expect(out).toContain('critical path (*): app-1 stage 0 → app-1 stage 1');
    const json = JSON.parse((await cli('trace', 'info', 'app-1', '--stages', '--json')).out);
    expect(json.criticalPath).toEqual(['app-1 stage 0', 'app-1 stage 1']);
    expect(json.stages[1]).toMatchObject({
      tasks: 2,
      shuffleReadBytes: 16 * 1024 * 1024,
      onCriticalPath: true,
    });
    expect(json.stages[0].skew).toBeGreaterThanOrEqual(1);
  });
});
