import type { Claim } from './paper-claims.js';

/** What a claim reads: per policy, one run per seed (in seed order) with its metrics. */
export interface ClaimRuns {
  readonly policies: readonly {
    readonly policy: string;
    readonly runs: readonly { readonly metrics: Readonly<Record<string, number>> }[];
  }[];
}

/** Whether a claim holds in one cell: in every seed, in the mean only, or not. */
export type ClaimVerdict = 'holds' | 'mixed' | 'fails' | 'unmeasured';

/** A claim in one cell of the grid: a / b − 1 per seed, its mean and spread, and the verdict. */
export interface ClaimOutcome {
  readonly verdict: ClaimVerdict;
  /** a / b − 1 per seed (NaN where either value is not finite or b is 0). */
  readonly changes: readonly number[];
  readonly mean: number;
  /** Sample standard deviation over seeds (0 for one seed). */
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

/** Whether one relative change satisfies the claim's expectation. */
export function satisfies(claim: Claim, change: number): boolean {
  if (claim.expectation === 'higher') return change > 0;
  if (claim.expectation === 'lower') return change < 0;
  return Math.abs(change) <= (claim.tolerance ?? 0.05);
}

/**
 * Reads a claim off an experiment result: for each seed, a's metric over b's minus one;
 * `holds` when every seed satisfies the expectation, `mixed` when the mean does but not
 * every seed, `fails` when the mean does not, `unmeasured` when no seed gives a value.
 */
export function evaluateClaim(claim: Claim, result: ClaimRuns): ClaimOutcome {
  const runs = (policy: string) => result.policies.find((p) => p.policy === policy)?.runs ?? [];
  const a = runs(claim.a);
  const b = runs(claim.b);
  const changes = a.map((run, i) => {
    const x = run.metrics[claim.metric];
    const y = b[i]?.metrics[claim.metric];
    return x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y) || y === 0
      ? Number.NaN
      : x / y - 1;
  });
  const finite = changes.filter(Number.isFinite);
  if (finite.length === 0) {
    return {
      verdict: 'unmeasured',
      changes,
      mean: Number.NaN,
      sd: Number.NaN,
      min: Number.NaN,
      max: Number.NaN,
    };
  }
  const mean = finite.reduce((s, v) => s + v, 0) / finite.length;
  const sd =
    finite.length < 2 ? 0 : Math.sqrt(finite.reduce((s, v) => s + (v - mean) ** 2, 0) / (finite.length - 1));
  const verdict = finite.every((c) => satisfies(claim, c))
    ? 'holds'
    : satisfies(claim, mean)
      ? 'mixed'
      : 'fails';
  return { verdict, changes, mean, sd, min: Math.min(...finite), max: Math.max(...finite) };
}
