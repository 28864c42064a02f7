import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyOverrides } from './experiment-overrides.js';
import type { ExperimentResult } from './experiment-result.js';
import { metricNames } from './metric-catalogue.js';
import { NAS_FIGURE_3_METRICS } from './presets/headline-metrics.js';
import { TINY_PRESET } from './presets/tiny-preset.js';
import { type ExperimentProgress, prepareExperiment, runExperiment } from './run-experiment.js';
import { type SweepPoint, sweep } from './sweep.js';
import { buildWorkload, swimSizeScale } from './workload-recipe.js';

const run = (seed: number, policies = ['fair', 'nas']): Promise<ExperimentResult> =>
  runExperiment({ preset: 'tiny', policies, seed, parallelism: 1 });

describe('runExperiment on the tiny preset', () => {
  it('runs every policy to completion and keeps every metric per policy', async () => {
    const progress: number[] = [];
    const running: ExperimentProgress['running'][number][] = [];
    let last: ExperimentProgress | undefined;
    const result = await runExperiment({
      preset: 'tiny',
      policies: ['fair', 'delay', 'nas'],
      seed: 3,
      parallelism: 1,
      onProgress: (p) => {
        progress.push(p.fraction);
        running.push(...p.running);
        last = p;
      },
    });
    expect(result.policies.map((p) => p.policy)).toEqual(['fair', 'delay', 'nas']);
    expect(result.baseline).toBe('fair');
    expect(result.metricNames).toEqual([...metricNames(TINY_PRESET)].sort());
    for (const policy of result.policies) {
      expect(Object.keys(policy.metrics).sort()).toEqual(result.metricNames);
      expect(policy.metrics.jobsCompleted).toBe(30);
      expect(policy.metrics.jobsUnfinished).toBe(0);
      expect(policy.runs[0]?.series.time.length).toBeGreaterThan(1);
    }
    expect(result.headline).toEqual(NAS_FIGURE_3_METRICS);
    expect(progress.at(-1)).toBe(1);
    expect(progress.every((f, i) => i === 0 || f >= (progress[i - 1] ?? 0))).toBe(true);
    // Each simulation under way says its simulated time and jobs, both moving only forward.
    expect(last).toMatchObject({ runsDone: 3, runsTotal: 3, running: [] });
    expect(new Set(running.map((r) => r.policy))).toEqual(new Set(['fair', 'delay', 'nas']));
    running.forEach((r, i) => {
      expect(r.jobsTotal).toBe(30);
      expect(r.jobsDone).toBeLessThanOrEqual(30);
      expect(r.fraction).toBe(r.jobsDone / 30);
      const before = running[i - 1];
      if (before?.policy === r.policy) {
        expect(r.time).toBeGreaterThanOrEqual(before.time);
        expect(r.jobsDone).toBeGreaterThanOrEqual(before.jobsDone);
      }
    });
    expect(Math.max(...running.map((r) => r.time))).toBeGreaterThan(0);
    expect(result.configuration).toMatchObject({ preset: 'tiny', jobs: 30, seeds: [3] });
  });

  it('gives the same metrics for the same seed, and others for another seed', async () => {
    const [a, b, c] = await Promise.all([run(11), run(11), run(12)]);
    const metrics = (r: ExperimentResult) => r.policies.map((p) => p.metrics);
    expect(metrics(a)).toEqual(metrics(b));
    expect(metrics(a)).not.toEqual(metrics(c));
  });

  it('reports mean and spread over several seeds', async () => {
    const result = await runExperiment({
      preset: 'tiny',
      policies: ['fair'],
      seeds: [1, 2, 3],
      parallelism: 1,
    });
    const fair = result.policies[0];
    const times = fair?.runs.map((r) => r.metrics['executionTime.mean'] ?? Number.NaN) ?? [];
    expect(fair?.runs.map((r) => r.seed)).toEqual([1, 2, 3]);
    expect(fair?.spread['executionTime.mean']?.mean).toBeCloseTo(times.reduce((s, t) => s + t, 0) / 3, 9);
    expect(fair?.spread['executionTime.mean']?.n).toBe(3);
  });

  it('names the versions of the packages it ran', async () => {
    const result = await run(5, ['fair']);
    expect(result.versions['@rackwise/engine']).toMatch(/^\d+\.\d+\.\d+/);
    expect(result.versions['@rackwise/experiments']).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('prepareExperiment', () => {
  it('refuses unknown policies, baselines and seeds before running', () => {
    expect(() => prepareExperiment({ preset: 'tiny', policies: ['fair', 'lottery'] })).toThrowError(
      /unknown policy "lottery"; known policies: fifo, fair/,
    );
    expect(() => prepareExperiment({ preset: 'tiny', policies: ['fair'], baseline: 'nas' })).toThrowError(
      'baseline "nas" must be one of the policies run: fair',
    );
    expect(() => prepareExperiment({ preset: 'tiny', seeds: [1, 1] })).toThrowError(
      'seeds lists a seed twice: 1, 1',
    );
    expect(() => prepareExperiment({ preset: 'nope' })).toThrowError(
      /unknown preset "nope"; known presets: nas-sim/,
    );
  });

  it('refuses a policy configuration the policy refuses', () => {
    expect(() =>
      prepareExperiment({
        preset: 'tiny',
        policies: ['nas'],
        overrides: { policyConfig: { nas: { congestionThreshold: 7 } } },
      }),
    ).toThrowError(/congestionThreshold/);
  });

  it("normalises to the first policy listed, or to the preset's baseline when none are listed", () => {
    expect(prepareExperiment({ preset: 'tiny', policies: ['nas', 'fair'] }).baseline).toBe('nas');
    expect(prepareExperiment({ preset: 'tiny' }).baseline).toBe('fair');
    expect(prepareExperiment({ preset: 'tiny', policies: ['nas', 'fair'], baseline: 'fair' }).baseline).toBe(
      'fair',
    );
  });

  it('applies users and trace overrides', () => {
    const prepared = prepareExperiment({
      preset: 'tiny',
      overrides: { users: 2, trace: 'fb2010', hours: 0.05 },
    });
    expect(prepared.preset.workload).toEqual({ kind: 'swim-trace', trace: 'fb2010', users: 2, hours: 0.05 });
    expect(prepared.workload.name).toMatch(/FB-2010/);
  });
});

describe('sweep', () => {
  it('runs one experiment per value and normalises to the reference', async () => {
    const result = await sweep({
      preset: 'tiny',
      policies: ['fair', 'nas'],
      parameter: 'users',
      values: [1, 3],
      referenceValue: 3,
      parallelism: 1,
    });
    expect(result.points.map((p) => p.value)).toEqual([1, 3]);
    expect(result.points.map((p) => (p.result.configuration.workload as { users: number }).users)).toEqual([
      1, 3,
    ]);
    expect(result.referenceValue).toBe(3);
  });

  it('sweeps an engine parameter that takes a name, and refuses a name for any other parameter', async () => {
    const result = await sweep({
      preset: 'fcs-gridmix',
      policies: ['fcs'],
      overrides: { jobs: 12 },
      parameter: 'engine.preemptedFetches',
      values: ['bytes', 'drop'],
      parallelism: 1,
    });
    expect(result.points.map((p) => p.value)).toEqual(['bytes', 'drop']);
    const engine = (p: SweepPoint) => p.result.configuration.engine as { preemptedFetches: string };
    expect(result.points.map((p) => engine(p).preemptedFetches)).toEqual(['bytes', 'drop']);
    // The reading reaches the runs: 'bytes' keeps every delivered byte, 'drop' none.
    const dropped = result.points.map((p) => p.result.policies[0]?.metrics['preemptions.droppedFetchBytes']);
    expect(dropped[0]).toBe(0);
    expect(dropped[1]).toBeGreaterThan(0);
    await expect(
      sweep({ preset: 'tiny', parameter: 'engine.preemptedFetches', values: ['all'] }),
    ).rejects.toThrowError(/preemptedFetches/);
    await expect(sweep({ preset: 'tiny', parameter: 'users', values: ['many'] })).rejects.toThrowError(
      'parameter users takes numbers, got "many"',
    );
  });

  it('refuses a parameter it cannot vary, naming it', async () => {
    await expect(sweep({ preset: 'tiny', parameter: 'colour', values: [1] })).rejects.toThrowError(
      'parameter "colour" cannot be swept; sweep users, hours, racks, rackLinkGbps, sizeScale, uploadShare, jobs, engine.<parameter> or <policy>.<field>',
    );
    await expect(
      sweep({ preset: 'tiny', policies: ['fair'], parameter: 'nas.maxMapSkips', values: [1] }),
    ).rejects.toThrowError(/policy nas is not among the policies run/);
    await expect(
      sweep({ preset: 'tiny', policies: ['nas'], parameter: 'nas.maxSkipz', values: [1] }),
    ).rejects.toThrowError(/unknown option maxSkipz/);
  });
});

describe('applyOverrides', () => {
  it('sets the steady-state hours of a Poisson preset and refuses hours for a fixed job count', () => {
    expect(applyOverrides(TINY_PRESET, { users: 9 }).workload.users).toBe(9);
    expect(() => applyOverrides(TINY_PRESET, { hours: 2 })).toThrowError(
      /hours does not apply to preset tiny/,
    );
  });

  it('scales job sizes, also of a trace that replaces the workload', () => {
    const scaled = applyOverrides(TINY_PRESET, { sizeScale: 0.5 });
    expect((scaled.workload as { sizeScale?: number }).sizeScale).toBe(0.5);
    const traced = applyOverrides(TINY_PRESET, { sizeScale: 0.2, trace: 'fb2010', hours: 1 });
    expect(traced.workload).toMatchObject({ kind: 'swim-trace', sizeScale: 0.2 });
    const full = buildWorkload(
      applyOverrides(TINY_PRESET, { trace: 'fb2010', hours: 0.1, sizeScale: 1 }).workload,
      TINY_PRESET.storage,
      1,
    );
    const fifth = buildWorkload(
      applyOverrides(TINY_PRESET, { trace: 'fb2010', hours: 0.1, sizeScale: 0.2 }).workload,
      TINY_PRESET.storage,
      1,
    );
    const total = (w: typeof full) => w.jobs.reduce((sum, j) => sum + j.shuffleBytes, 0);
    expect(total(fifth) / total(full)).toBeCloseTo(0.2, 3);
  });
});

describe('a window of a trace', () => {
  const day = applyOverrides(TINY_PRESET, { trace: 'fb2010' });

  it('keeps the jobs submitted from fromHour for hours, moved back to start the replay', () => {
    const window = applyOverrides(day, { fromHour: 8, hours: 0.5 });
    expect(window.workload).toMatchObject({ kind: 'swim-trace', fromHour: 8, hours: 0.5 });
    const jobs = buildWorkload(window.workload, TINY_PRESET.storage, 1).jobs;
    const whole = buildWorkload(applyOverrides(day, { hours: 8.5 }).workload, TINY_PRESET.storage, 1).jobs;
    const later = whole.filter((j) => j.submitTime >= 8 * 3600);
    expect(jobs.map((j) => j.shuffleBytes)).toEqual(later.map((j) => j.shuffleBytes));
    expect(jobs.map((j) => j.submitTime + 8 * 3600)).toEqual(later.map((j) => j.submitTime));
  });

  it('survives a trace override, as the job sample does, and is refused for a job mix', () => {
    const sampled = applyOverrides(
      { ...day, workload: { ...day.workload, sampleJobs: 5 } as typeof day.workload },
      {
        fromHour: 2,
      },
    );
    expect(applyOverrides(sampled, { trace: 'other.tsv' }).workload).toMatchObject({
      trace: 'other.tsv',
      fromHour: 2,
      sampleJobs: 5,
    });
    expect(() => applyOverrides(TINY_PRESET, { fromHour: 1 })).toThrow(
      /fromHour does not apply to preset tiny/,
    );
  });
});

describe('SWIM size scale', () => {
  it('is target / source cluster size, and refuses an unknown trace', () => {
    expect(swimSizeScale('fb2010', 600)).toBeCloseTo(0.2, 12);
    expect(swimSizeScale('fb2009', 600)).toBe(1);
    expect(() => swimSizeScale('other', 10)).toThrow(/not known; known: fb2009, fb2010/);
  });
});

describe('runExperiment on a pool of simulation workers', () => {
  it('gives the metrics of this thread, the pool serving experiment after experiment', () => {
    const script = fileURLToPath(new URL('../test/pooled-experiments.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--conditions=@rackwise/source', '--import', 'tsx', script], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const { here, pooled } = JSON.parse(run.stdout);
    expect(here).toHaveLength(2);
    expect(pooled).toEqual([
      { metrics: here, lastFraction: 1 },
      { metrics: here, lastFraction: 1 },
    ]);
  });
});
