import { describe, expect, it } from 'vitest';
import { rumenJobHistory } from '../test/rumen-history-writer.js';
import { sparkEventLog } from '../test/spark-log-writer.js';
import { SPARK_APP_ID, rumenJobs, sparkPlan } from '../test/written-samples.js';
import { parseRumenJobHistory } from './rumen-job-history.js';
import { parseSparkEventLog } from './spark-event-log.js';

const CENTURY_MS = 100 * 365 * 24 * 3600 * 1000;
const lineOf = (lines: readonly string[], test: (event: Record<string, unknown>) => boolean) =>
  lines.findIndex((l) => test(JSON.parse(l))) + 1;

describe('values beyond physical bounds are refused before anything runs', () => {
  it('a Spark task attempt finishing a hundred years after it started: file, line and field', () => {
    const plan = sparkPlan();
    const job = plan.jobs[0]!;
    const stage = job.stages[3]!;
    const task = stage.tasks[0]!;
    const long = { ...task, finish: task.launch + CENTURY_MS, run: CENTURY_MS - 100 };
    const damaged = {
      ...plan,
      jobs: [{ ...job, stages: [...job.stages.slice(0, 3), { ...stage, tasks: [long] }] }, plan.jobs[1]!],
    };
    const lines = sparkEventLog(damaged);
    const at = lineOf(lines, (e) => e.Event === 'SparkListenerTaskEnd' && e['Stage ID'] === 3);
    expect(() => parseSparkEventLog(lines.join('\n'), SPARK_APP_ID)).toThrow(
      `${SPARK_APP_ID} line ${at}, field "Task Info.Finish Time": expected a time within a day before and a year after the trace's start`,
    );
  });

  it('a Spark executor run time of a hundred years', () => {
    const lines = sparkEventLog(sparkPlan());
    const at = lineOf(
      lines,
      (e) =>
        e.Event === 'SparkListenerTaskEnd' &&
        (e['Task End Reason'] as { Reason: string }).Reason === 'Success',
    );
    lines[at - 1] = lines[at - 1]!.replace(/"Executor Run Time":\d+/, `"Executor Run Time":${CENTURY_MS}`);
    expect(() => parseSparkEventLog(lines.join('\n'), SPARK_APP_ID)).toThrow(
      `${SPARK_APP_ID} line ${at}, field "Task Metrics.Executor Run Time": expected an integer <= 31622400000 (at most a year of milliseconds)`,
    );
  });

  it('an executor of 10⁹ cores, and executors summing past a host’s bound', () => {
    const plan = sparkPlan();
    const huge = { ...plan, executors: plan.executors.map((e, i) => (i === 0 ? { ...e, cores: 1e9 } : e)) };
    const lines = sparkEventLog(huge);
    const at = lineOf(lines, (e) => e.Event === 'SparkListenerExecutorAdded');
    expect(() => parseSparkEventLog(lines.join('\n'), SPARK_APP_ID)).toThrow(
      `${SPARK_APP_ID} line ${at}, field "Executor Info.Total Cores": expected an integer <= 4096`,
    );
    const two = {
      ...plan,
      executors: plan.executors.map((e) => (e.host === 'node-1.rack-a.example' ? { ...e, cores: 3000 } : e)),
    };
    const twoLines = sparkEventLog(two);
    const second = twoLines.findIndex(
      (l, i) => i > at - 1 && l.includes('SparkListenerExecutorAdded') && l.includes('node-1'),
    );
    expect(() => parseSparkEventLog(twoLines.join('\n'), SPARK_APP_ID)).toThrow(
      `${SPARK_APP_ID} line ${second + 1}, field "Executor Info.Total Cores": expected at most 4096 cores alive on host node-1.rack-a.example at once, got 3000`,
    );
  });

  it('a Rumen attempt finishing a hundred years late, and a task of more than a PiB', () => {
    const jobs = rumenJobs();
    const late = jobs.map((j, k) =>
      k === 1
        ? {
            ...j,
            finish: CENTURY_MS,
            maps: [{ ...j.maps[0]!, attempts: [{ ...j.maps[0]!.attempts[0]!, finish: CENTURY_MS }] }],
          }
        : j,
    );
    expect(() => parseRumenJobHistory(rumenJobHistory(late), 'h.json')).toThrow(
      /h\.json record 2 \(line \d+\), field "finishTime": expected a time within a day before and a year after/,
    );
    const big = jobs.map((j, k) =>
      k === 0
        ? {
            ...j,
            maps: [
              { ...j.maps[0]!, attempts: [{ ...j.maps[0]!.attempts[0]!, hdfsRead: 2 ** 51 }] },
              ...j.maps.slice(1),
            ],
          }
        : j,
    );
    expect(() => parseRumenJobHistory(rumenJobHistory(big), 'h.json')).toThrow(
      /h\.json record 1 \(line 1\), field "mapTasks\[0\]\.[a-zA-Z.[\]0-9]*Bytes[a-zA-Z]*": expected an integer <= 1125899906842624 \(at most a PiB for one task\)/,
    );
  });
});
