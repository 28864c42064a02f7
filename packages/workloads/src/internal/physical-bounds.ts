import type { JsonFields } from './json-fields.js';

/**
 * Bounds no recorded cluster reaches, so that one absurd value is refused with its file,
 * line and field before anything runs, instead of hanging a replay (a task attempt of a
 * hundred years) or exhausting memory (an executor of 10⁹ cores).
 */
export const PHYSICAL_BOUNDS = {
  /** Latest time after the trace's start: a year (and a day). */
  maxSpanMs: 366 * 24 * 3600 * 1000,
  /** Earliest time before the trace's start (clock skew between a driver and its hosts): a day. */
  maxSkewMs: 24 * 3600 * 1000,
  /** Task slots (executor cores) on one host at once. */
  maxSlotsPerHost: 4096,
  /** Bytes one task reads or writes: a pebibyte. */
  maxTaskBytes: 2 ** 50,
  /** Tasks of one stage. */
  maxStageTasks: 10_000_000,
} as const;

/** A time in epoch ms within the trace's physical span after `epochMs`, else an Error naming the field. */
export function boundedTime(fields: JsonFields, key: string, epochMs: number): number {
  const value = fields.integer(key);
  const { maxSpanMs, maxSkewMs } = PHYSICAL_BOUNDS;
  if (value - epochMs > maxSpanMs || epochMs - value > maxSkewMs) {
    throw fields.fail(
      key,
      `a time within a day before and a year after the trace's start (${epochMs} ms)`,
      value,
    );
  }
  return value;
}

/** A duration in ms of at most a year, else an Error naming the field. */
export function boundedDuration(fields: JsonFields, key: string, fallback?: number): number {
  if (fallback !== undefined && !fields.has(key)) return fallback;
  return fields.integer(key, 0, PHYSICAL_BOUNDS.maxSpanMs, 'at most a year of milliseconds');
}

/** A byte count of one task (at most a pebibyte), or `fallback` when absent (or `unknown`). */
export function boundedBytes(fields: JsonFields, key: string, fallback = 0, unknown?: number): number {
  if (!fields.has(key) || (unknown !== undefined && fields.value[key] === unknown)) return fallback;
  return fields.integer(key, 0, PHYSICAL_BOUNDS.maxTaskBytes, 'at most a PiB for one task');
}
