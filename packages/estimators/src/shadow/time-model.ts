import type { BitsPerSecond, Bytes, RackId, Seconds } from '@rackwise/types';
import {
  requireInteger,
  requireNonNegative,
  requireNonNegativeOrInfinite,
  requirePerRack,
} from '../internal/arguments.js';
import { shuffleLinkLoads } from './link-loads.js';

/** Seconds to move `bytes` at `rate` bits per second: `8 · bytes / rate` (0 when nothing moves). */
export function transferSeconds(bytes: Bytes, rate: BitsPerSecond): Seconds {
  return bytes === 0 ? 0 : (8 * bytes) / rate;
}

/** What Shadow's time model needs to know of one duplicated map that is still running (Table 1). */
export interface DuplicateTiming {
  /** `D_ij`: input bytes the copy reads over the cross-rack link from the original's rack. */
  readonly crossRackInputBytes: Bytes;
  /** `B_iu`: cross-rack bandwidth available to that read (see `crossRackTransferRates`, Fig. 9). */
  readonly inputBandwidth: BitsPerSecond;
  /** `R_j`: the map's run time without the cross-rack read (known from its original at T). */
  readonly runtime: Seconds;
  /**
   * When the copy started, on the clock on which `T` is given. Eq. 11 counts from the
   * job's start, where Shadow launches duplicates; default 0.
   */
  readonly startTime?: Seconds;
}

/**
 * Finish time of a duplicated map in Shadow eq. 11: `start + D_ij / B_iu + R_j` (bytes
 * converted to bits). `+Infinity` when it must read bytes over a link with no bandwidth.
 * @throws Error when a field is negative or not finite (`inputBandwidth` may be `Infinity`).
 */
export function duplicateFinishTime(timing: DuplicateTiming): Seconds {
  const start = requireNonNegative(timing.startTime ?? 0, 'duplicateFinishTime: startTime');
  const bytes = requireNonNegative(timing.crossRackInputBytes, 'duplicateFinishTime: crossRackInputBytes');
  const rate = requireNonNegativeOrInfinite(timing.inputBandwidth, 'duplicateFinishTime: inputBandwidth');
  return (
    start + transferSeconds(bytes, rate) + requireNonNegative(timing.runtime, 'duplicateFinishTime: runtime')
  );
}

/**
 * Shadow eq. 11, the Map phase time: `T_m = max[max_j (D_ij / B_iu + R_j), T]` over the
 * chosen duplicates still running at `T`, the moment every original map finished.
 */
export function mapPhaseTime(
  originalsDoneAt: Seconds,
  chosenDuplicates: readonly DuplicateTiming[],
): Seconds {
  let phase = requireNonNegative(originalsDoneAt, 'mapPhaseTime: originalsDoneAt');
  for (const duplicate of chosenDuplicates) phase = Math.max(phase, duplicateFinishTime(duplicate));
  return phase;
}

/**
 * Shadow eq. 12, the Shuffle transfer time: `T_s = max_i S_i / B_i`, where `S_i` is the
 * intermediate data rack i sends out (the uplink load of eq. 6, `shuffleLinkLoads(...).up`)
 * and `B_i` the uplink bandwidth available to it. A rack sending nothing costs nothing;
 * one sending bytes over no bandwidth makes `T_s` infinite.
 * @throws Error when the arrays differ in length or hold negative or NaN values.
 */
export function shuffleTransferTime(
  outBytesPerRack: ArrayLike<Bytes>,
  uplinkBandwidth: ArrayLike<BitsPerSecond>,
): Seconds {
  const out = requirePerRack(outBytesPerRack, 'shuffleTransferTime: outBytesPerRack');
  if (uplinkBandwidth.length !== out.length) {
    throw new Error(
      `shuffleTransferTime: uplinkBandwidth must have one entry per rack (${out.length}), got ${uplinkBandwidth.length}`,
    );
  }
  let time = 0;
  for (let i = 0; i < out.length; i += 1) {
    const rate = requireNonNegativeOrInfinite(
      uplinkBandwidth[i]!,
      `shuffleTransferTime: uplinkBandwidth[${i}]`,
    );
    time = Math.max(time, transferSeconds(out[i]!, rate));
  }
  return time;
}

/** The three times of Shadow's model. */
export interface ShadowTimeEstimate {
  /** Eq. 11. */
  readonly mapPhase: Seconds;
  /** Eq. 12. */
  readonly shuffle: Seconds;
  /** Eq. 13: `T_t = T_m + T_s`. */
  readonly total: Seconds;
}

/** Shadow eq. 13: `T_t = T_m + T_s` (eqs. 11 and 12). */
export function estimateShadowTime(
  originalsDoneAt: Seconds,
  chosenDuplicates: readonly DuplicateTiming[],
  outBytesPerRack: ArrayLike<Bytes>,
  uplinkBandwidth: ArrayLike<BitsPerSecond>,
): ShadowTimeEstimate {
  const mapPhase = mapPhaseTime(originalsDoneAt, chosenDuplicates);
  const shuffle = shuffleTransferTime(outBytesPerRack, uplinkBandwidth);
  return { mapPhase, shuffle, total: mapPhase + shuffle };
}

/** A duplicate still running at `T` that the selection may switch to. */
export interface LateDuplicateCandidate extends DuplicateTiming {
  /** Rack of the original copy, whose output the shuffle uses now. */
  readonly from: RackId;
  /** Rack of the duplicate. */
  readonly to: RackId;
  /** Map output (the original's, known at `T`; the copy's is the same). */
  readonly outputBytes: Bytes;
}

/** Input of {@link selectLateDuplicates}. */
export interface LateDuplicateSelectionInput {
  /** `T`: when the last original map finished. */
  readonly originalsDoneAt: Seconds;
  /** Map output per rack of the current choice: originals and early-chosen duplicates. */
  readonly mapOutputPerRack: ArrayLike<Bytes>;
  /** Reduces of the job per rack. */
  readonly reducersPerRack: ArrayLike<number>;
  /** `B_i`: uplink bandwidth available to each rack. */
  readonly uplinkBandwidth: ArrayLike<BitsPerSecond>;
  /** Duplicates that had not finished at `T`, in the order to consider them. */
  readonly candidates: readonly LateDuplicateCandidate[];
}

/** Result of {@link selectLateDuplicates}. */
export interface LateDuplicateSelection {
  /** Indices into `candidates` of the duplicates to use instead of their originals. */
  readonly chosen: readonly number[];
  /** Map output per rack once they are used. */
  readonly mapOutputPerRack: readonly Bytes[];
  /** Eqs. 11–13 for the final choice. */
  readonly estimate: ShadowTimeEstimate;
}

/**
 * Shadow §4.3 task selection at time `T`: starting from the originals and the early
 * chosen duplicates, take each late duplicate in turn and keep it when it makes the
 * estimated `T_t` (eq. 13) strictly shorter — its output moves from rack `from` to rack
 * `to`, changing `S_i` (eq. 6), while its finish time may lengthen `T_m` (eq. 11).
 * @throws Error on malformed input (see the equations' functions).
 */
export function selectLateDuplicates(input: LateDuplicateSelectionInput): LateDuplicateSelection {
  const output = requirePerRack(input.mapOutputPerRack, 'selectLateDuplicates: mapOutputPerRack');
  const racks = output.length;
  const estimate = (chosen: readonly DuplicateTiming[]): ShadowTimeEstimate =>
    estimateShadowTime(
      input.originalsDoneAt,
      chosen,
      shuffleLinkLoads(output, input.reducersPerRack).up,
      input.uplinkBandwidth,
    );
  const chosenTimings: DuplicateTiming[] = [];
  const chosen: number[] = [];
  let best = estimate(chosenTimings);
  input.candidates.forEach((candidate, index) => {
    requireInteger(candidate.from, `selectLateDuplicates: candidates[${index}].from`);
    requireInteger(candidate.to, `selectLateDuplicates: candidates[${index}].to`);
    if (candidate.from >= racks || candidate.to >= racks) {
      throw new Error(`selectLateDuplicates: candidates[${index}] names a rack outside 0..${racks - 1}`);
    }
    const bytes = requireNonNegative(
      candidate.outputBytes,
      `selectLateDuplicates: candidates[${index}].outputBytes`,
    );
    if (bytes > output[candidate.from]!) {
      throw new Error(
        `selectLateDuplicates: candidates[${index}].outputBytes exceeds the map output of rack ${candidate.from}`,
      );
    }
    output[candidate.from] = output[candidate.from]! - bytes;
    output[candidate.to] = output[candidate.to]! + bytes;
    chosenTimings.push(candidate);
    const tried = estimate(chosenTimings);
    if (tried.total < best.total) {
      best = tried;
      chosen.push(index);
    } else {
      chosenTimings.pop();
      output[candidate.from] = output[candidate.from]! + bytes;
      output[candidate.to] = output[candidate.to]! - bytes;
    }
  });
  return { chosen, mapOutputPerRack: output, estimate: best };
}
