import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { experimentPreset } from './preset-catalogue.js';
import { replayError } from './recorded-trace-comparison.js';
import { recordedSchedulerPolicies, recordedTracePreset } from './recorded-trace-preset.js';
import { runExperiment } from './run-experiment.js';

/**
 * A Spark log of a chain of `stages` stages, each of 2 tasks on hosts r1-a and r2-b, each
 * stage after the first reading 40 MB of shuffle from the one before.
 */
function chainLog(stages: number): string {
  const events: object[] = [
    { Event: 'SparkListenerApplicationStart', 'App ID': 'app-chain', User: 'ana', Timestamp: 0 },
    { Event: 'SparkListenerEnvironmentUpdate', 'Spark Properties': { 'spark.scheduler.mode': 'FAIR' } },
    { Event: 'SparkListenerExecutorAdded', 'Executor Info': { Host: 'r1-a', 'Total Cores': 2 } },
    { Event: 'SparkListenerExecutorAdded', 'Executor Info': { Host: 'r2-b', 'Total Cores': 2 } },
  ];
  let t = 1000;
  for (let s = 0; s < stages; s++) {
    const info = {
      'Stage ID': s,
      'Number of Tasks': 2,
      'Parent IDs': s === 0 ? [] : [s - 1],
      'Submission Time': t,
    };
    events.push({ Event: 'SparkListenerStageSubmitted', 'Stage Info': info });
    for (let i = 0; i < 2; i++) {
      const read =
        s === 0
          ? {}
          : {
              'Shuffle Read Metrics': {
                'Remote Bytes Read': 2e7,
                'Local Bytes Read': 0,
                'Fetch Wait Time': 400,
              },
            };
      events.push({
        Event: 'SparkListenerTaskEnd',
        'Stage ID': s,
        'Task End Reason': { Reason: 'Success' },
        'Task Info': {
          Index: i,
          Host: i === 0 ? 'r1-a' : 'r2-b',
          'Launch Time': t + 50,
          'Finish Time': t + 3050,
        },
        'Task Metrics': {
          'Executor Run Time': 2900,
          'Input Metrics': { 'Bytes Read': s === 0 ? 6.4e7 : 0 },
          'Shuffle Write Metrics': { 'Shuffle Bytes Written': s < stages - 1 ? 2e7 : 0 },
          ...read,
        },
      });
    }
    events.push({
      Event: 'SparkListenerStageCompleted',
      'Stage Info': { ...info, 'Completion Time': t + 3100 },
    });
    t += 3200;
  }
  return events.map((e) => JSON.stringify(e)).join('\n');
}

describe('recordedTracePreset', () => {
  const dir = mkdtempSync(join(tmpdir(), 'rackwise-recorded-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const trace = join(dir, 'app-chain');
  writeFileSync(trace, chainLog(4));

  it("builds the cluster from the trace's hosts and racks, and names the policies of its scheduler", () => {
    const { preset, replay, schedulers } = recordedTracePreset({
      trace,
      format: 'spark',
      racks: { kind: 'regex', pattern: '^(r\\d)-' },
    });
    expect(schedulers).toEqual(['spark FAIR']);
    expect(recordedSchedulerPolicies(schedulers[0]!)).toEqual(['fair']);
    expect(preset.topology).toMatchObject({
      racks: 2,
      nodesPerRack: 1,
      slots: { model: 'container', containers: 2, perNode: [2, 2] },
    });
    // Each stage is a job; each after the first waits for the one before.
    expect(replay.workload.jobs.map((j) => j.dependsOn ?? [])).toEqual([[], [0], [1], [2]]);
    // Spark's driver offers a submitted stage at once; the base preset's other engine settings stay.
    expect(preset.engine).toMatchObject({ offerOnSubmit: true });
    expect({ ...preset.engine, offerOnSubmit: undefined }).toEqual({
      ...experimentPreset('nas-cluster').engine,
      offerOnSubmit: undefined,
    });
  });

  it('replays a chain of stages under each paper policy: every job completes after its parent', async () => {
    const { preset, replay } = recordedTracePreset({
      trace,
      format: 'spark',
      racks: { kind: 'regex', pattern: '^(r\\d)-' },
    });
    const policies = ['fair', 'delay', 'nas', 'sw-fair', 'shadow', 'fcs'];
    const result = await runExperiment({ preset, policies, parallelism: 1 });
    for (const policy of result.policies) {
      const run = policy.runs[0]!;
      expect(run.metrics.jobsCompleted).toBe(4);
      const error = replayError(replay, run, policy.policy);
      expect(error.rows).toHaveLength(4);
      const table = run.jobs!;
      const col = (name: string) => table.values[table.columns.indexOf(name)]!;
      const submit = new Map(col('id').map((id, r) => [Number(id), Number(col('submit')[r])]));
      const finish = new Map(col('id').map((id, r) => [Number(id), Number(col('finish')[r])]));
      for (const [job, spec] of replay.workload.jobs.entries()) {
        for (const parent of spec.dependsOn ?? [])
          expect(submit.get(job)!).toBeGreaterThanOrEqual(finish.get(parent)!);
      }
      expect(Number.isFinite(error.medianAbsError)).toBe(true);
    }
  });
});
