import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { byteTotals, vendoredRows } from '../test/vendored-rows.js';
import { FB2009_JOB_COUNT, fb2009TracePath, loadFb2009 } from './fb2009-trace.js';
import { parseSwimTrace } from './swim-trace.js';

const text = readFileSync(fb2009TracePath(), 'utf8');
const rows = vendoredRows(fb2009TracePath());

describe('the vendored FB-2009 trace', () => {
  const workload = loadFb2009();

  it('is found beside the package sources, next to FB-2010', () => {
    expect(existsSync(fb2009TracePath())).toBe(true);
    expect(fb2009TracePath()).toMatch(/data[\\/]swim[\\/]FB-2009_samples_24_times_1hr_0\.tsv$/);
  });

  it("has FB-2010's column layout: id, submit time, gap to the job before, input, shuffle, output", () => {
    expect(new Set(rows.map((row) => row.length))).toEqual(new Set([6]));
    rows.forEach((row, i) => {
      expect(row[0]).toBe(`job${i}`);
      const previous = i === 0 ? 0 : Number(rows[i - 1]?.[1]);
      expect(Number(row[2])).toBe(Number(row[1]) - previous);
      for (const bytes of row.slice(3)) expect(bytes).toMatch(/^\d+$/);
    });
  });

  it('holds 5,894 jobs over one day and reads its first lines exactly', () => {
    expect(workload.name).toBe('FB-2009');
    expect(workload.jobs).toHaveLength(FB2009_JOB_COUNT);
    expect(rows).toHaveLength(FB2009_JOB_COUNT);
    expect(workload.jobs.at(-1)?.submitTime).toBe(86404);
    expect(
      workload.jobs
        .slice(0, 2)
        .map((j) => [j.name, j.submitTime, j.inputBytes, j.shuffleBytes, j.outputBytes]),
    ).toEqual([
      ['job0', 49, 740773, 2339561, 627471],
      ['job1', 101, 736346, 1700537, 432269],
    ]);
  });

  it('keeps the byte totals of the file and has 205,713 maps and 116,051 reduces', () => {
    const { file, read } = byteTotals(rows, workload);
    expect(read).toEqual(file);
    expect(workload.jobs.reduce((n, j) => n + j.mapCount, 0)).toBe(205_713);
    expect(workload.jobs.reduce((n, j) => n + j.reduceCount, 0)).toBe(116_051);
  });

  it('loads a window under its own name', () => {
    const second = loadFb2009({ hours: { fromHour: 1, toHour: 2 } });
    expect(second.name).toBe('FB-2009 hours 1–2');
    expect(second.jobs).toHaveLength(
      rows.filter((row) => Number(row[1]) >= 3600 && Number(row[1]) < 7200).length,
    );
  });

  it('is refused with a column dropped or swapped, naming the line', () => {
    const lines = text.trim().split('\n');
    const dropped = [...lines];
    dropped[2] = (dropped[2] as string).split('\t').slice(0, 5).join('\t');
    expect(() => parseSwimTrace(dropped.join('\n'), { fileName: 'FB-2009.tsv' })).toThrow(
      /^FB-2009\.tsv line 3: expected 6 tab-separated fields/,
    );
    const swapped = [...lines];
    const [id, submit, gap, ...sizes] = (swapped[3] as string).split('\t');
    swapped[3] = [id, gap, submit, ...sizes].join('\t');
    expect(() => parseSwimTrace(swapped.join('\n'), { fileName: 'FB-2009.tsv' })).toThrow(
      /^FB-2009\.tsv line 4, field "submit time": expected a time >= 122/,
    );
  });
});
