import { requireCount, requireProbability } from './internal/validate-input.js';

/** One job of the user in the map skip-count analysis (NAS §III-C). */
export interface SkipAnalysisJob {
  /** `p_j`: fraction of nodes holding the job's input data. */
  readonly localFraction: number;
  /** `q_j`: probability that a map of the job is shuffle-qualified. */
  readonly qualifiedProbability: number;
}

/**
 * Probability that the first user of the list launches a data-local, shuffle-qualified
 * map within `skips` skips — NAS §III-C, "Analysis of the map skip counter strategy":
 * `1 − Π_j (1 − p_j·q_j)^D`, the complement of the paper's probability that it still
 * cannot after `D` offers. Each offer is taken as an independent draw of a node.
 *
 * Example (the paper's): 3 jobs with `p = 0.1`, `q = 0.5` give 78.5 % within 10 skips
 * and 99.8 % within 40.
 * @throws Error naming the field when a probability is outside [0, 1] or `skips` is not
 *   an integer ≥ 0.
 */
export function localQualifiedLaunchProbability(jobs: readonly SkipAnalysisJob[], skips: number): number {
  const d = requireCount(skips, 'localQualifiedLaunchProbability: skips');
  let miss = 1;
  jobs.forEach((job, j) => {
    const p = requireProbability(
      job.localFraction,
      `localQualifiedLaunchProbability: jobs[${j}].localFraction`,
    );
    const q = requireProbability(
      job.qualifiedProbability,
      `localQualifiedLaunchProbability: jobs[${j}].qualifiedProbability`,
    );
    miss *= (1 - p * q) ** d;
  });
  return 1 - miss;
}

/** Inputs of {@link shuffleLightLaunchProbability} (NAS §III-E). */
export interface ShuffleLightAnalysisInput {
  /** `f`: probability that a job is shuffle-light. */
  readonly lightFraction: number;
  /** `m_i`: jobs per user (1 in the paper's example). */
  readonly jobsPerUser: number;
  /** `u`: users at the top of the list that CR-RTS looks at. */
  readonly users: number;
}

/**
 * Probability that at least one of the top `u` users holds a shuffle-light job — NAS
 * §III-E, "Analysis of the reduce skip counter strategy": `1 − (1 − f)^(m_i·u)`, the
 * complement of the paper's probability that none of them does.
 *
 * Example (the paper's, FB-2010): `f = 0.687`, one job per user: 97 % for `u = 3`,
 * 99.7 % for `u = 5`.
 * @throws Error naming the field when `f` is outside [0, 1] or a count is not an
 *   integer ≥ 0.
 */
export function shuffleLightLaunchProbability(input: ShuffleLightAnalysisInput): number {
  const f = requireProbability(input.lightFraction, 'shuffleLightLaunchProbability: lightFraction');
  const m = requireCount(input.jobsPerUser, 'shuffleLightLaunchProbability: jobsPerUser');
  const u = requireCount(input.users, 'shuffleLightLaunchProbability: users');
  return 1 - (1 - f) ** (m * u);
}
