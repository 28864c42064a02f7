import { describe, expect, it } from 'vitest';
import { rumenHistoryText, sparkLogLines, sparkTaskEnd } from '../test/trace-fixtures.js';
import { recordedWorkload } from './recorded-workload.js';
import { parseRumenJobHistory } from './rumen-job-history.js';
import { parseSparkEventLog } from './spark-event-log.js';

const T0 = 1_600_000_000_000;

/** The fixture's application with a third stage reading stage 1's shuffle. */
function threeStages(): string {
  const lines = sparkLogLines().slice(0, -2);
  const info = (done?: number) => ({
    'Stage ID': 2,
    'Number of Tasks': 1,
    'Parent IDs': [1],
    'Submission Time': T0 + 6100,
    ...(done === undefined ? {} : { 'Completion Time': done }),
  });
  lines[11] = sparkTaskEnd({
    stage: 1,
    index: 0,
    host: 'host-a',
    launch: T0 + 4400,
    finish: T0 + 5400,
    run: 900,
    fetchWait: 300,
    remote: 3_000_000,
    local: 2_000_000,
    written: 1000,
  });
  lines.push(JSON.stringify({ Event: 'SparkListenerStageSubmitted', 'Stage Info': info() }));
  lines.push(
    sparkTaskEnd({
      stage: 2,
      index: 0,
      host: 'host-b',
      launch: T0 + 6200,
      finish: T0 + 6800,
      run: 500,
      fetchWait: 100,
      remote: 500,
      local: 500,
    }),
  );
  lines.push(JSON.stringify({ Event: 'SparkListenerStageCompleted', 'Stage Info': info(T0 + 6900) }));
  return lines.join('\n');
}

describe('recordedWorkload', () => {
  it('makes a Spark map stage a map-only job and its consumer a job held until it is done', () => {
    const replay = recordedWorkload(parseSparkEventLog(sparkLogLines().join('\n'), 'app.log'));
    const [maps, result] = replay.workload.jobs;
    expect([maps!.mapCount, maps!.reduceCount, maps!.inputBytes]).toEqual([2, 0, 128_000_000]);
    // Run time, plus the 0.1 s each attempt spent outside it (scheduler delay: these
    // tasks record no deserialisation or result serialisation).
    expect(maps!.recorded?.mapSeconds?.map((s) => Math.round(s * 1000) / 1000)).toEqual([2, 3]);
    // The result stage's maps stand for the map stage's tasks: their output is what each wrote.
    expect(result).toMatchObject({ dependsOn: [0], mapCount: 2, reduceCount: 2, shuffleBytes: 10_000_000 });
    expect(result!.recorded?.mapOutputBytes).toEqual([4_000_000, 6_000_000]);
    // Run time less fetch wait, plus 0.1 s of scheduler delay.
    expect(result!.recorded?.reduceSeconds?.map((s) => Math.round(s * 10) / 10)).toEqual([0.7, 1]);
    expect(replay.units.map((u) => u.stages)).toEqual([[0], [1]]);
    expect(replay.units[0]!.recordedSeconds).toBeCloseTo(3.2);
    expect(replay.cluster).toMatchObject({
      racks: ['default-rack'],
      nodesPerRack: 2,
      containers: 2,
      paddingNodes: 0,
    });
  });

  it('keeps a Rumen job whole: its reduces read its maps, as MapReduce runs them', () => {
    const replay = recordedWorkload(parseRumenJobHistory(rumenHistoryText(), 'jh.json'));
    const job = replay.workload.jobs[0]!;
    expect([job.mapCount, job.reduceCount, job.shuffleBytes, job.dependsOn]).toEqual([
      2,
      1,
      120_000_000,
      undefined,
    ]);
    expect(job.recorded?.mapOutputBytes).toEqual([50_000_000, 70_000_000]);
    expect(replay.units[0]!.stages).toEqual([0, 1]);
  });

  it("holds a later stage until its parent is done, its maps standing for the parent's tasks", () => {
    const replay = recordedWorkload(parseSparkEventLog(threeStages(), 'app.log'));
    const [, second, third] = replay.workload.jobs;
    expect(second!.reduceCount).toBe(2);
    expect(third).toMatchObject({
      dependsOn: [1],
      mapCount: 2,
      reduceCount: 1,
      shuffleBytes: 1000,
      submitTime: 0,
    });
    expect(third!.recorded?.mapsFromParents).toBe(true);
    expect(third!.recorded?.mapSeconds).toEqual([0, 0]);
    expect(third!.recorded?.mapOutputBytes).toEqual([1000, 0]);
  });

  it('refuses a trace in which no stage completed: nothing to replay', () => {
    const idle = sparkLogLines().filter((l) => !/Stage|Task|Job/.test(l));
    const trace = parseSparkEventLog(idle.join('\n'), 'idle.log');
    expect(trace.hosts).toEqual(['host-a', 'host-b']);
    expect(() => recordedWorkload(trace)).toThrow('idle.log: no stage or job of this trace completed');
  });

  it('leaves durations to the model on request, and takes Rumen racks', () => {
    const rumen = parseRumenJobHistory(rumenHistoryText(), 'jh.json');
    const replay = recordedWorkload(rumen, { durations: 'modelled' });
    expect(replay.workload.jobs.map((j) => [j.mapCount, j.reduceCount])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    expect(replay.workload.jobs[0]!.recorded?.mapSeconds).toBeUndefined();
    expect(replay.workload.jobs[0]!.recorded?.reduceSeconds).toBeUndefined();
    expect(replay.cluster).toMatchObject({ racks: ['rack-1', 'rack-2'], nodesPerRack: 2, paddingNodes: 1 });
    expect(replay.cluster.nodeOfHost.get('c3')).toBe(2);
    expect(() => recordedWorkload(rumen, { durations: 'guessed' as never })).toThrow('durations must be');
  });
});
