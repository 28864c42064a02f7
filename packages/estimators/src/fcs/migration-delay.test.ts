import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { migrationDelay } from './migration-delay.js';

describe('FCS migration delay D (§4, Algorithm 2)', () => {
  test('the paper: M = 20 nodes, L = 0.95 gives D ≈ 61', () => {
    expect(migrationDelay(20, 0.95)).toBeCloseTo(60.89, 2);
    expect(Math.round(migrationDelay(20, 0.95))).toBe(61);
  });

  test('edges: L = 0 gives M ln 2, L = 1 never migrates', () => {
    expect(migrationDelay(10, 0)).toBeCloseTo(10 * Math.LN2, 12);
    expect(migrationDelay(10, 1)).toBe(Number.POSITIVE_INFINITY);
  });

  test('bad input is refused', () => {
    expect(() => migrationDelay(0, 0.9)).toThrow(/nodes/);
    expect(() => migrationDelay(20, 1.2)).toThrow(/expectedLocality/);
  });

  test.prop([
    fc.integer({ min: 1, max: 5000 }),
    fc.double({ min: 0, max: 0.999, noNaN: true }),
    fc.double({ min: 0, max: 0.999, noNaN: true }),
  ])('grows with the expected locality and linearly with the nodes', (nodes, a, b) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    expect(migrationDelay(nodes, high)).toBeGreaterThanOrEqual(migrationDelay(nodes, low));
    expect(migrationDelay(2 * nodes, low)).toBeCloseTo(2 * migrationDelay(nodes, low), 6);
  });
});
