import { createRandomSource } from '@rackwise/engine';
import { describe, expect, it } from 'vitest';
import type { Claim } from './paper-claims.js';
import {
  SEQUENTIAL_RULE,
  type SequentialRule,
  checkedRule,
  claimDecision,
  lookConfidence,
  sequentialInterval,
  sequentialStop,
  settled,
  studentQuantile,
  studentWithin,
} from './sequential-interval.js';

const claim = (expectation: Claim['expectation'], tolerance?: number): Claim => ({
  id: 'c',
  figure: 'Fig. 1',
  statement: 'a against b',
  a: 'a',
  b: 'b',
  metric: 'm',
  expectation,
  ...(tolerance === undefined ? {} : { tolerance }),
});

/** Two-sided 95 % quantiles of Student's t for 1…10 degrees of freedom (the usual table). */
const T_975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228];

/** Per-seed changes a / b − 1 whose logs are normal with the given mean and spread (Box–Muller, seeded). */
function logNormalChanges(seed: number, logMean: number, sd: number): () => number {
  const random = createRandomSource(seed, 'sequential-interval-test');
  return () => {
    const u = 1 - random.next();
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
    return Math.expm1(logMean + sd * z);
  };
}

/** Runs the rule on one claim of a cell, drawing a seed's change at a time: where it stopped and what it decided. */
function runRule(rule: SequentialRule, c: Claim, draw: () => number) {
  const changes: number[] = [];
  for (;;) {
    const stop = sequentialStop(rule, changes.length, (n) =>
      settled(sequentialInterval(c, changes.slice(0, n), rule)),
    );
    if ('seeds' in stop) return { ...stop, ...sequentialInterval(c, changes.slice(0, stop.seeds), rule) };
    while (changes.length < stop.need) changes.push(draw());
  }
}

/** Share of `trials` runs of the rule that decide the claim (either way), each on its own seeded draws. */
function decidedShare(rule: SequentialRule, c: Claim, logMean: number, trials: number): number {
  let decided = 0;
  for (let t = 0; t < trials; t++) {
    if (runRule(rule, c, logNormalChanges(t + 1, logMean, 0.1)).decision !== 'undecided') decided++;
  }
  return decided / trials;
}

const TRIALS = 3000;
/** The stated rate plus three standard errors of a share estimated over TRIALS runs. */
const BOUND = SEQUENTIAL_RULE.errorRate + 3 * Math.sqrt((0.05 * 0.95) / TRIALS);

describe("Student's t", () => {
  it('gives the table’s 95 % quantiles for 1 to 10 degrees of freedom', () => {
    T_975.forEach((t, i) => expect(studentQuantile(0.95, i + 1)).toBeCloseTo(t, 2));
  });

  it('is the closed form at one and two degrees of freedom', () => {
    expect(studentWithin(1, 1)).toBeCloseTo(0.5, 12);
    expect(studentWithin(3, 2)).toBeCloseTo(3 / Math.sqrt(11), 12);
  });
});

describe('the sequential rule', () => {
  it('widens each look to 1 − 5 % / 8 by default', () => {
    expect(lookConfidence(SEQUENTIAL_RULE)).toBeCloseTo(0.99375, 12);
  });

  it('decides a claim whose true change is 0 at most at its stated rate, over every look', () => {
    const share = decidedShare(SEQUENTIAL_RULE, claim('higher'), 0, TRIALS);
    expect(share).toBeLessThanOrEqual(BOUND);
  });

  it('would not: an uncorrected 95 % interval at each of the 8 looks decides far more often', () => {
    // The check above can fail: the same check on the rule without the correction does.
    const uncorrected = { ...SEQUENTIAL_RULE, errorRate: 0.05 * 8 };
    expect(decidedShare(uncorrected, claim('higher'), 0, TRIALS)).toBeGreaterThan(BOUND);
  });

  it('decides a `similar` claim whose truth sits on its tolerance at most at the stated rate', () => {
    const share = decidedShare(SEQUENTIAL_RULE, claim('similar', 0.05), Math.log(1.05), TRIALS);
    expect(share).toBeLessThanOrEqual(BOUND);
  });

  it('stops early, and right, on a clear difference', () => {
    const stops = Array.from({ length: 500 }, (_, t) =>
      runRule(SEQUENTIAL_RULE, claim('lower'), logNormalChanges(t + 1, -0.3, 0.1)),
    );
    expect(stops.every((s) => s.decision === 'holds' && s.decided)).toBe(true);
    // The difference is three times the seeds' spread: most cells stop by seed 5, nearly all by 7 of 10.
    const by = (n: number) => stops.filter((s) => s.seeds <= n).length / stops.length;
    expect(by(5)).toBeGreaterThan(0.75);
    expect(by(7)).toBeGreaterThan(0.95);
  });

  it('runs to the cap, undecided, where the claim sits on its threshold and the seeds scatter', () => {
    const stop = runRule(SEQUENTIAL_RULE, claim('higher'), logNormalChanges(7, 0, 0.1));
    expect(stop).toMatchObject({ seeds: 10, decided: false, decision: 'undecided', n: 10 });
  });
});

describe('a look', () => {
  it('reads ratios on the log scale and gives its ends as a / b − 1', () => {
    const look = sequentialInterval(claim('higher'), [0.1, 0.2, 0.15]);
    expect(look.scale).toBe('log');
    expect(look.mean).toBeCloseTo(Math.cbrt(1.1 * 1.2 * 1.15) - 1, 12);
    expect(look.low).toBeLessThan(look.mean);
    expect(look.decision).toBe('undecided');
  });

  it('fails a `higher` or `lower` claim whose policies give the same value in every seed', () => {
    expect(sequentialInterval(claim('lower'), [0, 0, 0]).decision).toBe('fails');
    expect(sequentialInterval(claim('higher'), [0, 0.01, 0]).decision).toBe('undecided');
  });

  it('falls back to a / b − 1 where a ratio is zero, and decides a claim failing', () => {
    const look = sequentialInterval(claim('higher'), [-1, -0.9, -0.95, -0.97]);
    expect(look).toMatchObject({ scale: 'plain', decision: 'fails' });
  });

  it('leaves out seeds without a value; none at all is unmeasured and settled', () => {
    expect(sequentialInterval(claim('lower'), [Number.NaN, -0.2]).decision).toBe('undecided');
    const none = sequentialInterval(claim('lower'), [Number.NaN, Number.NaN, Number.NaN]);
    expect([none.decision, settled(none)]).toEqual(['unmeasured', true]);
  });

  it('holds a `similar` claim only when the whole interval lies within its tolerance', () => {
    expect(sequentialInterval(claim('similar', 0.1), [0.01, -0.01, 0.0, 0.005]).decision).toBe('holds');
    expect(sequentialInterval(claim('similar', 0.1), [0.5, 0.52, 0.49, 0.51]).decision).toBe('fails');
  });
});

describe('the stop', () => {
  const decidedFrom = (k: number) => (n: number) => n >= k;
  it('needs the minimum first, then one seed at a time, and replays the seeds it has', () => {
    expect(sequentialStop(SEQUENTIAL_RULE, 0, decidedFrom(3))).toEqual({ need: 3 });
    expect(sequentialStop(SEQUENTIAL_RULE, 4, decidedFrom(6))).toEqual({ need: 5 });
    // Seeds beyond the stop (another cell ran them) do not move it.
    expect(sequentialStop(SEQUENTIAL_RULE, 9, decidedFrom(4))).toEqual({ seeds: 4, decided: true });
    expect(sequentialStop(SEQUENTIAL_RULE, 10, () => false)).toEqual({ seeds: 10, decided: false });
  });

  it('refuses a rule without a look', () => {
    expect(() => checkedRule({ min: 1, max: 10, errorRate: 0.05 })).toThrow(/2 <= min <= max/);
    expect(() => checkedRule({ min: 3, max: 10, errorRate: 0 })).toThrow(/between 0 and 1/);
  });
});

describe('a claim over its looks', () => {
  it('stays decided at the first look that decides it, though a later look would not', () => {
    const changes = [0.2, 0.21, 0.19, 0.2, -0.5, -0.6, 0.3];
    expect(sequentialInterval(claim('higher'), changes).decision).toBe('undecided');
    expect(claimDecision(claim('higher'), changes)).toMatchObject({ n: 3, decision: 'holds' });
    expect(claimDecision(claim('higher'), [0.2, -0.5, 0.1, 0.3]).decision).toBe('undecided');
  });
});
