import { describe, expect, it } from 'vitest';
import { calibrateArrivalRate, steadySlotUtilisation } from './calibrate.js';
import type { ExperimentPreset } from './experiment-preset.js';
import { TINY_PRESET } from './presets/tiny-preset.js';

/** The tiny cluster with a steady state of 0.1 h between 2-minute ramps. */
const STEADY_TINY: ExperimentPreset = {
  ...TINY_PRESET,
  workload: {
    kind: 'poisson-mix',
    mix: 'sw-mix2',
    users: 3,
    meanInterarrival: 5,
    sizeScale: 0.0005,
    steadyState: { hours: 0.1, rampUp: 120, rampDown: 120 },
  },
};

describe('steady slot utilisation', () => {
  const series = {
    time: [0, 10, 20, 30],
    crossRackShuffleRate: [],
    runningMaps: [9, 2, 4, 9],
    runningReduces: [9, 1, 3, 9],
  };
  it('averages running tasks over the slots inside the window only', () => {
    const u = steadySlotUtilisation(
      series,
      { from: 10, to: 30, end: 40 },
      { map: 4, reduce: 2, container: 0 },
    );
    expect(u.map).toBeCloseTo(3 / 4, 12);
    expect(u.reduce).toBeCloseTo(2 / 2, 12);
  });
  it('counts maps and reduces together on generic containers', () => {
    const u = steadySlotUtilisation(
      series,
      { from: 10, to: 30, end: 40 },
      { map: 0, reduce: 0, container: 10 },
    );
    expect(u.map).toBeCloseTo(5 / 10, 12);
    expect(u.reduce).toBeNaN();
  });
});

describe('calibrateArrivalRate', () => {
  it('bisects towards the slowest arrival rate that reaches the target', () => {
    const result = calibrateArrivalRate({
      preset: STEADY_TINY,
      policy: 'fair',
      target: 0.3,
      hours: 0.1,
      iterations: 3,
      bounds: [0.5, 200],
    });
    expect(result.steps.length).toBeGreaterThanOrEqual(2);
    const slow = result.steps[0]!;
    expect(slow.meanInterarrival).toBe(200);
    if (result.reached) {
      expect(result.utilisation).toBeGreaterThanOrEqual(0.3);
      // Every probe slower than the answer stayed below the target.
      for (const step of result.steps) {
        if (step.meanInterarrival > result.meanInterarrival) expect(step.utilisation).toBeLessThan(0.3);
      }
    }
  });

  it('refuses a preset without a steady state and an unknown policy', () => {
    expect(() => calibrateArrivalRate({ preset: TINY_PRESET, policy: 'fair' })).toThrow(
      /no Poisson arrivals/,
    );
    expect(() => calibrateArrivalRate({ preset: STEADY_TINY, policy: 'nope' })).toThrow(
      /unknown policy "nope"/,
    );
  });
});
