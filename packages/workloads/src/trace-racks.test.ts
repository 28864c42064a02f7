import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir.js';
import { rumenHistoryText, sparkLogLines } from '../test/trace-fixtures.js';
import { parseRumenJobHistory } from './rumen-job-history.js';
import { parseSparkEventLog } from './spark-event-log.js';
import { detectTraceFormat } from './trace-format.js';
import { DEFAULT_RACK, assignRacks } from './trace-racks.js';
import { summarizeTrace } from './trace-summary.js';

const spark = () => parseSparkEventLog(sparkLogLines().join('\n'), 'app.log');

describe('assignRacks', () => {
  it('takes recorded racks, else the default rack', () => {
    const rumen = assignRacks(parseRumenJobHistory(rumenHistoryText(), 'jh.json'));
    expect(rumen.racks).toEqual(['rack-1', 'rack-2']);
    expect(rumen.rackOfHost).toEqual([0, 0, 1]);
    const sparkRacks = assignRacks(spark());
    expect(sparkRacks.racks).toEqual([DEFAULT_RACK]);
    expect(sparkRacks.defaulted).toEqual(['host-a', 'host-b']);
    // A Spark log records no rack: the rule says so rather than "as recorded".
    expect(sparkRacks.rule).toBe('none recorded in the trace (give --racks-from or --racks-file)');
    expect(rumen.rule).toBe('as recorded in the trace');
  });

  it('groups by a regex capture or a host → rack file', () => {
    expect(assignRacks(spark(), { kind: 'regex', pattern: 'host-(\\w)' }).racks).toEqual(['a', 'b']);
    const file = join(tempDir('rackwise-racks-'), 'racks.txt');
    writeFileSync(file, '# host rack\nhost-a /r1\n');
    const byFile = assignRacks(spark(), { kind: 'file', path: file });
    expect(byFile.racks).toEqual(['r1', DEFAULT_RACK]);
    expect(byFile.defaulted).toEqual(['host-b']);
    writeFileSync(file, 'host-a\n');
    expect(() => assignRacks(spark(), { kind: 'file', path: file })).toThrow(
      'racks.txt line 1: expected "<host> <rack>"',
    );
    expect(() => assignRacks(spark(), { kind: 'regex', pattern: '(' })).toThrow(
      '--racks-from: not a regular expression',
    );
  });
});

describe('summarizeTrace and detectTraceFormat', () => {
  it('sums what was read', () => {
    const s = summarizeTrace(spark(), assignRacks(spark()));
    expect(s).toMatchObject({
      stages: 2,
      dependentStages: 1,
      tasks: 4,
      hosts: 2,
      slots: 4,
      shuffleReadBytes: 10_000_000,
    });
    expect(s.inputBytes).toBe(128_000_000);
    expect(s.span).toBeCloseTo(5);
    expect(s.assumptions.some((a) => a.includes('default-rack'))).toBe(true);
  });

  it('tells the four formats apart', () => {
    const dir = tempDir('rackwise-format-');
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(detectTraceFormat(write('a', sparkLogLines().join('\n')))).toBe('spark');
    expect(detectTraceFormat(write('b', rumenHistoryText()))).toBe('rumen');
    expect(detectTraceFormat(write('c', '150 2\n1 0 1 1 1 1:1\n'))).toBe('coflow');
    expect(detectTraceFormat(write('d', 'job0\t0\t0\t1\t1\t1\n'))).toBe('swim');
    expect(detectTraceFormat(dir)).toBe('spark');
  });
});
