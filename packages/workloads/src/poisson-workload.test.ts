import { describe, expect, it } from 'vitest';
import type { JobMixTable } from './job-mix.js';
import { FCS_MAP_HEAVY_MIX, FCS_TABLE_1 } from './mixes/fcs-mixes.js';
import { SHUFFLEWATCHER_MIX_2 } from './mixes/shufflewatcher-mixes.js';
import { MAX_GENERATED_JOBS, poissonWorkload } from './poisson-workload.js';
import { MEBIBYTE } from './units.js';

/** A small two-class mix with exact, checkable sizes. */
const TWO_CLASSES: JobMixTable = {
  name: 'two',
  description: 'two classes',
  source: 'test',
  composition: 'sampled',
  classes: [
    {
      name: 'small',
      weight: 3,
      input: { bytes: { kind: 'constant', value: 10 * MEBIBYTE } },
      shuffle: { ratio: { kind: 'constant', value: 0.5 } },
      output: { bytes: { kind: 'constant', value: 7 } },
      reduces: { kind: 'fixed', count: 2 },
      signature: 'small-benchmark',
    },
    {
      name: 'big',
      weight: 1,
      input: { blocks: { kind: 'uniform', min: 4, max: 8 } },
      shuffle: { bytes: { kind: 'log-uniform', min: 1000, max: 100_000 } },
      output: { ratio: { kind: 'constant', value: 0 } },
      reduces: { kind: 'bytes-per-reduce', bytesPerReduce: 100 },
    },
  ],
  defaults: {},
  assumptions: [],
};

describe('poissonWorkload', () => {
  it('has a mean inter-arrival time within 5 standard errors of the mean asked for', () => {
    const n = 20_000;
    const workload = poissonWorkload({ mix: TWO_CLASSES, jobs: n, meanInterarrival: 40, seed: 9 });
    const times = workload.jobs.map((j) => j.submitTime);
    const mean = (times.at(-1) as number) / n;
    // Exponential gaps: standard deviation = mean, so the standard error is 40 / √n ≈ 0.28.
    expect(Math.abs(mean - 40)).toBeLessThan((5 * 40) / Math.sqrt(n));
    const gaps = times.map((t, i) => t - (i === 0 ? 0 : (times[i - 1] as number)));
    const variance = gaps.reduce((sum, gap) => sum + (gap - mean) ** 2, 0) / n;
    expect(Math.sqrt(variance) / mean).toBeGreaterThan(0.95);
    expect(Math.sqrt(variance) / mean).toBeLessThan(1.05);
  });

  it('draws classes in the mix proportions', () => {
    const n = 20_000;
    const workload = poissonWorkload({ mix: SHUFFLEWATCHER_MIX_2, jobs: n, seed: 4 });
    const total = SHUFFLEWATCHER_MIX_2.classes.reduce((sum, c) => sum + c.weight, 0);
    for (const jobClass of SHUFFLEWATCHER_MIX_2.classes) {
      const p = jobClass.weight / total;
      const count = workload.jobs.filter((j) => j.name.startsWith(`${jobClass.name}-`)).length;
      expect(Math.abs(count - n * p)).toBeLessThan(5 * Math.sqrt(n * p * (1 - p)));
    }
  });

  it('builds each job from its class', () => {
    const workload = poissonWorkload({
      mix: TWO_CLASSES,
      jobs: 400,
      meanInterarrival: 5,
      blockBytes: MEBIBYTE,
    });
    for (const job of workload.jobs) {
      if (job.name.startsWith('small-')) {
        expect(job).toMatchObject({
          inputBytes: 10 * MEBIBYTE,
          shuffleBytes: 5 * MEBIBYTE,
          outputBytes: 7,
          mapCount: 10,
          reduceCount: 2,
          signature: 'small-benchmark',
        });
      } else {
        expect(job.name).toMatch(/^big-\d+$/);
        expect(job.signature).toBeUndefined();
        expect(job.mapCount).toBe(job.inputBytes / MEBIBYTE);
        expect(job.mapCount >= 4 && job.mapCount <= 8).toBe(true);
        expect(job.shuffleBytes >= 1000 && job.shuffleBytes <= 100_000).toBe(true);
        expect(job.reduceCount).toBe(Math.max(1, Math.round(job.shuffleBytes / 100)));
      }
      expect(job.user).toBe(0);
      expect(job.queue).toBe('default');
    }
  });

  it('gives an exact mix its exact counts (FCS Table 1)', () => {
    const workload = poissonWorkload({ mix: FCS_MAP_HEAVY_MIX, seed: 3 });
    expect(workload.jobs).toHaveLength(171);
    for (const [group, benchmark, maps, reduces, jobs] of FCS_TABLE_1) {
      const members = workload.jobs.filter((j) => j.name.startsWith(`group${group}-${benchmark}-`));
      expect(members).toHaveLength(jobs);
      for (const job of members) {
        expect(job).toMatchObject({
          mapCount: maps,
          reduceCount: reduces,
          inputBytes: maps * 128 * MEBIBYTE,
        });
      }
    }
    const order = (seed: number) =>
      poissonWorkload({ mix: FCS_MAP_HEAVY_MIX, seed }).jobs.map((j) => j.name.split('-')[0]);
    expect(order(3)).not.toEqual(order(4));
  });

  it('takes the mix defaults: ShuffleWatcher has 30 users, 300 jobs, 64 MB blocks', () => {
    const workload = poissonWorkload({ mix: 'sw-mix2' });
    expect(workload.name).toBe('poisson sw-mix2');
    expect(workload.jobs).toHaveLength(300);
    expect(new Set(workload.jobs.map((j) => j.user)).size).toBe(30);
    expect(workload.jobs.every((j) => j.blockBytes === 64 * MEBIBYTE)).toBe(true);
    expect(workload.placement.replication).toBe(3);
  });

  it('generates the arrivals of a duration', () => {
    const workload = poissonWorkload({
      mix: TWO_CLASSES,
      duration: 40_000,
      meanInterarrival: 10,
      startTime: 100,
    });
    expect(workload.jobs.every((j) => j.submitTime > 100 && j.submitTime < 40_100)).toBe(true);
    // 4000 expected, standard deviation 63.
    expect(Math.abs(workload.jobs.length - 4000)).toBeLessThan(320);
  });

  it('is deterministic per seed; another seed changes arrivals and users', () => {
    const make = (seed: number) => poissonWorkload({ mix: 'sw-mix2', jobs: 200, seed });
    expect(make(1).jobs).toEqual(make(1).jobs);
    expect(make(2).jobs.map((j) => j.submitTime)).not.toEqual(make(1).jobs.map((j) => j.submitTime));
    expect(make(2).jobs.map((j) => j.user)).not.toEqual(make(1).jobs.map((j) => j.user));
  });

  it('keeps arrival times whatever the mix, for one seed', () => {
    const a = poissonWorkload({ mix: 'sw-mix1', jobs: 50, meanInterarrival: 40, seed: 8 });
    const b = poissonWorkload({ mix: 'fcs-reduce-heavy', jobs: 50, meanInterarrival: 40, seed: 8 });
    expect(a.jobs.map((j) => j.submitTime)).toEqual(b.jobs.map((j) => j.submitTime));
  });

  it('scales sizes', () => {
    const base = poissonWorkload({ mix: TWO_CLASSES, jobs: 20, meanInterarrival: 1 });
    const half = poissonWorkload({ mix: TWO_CLASSES, jobs: 20, meanInterarrival: 1, sizeScale: 0.5 });
    half.jobs.forEach((job, i) =>
      expect(job.inputBytes).toBe(Math.round((base.jobs[i]?.inputBytes as number) * 0.5)),
    );
  });

  it('refuses bad options, naming them', () => {
    expect(() => poissonWorkload({ mix: 'no-such-mix' })).toThrow(
      /^unknown workload mix "no-such-mix"; known mixes: fcs-map-heavy, /,
    );
    expect(() => poissonWorkload({ mix: TWO_CLASSES, jobs: 5 })).toThrow(
      'poissonWorkload: meanInterarrival is required (mix "two" has no default)',
    );
    expect(() => poissonWorkload({ mix: TWO_CLASSES, meanInterarrival: 1 })).toThrow(
      'poissonWorkload: jobs or duration is required (mix "two" has no default job count)',
    );
    expect(() => poissonWorkload({ mix: TWO_CLASSES, meanInterarrival: 1, jobs: 5, duration: 5 })).toThrow(
      'poissonWorkload: give either jobs or duration, not both',
    );
    expect(() => poissonWorkload({ mix: TWO_CLASSES, meanInterarrival: 0, jobs: 5 })).toThrow(
      'poissonWorkload: meanInterarrival must be a finite number > 0, got 0',
    );
    expect(() =>
      poissonWorkload({ mix: TWO_CLASSES, meanInterarrival: 1, jobs: MAX_GENERATED_JOBS + 1 }),
    ).toThrow(`poissonWorkload: jobs must be at most ${MAX_GENERATED_JOBS}`);
    expect(() => poissonWorkload({ mix: TWO_CLASSES, meanInterarrival: 1e-9, duration: 1 })).toThrow(
      `poissonWorkload: duration / meanInterarrival = 1000000000 jobs expected, more than ${MAX_GENERATED_JOBS}`,
    );
    expect(() => poissonWorkload({ mix: 'shadow-benchmarks' })).toThrow(
      'meanInterarrival is required (mix "shadow-benchmarks" has no default)',
    );
  });
});
