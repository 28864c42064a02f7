import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecordedTask } from './recorded-trace.js';
import { recordedWorkload } from './recorded-workload.js';
import { parseSparkEventLog, readSparkEventLog } from './spark-event-log.js';

/** Apache Spark's own test event log, kept under validation/ (not in this package). */
const SAMPLE = join(
  import.meta.dirname,
  '../../../validation/trace-samples/spark/application_1578436911597_0052',
);

describe('a public Spark event log this package does not ship', () => {
  it('reads whole, with the figures its lines hold', () => {
    const trace = readSparkEventLog(SAMPLE);
    expect(trace.applications[0]).toMatchObject({
      id: 'application_1578436911597_0052',
      user: 'tgraves',
      scheduler: 'spark FIFO',
    });
    expect(trace.stages).toHaveLength(1);
    const stage = trace.stages[0]!;
    expect(stage.tasks.map((t) => t.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(stage.tasks.map((t) => t.host))).toEqual(new Set(['host1']));
    expect(trace.slotsPerHost.get('host1')).toBe(4);
    // Executor Run Time 32, 32, 2, 2, 2, 2 ms and no fetch wait.
    expect(stage.tasks.map((t) => t.computeSeconds)).toEqual([0.032, 0.032, 0.002, 0.002, 0.002, 0.002]);
    expect(stage.completionTime - stage.submitTime).toBeCloseTo(5.25, 3);
    const replay = recordedWorkload(trace);
    expect(replay.workload.jobs).toHaveLength(1);
    expect(replay.units[0]!.recordedLaunchDelay).toBeCloseTo(4.565, 3);
  });

  it('is refused cut inside a line or between lines, or with a corrupted field — naming line and field', () => {
    const text = readFileSync(SAMPLE, 'utf8');
    const name = 'application_1578436911597_0052';
    const cutLine = text.slice(0, 20_000).split('\n').length;
    expect(() => parseSparkEventLog(text.slice(0, 20_000), name)).toThrow(
      `${name} line ${cutLine}: not a JSON object (the file ends inside this line`,
    );
    const lines = text.split('\n');
    const cut = lines.slice(0, 23).join('\n');
    expect(() => parseSparkEventLog(cut, name)).toThrow(
      `${name} line 10, field "Stage Info.Completion Time": stage 0 was submitted but never completed`,
    );
    const corrupted = text.replace(
      '"Executor Run Time":32,"Executor CPU Time":20740892',
      '"Executor Run Time":"32","Executor CPU Time":20740892',
    );
    expect(() => parseSparkEventLog(corrupted, name)).toThrow(
      `${name} line 17, field "Task Metrics.Executor Run Time": expected an integer >= 0, got "32"`,
    );
  });

  it('reads a Spark 1.2 log: no executor events, metrics without shuffle objects', () => {
    const trace = readSparkEventLog(join(SAMPLE, '../local-1426633911242'));
    expect(trace.applications[0]).toMatchObject({ id: 'local-1426533911241', scheduler: 'spark FIFO' });
    expect(trace.stages[0]!.tasks).toHaveLength(8);
    // No SparkListenerExecutorAdded: the slots are the most tasks that overlapped (all 8).
    expect(trace.slotsPerHost.get('localhost')).toBe(8);
    expect(trace.assumptions.join(' ')).toMatch(/no executor was announced/);
    expect(trace.stages[0]!.tasks.every((t) => t.computeSeconds === 0.015 && t.shuffleReadBytes === 0)).toBe(
      true,
    );
  });

  it('reads a multi-executor YARN application: two stages, failed attempts left out, the shuffle on both hosts', () => {
    const trace = readSparkEventLog(join(SAMPLE, '../application_1516285256255_0012-excerpt'));
    expect(trace.stages.map((s) => [s.tasks.length, s.parents])).toEqual([
      [10, []],
      [10, [0]],
    ]);
    expect(trace.hosts).toEqual(['apiros-2.gce.test.com', 'apiros-3.gce.test.com']);
    // Executors of one core each: three on apiros-2, two on apiros-3.
    expect(trace.slotsPerHost.get('apiros-2.gce.test.com')).toBe(3);
    expect(trace.slotsPerHost.get('apiros-3.gce.test.com')).toBe(2);
    expect(trace.assumptions.join(' ')).toMatch(/4 failed or killed task attempt/);
    const [maps, result] = trace.stages;
    // The retried partitions 1, 4, 5 and 6 keep their successful attempt, on apiros-3.
    expect([1, 4, 5, 6].map((i) => maps!.tasks[i]!.host)).toEqual(Array(4).fill('apiros-3.gce.test.com'));
    const sum = (
      tasks: readonly RecordedTask[],
      key: 'shuffleWriteBytes' | 'shuffleReadBytes' | 'remoteShuffleReadBytes',
    ) => tasks.reduce((a, t) => a + t[key], 0);
    expect(sum(maps!.tasks, 'shuffleWriteBytes')).toBe(1461);
    expect(sum(result!.tasks, 'shuffleReadBytes')).toBe(1461);
    expect(sum(result!.tasks, 'remoteShuffleReadBytes')).toBe(827);
  });
});
