import type { Bytes, JobSpec, Seconds, UserId } from '@rackwise/types';
import { type ReduceRule, reduceCountFor } from '../reduce-rule.js';
import { stableSortBy } from './stable-sort.js';

/**
 * Maps for an input: `ceil(inputBytes / blockBytes)`, at least 1, computed so that the
 * last split is in (0, blockBytes] exactly (no floating-point off-by-one).
 */
export function mapCountFor(inputBytes: Bytes, blockBytes: Bytes): number {
  if (inputBytes <= 0) return 1;
  let maps = Math.max(1, Math.ceil(inputBytes / blockBytes));
  while (maps > 1 && (maps - 1) * blockBytes >= inputBytes) maps -= 1;
  while (maps * blockBytes < inputBytes) maps += 1;
  return maps;
}

/**
 * Scales a byte count and rounds to whole bytes; a non-zero size stays at least 1 byte so
 * that ratios between sizes stay finite.
 */
export function scaleBytes(bytes: Bytes, scale: number): Bytes {
  if (scale === 1 || bytes === 0) return bytes;
  return Math.max(1, Math.round(bytes * scale));
}

/** Everything a job needs besides its derived counts. */
export interface JobFields {
  readonly name: string;
  readonly user: UserId;
  readonly queue: string;
  readonly submitTime: Seconds;
  readonly inputBytes: Bytes;
  readonly shuffleBytes: Bytes;
  readonly outputBytes: Bytes;
  readonly blockBytes: Bytes;
  readonly signature?: string;
}

/** A frozen `JobSpec` with map and reduce counts derived from its sizes. */
export function buildJobSpec(fields: JobFields, reduceRule: ReduceRule): JobSpec {
  const spec: JobSpec = {
    name: fields.name,
    user: fields.user,
    queue: fields.queue,
    submitTime: fields.submitTime,
    inputBytes: fields.inputBytes,
    shuffleBytes: fields.shuffleBytes,
    outputBytes: fields.outputBytes,
    mapCount: mapCountFor(fields.inputBytes, fields.blockBytes),
    reduceCount: reduceCountFor(reduceRule, fields.shuffleBytes, fields.outputBytes),
    blockBytes: fields.blockBytes,
    ...(fields.signature === undefined ? {} : { signature: fields.signature }),
  };
  return Object.freeze(spec);
}

/** Jobs by submit time, ties kept in their original order. */
export function sortBySubmitTime(jobs: readonly JobSpec[]): JobSpec[] {
  return stableSortBy(jobs, (job) => job.submitTime);
}
