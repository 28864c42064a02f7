import { describe, expect, it } from 'vitest';
import { hdfsPlacement } from './hdfs-placement.js';
import type { SwimTraceOptions } from './swim-trace.js';
import { parseSwimTrace } from './swim-trace.js';
import { MEBIBYTE } from './units.js';

const FILE = 'FB-test.tsv';
const line = (...fields: (string | number)[]) => fields.join('\t');

/** Six well-formed jobs; sizes chosen to exercise the map and reduce rules. */
const TRACE = [
  line('job0', 9, 9, 1762, 0, 14347),
  line('job1', 18, 9, 970, 609, 697),
  line('job2', 20, 2, 53088744165, 1510005522, 5759777),
  line('job3', 3600, 3580, 128 * MEBIBYTE, 64 * MEBIBYTE, 32 * MEBIBYTE),
  line('job4', 3700, 100, 0, 0, 0),
  line('job5', 7300, 3600, 128 * MEBIBYTE + 1, 0, 10),
].join('\n');

function parse(text: string, options: SwimTraceOptions = {}) {
  return parseSwimTrace(text, { fileName: FILE, ...options });
}

/** Replaces one field of one line of TRACE (1-based line, 0-based field). */
function withField(lineNumber: number, field: number, value: string): string {
  const lines = TRACE.split('\n');
  const fields = (lines[lineNumber - 1] as string).split('\t');
  fields[field] = value;
  lines[lineNumber - 1] = fields.join('\t');
  return lines.join('\n');
}

describe('parseSwimTrace — malformed input names file, line and field', () => {
  it('rejects a line with the wrong number of fields', () => {
    const text = `${TRACE}\n${line('job6', 7400, 100, 5, 5)}`;
    expect(() => parse(text)).toThrow(/^FB-test\.tsv line 7: expected 6 tab-separated fields .* got 5$/);
  });

  it('rejects a non-numeric size', () => {
    expect(() => parse(withField(2, 3, 'lots'))).toThrow(
      'FB-test.tsv line 2, field "map input bytes": expected a non-negative integer, got "lots"',
    );
  });

  it('rejects a negative size', () => {
    expect(() => parse(withField(4, 4, '-3'))).toThrow(
      'FB-test.tsv line 4, field "shuffle bytes": expected a non-negative integer, got "-3"',
    );
  });

  it('rejects a fractional byte count', () => {
    expect(() => parse(withField(3, 5, '12.5'))).toThrow(
      'FB-test.tsv line 3, field "reduce output bytes": expected a non-negative integer, got "12.5"',
    );
  });

  it('rejects NaN and infinities', () => {
    expect(() => parse(withField(1, 1, 'NaN'))).toThrow(
      'FB-test.tsv line 1, field "submit time": expected a non-negative number, got "NaN"',
    );
    expect(() => parse(withField(1, 2, 'Infinity'))).toThrow('FB-test.tsv line 1, field "gap": expected');
  });

  it('rejects a byte count beyond the safe integers', () => {
    expect(() => parse(withField(2, 3, '9007199254740993'))).toThrow(
      'FB-test.tsv line 2, field "map input bytes": expected a non-negative integer',
    );
  });

  it('rejects submit times that go backwards', () => {
    expect(() => parse(withField(3, 1, '17'))).toThrow(
      'FB-test.tsv line 3, field "submit time": expected a time >= 18 (the submit time on line 2; times must not go backwards), got "17"',
    );
  });

  it('rejects a duplicate job id', () => {
    expect(() => parse(withField(5, 0, 'job1'))).toThrow(
      'FB-test.tsv line 5, field "job id": expected an id not used before (line 2 has it), got "job1"',
    );
  });

  it('rejects an empty job id', () => {
    expect(() => parse(withField(2, 0, ''))).toThrow('FB-test.tsv line 2, field "job id"');
  });

  it('rejects an empty file, and one of blank lines only', () => {
    expect(() => parse('')).toThrow(
      'FB-test.tsv line 1: expected a job record (6 tab-separated fields), got an empty file',
    );
    expect(() => parse('\n \n')).toThrow('FB-test.tsv line 1:');
  });

  it('returns nothing when a late line is bad (no partial workload)', () => {
    const text = `${TRACE}\n${line('job6', 7400, 100, 5, 5, 'x')}`;
    let result: unknown;
    expect(() => {
      result = parse(text);
    }).toThrow('line 7, field "reduce output bytes"');
    expect(result).toBeUndefined();
  });
});

describe('parseSwimTrace — options are checked first', () => {
  it.each([
    [{ blockBytes: 0 }, 'blockBytes must be an integer >= 1, got 0'],
    [{ blockBytes: 1.5 }, 'blockBytes must be an integer >= 1, got 1.5'],
    [{ users: 0 }, 'users must be an integer >= 1, got 0'],
    [{ seed: 0.5 }, 'seed must be a safe integer, got 0.5'],
    [{ sizeScale: -1 }, 'sizeScale must be a finite number > 0, got -1'],
    [{ hours: 0 }, 'hours must be a finite number > 0, got 0'],
    [{ hours: { fromHour: 3, toHour: 2 } }, 'hours.toHour (2) must be greater than hours.fromHour (3)'],
    [{ rebaseTime: 'yes' }, 'rebaseTime must be true or false, got "yes"'],
    [{ sampleJobs: 0 }, 'sampleJobs must be an integer >= 1, got 0'],
    [{ replication: 0 }, 'replication must be an integer >= 1, got 0'],
    [{ replication: 2, placement: hdfsPlacement() }, 'give either placement or replication, not both'],
    [{ queue: '' }, 'queue must be a non-empty string'],
    [{ queue: [] }, 'queue list must not be empty'],
    [
      { reduceRule: { kind: 'bytes-per-reduce', bytesPerReduce: 0 } },
      'reduceRule.bytesPerReduce must be a finite number > 0, got 0',
    ],
    [{ reduceRule: { kind: 'fixed', count: -1 } }, 'reduceRule.count must be an integer >= 0, got -1'],
    [
      { reduceRule: { kind: 'per-map' } },
      'reduceRule.kind must be "bytes-per-reduce" or "fixed", got "per-map"',
    ],
  ])('%j', (options, message) => {
    expect(() => parse(TRACE, options as SwimTraceOptions)).toThrow(`parseSwimTrace: ${message}`);
  });

  it('refuses a sample larger than the window', () => {
    expect(() => parse(TRACE, { hours: 1, sampleJobs: 4 })).toThrow(
      'parseSwimTrace: sampleJobs (4) exceeds the 3 jobs of FB-test.tsv hours 0–1',
    );
  });

  it('needs a file name', () => {
    expect(() => parseSwimTrace(TRACE, {} as never)).toThrow(
      'parseSwimTrace: fileName must be a non-empty string',
    );
  });
});

describe('parseSwimTrace — rules', () => {
  const workload = parse(TRACE);
  const job = (name: string) => {
    const found = workload.jobs.find((j) => j.name === name);
    if (found === undefined) throw new Error(`no ${name}`);
    return found;
  };

  it('keeps every job with its trace sizes and times', () => {
    expect(workload.name).toBe(FILE);
    expect(workload.jobs.map((j) => j.name)).toEqual(['job0', 'job1', 'job2', 'job3', 'job4', 'job5']);
    expect(job('job2')).toMatchObject({
      submitTime: 20,
      inputBytes: 53088744165,
      shuffleBytes: 1510005522,
      outputBytes: 5759777,
      queue: 'default',
      blockBytes: 128 * MEBIBYTE,
    });
  });

  it('gives ceil(input / block) maps, at least one, with a valid last split', () => {
    expect(job('job0').mapCount).toBe(1);
    expect(job('job2').mapCount).toBe(Math.ceil(53088744165 / (128 * MEBIBYTE)));
    expect(job('job3').mapCount).toBe(1);
    expect(job('job4').mapCount).toBe(1);
    expect(job('job5').mapCount).toBe(2);
    for (const j of workload.jobs) {
      const last = j.inputBytes - (j.mapCount - 1) * j.blockBytes;
      if (j.inputBytes > 0) expect(last > 0 && last <= j.blockBytes).toBe(true);
    }
  });

  it("follows SWIM's reduce rule and makes empty jobs map-only", () => {
    expect(job('job0').reduceCount).toBe(1); // round(14347 / 64 MiB) = 0 → at least 1
    expect(job('job2').reduceCount).toBe(Math.round((1510005522 + 5759777) / (64 * MEBIBYTE)));
    expect(job('job3').reduceCount).toBe(2); // 96 MiB / 64 MiB = 1.5 → 2
    expect(job('job4').reduceCount).toBe(0); // nothing to shuffle or write
    expect(job('job5').reduceCount).toBe(1); // output only: still one reduce by default
  });

  it('takes another reduce rule: 1 MiB per reduce, map-only without shuffle', () => {
    const rule = { kind: 'bytes-per-reduce', bytesPerReduce: MEBIBYTE, mapOnly: 'when-no-shuffle' } as const;
    // job2: (1510005522 + 5759777) / 2^20 = 1445.55 → 1446; job3: 96 MiB / 1 MiB = 96.
    expect(parse(TRACE, { reduceRule: rule }).jobs.map((j) => j.reduceCount)).toEqual([0, 1, 1446, 96, 0, 0]);
  });

  it('scales every size, keeping the shuffle ratio and non-zero sizes non-zero', () => {
    const scaled = parse(TRACE, { sizeScale: 0.001 });
    const big = scaled.jobs[2];
    expect(big?.inputBytes).toBe(Math.round(53088744165 * 0.001));
    expect(big?.shuffleBytes).toBe(Math.round(1510005522 * 0.001));
    expect(scaled.jobs[1]).toMatchObject({ inputBytes: 1, shuffleBytes: 1, outputBytes: 1 });
    expect(scaled.jobs[4]).toMatchObject({ inputBytes: 0, shuffleBytes: 0, outputBytes: 0 });
  });

  it('keeps the jobs of an hour window, re-based to 0 or not', () => {
    const second = parse(TRACE, { hours: { fromHour: 1, toHour: 2 } });
    expect(second.name).toBe(`${FILE} hours 1–2`);
    expect(second.jobs.map((j) => [j.name, j.submitTime])).toEqual([
      ['job3', 0],
      ['job4', 100],
    ]);
    const kept = parse(TRACE, { hours: { fromHour: 1, toHour: 2 }, rebaseTime: false });
    expect(kept.jobs.map((j) => j.submitTime)).toEqual([3600, 3700]);
    expect(parse(TRACE, { hours: 1 }).jobs.map((j) => j.name)).toEqual(['job0', 'job1', 'job2']);
  });

  it('keeps each job on the same user whatever the window', () => {
    const all = parse(TRACE, { users: 1000, seed: 3 });
    const window = parse(TRACE, { users: 1000, seed: 3, hours: { fromHour: 1, toHour: 3 } });
    for (const j of window.jobs) expect(j.user).toBe(all.jobs.find((a) => a.name === j.name)?.user);
  });

  it('samples jobs in trace order and times them by their own gaps', () => {
    const sample = parse(TRACE, { sampleJobs: 3, seed: 5 });
    const names = sample.jobs.map((j) => j.name);
    expect(names).toHaveLength(3);
    expect([...names].sort((a, b) => Number(a.slice(3)) - Number(b.slice(3)))).toEqual(names);
    const gaps: Record<string, number> = { job0: 9, job1: 9, job2: 2, job3: 3580, job4: 100, job5: 3600 };
    let clock = 0;
    for (const j of sample.jobs) {
      clock += gaps[j.name] as number;
      expect(j.submitTime).toBe(clock);
    }
    expect(parse(TRACE, { sampleJobs: 3, seed: 5 }).jobs.map((j) => j.name)).toEqual(names);
  });

  it('assigns queues by user from a list, or by a function', () => {
    const byUser = parse(TRACE, { users: 4, queue: ['a', 'b'] });
    for (const j of byUser.jobs) expect(j.queue).toBe(j.user % 2 === 0 ? 'a' : 'b');
    const byName = parse(TRACE, { queue: (j) => (j.name === 'job2' ? 'big' : 'small') });
    expect(byName.jobs.map((j) => j.queue)).toEqual(['small', 'small', 'big', 'small', 'small', 'small']);
    expect(() => parse(TRACE, { queue: () => '' })).toThrow('queue function returned "" for job "job0"');
  });

  it('accepts the 7-field FB-2010 format with input paths, CRLF and blank lines', () => {
    const text = `${line('a', 1, 1, 10, 20, 30, 'inputPath/x')}\r\n\r\n${line('b', 2, 1, 10, 20, 30, 'inputPath/y')}\r\n`;
    expect(parse(text).jobs.map((j) => j.name)).toEqual(['a', 'b']);
  });

  it('accepts a file that starts with a UTF-8 byte-order mark, as spreadsheet exports write', () => {
    const text = `\uFEFF${line('a', 1, 1, 10, 20, 30)}\r\n${line('b', 2, 1, 10, 20, 30)}\r\n`;
    expect(parse(text).jobs.map((j) => j.name)).toEqual(['a', 'b']);
  });

  it('still refuses a byte-order mark inside the file', () => {
    const text = `${line('a', 1, 1, 10, 20, 30)}\n\uFEFF${line('b', 2, 1, 10, 20, 30)}\n`;
    expect(() => parse(text)).toThrow(/line 2/);
  });

  it('reads FB-2009 lines (decimal submit times too)', () => {
    const text = [
      line('job0', 49, 49, 740773, 2339561, 627471),
      line('job1', 101.5, 52.5, 736346, 1700537, 432269),
    ].join('\n');
    expect(parse(text).jobs.map((j) => j.submitTime)).toEqual([49, 101.5]);
  });
});

describe('parseSwimTrace — users', () => {
  it('is deterministic per seed, and another seed gives other users', () => {
    const first = parse(TRACE, { users: 1000, seed: 42 }).jobs.map((j) => j.user);
    expect(parse(TRACE, { users: 1000, seed: 42 }).jobs.map((j) => j.user)).toEqual(first);
    expect(parse(TRACE, { users: 1000, seed: 43 }).jobs.map((j) => j.user)).not.toEqual(first);
  });

  it('draws users in 0 … U − 1', () => {
    for (const j of parse(TRACE, { users: 3 }).jobs) expect(j.user >= 0 && j.user < 3).toBe(true);
  });
});
