import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir.js';
import { rumenHistoryText } from '../test/trace-fixtures.js';
import { parseRumenJobHistory, readRumenJobHistory } from './rumen-job-history.js';

const temp = () => tempDir('rackwise-rumen-');

describe('parseRumenJobHistory', () => {
  it('makes each job a map stage and a reduce stage, with hosts, racks and the shuffle phase', () => {
    const trace = parseRumenJobHistory(rumenHistoryText(), 'jh.json');
    expect(trace.applications.map((a) => [a.id, a.queue])).toEqual([
      ['job_1_0001', 'q1'],
      ['job_1_0002', 'q2'],
    ]);
    expect(trace.stages.map((s) => [s.id, s.parents])).toEqual([
      ['job_1_0001 maps', []],
      ['job_1_0001 reduces', [0]],
      ['job_1_0002 maps', []],
    ]);
    expect(trace.hosts).toEqual(['c1', 'c2', 'c3']);
    expect(trace.recordedRacks.get('c3')).toBe('rack-2');
    const reduce = trace.stages[1]!.tasks[0]!;
    expect(reduce.fetchWaitSeconds).toBe(8);
    expect(reduce.computeSeconds).toBe(9);
    expect(reduce.shuffleReadBytes).toBe(120_000_000);
    expect(trace.stages[0]!.tasks[1]!.inputBytes).toBe(128_000_000);
    expect(trace.stages[0]!.tasks.map((t) => t.shuffleWriteBytes)).toEqual([50_000_000, 70_000_000]);
  });

  it('refuses a truncated history naming the record and its line', () => {
    const text = rumenHistoryText();
    const cut = text.slice(0, text.length - 200);
    const secondStart = text.split('\n').findIndex((l, i) => i > 0 && l === '{') + 1;
    expect(() => parseRumenJobHistory(cut, 'jh.json')).toThrow(
      `jh.json record 2 (line ${secondStart}): the file ends inside this record (truncated?)`,
    );
  });

  it('refuses invalid JSON naming the record and the line of the fault', () => {
    const lines = rumenHistoryText().split('\n');
    const at = lines.findIndex((l) => l.includes('"jobName": "Sort"'));
    lines[at] = '  "jobName": Sort,';
    expect(() => parseRumenJobHistory(lines.join('\n'), 'jh.json')).toThrow(
      `jh.json record 1 (line ${at + 1}): not valid JSON`,
    );
  });

  it('refuses a corrupted field naming file, record and field path', () => {
    const text = rumenHistoryText().replace('"hostName": "/rack-1/c2"', '"hostName": 12');
    expect(() => parseRumenJobHistory(text, 'jh.json')).toThrow(
      'jh.json record 1 (line 1), field "reduceTasks[0].attempts[0].hostName": expected a string, got 12',
    );
    const time = rumenHistoryText().replace('"submitTime": 1371222059000', '"submitTime": "soon"');
    expect(() => parseRumenJobHistory(time, 'jh.json')).toThrow(
      /jh\.json record 2 \(line \d+\), field "submitTime": expected an integer/,
    );
  });

  it('refuses a successful task without a successful attempt, and an empty file', () => {
    const text = rumenHistoryText().replace('"result": "SUCCESS"', '"result": "KILLED"');
    expect(() => parseRumenJobHistory(text, 'jh.json')).toThrow(
      'field "mapTasks[0].attempts": expected a successful attempt',
    );
    expect(() => parseRumenJobHistory('\n', 'jh.json')).toThrow('jh.json: no job records');
    expect(() => parseRumenJobHistory('[1]', 'jh.json')).toThrow(
      'jh.json: a JSON array: not a trace rackwise reads',
    );
  });
});

describe('readRumenJobHistory', () => {
  it('reads a gzip history as the plain one', () => {
    const file = join(temp(), 'jh.json.gz');
    writeFileSync(file, gzipSync(rumenHistoryText()));
    expect(readRumenJobHistory(file).stages).toEqual(
      parseRumenJobHistory(rumenHistoryText(), 'jh.json.gz').stages,
    );
  });

  it('refuses binary content and a truncated gzip stream', () => {
    const dir = temp();
    const file = join(dir, 'jh.json');
    const bytes = Buffer.from(rumenHistoryText());
    bytes[40] = 0;
    writeFileSync(file, bytes);
    expect(() => readRumenJobHistory(file)).toThrow(
      /^jh\.json line \d+: binary content \(byte 0x00 at offset 40\)/,
    );
    const gz = join(dir, 'jh.json.gz');
    writeFileSync(gz, gzipSync(rumenHistoryText()).subarray(0, 100));
    expect(() => readRumenJobHistory(gz)).toThrow('jh.json.gz: damaged or truncated gzip stream');
  });
});
