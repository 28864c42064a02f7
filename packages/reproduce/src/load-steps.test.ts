import { applyOverrides, buildWorkload, experimentPreset, runExperiment } from '@rackwise/experiments';
import { offeredShuffleLoad } from '@rackwise/metrics';
import { buildTopology } from '@rackwise/topology';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CALIBRATION_SEEDS,
  loadCell,
  median,
  offeredLoadOf,
  presetAtLoad,
  rateCell,
  traceWindow,
} from './load-steps.js';

/** The offered load of one seed's workload, as the engine computes it. */
function offeredAt(preset: ReturnType<typeof experimentPreset>, seed: number): number {
  const jobs = buildWorkload(preset.workload, preset.storage, seed).jobs;
  return offeredShuffleLoad(jobs, buildTopology(preset.topology), preset.engine.linkGoodput ?? 1).offered;
}

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNaN();
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e6, max: 1e6 }), { minLength: 1 }), (xs) => {
        const m = median(xs);
        expect(xs.filter((x) => x <= m).length).toBeGreaterThanOrEqual(xs.length / 2);
        expect(xs.filter((x) => x >= m).length).toBeGreaterThanOrEqual(xs.length / 2);
      }),
    );
  });
});

describe('presetAtLoad', () => {
  const window = applyOverrides(experimentPreset('nas-sim'), { hours: 0.1 });

  it.each([0.1, 0.7, 1.2])('sets a trace window to offer %s by its size scale', (target) => {
    const preset = presetAtLoad(window, target, 'sizeScale');
    expect(offeredLoadOf(preset)).toBeCloseTo(target, 3);
    // A trace's sizes do not follow the seed: every seed offers the same.
    expect(offeredAt(preset, 7)).toBeCloseTo(target, 3);
    expect(preset.workload.kind === 'swim-trace' && preset.workload.hours).toBe(0.1);
  });

  it("brings the median over the calibration seeds of a job sample to the step by its rack links' capacity", () => {
    const fb = experimentPreset('shadow-fb');
    const preset = presetAtLoad(fb, 0.9, 'rackLink');
    const loads = CALIBRATION_SEEDS.map((seed) => offeredAt(preset, seed));
    expect(median(loads)).toBeCloseTo(0.9, 3);
    // The sample is heavy-tailed: seeds differ, which is why the median and not the mean is set.
    expect(Math.max(...loads) / Math.min(...loads)).toBeGreaterThan(1.5);
    // The same bytes over thinner links: nothing but the capacity changed.
    expect(preset.workload).toEqual(fb.workload);
  });

  it('sets a Poisson stream by its arrival rate to within a few per cent', () => {
    const sw = experimentPreset('sw-ec2');
    for (const target of [0.3, 1.2]) {
      const preset = presetAtLoad(sw, target, 'interarrival');
      expect(Math.abs(offeredLoadOf(preset) / target - 1)).toBeLessThan(0.05);
    }
  });

  it('refuses a knob the preset does not have', () => {
    expect(() => presetAtLoad(window, 0.5, 'interarrival')).toThrow(/not a Poisson arrival stream/);
  });

  it("agrees with the load the engine measures in a run's arrival window", async () => {
    const tiny = presetAtLoad(experimentPreset('tiny'), 0.6, 'sizeScale');
    const result = await runExperiment({ preset: tiny, policies: ['fair'], seeds: [1, 2], parallelism: 1 });
    for (const [i, run] of (result.policies[0]?.runs ?? []).entries())
      expect(run.metrics['load.offered']).toBeCloseTo(offeredAt(tiny, i + 1), 9);
  });
});

describe('grid axes of load', () => {
  it('name the step on the load axis and apply it after the other changes', () => {
    const cell = loadCell(0.5, 'sizeScale');
    expect(cell.axes).toEqual({ load: 0.5 });
    const preset = cell.preset!(applyOverrides(experimentPreset('nas-sim'), { hours: 0.1 }));
    expect(offeredLoadOf(preset)).toBeCloseTo(0.5, 3);
  });

  it('multiply the arrival rate of a Poisson stream', () => {
    const fcs = experimentPreset('fcs-gridmix');
    const preset = rateCell(2).preset!(fcs);
    const before = fcs.workload.kind === 'poisson-mix' ? fcs.workload.meanInterarrival : Number.NaN;
    expect(preset.workload.kind === 'poisson-mix' && preset.workload.meanInterarrival).toBe(before / 2);
  });

  it('start a window at a fraction of the trace, rounded to a tenth of an hour', () => {
    const preset = traceWindow(1 / 3, 0.5).preset!(experimentPreset('nas-sim'));
    expect(preset.workload).toMatchObject({ kind: 'swim-trace', fromHour: 8, hours: 0.5 });
    const jobs = buildWorkload(preset.workload, preset.storage, 1).jobs;
    expect(jobs.length).toBeGreaterThan(100);
    // Submit times are moved back to the window's start.
    for (const job of jobs) expect(job.submitTime).toBeLessThan(0.5 * 3600);
    expect(traceWindow(0, 0.1).axes).toEqual({ window: '0+0.1h' });
  });
});
