import type { Bytes } from '@rackwise/types';
import {
  requireNonNegativeInteger,
  requireOneOf,
  requirePositive,
  requirePositiveInteger,
} from './internal/validate.js';
import { MEBIBYTE } from './units.js';

/**
 * Which jobs get no reduce at all (`reduceCount` 0) under a `bytes-per-reduce` rule.
 * - `never`: every job gets at least one reduce (SWIM's replay does this).
 * - `when-empty`: jobs with 0 shuffle bytes *and* 0 output bytes — there is nothing for
 *   a reduce to read or write.
 * - `when-no-shuffle`: every job with 0 shuffle bytes (a map-only job that writes its
 *   output from the maps).
 */
export type MapOnlyRule = 'never' | 'when-empty' | 'when-no-shuffle';

/** The map-only rules, for validation and documentation. */
export const MAP_ONLY_RULES: readonly MapOnlyRule[] = Object.freeze([
  'never',
  'when-empty',
  'when-no-shuffle',
]);

/**
 * How many reduces a job gets.
 * - `bytes-per-reduce`: `round((shuffleBytes + outputBytes) / bytesPerReduce)`, at least 1
 *   (SWIM's `GenerateReplayScript`); then, with `clusterSize`, SWIM's cap — a count above
 *   `clusterSize` becomes `floor(clusterSize / 5)`; then at most `maxReduces` if given;
 *   0 where `mapOnly` says so.
 * - `fixed`: always `count` (0 makes every job map-only) — for tables that give
 *   reduce counts (FCS Tables 1 and 3, GridMix).
 */
export type ReduceRule =
  | {
      readonly kind: 'bytes-per-reduce';
      readonly bytesPerReduce: Bytes;
      /**
       * Machines of the cluster the workload runs on, for SWIM's cap (a count above it
       * becomes `floor(clusterSize / 5)`); no cap when absent.
       */
      readonly clusterSize?: number;
      /** Upper bound on the count (none by default). */
      readonly maxReduces?: number;
      /** Default `when-empty`. */
      readonly mapOnly?: MapOnlyRule;
    }
  | { readonly kind: 'fixed'; readonly count: number };

/**
 * Bytes per reduce in SWIM's replay: `GenerateReplayScript` takes this as a required
 * argument; the example invocation shipped with SWIM passes 67108864 (64 MiB).
 */
export const SWIM_BYTES_PER_REDUCE: Bytes = 64 * MEBIBYTE;

/**
 * Cluster size of SWIM's reduce cap in {@link SWIM_REDUCE_RULE}: the 600 machines of the
 * FB-2009 cluster and of the NAS §IV-A simulation. Under it the FB-2010 day has about
 * 0.5 million reduces (8.6 million tasks with its 8.1 million maps); without the cap it
 * would have 11.6 million.
 */
export const SWIM_CLUSTER_SIZE = 600;

/**
 * The default reduce rule of the trace readers: SWIM's replay rule
 * `round((shuffle + output) / 64 MiB)`, at least 1, capped as SWIM does for a
 * {@link SWIM_CLUSTER_SIZE}-machine cluster (above 600 → 120), and no reduce for jobs
 * with neither shuffle nor output (`when-empty`; SWIM itself would launch one reduce
 * that reads and writes nothing). Set `clusterSize` to your node count.
 */
export const SWIM_REDUCE_RULE: ReduceRule = Object.freeze({
  kind: 'bytes-per-reduce',
  bytesPerReduce: SWIM_BYTES_PER_REDUCE,
  clusterSize: SWIM_CLUSTER_SIZE,
  mapOnly: 'when-empty',
});

/**
 * Checks a reduce rule; `where` names the caller and option in the error.
 * @throws Error naming the offending field.
 */
export function validateReduceRule(rule: ReduceRule, where: string, option = 'reduceRule'): ReduceRule {
  if (rule === null || typeof rule !== 'object') {
    throw new Error(`${where}: ${option} must be a reduce rule object, got ${String(rule)}`);
  }
  switch (rule.kind) {
    case 'bytes-per-reduce':
      requirePositive(rule.bytesPerReduce, where, `${option}.bytesPerReduce`);
      if (rule.clusterSize !== undefined)
        requirePositiveInteger(rule.clusterSize, where, `${option}.clusterSize`);
      if (rule.maxReduces !== undefined)
        requirePositiveInteger(rule.maxReduces, where, `${option}.maxReduces`);
      if (rule.mapOnly !== undefined) requireOneOf(rule.mapOnly, MAP_ONLY_RULES, where, `${option}.mapOnly`);
      return rule;
    case 'fixed':
      requireNonNegativeInteger(rule.count, where, `${option}.count`);
      return rule;
    default:
      throw new Error(
        `${where}: ${option}.kind must be "bytes-per-reduce" or "fixed", got ${JSON.stringify((rule as { kind?: unknown }).kind)}`,
      );
  }
}

/**
 * The reduce count a rule gives a job with these sizes (see {@link ReduceRule}). The rule
 * is assumed valid (see {@link validateReduceRule}).
 */
export function reduceCountFor(rule: ReduceRule, shuffleBytes: Bytes, outputBytes: Bytes): number {
  if (rule.kind === 'fixed') return rule.count;
  const mapOnly = rule.mapOnly ?? 'when-empty';
  if (
    shuffleBytes === 0 &&
    (mapOnly === 'when-no-shuffle' || (mapOnly === 'when-empty' && outputBytes === 0))
  ) {
    return 0;
  }
  let count = Math.max(1, Math.round((shuffleBytes + outputBytes) / rule.bytesPerReduce));
  if (rule.clusterSize !== undefined && count > rule.clusterSize)
    count = Math.max(1, Math.floor(rule.clusterSize / 5));
  return rule.maxReduces === undefined ? count : Math.min(count, rule.maxReduces);
}
