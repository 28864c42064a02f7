/**
 * Seeds added to a cell only until its claims are decided: the paired interval of each
 * claim, read after every seed from `min` to `max`, and a claim decided once its interval
 * lies wholly on one side of the claim's threshold.
 *
 * The interval is the map's paired statistic — per seed, a's metric over b's — taken on
 * the log scale where every ratio is positive (as `rackwise report` does: 0.5 and 2 lie
 * equally far from 1), on a / b − 1 otherwise, with Student's t over the seeds. Looking
 * after every seed would make the usual 95 % interval wrong far more often than 5 % of the
 * time (a random walk crosses a fixed line sooner or later), so each look's interval is
 * widened by Bonferroni's correction over the `max − min + 1` looks the rule can take: at
 * confidence `1 − errorRate / looks`. The intervals of all looks then cover the true mean
 * change together with probability at least `1 − errorRate`, whatever the look the cell
 * stops at — the stopping depends on the cell's other claims too, and cannot raise it. So
 * a claim is decided the wrong way with probability at most `errorRate` (5 % by default;
 * at most half that when the truth lies off the threshold), under the t interval's
 * assumption that a claim's per-seed log ratios scatter normally.
 */
import type { Claim } from './paper-claims.js';

/** When a cell stops taking seeds: at least `min`, at most `max`, each claim wrong at most `errorRate` of the time. */
export interface SequentialRule {
  /** Seeds every cell runs before the first look (≥ 2: an interval needs two). */
  readonly min: number;
  /** Seeds a cell runs at most: it stops there, decided or not. */
  readonly max: number;
  /** Chance that the rule decides a claim the wrong way, over all its looks together. */
  readonly errorRate: number;
}

/**
 * Three seeds to ten, 5 % per claim. Three is the fewest that give an interval worth a
 * look: with two seeds (one degree of freedom) the corrected t quantile is 102, so a
 * look there decides next to nothing yet spends a share of the error rate; at three it is 12.6,
 * and every look added after ten would narrow the others' intervals for little gain.
 */
export const SEQUENTIAL_RULE: SequentialRule = { min: 3, max: 10, errorRate: 0.05 };

/**
 * The rule, checked: whole seed counts with 2 <= min <= max, and 0 < errorRate < 1.
 * @throws Error naming what is wrong.
 */
export function checkedRule(rule: SequentialRule): SequentialRule {
  const { min, max, errorRate } = rule;
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 2 && max >= min))
    throw new Error(`adaptive seeds need whole numbers 2 <= min <= max, got ${min}..${max}`);
  if (!(errorRate > 0 && errorRate < 1))
    throw new Error(`adaptive seeds need an error rate between 0 and 1, got ${errorRate}`);
  return rule;
}

/** How the rule decided a claim at a look. */
export type SequentialDecision = 'holds' | 'fails' | 'undecided' | 'unmeasured';

/** A claim's interval at one look, as a / b − 1 at its ends, and what it decides. */
export interface SequentialInterval {
  /** Seeds with a finite change. */
  readonly n: number;
  /** Mean change: the geometric mean ratio − 1 on the log scale, the plain mean otherwise. */
  readonly mean: number;
  /** Low end of the look's interval, as a / b − 1 (NaN below two seeds). */
  readonly low: number;
  /** High end of the look's interval, as a / b − 1 (NaN below two seeds). */
  readonly high: number;
  /** `log` where every ratio a / b is positive, `plain` (a / b − 1) otherwise. */
  readonly scale: 'log' | 'plain';
  readonly decision: SequentialDecision;
}

/** The looks a rule can take: one after each seed from `min` to `max`. */
export const ruleLooks = (rule: SequentialRule): number => rule.max - rule.min + 1;

/** The confidence of each look's interval: `1 − errorRate / looks` (Bonferroni). */
export const lookConfidence = (rule: SequentialRule): number => 1 - rule.errorRate / ruleLooks(rule);

/**
 * P(|T| ≤ t) for Student's t with `df` (a whole number ≥ 1) degrees of freedom, in closed
 * form (Abramowitz and Stegun 26.7.3 for odd, 26.7.4 for even degrees of freedom).
 */
export function studentWithin(t: number, df: number): number {
  const theta = Math.atan(Math.abs(t) / Math.sqrt(df));
  const [sin, cos] = [Math.sin(theta), Math.cos(theta)];
  if (df % 2 === 0) {
    let term = 1;
    let sum = 1;
    for (let k = 1; k <= (df - 2) / 2; k++) {
      term *= (cos * cos * (2 * k - 1)) / (2 * k);
      sum += term;
    }
    return sin * sum;
  }
  let term = cos;
  let sum = df === 1 ? 0 : cos;
  for (let k = 1; k <= (df - 3) / 2; k++) {
    term *= (cos * cos * (2 * k)) / (2 * k + 1);
    sum += term;
  }
  return (2 / Math.PI) * (theta + sin * sum);
}

/** The t with P(|T| ≤ t) = `confidence` for `df` degrees of freedom (bisection on the angle, to 1e-12). */
export function studentQuantile(confidence: number, df: number): number {
  let [low, high] = [0, Math.PI / 2];
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2;
    if (studentWithin(Math.sqrt(df) * Math.tan(mid), df) < confidence) low = mid;
    else high = mid;
  }
  return Math.sqrt(df) * Math.tan((low + high) / 2);
}

/** Where a claim's interval must lie to decide it, on the interval's scale: above `above` or below `below` (`similar`: between them). */
function thresholds(
  claim: Claim,
  scale: 'log' | 'plain',
): { readonly below: number; readonly above: number } {
  if (claim.expectation !== 'similar') return { below: 0, above: 0 };
  const tolerance = claim.tolerance ?? 0.05;
  return scale === 'log'
    ? { below: Math.log(1 - tolerance), above: Math.log(1 + tolerance) }
    : { below: -tolerance, above: tolerance };
}

/**
 * What an interval on the claim's scale decides (`similar` holds inside the band, fails
 * wholly outside); a `higher` or `lower` claim whose a equals b in every seed fails.
 */
function decide(claim: Claim, low: number, high: number, scale: 'log' | 'plain'): SequentialDecision {
  const { below, above } = thresholds(claim, scale);
  if (claim.expectation === 'similar') {
    if (low >= below && high <= above) return 'holds';
    return high < below || low > above ? 'fails' : 'undecided';
  }
  const [up, down] = claim.expectation === 'higher' ? ['holds', 'fails'] : ['fails', 'holds'];
  if (low > 0) return up as SequentialDecision;
  if (high < 0) return down as SequentialDecision;
  // a and b equal in every seed (the claim's policies ran the same): no seed can move it, and a is neither higher nor lower.
  return low === 0 && high === 0 ? 'fails' : 'undecided';
}

/**
 * A claim's interval at a look, from its per-seed changes a / b − 1 (NaN where a seed
 * measured none, left out): `unmeasured` with no finite change, `undecided` with one.
 */
export function sequentialInterval(
  claim: Claim,
  changes: readonly number[],
  rule: SequentialRule = SEQUENTIAL_RULE,
): SequentialInterval {
  const finite = changes.filter(Number.isFinite);
  const n = finite.length;
  const scale = finite.every((c) => c > -1) ? 'log' : 'plain';
  const values = scale === 'log' ? finite.map((c) => Math.log1p(c)) : finite;
  const mean = values.reduce((s, v) => s + v, 0) / n;
  const back = (x: number) => (scale === 'log' ? Math.expm1(x) : x);
  if (n < 2) {
    const decision = n === 0 ? 'unmeasured' : 'undecided';
    return { n, mean: back(mean), low: Number.NaN, high: Number.NaN, scale, decision };
  }
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
  const half = (studentQuantile(lookConfidence(rule), n - 1) * sd) / Math.sqrt(n);
  const [low, high] = [mean - half, mean + half];
  return {
    n,
    mean: back(mean),
    low: back(low),
    high: back(high),
    scale,
    decision: decide(claim, low, high, scale),
  };
}

/** Whether a claim needs no more seeds: decided, or not measured at all. */
export const settled = (interval: SequentialInterval): boolean => interval.decision !== 'undecided';

/**
 * A claim's decision over the looks of its first `changes.length` seeds: the interval of
 * the first look from `min` that decides it, else of the last look. The intervals of all
 * looks hold together, so a claim decided at one look stays decided: a later look's
 * interval, wider or shifted, does not undo it (nor can it decide the other way without
 * one of the two missing the truth).
 */
export function claimDecision(
  claim: Claim,
  changes: readonly number[],
  rule: SequentialRule = SEQUENTIAL_RULE,
): SequentialInterval {
  for (let n = rule.min; n < changes.length; n++) {
    const look = sequentialInterval(claim, changes.slice(0, n), rule);
    if (settled(look)) return look;
  }
  return sequentialInterval(claim, changes, rule);
}

/** Where a cell stands under the rule: stopped at `seeds` (decided or at the cap), or needing `need` seeds to look again. */
export type SequentialStop =
  | {
      /** Seeds the cell stopped at. */
      readonly seeds: number;
      /** Every claim decided (else the cap was reached). */
      readonly decided: boolean;
    }
  | {
      /** Seeds the cell needs before its next look. */
      readonly need: number;
    };

/**
 * Replays the rule's looks over the first `available` seeds of a cell: it stops at the
 * first look from `min` where `decidedAt(n)` (every claim settled on the first n seeds),
 * or at `max`; short of both, it needs one more seed (`min` before the first look). The
 * same seeds give the same stop whether they ran now, in an earlier run or in shards.
 */
export function sequentialStop(
  rule: SequentialRule,
  available: number,
  decidedAt: (n: number) => boolean,
): SequentialStop {
  if (available < rule.min) return { need: rule.min };
  for (let n = rule.min; n <= Math.min(available, rule.max); n++) {
    if (decidedAt(n)) return { seeds: n, decided: true };
  }
  return available >= rule.max ? { seeds: rule.max, decided: false } : { need: available + 1 };
}
