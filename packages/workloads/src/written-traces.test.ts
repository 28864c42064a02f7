import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { sparkLz4, sparkLzf, sparkSnappy } from '../test/spark-codec-writer.js';
import { rollingParts } from '../test/spark-log-writer.js';
import { tempDir } from '../test/temp-dir.js';
import { SPARK_APP_ID, rumenText, sparkLines } from '../test/written-samples.js';
import type { RecordedStage } from './recorded-trace.js';
import { recordedWorkload } from './recorded-workload.js';
import { parseRumenJobHistory, readRumenJobHistory } from './rumen-job-history.js';
import { parseSparkEventLog, readSparkEventLog } from './spark-event-log.js';
import { detectTraceFormat } from './trace-format.js';

const temp = () => tempDir('rackwise-written-');
const sparkText = () => `${sparkLines().join('\n')}\n`;
const sum = (
  stage: RecordedStage,
  key: 'shuffleWriteBytes' | 'shuffleReadBytes' | 'remoteShuffleReadBytes',
) => stage.tasks.reduce((a, t) => a + t[key], 0);
const lineOf = (lines: readonly string[], test: (event: Record<string, unknown>) => boolean) =>
  lines.findIndex((l) => test(JSON.parse(l))) + 1;

describe('a multi-executor Spark application written as Spark writes it', () => {
  const trace = parseSparkEventLog(sparkText(), SPARK_APP_ID);

  it('keeps the stages that ran, parents first, and leaves out the skipped one', () => {
    expect(trace.applications[0]).toMatchObject({ id: SPARK_APP_ID, user: 'ana', scheduler: 'spark FAIR' });
    expect(trace.stages.map((s) => [s.id.split(' ').at(-1), s.tasks.length, s.parents])).toEqual([
      ['0', 4, []],
      ['1', 3, []],
      ['2', 2, [0, 1]],
      ['3', 1, [2]],
      ['5', 3, []],
    ]);
    expect(trace.assumptions.join(' ')).toMatch(/1 stage\(s\) skipped by Spark/);
  });

  it("keeps each task's host, the retried attempt's and not the failed one's", () => {
    const [s0, , s2] = trace.stages;
    expect(s0!.tasks.map((t) => t.host)).toEqual([
      'node-1.rack-a.example',
      'node-3.rack-b.example',
      'node-2.rack-a.example',
      'node-3.rack-b.example',
    ]);
    expect(s0!.tasks[1]).toMatchObject({ launchTime: 1.7, finishTime: 4.7, computeSeconds: 2.9 });
    expect(s2!.tasks[1]).toMatchObject({ computeSeconds: 1.8, fetchWaitSeconds: 0.6 });
    expect(trace.assumptions.join(' ')).toMatch(
      /1 failed task attempt\(s\): each holds a slot for its recorded duration/,
    );
  });

  it('counts the most executor cores alive on a host at once, as executors come and go', () => {
    expect(trace.hosts).toEqual(['node-1.rack-a.example', 'node-2.rack-a.example', 'node-3.rack-b.example']);
    // node-1: executors 1 and 4 overlap (4 cores); node-2: executor 2 (2 cores) is removed
    // before executor 5 (1 core) is added, so 2, not 3.
    expect(Object.fromEntries(trace.slotsPerHost)).toEqual({
      'node-1.rack-a.example': 4,
      'node-2.rack-a.example': 2,
      'node-3.rack-b.example': 2,
    });
    expect(trace.assumptions.join(' ')).toMatch(/1 executor\(s\) removed during the run/);
  });

  it('gives each host of the replay its own recorded slots, not the busiest host’s', () => {
    const racks = { kind: 'regex', pattern: '\\.(rack-[ab])\\.' } as const;
    const { cluster, assumptions } = recordedWorkload(trace, { racks });
    // rack-a: node-1 (4) and node-2 (2); rack-b: node-3 (2) and an idle padding node.
    expect(cluster.containersPerNode).toEqual([4, 2, 2, 0]);
    expect(cluster.containers).toBe(4);
    expect(assumptions.join('\n')).toContain(
      "cluster: 2 rack(s) × 2 node(s), each with its host's recorded slots (2–4 containers, 8 in all), 1 of them idle padding",
    );
  });

  it("keeps the shuffle's sources: a consumer's maps are its parents' tasks, with what each wrote", () => {
    const [s0, s1, s2, s3] = trace.stages;
    expect(sum(s0!, 'shuffleWriteBytes') + sum(s1!, 'shuffleWriteBytes')).toBe(22e6);
    expect([sum(s2!, 'shuffleReadBytes'), sum(s2!, 'remoteShuffleReadBytes')]).toEqual([22e6, 17e6]);
    expect(sum(s3!, 'shuffleReadBytes')).toBe(sum(s2!, 'shuffleWriteBytes'));
    const replay = recordedWorkload(trace);
    const join2 = replay.workload.jobs[2]!;
    expect(join2).toMatchObject({ dependsOn: [0, 1], mapCount: 7, reduceCount: 2, shuffleBytes: 22e6 });
    expect(join2.recorded?.mapsFromParents).toBe(true);
    expect(join2.recorded?.mapOutputBytes).toEqual([4e6, 6e6, 5e6, 3e6, 1e6, 2e6, 1e6]);
    expect(replay.workload.jobs[3]).toMatchObject({ dependsOn: [2], mapCount: 2, reduceCount: 1 });
    expect(replay.units[2]).toMatchObject({ recordedSeconds: 2.7, recordedFetchWait: 0.5 });
  });

  it('reads the same from a rolling eventlog_v2 directory of three parts', () => {
    const dir = join(temp(), `eventlog_v2_${SPARK_APP_ID}`);
    mkdirSync(dir);
    rollingParts(sparkLines(), 3).forEach((part, i) =>
      writeFileSync(join(dir, `events_${i + 1}_${SPARK_APP_ID}`), part),
    );
    writeFileSync(join(dir, `appstatus_${SPARK_APP_ID}`), '');
    const rolled = readSparkEventLog(dir);
    expect(rolled.stages).toEqual(trace.stages);
    expect(rolled.slotsPerHost).toEqual(trace.slotsPerHost);
  });
});

describe('a written Spark log, damaged', () => {
  const lines = sparkLines();
  const name = SPARK_APP_ID;

  it('is read cut inside a line (in progress), the cut line and the stages under way named', () => {
    const text = sparkText();
    const cut = text.slice(0, Math.floor(text.length / 2));
    const line = cut.split('\n').length;
    const trace = parseSparkEventLog(cut, name);
    expect(trace.assumptions.join('\n')).toContain(
      `its last line (${name} line ${line}) is cut and left out`,
    );
    // A log cut inside a rolling directory's earlier part is damaged, not in progress.
    const dir = join(temp(), `eventlog_v2_${SPARK_APP_ID}`);
    mkdirSync(dir);
    const [first, second] = rollingParts(sparkLines(), 2);
    writeFileSync(join(dir, `events_1_${SPARK_APP_ID}`), first!.slice(0, -30));
    writeFileSync(join(dir, `events_2_${SPARK_APP_ID}`), second!);
    expect(() => readSparkEventLog(dir)).toThrow('(the file ends inside this line: truncated?)');
  });

  it('is read cut between lines: the stage under way is left out and named', () => {
    const end = lineOf(lines, (e) => e.Event === 'SparkListenerStageCompleted' && stageId(e) === 2) - 1;
    const trace = parseSparkEventLog(lines.slice(0, end).join('\n'), name);
    expect(trace.stages.map((s) => s.id.split(' ').at(-1))).toEqual(['0', '1']);
    expect(trace.assumptions.join('\n')).toContain(
      'stage 2 under way when the log ends (2 of 2 task(s) done): left out',
    );
  });

  it.each([
    ['Task Info.Launch Time', '"Launch Time":1700000001100', '"Launch Time":"1100"', 'an integer'],
    ['Task Info.Host', '"Host":"node-1.rack-a.example"', '"Host":null', 'a string'],
    [
      'Task Metrics.Executor Run Time',
      '"Executor Run Time":1900',
      '"Executor Run Time":-1',
      'an integer >= 0',
    ],
    [
      'Task Metrics.Shuffle Read Metrics.Fetch Wait Time',
      '"Fetch Wait Time":400',
      '"Fetch Wait Time":4.5',
      'an integer >= 0',
    ],
    ['Task End Reason', '"Task End Reason":{"Reason":"Success"}', '"Task End Reason":"Success"', 'an object'],
  ])('is refused with a corrupted %s, naming file, line and field', (field, good, bad, expected) => {
    const at = lines.findIndex(
      (l) => l.startsWith('{"Event":"SparkListenerTaskEnd"') && l.includes('"Success"') && l.includes(good),
    );
    expect(at).toBeGreaterThanOrEqual(0);
    const damaged = [...lines];
    damaged[at] = damaged[at]!.replace(good, bad);
    expect(() => parseSparkEventLog(damaged.join('\n'), name)).toThrow(
      `${name} line ${at + 1}, field "${field}": expected ${expected}`,
    );
  });

  it('is refused with a corrupted stage or executor field', () => {
    const added = lineOf(lines, (e) => e.Event === 'SparkListenerExecutorAdded');
    const damaged = [...lines];
    damaged[added - 1] = damaged[added - 1]!.replace('"Total Cores":2', '"Total Cores":"two"');
    expect(() => parseSparkEventLog(damaged.join('\n'), name)).toThrow(
      `${name} line ${added}, field "Executor Info.Total Cores": expected an integer`,
    );
    const parents = lineOf(lines, (e) => e.Event === 'SparkListenerStageSubmitted' && stageId(e) === 2);
    const bad = [...lines];
    bad[parents - 1] = bad[parents - 1]!.replace('"Parent IDs":[0,1]', '"Parent IDs":[0,"1"]');
    expect(() => parseSparkEventLog(bad.join('\n'), name)).toThrow(
      `${name} line ${parents}, field "Stage Info.Parent IDs[1]": expected an integer >= 0`,
    );
  });

  it('is refused with binary content, naming the file, line and byte', () => {
    const file = join(temp(), name);
    const bytes = Buffer.from(sparkText());
    const line = 12;
    const at = bytes.indexOf(
      'Event',
      sparkText()
        .split('\n')
        .slice(0, line - 1)
        .join('\n').length,
    );
    bytes[at] = 0;
    writeFileSync(file, bytes);
    expect(() => readSparkEventLog(file)).toThrow(
      `${name} line ${line}: binary content (byte 0x00 at offset ${at})`,
    );
  });

  it.each([
    ['lz4', sparkLz4],
    ['snappy', sparkSnappy],
    ['lzf', sparkLzf],
  ] as const)(
    'is read in Spark’s %s framing, a rolling directory or one file without extension',
    (codec, frame) => {
      const dir = join(temp(), `eventlog_v2_${SPARK_APP_ID}`);
      mkdirSync(dir);
      const [first, second] = rollingParts(sparkLines(), 2);
      writeFileSync(join(dir, `events_1_${SPARK_APP_ID}.${codec}`), frame(Buffer.from(first!)));
      writeFileSync(join(dir, `events_2_${SPARK_APP_ID}.${codec}`), frame(Buffer.from(second!)));
      const plain = parseSparkEventLog(sparkText(), SPARK_APP_ID);
      expect(readSparkEventLog(dir).stages).toEqual(plain.stages);
      const file = join(temp(), SPARK_APP_ID);
      writeFileSync(file, frame(Buffer.from(sparkText())));
      expect(detectTraceFormat(file)).toBe('spark');
      expect(readSparkEventLog(file).stages).toEqual(plain.stages);
    },
  );

  it('is refused, naming the file, when an lz4 stream is cut or damaged', () => {
    const file = join(temp(), `${SPARK_APP_ID}.lz4`);
    writeFileSync(file, sparkLz4(Buffer.from(sparkText()), false));
    expect(() => readSparkEventLog(file)).toThrow(
      `${SPARK_APP_ID}.lz4: damaged or truncated lz4 stream: the stream ends inside a block`,
    );
    const damaged = sparkLz4(Buffer.from(sparkText()));
    damaged.write('XXXX', 0);
    writeFileSync(file, damaged);
    expect(() => readSparkEventLog(file)).toThrow(
      'damaged or truncated lz4 stream: no LZ4Block header at byte 0',
    );
  });
});

describe('a Rumen history of two jobs written as TraceBuilder writes it', () => {
  const trace = parseRumenJobHistory(rumenText(), '2jobs-rumen-jh.json');

  it('makes the job with reduces a map and a reduce stage, the map-only job one stage', () => {
    expect(trace.applications.map((a) => [a.id, a.name, a.queue])).toEqual([
      ['job_1369942127770_0001', 'Sort', 'sls_queue_1'],
      ['job_1369942127770_0002', 'TeraGen', 'sls_queue_2'],
    ]);
    expect(trace.stages.map((s) => [s.id, s.tasks.length, s.parents])).toEqual([
      ['job_1369942127770_0001 maps', 4, []],
      ['job_1369942127770_0001 reduces', 2, [0]],
      ['job_1369942127770_0002 maps', 3, []],
    ]);
  });

  it("keeps each task's successful attempt, its host and rack, and the shuffle phase", () => {
    const [maps, reduces, teragen] = trace.stages;
    expect(maps!.tasks.map((t) => t.host)).toEqual(['node-1', 'node-3', 'node-2', 'node-3']);
    expect(maps!.tasks[1]).toMatchObject({ launchTime: 5.5, computeSeconds: 10.5 });
    expect(Object.fromEntries(trace.recordedRacks)).toEqual({
      'node-1': 'rack-a',
      'node-2': 'rack-a',
      'node-3': 'rack-b',
      'node-4': 'rack-b',
    });
    expect(reduces!.tasks.map((t) => [t.fetchWaitSeconds, t.computeSeconds, t.shuffleReadBytes])).toEqual([
      [7, 15, 70e6],
      [8, 17, 50e6],
    ]);
    expect(maps!.tasks.map((t) => t.shuffleWriteBytes)).toEqual([30e6, 40e6, 20e6, 30e6]);
    // A map-only job writes to HDFS: no shuffle, its output is the HDFS bytes written.
    expect(teragen!.tasks.map((t) => [t.shuffleWriteBytes, t.outputBytes])).toEqual([
      [0, 400e6],
      [0, 400e6],
      [0, 400e6],
    ]);
  });

  it('replays the first job whole (its reduces read its maps where they ran), on the recorded racks', () => {
    const replay = recordedWorkload(trace);
    expect(replay.workload.jobs.map((j) => [j.mapCount, j.reduceCount, j.shuffleBytes, j.dependsOn])).toEqual(
      [
        [4, 2, 120e6, undefined],
        [3, 0, 0, undefined],
      ],
    );
    expect(replay.workload.jobs[0]!.recorded?.mapOutputBytes).toEqual([30e6, 40e6, 20e6, 30e6]);
    expect(replay.cluster).toMatchObject({ racks: ['rack-a', 'rack-b'], nodesPerRack: 2, paddingNodes: 0 });
  });
});

describe('a written Rumen history, damaged', () => {
  const text = rumenText();
  const name = '2jobs-rumen-jh.json';
  const secondLine = text.split('\n').findIndex((l, i) => i > 0 && l === '{') + 1;

  it('is refused cut inside a record, naming the record and its line', () => {
    expect(() => parseRumenJobHistory(text.slice(0, text.length - 300), name)).toThrow(
      `${name} record 2 (line ${secondLine}): the file ends inside this record (truncated?)`,
    );
  });

  it.each([
    ['mapTasks[1].attempts[1].hostName', '"hostName": "/rack-b/node-3"', '"hostName": 3', 'a string'],
    [
      'mapTasks[0].attempts[0].startTime',
      '"hostName": "/rack-a/node-1",\n          "startTime": 1371222056000',
      '"hostName": "/rack-a/node-1",\n          "startTime": "soon"',
      'an integer',
    ],
    ['launchTime', '"launchTime": 1371222055000', '"launchTime": 1.5', 'an integer'],
  ])('is refused with a corrupted %s, naming file, record and field', (field, good, bad, expected) => {
    expect(text).toContain(good);
    expect(() => parseRumenJobHistory(text.replace(good, bad), name)).toThrow(
      `${name} record 1 (line 1), field "${field}": expected ${expected}`,
    );
  });

  it('is refused with a shuffle phase outside its attempt', () => {
    const bad = text.replace('"shuffleFinished": 1371222074000', '"shuffleFinished": 1371222099000');
    expect(() => parseRumenJobHistory(bad, name)).toThrow(
      `${name} record 1 (line 1), field "reduceTasks[0].attempts[0].shuffleFinished": expected a time in [startTime, finishTime]`,
    );
  });

  it('is refused with binary content, and as a truncated gzip stream', () => {
    const dir = temp();
    const bytes = Buffer.from(text);
    const at = bytes.indexOf('TeraGen');
    bytes[at + 2] = 0xff;
    writeFileSync(join(dir, name), bytes);
    expect(() => readRumenJobHistory(join(dir, name))).toThrow(
      `${name} line ${text.slice(0, at).split('\n').length}: binary content (byte 0xff at offset ${at + 2})`,
    );
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text).subarray(0, 200));
    expect(() => readRumenJobHistory(join(dir, `${name}.gz`))).toThrow(
      `${name}.gz: damaged or truncated gzip stream`,
    );
  });
});

function stageId(event: Record<string, unknown>): number {
  return (event['Stage Info'] as { 'Stage ID': number })['Stage ID'];
}
