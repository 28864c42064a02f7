import type { Bytes, InputClass, ShuffleClass } from '@rackwise/types';
import type { Distribution, HistogramBin } from '../job-mix.js';
import { MEBIBYTE } from '../units.js';
import type { SwimRecord } from './swim-records.js';

/** NAS §IV-A: small input < 10 MB; shuffle light < 1 MB, medium 1–100 MB, heavy > 100 MB (MB = 2^20). */
export function nasInputClass(inputBytes: Bytes): InputClass {
  return inputBytes < 10 * MEBIBYTE ? 'small' : 'large';
}

/** NAS §IV-A shuffle class by bytes (see {@link nasInputClass}). */
export function nasShuffleClass(shuffleBytes: Bytes): ShuffleClass {
  if (shuffleBytes < MEBIBYTE) return 'light';
  return shuffleBytes <= 100 * MEBIBYTE ? 'medium' : 'heavy';
}

/** The sizes of one NAS job class as histograms, and how many trace jobs it holds. */
export interface TraceClassSizes {
  readonly input: InputClass;
  readonly shuffle: ShuffleClass;
  readonly jobs: number;
  readonly inputBytes: Distribution;
  readonly shuffleBytes: Distribution;
  readonly outputBytes: Distribution;
}

/** Quantiles cutting a class's sizes into bins: deciles, with the top decile split at 95 % and 99 %. */
const QUANTILES = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1];

/**
 * A histogram of byte sizes: one `[0, 0]` bin for zeros, then bins between consecutive
 * {@link QUANTILES} of the non-zero values (the heavy tail gets narrower bins, so
 * log-uniform draws inside a bin stay close to the trace).
 */
export function quantileHistogram(values: readonly number[]): Distribution {
  const bins: HistogramBin[] = [];
  const zeros = values.filter((value) => value === 0).length;
  if (zeros > 0) bins.push({ min: 0, max: 0, weight: zeros });
  const sorted = values.filter((value) => value > 0).sort((a, b) => a - b);
  const n = sorted.length;
  for (let k = 0; k + 1 < QUANTILES.length; k++) {
    const lo = Math.floor((QUANTILES[k] as number) * n);
    const hi = Math.floor((QUANTILES[k + 1] as number) * n);
    if (hi <= lo) continue;
    const max = hi < n ? (sorted[hi] as number) : (sorted[n - 1] as number);
    bins.push({ min: sorted[lo] as number, max, weight: hi - lo });
  }
  return { kind: 'histogram', bins };
}

const INPUT_CLASSES: readonly InputClass[] = ['small', 'large'];
const SHUFFLE_CLASSES: readonly ShuffleClass[] = ['light', 'medium', 'heavy'];

/** NAS §IV-A's six job classes of a SWIM trace with their size histograms (empty classes left out). */
export function traceClassSizes(records: readonly SwimRecord[]): TraceClassSizes[] {
  const classes: TraceClassSizes[] = [];
  for (const input of INPUT_CLASSES) {
    for (const shuffle of SHUFFLE_CLASSES) {
      const members = records.filter(
        (record) =>
          nasInputClass(record.inputBytes) === input && nasShuffleClass(record.shuffleBytes) === shuffle,
      );
      if (members.length === 0) continue;
      classes.push({
        input,
        shuffle,
        jobs: members.length,
        inputBytes: quantileHistogram(members.map((record) => record.inputBytes)),
        shuffleBytes: quantileHistogram(members.map((record) => record.shuffleBytes)),
        outputBytes: quantileHistogram(members.map((record) => record.outputBytes)),
      });
    }
  }
  return classes;
}
