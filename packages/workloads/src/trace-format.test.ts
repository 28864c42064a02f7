import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { rumenJobHistory } from '../test/rumen-history-writer.js';
import { type SparkAppPlan, type TaskPlan, sparkEventLog } from '../test/spark-log-writer.js';
import { tempDir } from '../test/temp-dir.js';
import { rawZstdFrame } from '../test/trace-fixtures.js';
import { rumenJobs, sparkPlan } from '../test/written-samples.js';
import { readRumenJobHistory } from './rumen-job-history.js';
import { readSparkEventLog } from './spark-event-log.js';
import { detectTraceFormat } from './trace-format.js';

const temp = () => tempDir('rackwise-format-');
/** Gzip without compression (level 0): a valid gzip stream as large as its text. */
const stored = (text: string) => gzipSync(text, { level: 0 });

/** The written application with a job of 400 tasks more: a log of about half a megabyte. */
function largeSparkText(): string {
  const plan = sparkPlan();
  const tasks: TaskPlan[] = Array.from({ length: 400 }, (_, i) => ({
    executor: String(1 + (i % 3)),
    launch: 12_000 + i,
    finish: 12_500 + i,
    run: 400,
    input: 1e6,
  }));
  const large: SparkAppPlan = {
    ...plan,
    jobs: [
      ...plan.jobs,
      { id: 2, stages: [{ id: 6, parents: [], submit: 11_900, complete: 13_000, tasks }] },
    ],
  };
  return `${sparkEventLog(large).join('\n')}\n`;
}

/** The written Rumen history, its jobs repeated under new ids: about a megabyte. */
function largeRumenText(): string {
  const jobs = rumenJobs();
  return rumenJobHistory(
    Array.from({ length: 120 }, (_, k) => ({ ...jobs[k % 2]!, id: `job_1369942127770_${1000 + k}` })),
  );
}

describe('detectTraceFormat reads the content after decompression, whatever the size or name', () => {
  const spark = largeSparkText();
  const rumen = largeRumenText();

  it('the written gzip files are larger than the 64 KiB head detection used to read', () => {
    expect(stored(spark).length).toBeGreaterThan(65_536);
    expect(stored(rumen).length).toBeGreaterThan(65_536);
  });

  it('a gzip Spark log of more than 64 KiB is Spark, named .gz or not', () => {
    const dir = temp();
    for (const name of ['app.gz', 'application_1_0001']) {
      const file = join(dir, name);
      writeFileSync(file, stored(spark));
      expect(detectTraceFormat(file)).toBe('spark');
    }
    expect(readSparkEventLog(join(dir, 'application_1_0001')).stages).toHaveLength(6);
  });

  it('a zstd Spark log without its extension is Spark', () => {
    const file = join(temp(), 'application_1_0002');
    writeFileSync(file, rawZstdFrame(Buffer.from(spark)));
    expect(detectTraceFormat(file)).toBe('spark');
    expect(readSparkEventLog(file).stages).toHaveLength(6);
  });

  it('a gzip Rumen history of more than 64 KiB is Rumen, and a zstd one named .zst too', () => {
    const dir = temp();
    const gz = join(dir, 'history.json.gz');
    writeFileSync(gz, stored(rumen));
    expect(detectTraceFormat(gz)).toBe('rumen');
    expect(readRumenJobHistory(gz).applications).toHaveLength(120);
    const zst = join(dir, 'history.zst');
    writeFileSync(zst, rawZstdFrame(Buffer.from(rumen)));
    expect(detectTraceFormat(zst)).toBe('rumen');
  });
});

/** The first lines of a MapReduce job history as Hadoop's JobHistoryEventHandler writes it. */
function jhistText(): string {
  const schema = {
    type: 'record',
    name: 'Event',
    namespace: 'org.apache.hadoop.mapreduce.jobhistory',
    fields: [{ name: 'type', type: { type: 'enum', name: 'EventType', symbols: ['JOB_SUBMITTED'] } }],
  };
  const submitted = {
    type: 'JOB_SUBMITTED',
    event: {
      'org.apache.hadoop.mapreduce.jobhistory.JobSubmitted': {
        jobid: 'job_1369942127770_1205',
        jobName: 'TeraGen',
        userName: 'jenkins',
        submitTime: 1_371_222_054_499,
        jobConfPath: 'hdfs://nn:8020/user/jenkins/.staging/job_1369942127770_1205/job.xml',
        acls: {},
        jobQueueName: 'default',
      },
    },
  };
  return `Avro-Json\n${JSON.stringify(schema)}\n${JSON.stringify(submitted)}\n`;
}

describe('what is no trace of ours gets a message of its own', () => {
  it('a MapReduce .jhist: detected as Rumen, named by the Spark reader; a job that never finished is refused by field', () => {
    const file = join(temp(), 'job_1369942127770_1205-1371222054499-jenkins-TeraGen.jhist');
    writeFileSync(file, jhistText());
    expect(detectTraceFormat(file)).toBe('rumen');
    expect(() => readRumenJobHistory(file)).toThrow(/record 1 \(line 3\).*finishTime/);
    expect(() => readSparkEventLog(file)).toThrow(
      /a MapReduce job history \(\.jhist, Avro-JSON\), not a Spark event log/,
    );
  });

  it('an empty file, plain or gzip', () => {
    const dir = temp();
    writeFileSync(join(dir, 'empty'), '');
    writeFileSync(join(dir, 'blank.gz'), gzipSync('\n\n'));
    expect(() => detectTraceFormat(join(dir, 'empty'))).toThrow('empty: an empty file: it holds no trace');
    expect(() => detectTraceFormat(join(dir, 'blank.gz'))).toThrow('blank.gz: an empty file');
  });

  it('a JSON array of Rumen jobs, and a JSON array of anything else', () => {
    const dir = temp();
    const jobs = rumenJobHistory(rumenJobs())
      .trim()
      .split(/\n(?=\{)/);
    writeFileSync(join(dir, 'jobs.json'), `[${jobs.join(',\n')}]\n`);
    expect(() => detectTraceFormat(join(dir, 'jobs.json'))).toThrow(
      "jobs.json: a JSON array of Rumen jobs: a Rumen job history is job objects one after another, as TraceBuilder writes it, not an array — write the array's elements one after another",
    );
    expect(() => readRumenJobHistory(join(dir, 'jobs.json'))).toThrow('a JSON array of Rumen jobs');
    writeFileSync(join(dir, 'numbers.json'), '[1, 2, 3]\n');
    expect(() => detectTraceFormat(join(dir, 'numbers.json'))).toThrow(
      'numbers.json: a JSON array: not a trace rackwise reads',
    );
  });
});
