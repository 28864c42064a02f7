import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { estimatedExecutionTime, executionSlackness, reduceWorkFraction } from './execution-slackness.js';

describe('FCS execution slackness (§4)', () => {
  test('T_est = T_svc / C_pctg', () => {
    expect(estimatedExecutionTime(10, 0.5)).toBe(20);
    expect(estimatedExecutionTime(10, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  test('E_slack = T_total / T_est: C_pctg when never preempted, more after preemptions', () => {
    expect(executionSlackness({ totalTime: 10, serviceTime: 10, completed: 0.5 })).toBe(0.5);
    // Ran 10 s of 60 s since start, half done: T_est = 20 s, E_slack = 3.
    expect(executionSlackness({ totalTime: 60, serviceTime: 10, completed: 0.5 })).toBe(3);
    expect(executionSlackness({ totalTime: 60, serviceTime: 0, completed: 0 })).toBe(0);
  });

  test('bad input is refused', () => {
    expect(() => executionSlackness({ totalTime: 5, serviceTime: 10, completed: 0.5 })).toThrow(
      /serviceTime/,
    );
    expect(() => executionSlackness({ totalTime: 5, serviceTime: 1, completed: 2 })).toThrow(/completed/);
  });

  test('reduce work: Hadoop weights the copy phase a third', () => {
    expect(reduceWorkFraction(1, 0.5)).toBeCloseTo(2 / 3, 12);
    expect(reduceWorkFraction(0.6, 0)).toBeCloseTo(0.2, 12);
    expect(reduceWorkFraction(0.5, 0.5, 0.5)).toBe(0.5);
  });

  test.prop([
    fc.double({ min: 0.01, max: 1000, noNaN: true }),
    fc.double({ min: 0, max: 1000, noNaN: true }),
    fc.double({ min: 0.01, max: 1, noNaN: true }),
  ])('waiting only raises slackness: E_slack ≥ C_pctg', (service, waited, completed) => {
    const slack = executionSlackness({ totalTime: service + waited, serviceTime: service, completed });
    expect(slack).toBeGreaterThanOrEqual(completed * (1 - 1e-12));
  });
});
