import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type ReduceRule, SWIM_REDUCE_RULE, reduceCountFor, validateReduceRule } from './reduce-rule.js';
import { MEBIBYTE } from './units.js';

const perMiB = (extra: Partial<Extract<ReduceRule, { kind: 'bytes-per-reduce' }>> = {}): ReduceRule => ({
  kind: 'bytes-per-reduce',
  bytesPerReduce: MEBIBYTE,
  ...extra,
});

describe('reduceCountFor', () => {
  it("rounds (shuffle + output) / bytesPerReduce, at least 1 (SWIM's replay)", () => {
    expect(reduceCountFor(perMiB(), 1, 0)).toBe(1);
    expect(reduceCountFor(perMiB(), 1.4 * MEBIBYTE, 0)).toBe(1);
    expect(reduceCountFor(perMiB(), MEBIBYTE, 0.5 * MEBIBYTE)).toBe(2);
    expect(reduceCountFor(perMiB(), 10 * MEBIBYTE, 5 * MEBIBYTE)).toBe(15);
  });

  it("applies SWIM's cap: above clusterSize, clusterSize / 5", () => {
    expect(reduceCountFor(perMiB({ clusterSize: 600 }), 600 * MEBIBYTE, 0)).toBe(600);
    expect(reduceCountFor(perMiB({ clusterSize: 600 }), 601 * MEBIBYTE, 0)).toBe(120);
    expect(reduceCountFor(perMiB({ clusterSize: 3 }), 10 * MEBIBYTE, 0)).toBe(1);
  });

  it('caps at maxReduces', () => {
    expect(reduceCountFor(perMiB({ maxReduces: 7 }), 100 * MEBIBYTE, 0)).toBe(7);
  });

  it('makes jobs map-only as the mapOnly rule says', () => {
    expect(reduceCountFor(perMiB(), 0, 0)).toBe(0);
    expect(reduceCountFor(perMiB(), 0, 5)).toBe(1);
    expect(reduceCountFor(perMiB({ mapOnly: 'when-no-shuffle' }), 0, 5)).toBe(0);
    expect(reduceCountFor(perMiB({ mapOnly: 'never' }), 0, 0)).toBe(1);
  });

  it('returns a fixed count as is', () => {
    expect(reduceCountFor({ kind: 'fixed', count: 64 }, 0, 0)).toBe(64);
  });

  test.prop([fc.nat(), fc.nat()])('gives an integer within its bounds', (shuffle, output) => {
    const count = reduceCountFor(SWIM_REDUCE_RULE, shuffle, output);
    expect(Number.isInteger(count)).toBe(true);
    expect(count).toBeGreaterThanOrEqual(shuffle + output === 0 ? 0 : 1);
    expect(count).toBeLessThanOrEqual(600);
  });
});

describe('validateReduceRule', () => {
  it('names the field that is wrong', () => {
    expect(() => validateReduceRule(perMiB({ clusterSize: 0 }), 'f')).toThrow(
      'f: reduceRule.clusterSize must be an integer >= 1, got 0',
    );
    expect(() => validateReduceRule(perMiB({ maxReduces: -2 }), 'f', 'rule')).toThrow(
      'f: rule.maxReduces must be an integer >= 1, got -2',
    );
    expect(() => validateReduceRule(perMiB({ mapOnly: 'always' as never }), 'f')).toThrow(
      'f: reduceRule.mapOnly must be one of "never", "when-empty", "when-no-shuffle", got "always"',
    );
    expect(() => validateReduceRule(null as never, 'f')).toThrow(
      'f: reduceRule must be a reduce rule object',
    );
  });
});
