import { replayFlowTrace } from '@rackwise/flow-replay';
import { describe, expect, it } from 'vitest';
import { incast } from '../network/scenarios.js';
import { FIRST_ROUND, SECOND_ROUND, formLastByte, newFormCache } from './congestion-cost-forms.js';
import { type CostPoint, costSetting } from './congestion-cost.js';
import { SECOND_ROUND_SCENARIOS } from './scenarios.js';

const fluidLastByte = (trace: ReturnType<typeof incast>, windowSegments: number): number =>
  replayFlowTrace(trace, costSetting({ windowSegments, roundBytes: 512 * 1024 })).times.reduce(
    (m, t) => Math.max(m, t.end),
    0,
  );

describe('the recovery tail of the congestion-cost forms', () => {
  // 40 senders into one 1 Gbps port: n0 = (128 KiB + pipe) ÷ (w × 1448 B) is 49.6 flows
  // at w = 2 and 12.4 at w = 8.
  const trace = incast(40, 256e3, false);

  it('adds one RTO_min to the last byte where the flows ending on a saturated port outnumber n0', () => {
    const fit = { windowSegments: 8, roundBytes: 512 * 1024 };
    expect(formLastByte(trace, 'recovery-tail', fit)).toBeCloseTo(fluidLastByte(trace, 1e-9) + 0.2, 9);
    expect(formLastByte(trace, 'derating+recovery-tail', fit)).toBeCloseTo(fluidLastByte(trace, 8) + 0.2, 9);
  });

  it('waits k × RTO_min when the fit gives the tail k RTO_min', () => {
    const fit = { windowSegments: 8, roundBytes: 512 * 1024 };
    for (const tailRtos of [1.5, 3]) {
      expect(formLastByte(trace, 'recovery-tail', { ...fit, tailRtos })).toBeCloseTo(
        fluidLastByte(trace, 1e-9) + 0.2 * tailRtos,
        9,
      );
    }
  });

  it('adds nothing where the port holds every flow ending on it, and the derating form has no tail', () => {
    const fit = { windowSegments: 2, roundBytes: 512 * 1024 };
    expect(formLastByte(trace, 'recovery-tail', fit)).toBeCloseTo(fluidLastByte(trace, 1e-9), 9);
    expect(formLastByte(trace, 'derating', { windowSegments: 8, roundBytes: 512 * 1024 })).toBeCloseTo(
      fluidLastByte(trace, 8),
      9,
    );
  });
});

describe('the rounds of the forms', () => {
  it('gives the same last byte for each k whether the replay and its tail exposure are cached or not', () => {
    const trace = incast(40, 256e3, false);
    const cache = newFormCache();
    for (const tailRtos of [1, 2.25, 3, 1.5]) {
      for (const form of ['recovery-tail', 'derating+recovery-tail'] as const) {
        const fit = { windowSegments: 8, roundBytes: 512 * 1024, tailRtos };
        expect(formLastByte(trace, form, fit, cache)).toBe(formLastByte(trace, form, fit));
      }
    }
  });

  it('judges the second round on its own traces alone, fitted on every Reno point timed before', () => {
    const point = (scenario: string, source: CostPoint['source'], half: CostPoint['half']): CostPoint => ({
      scenario,
      source,
      half,
      family: 'all-to-all',
      lastByte: 1,
      trace: incast(4, 1e3, false),
    });
    const fresh = [...SECOND_ROUND_SCENARIOS][0]!;
    expect(SECOND_ROUND_SCENARIOS.size).toBeGreaterThan(0);
    expect(SECOND_ROUND.calibrate(point('all-to-all 2:1 1 MB per pair', 'linux-reno', 'judge'))).toBe(true);
    expect(SECOND_ROUND.calibrate(point('all-to-all 2:1 1 MB per pair', 'linux-cubic', 'judge'))).toBe(false);
    expect(SECOND_ROUND.calibrate(point(fresh, 'linux-reno', 'judge'))).toBe(false);
    expect(SECOND_ROUND.heldOut(point(fresh, 'ns-3', 'judge'))).toBe(true);
    expect(FIRST_ROUND.heldOut(point(fresh, 'linux-reno', 'judge'))).toBe(false);
    expect(FIRST_ROUND.heldOut(point('all-to-all 2:1 1 MB per pair', 'linux-reno', 'judge'))).toBe(true);
  });
});
