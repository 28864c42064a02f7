import type { Fraction, Seconds } from '@rackwise/types';
import { requireFraction, requireNonNegative } from '../internal/arguments.js';

/**
 * FCS §4: a reduce's estimated execution time without preemption,
 * `T_est = T_svc / C_pctg` — its service time (execution excluding preemption) scaled by
 * the fraction of its work done. `+Infinity` while nothing is done.
 * @throws Error when `serviceTime` is negative or not finite, or `completed` is outside [0, 1].
 */
export function estimatedExecutionTime(serviceTime: Seconds, completed: Fraction): Seconds {
  requireNonNegative(serviceTime, 'estimatedExecutionTime: serviceTime');
  requireFraction(completed, 'estimatedExecutionTime: completed');
  return completed === 0 ? Number.POSITIVE_INFINITY : serviceTime / completed;
}

/** Inputs of {@link executionSlackness}, in the FCS paper's symbols (§4). */
export interface ExecutionSlacknessInput {
  /** `T_total`: time since the reduce first started, preempted spells included. */
  readonly totalTime: Seconds;
  /** `T_svc`: time it actually executed (preempted spells excluded). */
  readonly serviceTime: Seconds;
  /** `C_pctg`: fraction of its work done, in [0, 1] (see {@link reduceWorkFraction}). */
  readonly completed: Fraction;
}

/**
 * FCS §4, execution slackness: `E_slack = T_total / T_est` with
 * `T_est = T_svc / C_pctg`. Never preempted, it equals `C_pctg` (≤ 1); every preempted
 * spell raises it. FCS stops preempting a reduce once it reaches an upper bound (5 by
 * default). While no work is done (`C_pctg = 0` or `T_svc = 0`) there is no estimate and
 * the slackness is 0.
 * @throws Error when an input is negative or not finite, `completed` is outside [0, 1],
 *   or `serviceTime > totalTime`.
 */
export function executionSlackness(input: ExecutionSlacknessInput): number {
  const total = requireNonNegative(input.totalTime, 'executionSlackness: totalTime');
  const service = requireNonNegative(input.serviceTime, 'executionSlackness: serviceTime');
  requireFraction(input.completed, 'executionSlackness: completed');
  if (service > total) {
    throw new Error(`executionSlackness: serviceTime (${service}) must not exceed totalTime (${total})`);
  }
  if (service === 0 || input.completed === 0) return 0;
  return total / estimatedExecutionTime(service, input.completed);
}

/**
 * Fraction of a reduce's work done (`C_pctg`, and the progress of FCS's "over 70 %"
 * rule), from its shuffle progress (fetched / partition bytes) and its reduce-phase
 * progress: `shuffleWeight × fetched + (1 − shuffleWeight) × reduceProgress`.
 * The default weight 1/3 is Hadoop's: the copy phase is the first third of a reduce's
 * reported progress, sort and reduce the other two.
 * @throws Error when a fraction is outside [0, 1].
 */
export function reduceWorkFraction(
  fetched: Fraction,
  reduceProgress: Fraction,
  shuffleWeight = 1 / 3,
): Fraction {
  requireFraction(fetched, 'reduceWorkFraction: fetched');
  requireFraction(reduceProgress, 'reduceWorkFraction: reduceProgress');
  requireFraction(shuffleWeight, 'reduceWorkFraction: shuffleWeight');
  return shuffleWeight * fetched + (1 - shuffleWeight) * reduceProgress;
}
