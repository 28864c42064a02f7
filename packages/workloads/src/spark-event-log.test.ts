import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/temp-dir.js';
import { rawZstdFrame, sparkLogLines, sparkTaskEnd } from '../test/trace-fixtures.js';
import { parseSparkEventLog, readSparkEventLog } from './spark-event-log.js';

const text = () => `${sparkLogLines().join('\n')}\n`;
const temp = () => tempDir('rackwise-spark-');

describe('parseSparkEventLog', () => {
  it('keeps stages in order with their parents, hosts, slots and recorded compute', () => {
    const trace = parseSparkEventLog(text(), 'app.log');
    expect(trace.applications[0]).toMatchObject({
      id: 'application_1_0001',
      user: 'ana',
      scheduler: 'spark FAIR',
    });
    expect(trace.stages.map((s) => s.parents)).toEqual([[], [0]]);
    expect(trace.hosts).toEqual(['host-a', 'host-b']);
    expect(trace.slotsPerHost.get('host-a')).toBe(2);
    const [map, result] = trace.stages;
    expect(map!.tasks.map((t) => t.host)).toEqual(['host-a', 'host-b']);
    expect(map!.submitTime).toBe(1);
    expect(map!.completionTime).toBeCloseTo(4.2);
    // executor run time minus fetch wait
    expect(result!.tasks[1]!.computeSeconds).toBeCloseTo(0.9);
    expect(result!.tasks[1]!.fetchWaitSeconds).toBeCloseTo(0.5);
    expect(result!.tasks[0]!.shuffleReadBytes).toBe(5_000_000);
    expect(result!.tasks[0]!.remoteShuffleReadBytes).toBe(3_000_000);
    expect(map!.tasks.reduce((s, t) => s + t.shuffleWriteBytes, 0)).toBe(10_000_000);
  });

  it('keeps one attempt per partition and says what it left out', () => {
    const lines = sparkLogLines();
    lines.splice(
      8,
      0,
      sparkTaskEnd({
        stage: 0,
        index: 1,
        host: 'host-a',
        launch: 1_600_000_001_100,
        finish: 1_600_000_002_000,
        run: 800,
        reason: 'ExecutorLostFailure',
      }),
    );
    const trace = parseSparkEventLog(lines.join('\n'), 'app.log');
    expect(trace.stages[0]!.tasks).toHaveLength(2);
    expect(trace.assumptions.join(' ')).toMatch(
      /1 failed task attempt\(s\): each holds a slot for its recorded duration/,
    );
  });

  it('reads a log cut inside a line as in progress, naming the cut line', () => {
    const full = text();
    const cut = full.slice(0, full.length - 40);
    const trace = parseSparkEventLog(cut, 'app.log');
    expect(trace.assumptions.join('\n')).toContain(
      'an in-progress log (no application end): only what it records so far is read; its last line (app.log line 16) is cut and left out',
    );
  });

  it('reads a log cut between lines, leaving the stage under way out and naming it', () => {
    const lines = sparkLogLines().slice(0, 12);
    const trace = parseSparkEventLog(lines.join('\n'), 'app.log');
    expect(trace.stages).toHaveLength(1);
    expect(trace.assumptions.join('\n')).toContain(
      'stage 1 under way when the log ends (1 of 2 task(s) done): left out',
    );
  });

  it('refuses a corrupted field naming file, line and field', () => {
    const lines = sparkLogLines();
    lines[8] = lines[8]!.replace('"Executor Run Time":2900', '"Executor Run Time":"2900ms"');
    expect(() => parseSparkEventLog(lines.join('\n'), 'app.log')).toThrow(
      'app.log line 9, field "Task Metrics.Executor Run Time": expected an integer >= 0, got "2900ms"',
    );
    const badHost = sparkLogLines();
    badHost[11] = badHost[11]!.replace('"Host":"host-a"', '"Host":7');
    expect(() => parseSparkEventLog(badHost.join('\n'), 'app.log')).toThrow(
      'app.log line 12, field "Task Info.Host"',
    );
  });

  it('refuses a stage whose tasks are missing', () => {
    const lines = sparkLogLines();
    lines.splice(7, 1);
    expect(() => parseSparkEventLog(lines.join('\n'), 'app.log')).toThrow(
      /app\.log line 9, field "Stage Info\.Number of Tasks": stage 0 has 2 tasks but 1 ended/,
    );
  });

  it('refuses a log without an application start', () => {
    expect(() => parseSparkEventLog(sparkLogLines().slice(3).join('\n'), 'app.log')).toThrow(
      /no SparkListenerApplicationStart/,
    );
    expect(() => parseSparkEventLog('', 'app.log')).toThrow(/app\.log: no events/);
  });
});

describe('readSparkEventLog', () => {
  it('reads a rolling eventlog_v2 directory part by part, and a zstd file', () => {
    const dir = join(temp(), 'eventlog_v2_application_1_0001');
    mkdirSync(dir);
    const lines = sparkLogLines();
    writeFileSync(join(dir, 'events_1_application_1_0001'), `${lines.slice(0, 9).join('\n')}\n`);
    writeFileSync(join(dir, 'events_2_application_1_0001'), `${lines.slice(9).join('\n')}\n`);
    writeFileSync(join(dir, 'appstatus_application_1_0001'), '');
    const rolled = readSparkEventLog(dir);
    expect(rolled.stages.map((s) => s.tasks.length)).toEqual([2, 2]);
    const zstd = join(temp(), 'app.zstd');
    writeFileSync(zstd, rawZstdFrame(new TextEncoder().encode(text())));
    expect(readSparkEventLog(zstd)).toEqual({ ...parseSparkEventLog(text(), 'app.zstd') });
  });

  it('refuses a rolling log with a gap, and a damaged zstd stream', () => {
    const dir = join(temp(), 'eventlog_v2_app');
    mkdirSync(dir);
    writeFileSync(join(dir, 'events_1_app'), `${sparkLogLines().join('\n')}\n`);
    writeFileSync(join(dir, 'events_3_app'), '');
    expect(() => readSparkEventLog(dir)).toThrow(/lacks events_2_\*/);
    const zstd = join(temp(), 'app.zstd');
    writeFileSync(zstd, rawZstdFrame(new TextEncoder().encode(text())).subarray(0, 300));
    expect(() => readSparkEventLog(zstd)).toThrow(/app\.zstd: damaged or truncated zstd stream/);
  });

  it('names the codec of a file whose lz4, lzf or snappy framing is damaged, by extension or first bytes', () => {
    const dir = temp();
    for (const codec of ['lz4', 'lzf', 'snappy']) {
      const file = join(dir, `app.${codec}`);
      writeFileSync(file, 'whatever');
      expect(() => readSparkEventLog(file)).toThrow(`app.${codec}: damaged or truncated ${codec} stream`);
    }
    const disguised = join(dir, 'application_2');
    writeFileSync(disguised, Buffer.concat([Buffer.from('LZ4Block'), Buffer.alloc(8, 1)]));
    expect(() => readSparkEventLog(disguised)).toThrow('application_2: damaged or truncated lz4 stream');
  });

  it('refuses binary content naming file, line and byte', () => {
    const file = join(temp(), 'app.log');
    const bytes = Buffer.from(text());
    const at = bytes.indexOf('\n', bytes.indexOf('\n') + 1) + 5; // inside line 3
    bytes[at] = 0;
    writeFileSync(file, bytes);
    expect(() => readSparkEventLog(file)).toThrow(
      `app.log line 3: binary content (byte 0x00 at offset ${at})`,
    );
    bytes[at] = 0xff;
    writeFileSync(file, bytes);
    expect(() => readSparkEventLog(file)).toThrow(
      `app.log line 3: binary content (byte 0xff at offset ${at})`,
    );
  });
});
