import { describe, expect, it } from 'vitest';
import { type ModelErrorFile, biasMarkdown, parseSeeds, seedBias } from './seed-bias.js';

/** One seed's file: the reference's and one candidate's mean job time for one policy. */
function file(reference: number, candidate: number): ModelErrorFile {
  return {
    reference: { resolveInterval: 0 },
    figures: [
      { engine: { resolveInterval: 0 }, byPolicy: { fair: { 'executionTime.mean': reference } } },
      { engine: { mapEventPoll: 1 }, byPolicy: { fair: { 'executionTime.mean': candidate } } },
    ],
  };
}

describe('a model bias over seeds against the reference spread', () => {
  it('pairs the seeds: the bias is the mean of candidate ÷ reference − 1', () => {
    // References 100, 120, 80 (spread 20 / 100 = 20 %); candidates +10 %, +10 %, +10 %.
    const rows = seedBias([file(100, 110), file(120, 132), file(80, 88)]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.policy).toBe('fair');
    expect(row.candidate).toBe('{"mapEventPoll":1}');
    expect(row.seeds).toBe(3);
    expect(row.bias).toBeCloseTo(0.1, 12);
    expect(row.halfWidth).toBeCloseTo(0, 12);
    expect(row.referenceMean).toBeCloseTo(100, 12);
    expect(row.referenceSpread).toBeCloseTo(0.2, 12);
    expect(row.withinSpread).toBe(true);
  });

  it('a bias larger than the reference spread is not within it', () => {
    const rows = seedBias([file(100, 150), file(101, 150), file(99, 150)]);
    expect(rows[0]!.bias).toBeGreaterThan(0.4);
    expect(rows[0]!.withinSpread).toBe(false);
    expect(biasMarkdown(rows, '{"resolveInterval":0}', 2)).toContain('| fair | executionTime.mean | +');
  });

  it('with a baseline, judges each policy ratio to it, seed by seed', () => {
    // Fair moves +10 % and NAS +10 % in every seed: the ratio does not move at all.
    const two = (f: number, n: number, scale: number): ModelErrorFile => ({
      reference: { resolveInterval: 0 },
      figures: [
        {
          engine: { resolveInterval: 0 },
          byPolicy: { fair: { 'executionTime.mean': f }, nas: { 'executionTime.mean': n } },
        },
        {
          engine: { resolveInterval: 0.1 },
          byPolicy: { fair: { 'executionTime.mean': f * scale }, nas: { 'executionTime.mean': n * scale } },
        },
      ],
    });
    const files = [two(100, 90, 1.1), two(110, 120, 1.1), two(90, 80, 1.1)];
    expect(seedBias(files).map((r) => Math.round(r.bias * 1e9) / 1e9)).toEqual([0.1, 0.1]);
    const rows = seedBias(files, 'fair');
    expect(rows.map((r) => [r.policy, r.versus])).toEqual([['nas', 'fair']]);
    expect(rows[0]!.bias).toBeCloseTo(0, 12);
    // The reference's ratios 0.9, 1.0909…, 0.8889 spread by their own sd ÷ mean.
    const ratios = [0.9, 120 / 110, 80 / 90];
    const mean = ratios.reduce((a, b) => a + b) / 3;
    const sd = Math.sqrt(ratios.reduce((a, b) => a + (b - mean) ** 2, 0) / 2);
    expect(rows[0]!.referenceSpread).toBeCloseTo(sd / mean, 12);
    expect(biasMarkdown(rows, '{"resolveInterval":0}', 2)).toContain('| nas ÷ fair | executionTime.mean |');
  });

  it('skips a metric with fewer than two seeds and reads seed lists and ranges', () => {
    expect(seedBias([file(100, 110)])).toHaveLength(0);
    expect(parseSeeds('1..4')).toEqual([1, 2, 3, 4]);
    expect(parseSeeds('2,5')).toEqual([2, 5]);
  });
});
