import { fc, test } from '@fast-check/vitest';
import type { JobSpec, SchedulerPolicy, UserId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { parametersArbitrary, topologyArbitrary } from '../test/arbitraries.js';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { placementFor, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

interface StagePlan {
  readonly tasks: number;
  readonly parents: number[];
  readonly submit: number;
  readonly seconds: number[];
  readonly outputs: number[];
}

/** Stages of a random DAG: each takes some earlier stages as parents. */
const stagesArbitrary = fc
  .array(
    fc.record({
      tasks: fc.integer({ min: 1, max: 4 }),
      parentMask: fc.integer({ min: 0, max: 63 }),
      submit: fc.constantFrom(0, 0, 5, 30),
      seconds: fc.array(fc.constantFrom(0, 0.5, 3, 20), { minLength: 4, maxLength: 4 }),
      outputs: fc.array(fc.constantFrom(0, 1e6, 4e7), { minLength: 4, maxLength: 4 }),
    }),
    { minLength: 1, maxLength: 6 },
  )
  .map((rows) =>
    rows.map(
      (r, i): StagePlan => ({
        tasks: r.tasks,
        parents: [...Array(i).keys()].filter((p) => (r.parentMask >> p) & 1),
        submit: r.submit,
        seconds: r.seconds.slice(0, r.tasks),
        outputs: r.outputs.slice(0, r.tasks),
      }),
    ),
  );

/**
 * A stage without parents is a map-only job of its tasks; a stage with parents is a job
 * whose maps stand for its parents' tasks (their output where those ran) and whose
 * reduces are its tasks — as recorded traces are replayed.
 */
function jobsOf(stages: readonly StagePlan[]): JobSpec[] {
  const jobs: JobSpec[] = [];
  for (const s of stages) {
    const base = {
      name: `s${jobs.length}`,
      user: 0 as UserId,
      queue: 'default',
      submitTime: s.submit,
      outputBytes: 0,
      blockBytes: 64e6,
    };
    if (s.parents.length === 0) {
      jobs.push({
        ...base,
        inputBytes: 0,
        shuffleBytes: 0,
        mapCount: s.tasks,
        reduceCount: 0,
        recorded: { mapSeconds: s.seconds },
      });
      continue;
    }
    const outputs = s.parents.flatMap((p) => stages[p]!.outputs);
    const shuffle = outputs.reduce((a, b) => a + b, 0);
    jobs.push({
      ...base,
      inputBytes: 0,
      shuffleBytes: shuffle,
      mapCount: outputs.length,
      reduceCount: s.tasks,
      dependsOn: s.parents,
      recorded: {
        mapsFromParents: true,
        mapSeconds: outputs.map(() => 0),
        mapOutputBytes: outputs,
        reduceSeconds: s.seconds,
        reduceInputBytes: s.seconds.map((_, k) => k + 1),
      },
    });
  }
  return jobs;
}

describe('jobs with dependencies (stages of a recorded DAG)', () => {
  test.prop([topologyArbitrary, stagesArbitrary, parametersArbitrary, fc.integer()])(
    'no stage starts before its parents finish; every shuffle byte leaves a node where a producing task ran',
    (topology, stages, parameters, seed) => {
      const jobs = jobsOf(stages);
      const violations: string[] = [];
      const completedAt = new Map<number, number>();
      /** Node where task k of each job ran (its reduces, or maps when it has none). */
      const taskNodes = new Map<number, number[]>();
      /** Consuming tasks whose sources were checked (0 only when no stage has parents). */
      let checked = 0;
      const inner = fifoTestPolicy();
      const policy: SchedulerPolicy = {
        specificationVersion: 'v1',
        name: 'dag-checked-fifo',
        assign: (offer, view) => inner.assign(offer, view),
        onTaskStarted(event, view) {
          const spec = jobs[event.task.job]!;
          for (const p of spec.dependsOn ?? []) {
            const done = completedAt.get(p);
            if (done === undefined || done > view.now) {
              violations.push(
                `job ${event.task.job} started a task at ${view.now} before parent ${p} completed`,
              );
            }
          }
          // Before a consuming task runs, every output it reads lies where its producer ran.
          if (event.task.kind === 'reduce' && spec.recorded?.mapsFromParents === true) {
            checked++;
            const ran = (spec.dependsOn ?? []).flatMap((p) => taskNodes.get(p) ?? []);
            const job = view.job(event.task.job);
            for (let i = 0; i < spec.mapCount; i++) {
              const output = job.map(i).outputNode;
              if (output === undefined || output !== ran[i]) {
                violations.push(
                  `job ${event.task.job} map ${i}: output on ${output}, producer ran on ${ran[i]}`,
                );
              }
            }
          }
        },
        onTaskCompleted(event) {
          const spec = jobs[event.task.job]!;
          const producing = spec.reduceCount > 0 ? event.task.kind === 'reduce' : event.task.kind === 'map';
          if (producing) {
            const list = taskNodes.get(event.task.job) ?? [];
            list[event.task.index] = event.node;
            taskNodes.set(event.task.job, list);
          }
        },
        onJobCompleted(job, view) {
          completedAt.set(job.id, view.now);
        },
      };
      const result = simulate({
        topology,
        workload: workload(jobs, placementFor(topology)),
        policy,
        seed,
        parameters,
      });
      expect(violations).toEqual([]);
      const consumers = jobs.filter((j) => j.recorded?.mapsFromParents === true);
      if (consumers.length > 0) expect(checked).toBeGreaterThan(0);
      expect(result.metrics.jobsCompleted).toBe(jobs.length);
      for (const record of result.jobs) {
        // The shuffle phase lies within the job's life; a map-only job has none.
        if (jobs[record.id]!.reduceCount === 0) expect(record.shufflePhaseTime).toBeNaN();
        else {
          expect(record.shufflePhaseTime).toBeGreaterThanOrEqual(0);
          expect(record.shufflePhaseTime).toBeLessThanOrEqual(record.executionTime + 1e-9);
        }
        for (const p of jobs[record.id]!.dependsOn ?? []) {
          expect(record.submitTime).toBeGreaterThanOrEqual(completedAt.get(p)!);
        }
      }
    },
  );
});
