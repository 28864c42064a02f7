import { describe, expect, it } from 'vitest';
import { type SparkAppPlan, sparkEventLog } from '../test/spark-log-writer.js';
import { SPARK_APP_ID, sparkPlan } from '../test/written-samples.js';
import { recordedWorkload } from './recorded-workload.js';
import { parseSparkEventLog } from './spark-event-log.js';

/**
 * The written application with a third job: stage 6 reads stage 5's shuffle and fails on
 * a fetch failure (one task done, one lost), and stage 7 of a fourth job is still running
 * when the application stops (cancelled at shutdown: no completion event).
 */
function withFailedAndCancelledStages(): SparkAppPlan {
  const plan = sparkPlan();
  return {
    ...plan,
    jobs: [
      ...plan.jobs,
      {
        id: 2,
        stages: [
          {
            id: 6,
            parents: [],
            submit: 11_500,
            complete: 12_400,
            failure: 'org.apache.spark.shuffle.FetchFailedException: Failed to connect to node-2\n\tat ...',
            tasks: [{ executor: '1', launch: 11_600, finish: 12_000, run: 300, input: 1e6 }],
            lost: [{ executor: '3', launch: 11_600, finish: 12_300, reason: 'FetchFailed' }],
          },
        ],
      },
      {
        id: 3,
        stages: [
          {
            id: 7,
            parents: [],
            submit: 12_500,
            complete: 13_000,
            unfinished: true,
            tasks: [{ executor: '1', launch: 12_600, finish: 12_900, run: 200, input: 1e6 }],
            lost: [{ executor: '3', launch: 12_600, finish: 13_000, reason: 'TaskKilled' }],
          },
        ],
      },
    ],
  };
}

describe('a complete Spark log with a failed and a cancelled stage', () => {
  const lines = sparkEventLog(withFailedAndCancelledStages());

  it('is read: the stages that completed are kept, the failed and the cancelled one left out with a note', () => {
    const trace = parseSparkEventLog(lines.join('\n'), SPARK_APP_ID);
    expect(trace.stages.map((s) => s.id.split(' ').at(-1))).toEqual(['0', '1', '2', '3', '5']);
    const notes = trace.assumptions.join('\n');
    expect(notes).toContain(
      'stage 6 failed ("org.apache.spark.shuffle.FetchFailedException: Failed to connect to node-2") and was not run again: left out, its 1 successful task(s) not replayed',
    );
    expect(notes).toContain(
      'stage 7 never completed before the application ended (cancelled): left out, its 1 successful task(s) not replayed',
    );
    expect(recordedWorkload(trace).units).toHaveLength(5);
  });

  it('without its application end (an in-progress log) the unfinished stages are named as under way', () => {
    const cut = lines.filter((l) => !l.includes('SparkListenerApplicationEnd'));
    const notes = parseSparkEventLog(cut.join('\n'), SPARK_APP_ID).assumptions.join('\n');
    expect(notes).toContain('an in-progress log (no application end)');
    expect(notes).toContain('stage 7 under way when the log ends (1 of 2 task(s) done): left out');
  });
});
