import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type JhistJobPlan, jobHistoryLines } from '../test/job-history-writer.js';
import { tempDir } from '../test/temp-dir.js';
import { recordedWorkload } from './recorded-workload.js';
import { parseRumenJobHistory, readRumenJobHistory } from './rumen-job-history.js';
import { readSparkEventLog } from './spark-event-log.js';
import { detectTraceFormat } from './trace-format.js';

const T0 = 1_371_222_054_000;

/** One job: two maps (the second fails once on node-2, then runs on node-3) and one reduce. */
const plan: JhistJobPlan = {
  id: 'job_1369942127770_1205',
  name: 'Sort',
  user: 'jenkins',
  queue: 'sls_queue_1',
  submit: T0,
  launch: T0 + 1500,
  finish: T0 + 20_000,
  tasks: [
    {
      type: 'MAP',
      attempts: [
        {
          host: 'node-1',
          rack: '/rack-a',
          start: T0 + 3000,
          finish: T0 + 9000,
          hdfsRead: 128e6,
          fileWritten: 40e6,
        },
      ],
    },
    {
      type: 'MAP',
      attempts: [
        { host: 'node-2', rack: '/rack-a', start: T0 + 3000, finish: T0 + 4000, failed: true },
        {
          host: 'node-3',
          rack: '/rack-b',
          start: T0 + 4500,
          finish: T0 + 11_500,
          hdfsRead: 64e6,
          fileWritten: 20e6,
        },
      ],
    },
    {
      type: 'REDUCE',
      attempts: [
        {
          host: 'node-1',
          rack: '/rack-a',
          start: T0 + 10_000,
          finish: T0 + 19_000,
          shuffleEnd: T0 + 13_000,
          shuffleBytes: 60e6,
          hdfsWritten: 55e6,
        },
      ],
    },
  ],
};
const text = `${jobHistoryLines(plan).join('\n')}\n`;

describe('a MapReduce job history (.jhist)', () => {
  it('is read as Rumen would give its job: maps and reduces, successful attempts, hosts, racks and bytes', () => {
    const trace = parseRumenJobHistory(text, 'job_1369942127770_1205.jhist');
    expect(trace.format).toBe('rumen');
    expect(trace.applications).toMatchObject([
      {
        id: 'job_1369942127770_1205',
        name: 'Sort',
        user: 'jenkins',
        queue: 'sls_queue_1',
        scheduler: 'yarn',
      },
    ]);
    const [maps, reduces] = trace.stages;
    expect(maps!.submitTime).toBe(1.5);
    expect(
      maps!.tasks.map((t) => [t.host, t.launchTime, t.computeSeconds, t.inputBytes, t.shuffleWriteBytes]),
    ).toEqual([
      ['node-1', 3, 6, 128e6, 40e6],
      ['node-3', 4.5, 7, 64e6, 20e6],
    ]);
    expect(reduces!.parents).toEqual([0]);
    expect(reduces!.tasks[0]).toMatchObject({
      host: 'node-1',
      fetchWaitSeconds: 3,
      computeSeconds: 6,
      shuffleReadBytes: 60e6,
      outputBytes: 55e6,
    });
    expect(reduces!.completionTime).toBe(20);
    expect(Object.fromEntries(trace.recordedRacks)).toEqual({
      'node-1': '/rack-a'.slice(1),
      'node-3': 'rack-b',
    });
    expect(trace.assumptions.join('\n')).toContain('read from a MapReduce job history (.jhist)');
    // It replays: one MapReduce job of 2 maps and 1 reduce reading 60 MB.
    const job = recordedWorkload(trace).workload.jobs[0]!;
    expect([job.mapCount, job.reduceCount, job.shuffleBytes]).toEqual([2, 1, 60e6]);
  });

  it('is detected as Rumen by its content, and named by the Spark reader', () => {
    const file = join(tempDir('rackwise-jhist-'), 'job_1369942127770_1205-1371222054499-jenkins-Sort.jhist');
    writeFileSync(file, text);
    expect(detectTraceFormat(file)).toBe('rumen');
    expect(readRumenJobHistory(file).stages).toHaveLength(2);
    expect(() => readSparkEventLog(file)).toThrow(
      /a MapReduce job history \(\.jhist, Avro-JSON\), not a Spark event log: it is read as a Rumen job history/,
    );
  });

  it('names the line and field of a malformed event', () => {
    const lines = jobHistoryLines(plan);
    const bad = lines.map((l) =>
      l.includes('"JOB_INITED"') ? l.replace(/"launchTime":\d+/, '"launchTime":"soon"') : l,
    );
    const at = bad.findIndex((l) => l.includes('"JOB_INITED"')) + 1;
    expect(() => parseRumenJobHistory(bad.join('\n'), 'h.jhist')).toThrow(
      new RegExp(`h\\.jhist line ${at}, field "event".*launchTime`),
    );
  });
});
