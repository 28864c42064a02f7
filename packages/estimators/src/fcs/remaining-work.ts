import type { Bytes, Seconds } from '@rackwise/types';
import { requireNonNegative } from '../internal/arguments.js';

/** Inputs of {@link remainingShuffleTime}, in the FCS paper's symbols (§4). */
export interface RemainingShuffleInput {
  /** `M_left`: the job's maps not yet completed. */
  readonly remainingMaps: number;
  /** `M_rate`: the job's average map completion rate, maps per second, updated as it runs. */
  readonly mapRate: number;
  /** `T_mavg`: mean execution time of the job's maps that completed or are running. */
  readonly meanMapTime: Seconds;
}

/**
 * FCS §4, remaining shuffle time: `T_rs = (M_left / M_rate) × T_mavg`.
 *
 * The formula is kept as the paper writes it. With `M_rate` in maps per second,
 * `M_left / M_rate` is already the time the remaining maps need and the factor `T_mavg`
 * weights it by the job's map length, so `T_rs` is an ordering key rather than seconds;
 * FCS only compares it between jobs (Algorithm 1 line 7, Algorithm 2 line 2).
 *
 * A job with no map left has `T_rs = 0`; one with maps left but no completion yet
 * (`M_rate = 0`) has `T_rs = +Infinity`.
 * @throws Error when an input is negative or not finite.
 */
export function remainingShuffleTime(input: RemainingShuffleInput): number {
  const left = requireNonNegative(input.remainingMaps, 'remainingShuffleTime: remainingMaps');
  const rate = requireNonNegative(input.mapRate, 'remainingShuffleTime: mapRate');
  const mean = requireNonNegative(input.meanMapTime, 'remainingShuffleTime: meanMapTime');
  if (left === 0) return 0;
  return rate === 0 ? Number.POSITIVE_INFINITY : (left / rate) * mean;
}

/**
 * FCS `M_rate`: maps a job completed per second since `since` (its submission or its
 * first map launch): `completedMaps / (now − since)`; 0 before any time passed.
 * @throws Error when an input is negative or not finite, or `now < since`.
 */
export function mapCompletionRate(completedMaps: number, since: Seconds, now: Seconds): number {
  requireNonNegative(completedMaps, 'mapCompletionRate: completedMaps');
  requireNonNegative(since, 'mapCompletionRate: since');
  requireNonNegative(now, 'mapCompletionRate: now');
  if (now < since) throw new Error(`mapCompletionRate: now (${now}) must not be before since (${since})`);
  return now === since ? 0 : completedMaps / (now - since);
}

/**
 * FCS §4, remaining reduce data: `R_left = R_total − R_done`, where `R_total` is the
 * intermediate data the job's reduces must process (known once the reduce phase starts)
 * and `R_done` what they have reduced so far.
 * @throws Error when an input is negative or not finite, or `reduced > total`.
 */
export function remainingReduceData(total: Bytes, reduced: Bytes): Bytes {
  requireNonNegative(total, 'remainingReduceData: total');
  requireNonNegative(reduced, 'remainingReduceData: reduced');
  if (reduced > total) {
    throw new Error(`remainingReduceData: reduced (${reduced}) must not exceed total (${total})`);
  }
  return total - reduced;
}

/** A job's remaining work as FCS ranks it. */
export interface RemainingWork {
  /** `T_rs`, see {@link remainingShuffleTime}. */
  readonly remainingShuffleTime: number;
  /** `R_left`, see {@link remainingReduceData}. */
  readonly remainingReduceData: Bytes;
}

/**
 * FCS's order of jobs by remaining work: by `T_rs`, ties by `R_left` (Algorithm 1
 * line 7, Algorithm 2 line 2). Negative when `a` has less work left — sort with it for
 * `L_rem` (increasing), reverse for `L_running` (decreasing).
 */
export function compareRemainingWork(a: RemainingWork, b: RemainingWork): number {
  if (a.remainingShuffleTime !== b.remainingShuffleTime) {
    return a.remainingShuffleTime < b.remainingShuffleTime ? -1 : 1;
  }
  if (a.remainingReduceData === b.remainingReduceData) return 0;
  return a.remainingReduceData < b.remainingReduceData ? -1 : 1;
}
