import { describe, expect, it } from 'vitest';
import { localQualifiedLaunchProbability, shuffleLightLaunchProbability } from './skip-analysis.js';

describe('map skip-count analysis (NAS §III-C)', () => {
  const jobs = [1, 2, 3].map(() => ({ localFraction: 0.1, qualifiedProbability: 0.5 }));

  it('reproduces the worked example: 78.5 % within 10 skips, 99.8 % within 40', () => {
    expect(localQualifiedLaunchProbability(jobs, 10)).toBeCloseTo(0.785, 3);
    expect(localQualifiedLaunchProbability(jobs, 40)).toBeCloseTo(0.998, 3);
  });

  it('is 0 with no skips and grows with the skip count', () => {
    expect(localQualifiedLaunchProbability(jobs, 0)).toBe(0);
    expect(localQualifiedLaunchProbability(jobs, 20)).toBeGreaterThan(
      localQualifiedLaunchProbability(jobs, 10),
    );
  });

  it('refuses a probability outside [0, 1], naming the field', () => {
    expect(() =>
      localQualifiedLaunchProbability([{ localFraction: 1.5, qualifiedProbability: 0.5 }], 3),
    ).toThrow(/jobs\[0\]\.localFraction/);
    expect(() => localQualifiedLaunchProbability(jobs, -1)).toThrow(/skips/);
  });
});

describe('CR-RTS analysis (NAS §III-E)', () => {
  it('reproduces the worked example: f = 0.687 gives 97 % for u = 3 and 99.7 % for u = 5', () => {
    expect(shuffleLightLaunchProbability({ lightFraction: 0.687, jobsPerUser: 1, users: 3 })).toBeCloseTo(
      0.97,
      2,
    );
    expect(shuffleLightLaunchProbability({ lightFraction: 0.687, jobsPerUser: 1, users: 5 })).toBeCloseTo(
      0.997,
      3,
    );
  });

  it('more jobs per user raise the probability like more users do', () => {
    const twoJobs = shuffleLightLaunchProbability({ lightFraction: 0.687, jobsPerUser: 2, users: 3 });
    const sixUsers = shuffleLightLaunchProbability({ lightFraction: 0.687, jobsPerUser: 1, users: 6 });
    expect(twoJobs).toBeCloseTo(sixUsers, 12);
  });

  it('refuses a non-integer user count', () => {
    expect(() => shuffleLightLaunchProbability({ lightFraction: 0.5, jobsPerUser: 1, users: 2.5 })).toThrow(
      /users/,
    );
  });
});
