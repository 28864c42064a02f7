import { flattenMetrics } from '@rackwise/metrics';
import type { SchedulerPolicy } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { DEFAULT_ENGINE_PARAMETERS, resolveEngineParameters } from './engine-parameters.js';
import { jobSkew } from './internal/skew.js';
import { createSimulation, simulate } from './simulation.js';

const topology = testTopology({ racks: 2, nodesPerRack: 3 });
const jobs = [jobSpec({ inputBytes: 5e8, shuffleBytes: 1e8, reduceCount: 2 })];

describe('parameters', () => {
  it('fills the documented defaults', () => {
    expect(resolveEngineParameters()).toBe(DEFAULT_ENGINE_PARAMETERS);
    expect(resolveEngineParameters({ mapRate: 5e7 })).toMatchObject({ mapRate: 5e7, parallelCopies: 5 });
  });

  it.each([
    [{ mapRate: 0 }, /parameters\.mapRate must be a positive finite number of bytes per second, got 0/],
    [{ mapCompletionThreshold: 1.5 }, /parameters\.mapCompletionThreshold must be a fraction/],
    [{ parallelCopies: 2.5 }, /parameters\.parallelCopies must be a positive integer/],
    [{ fetchSource: 'switch' }, /parameters\.fetchSource must be 'node' or 'rack'/],
    [{ network: 'yes' }, /parameters\.network must be a boolean/],
    [{ heartbeatPhases: 'golden' }, /parameters\.heartbeatPhases must be 'random' or 'spread'/],
    [{ heartbeatJitter: 1 }, /parameters\.heartbeatJitter must be a fraction in \[0, 1\), got 1/],
    [{ heartbeat: 3 }, /parameters\.heartbeat is not an engine parameter; known: mapOverhead/],
    [{ resolveTolerance: 1 }, /parameters\.resolveTolerance must be a fraction in \[0, 1\), got 1/],
    [{ resolveTolerance: -0.1 }, /parameters\.resolveTolerance must be a fraction in \[0, 1\), got -0\.1/],
    [{ resolveInterval: -1 }, /parameters\.resolveInterval must be a finite number of seconds >= 0, got -1/],
  ])('refuses %j', (parameters, message) => {
    expect(() => resolveEngineParameters(parameters as never)).toThrow(message);
  });
});

describe('resolveTolerance', () => {
  const many = Array.from({ length: 6 }, (_, i) =>
    jobSpec({ name: `job-${i}`, submitTime: i * 3, inputBytes: 5e8, shuffleBytes: 4e8, reduceCount: 3 }),
  );
  const run = (parameters: Record<string, unknown>) =>
    simulate({ topology, workload: workload(many), policy: fifoTestPolicy(), seed: 2, parameters });

  it('has no effect without residual rates between solves at an interval: the exact model stays exact', () => {
    const exact = run({});
    const withTolerance = run({ resolveTolerance: 0.05 });
    expect(flattenMetrics(withTolerance.metrics)).toEqual(flattenMetrics(exact.metrics));
    expect(withTolerance.stats.localSolves).toBe(0);
    const idle = run({ resolveInterval: 0.01 });
    expect(flattenMetrics(run({ resolveInterval: 0.01, resolveTolerance: 0.05 }).metrics)).toEqual(
      flattenMetrics(idle.metrics),
    );
  });

  it('with them, solves fewer times than every change at the interval, and every job completes', () => {
    const base = { resolveInterval: 0.01, betweenSolves: 'residual' };
    const every = run(base);
    const drift = run({ ...base, resolveTolerance: 0.05 });
    expect(drift.stats.solves).toBeLessThan(every.stats.solves);
    expect(drift.metrics.jobsCompleted).toBe(many.length);
  });
});

describe('configuration checks', () => {
  it('refuses a malformed job before running, naming it', () => {
    const bad = { ...jobs[0]!, mapCount: 2 };
    expect(() =>
      createSimulation({ topology, workload: workload([bad]), policy: fifoTestPolicy(), seed: 1 }),
    ).toThrow(/workload\.jobs\[0\] \("job"\): mapCount 2 does not match inputBytes/);
    const negative = { ...jobs[0]!, shuffleBytes: -1 };
    expect(() =>
      createSimulation({ topology, workload: workload([negative]), policy: fifoTestPolicy(), seed: 1 }),
    ).toThrow(/workload\.jobs\[0\] \("job"\)\.shuffleBytes must be a finite number of bytes >= 0, got -1/);
  });

  it('refuses a policy that is not a v1 policy, a bad seed and bad metric options', () => {
    const notV1 = { ...fifoTestPolicy(), specificationVersion: 'v0' } as unknown as SchedulerPolicy;
    expect(() => createSimulation({ topology, workload: workload(jobs), policy: notV1, seed: 1 })).toThrow(
      /policy\.specificationVersion must be 'v1'/,
    );
    expect(() =>
      createSimulation({ topology, workload: workload(jobs), policy: fifoTestPolicy(), seed: 0.5 }),
    ).toThrow(/seed must be a safe integer/);
    expect(() =>
      createSimulation({
        topology,
        workload: workload(jobs),
        policy: fifoTestPolicy(),
        seed: 1,
        metrics: { congestionThreshold: 2 },
      }),
    ).toThrow(/metrics\.congestionThreshold must be a fraction in \(0, 1\]/);
  });

  it('refuses a policy that answers nonsense, naming it', () => {
    const broken: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: 'broken',
      assign: () => ({ type: 'launch', task: { job: 99 as never, kind: 'map', index: 0 }, reason: 'x' }),
    };
    expect(() => simulate({ topology, workload: workload(jobs), policy: broken, seed: 1 })).toThrow(
      /policy "broken" decision refused at t=.*: launch map 0 of job 99 on node \d+ \(container offer\): the job is not active/,
    );
    const throwing: SchedulerPolicy = {
      specificationVersion: 'v1',
      name: 'thrower',
      assign: () => {
        throw new Error('boom');
      },
    };
    expect(() => simulate({ topology, workload: workload(jobs), policy: throwing, seed: 1 })).toThrow(
      /policy "thrower" threw in assign .*: boom/,
    );
  });

  it('hands a factory a seeded random source', () => {
    const draws: number[][] = [];
    const run = (seed: number) =>
      simulate({
        topology,
        workload: workload(jobs),
        seed,
        policy: (context) => {
          draws.push([context.random.next(), context.random.int(10)]);
          return fifoTestPolicy();
        },
      });
    run(1);
    run(1);
    run(2);
    expect(draws[0]).toEqual(draws[1]);
    expect(draws[0]).not.toEqual(draws[2]);
  });
});

describe('results', () => {
  it('stops at maxTime and reports unfinished jobs', () => {
    const result = simulate({
      topology,
      workload: workload([...jobs, jobSpec({ name: 'late', inputBytes: 1e8, submitTime: 1e6 })]),
      policy: fifoTestPolicy(),
      seed: 1,
      parameters: { maxTime: 1000 },
    });
    expect(result.metrics.jobsCompleted).toBe(1);
    expect(result.metrics.jobsUnfinished).toBe(1);
    expect(result.stats.simulatedTime).toBe(1000);
  });

  it('reports progress as jobs complete, ending with all of them', () => {
    const seen: number[] = [];
    simulate({
      topology,
      workload: workload([...jobs, jobSpec({ name: 'second', inputBytes: 1e8, submitTime: 5 })]),
      policy: fifoTestPolicy(),
      seed: 1,
      onProgress: (p) => seen.push(p.jobsDone / p.jobsTotal),
    });
    expect(seen).toEqual([0.5, 1]);
  });

  it('gives skewed partitions their Zipf share', () => {
    const fetched: number[] = [];
    simulate({
      topology,
      workload: workload([jobSpec({ inputBytes: 5e8, shuffleBytes: 3e8, reduceCount: 3 })]),
      seed: 1,
      parameters: { partitionSkew: 1 },
      policy: {
        ...fifoTestPolicy(),
        onTaskCompleted(event, view) {
          if (event.task.kind === 'reduce')
            fetched[event.task.index] = view.job(event.task.job).reduce(event.task.index).fetchedBytes;
        },
      },
    });
    // Shares 1 : 1/2 : 1/3 of 3e8 bytes.
    const h = 1 + 1 / 2 + 1 / 3;
    expect(fetched[0]).toBeCloseTo(3e8 / h, 0);
    expect(fetched[1]).toBeCloseTo(3e8 / (2 * h), 0);
    expect(fetched[2]).toBeCloseTo(3e8 / (3 * h), 0);
  });

  it('logs decisions up to the limit', () => {
    const result = simulate({
      topology,
      workload: workload(jobs),
      policy: fifoTestPolicy(),
      seed: 1,
      recordDecisions: 3,
    });
    expect(result.decisions).toHaveLength(3);
    expect(result.decisions[0]).toMatchObject({
      decision: 'launch',
      slot: 'container',
      task: { kind: 'map' },
    });
  });

  it('flattens metrics under stable dotted names', () => {
    const { metrics } = simulate({ topology, workload: workload(jobs), policy: fifoTestPolicy(), seed: 1 });
    const flat = flattenMetrics(metrics);
    expect(Object.keys(flat)).toContain('executionTime.mean');
    expect(Object.keys(flat)).toContain('executionTimeByShuffleClass.heavy.p95');
    expect(Object.keys(flat)).toContain('crossRackBytes.shuffle');
    expect(Object.keys(flat)).toContain('predictorError.mean');
    expect(flat.jobsCompleted).toBe(1);
    expect(Object.values(flat).every((v) => typeof v === 'number')).toBe(true);
  });
});

describe('Skew (Shadow eq. 10)', () => {
  it('is the largest over the smallest load of the rack links in use', () => {
    // Shadow Fig. 5(a): loads 6 and 1 on the links in use give Skew 6.
    expect(jobSkew(Float64Array.of(6, 0, 2), Float64Array.of(0, 1, 3))).toBe(6);
    expect(jobSkew(Float64Array.of(2, 2), Float64Array.of(2, 2))).toBe(1);
    expect(jobSkew(Float64Array.of(0, 0), Float64Array.of(0, 0))).toBeNaN();
  });
});
