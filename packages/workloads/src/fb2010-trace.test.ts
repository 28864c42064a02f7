import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { byteTotals, vendoredRows } from '../test/vendored-rows.js';
import { FB2010_JOB_COUNT, fb2010TracePath, loadFb2010 } from './fb2010-trace.js';
import { readSwimTrace } from './swim-trace.js';

const rows = vendoredRows(fb2010TracePath());

describe('the vendored FB-2010 trace', () => {
  const workload = loadFb2010();

  it('is found beside the package sources', () => {
    expect(existsSync(fb2010TracePath())).toBe(true);
    expect(fb2010TracePath()).toMatch(/data[\\/]swim[\\/]FB-2010_samples_24_times_1hr_0\.tsv$/);
  });

  it('holds the 24,442 jobs of NAS §IV-A', () => {
    expect(workload.name).toBe('FB-2010');
    expect(workload.jobs).toHaveLength(FB2010_JOB_COUNT);
    expect(rows).toHaveLength(FB2010_JOB_COUNT);
  });

  it('reads its first lines exactly', () => {
    expect(rows.slice(0, 3)).toEqual([
      ['job0', '9', '9', '1762', '0', '14347'],
      ['job1', '18', '9', '970', '609', '697'],
      ['job2', '20', '2', '53088744165', '1510005522', '5759777'],
    ]);
    expect(
      workload.jobs
        .slice(0, 3)
        .map((j) => [j.name, j.submitTime, j.inputBytes, j.shuffleBytes, j.outputBytes]),
    ).toEqual([
      ['job0', 9, 1762, 0, 14347],
      ['job1', 18, 970, 609, 697],
      ['job2', 20, 53088744165, 1510005522, 5759777],
    ]);
  });

  it('keeps the byte totals of the file', () => {
    const { file, read } = byteTotals(rows, workload);
    expect(read).toEqual(file);
  });

  it('has about 8.1 million maps of 128 MiB (docs/architecture.md §5)', () => {
    const block = 134_217_728n;
    const expected = rows.reduce((maps, row) => {
      const input = BigInt(row[3] as string);
      return maps + (input === 0n ? 1n : (input + block - 1n) / block);
    }, 0n);
    const maps = workload.jobs.reduce((total, j) => total + j.mapCount, 0);
    expect(BigInt(maps)).toBe(expected);
    expect(maps).toBeGreaterThan(8_000_000);
    expect(maps).toBeLessThan(8_200_000);
  });

  it('has about 0.5 million reduces under the default SWIM rule for 600 machines', () => {
    const reduces = workload.jobs.reduce((total, j) => total + j.reduceCount, 0);
    expect(reduces).toBeGreaterThan(450_000);
    expect(reduces).toBeLessThan(550_000);
    expect(workload.jobs.filter((j) => j.reduceCount === 0)).toHaveLength(
      rows.filter((row) => row[4] === '0' && row[5] === '0').length,
    );
  });

  it('spans one day and loads a window', () => {
    expect(workload.jobs.at(-1)?.submitTime).toBe(86408);
    const second = loadFb2010({ hours: { fromHour: 1, toHour: 2 } });
    const expected = rows.filter((row) => Number(row[1]) >= 3600 && Number(row[1]) < 7200).length;
    expect(second.name).toBe('FB-2010 hours 1–2');
    expect(second.jobs).toHaveLength(expected);
    expect(second.jobs[0]?.submitTime).toBeLessThan(3600);
  });

  it('reads through readSwimTrace with the same result', () => {
    const direct = readSwimTrace(fb2010TracePath(), { hours: 1 });
    expect(direct.jobs).toEqual(loadFb2010({ hours: 1 }).jobs);
  });
});

describe('readSwimTrace', () => {
  it('names the path it cannot read', () => {
    expect(() => readSwimTrace('/no/such/FB.tsv')).toThrow('readSwimTrace: cannot read /no/such/FB.tsv');
  });
});
