import type { JobSpec, Seconds, Workload } from '@rackwise/types';
import { buildJobSpec, scaleBytes, sortBySubmitTime } from './internal/job-spec.js';
import { readTextFile } from './internal/read-text.js';
import { resolveOptions, userId } from './internal/resolve-options.js';
import { type SwimRecord, parseSwimRecords } from './internal/swim-records.js';
import {
  requireBoolean,
  requireName,
  requireNonNegative,
  requirePositive,
  requirePositiveInteger,
} from './internal/validate.js';
import { randomStream } from './internal/xoroshiro-random.js';
import { type ReduceRule, SWIM_REDUCE_RULE, validateReduceRule } from './reduce-rule.js';
import type { WorkloadOptions } from './workload-options.js';

/** A window of trace hours: jobs with `fromHour × 3600 ≤ submit time < toHour × 3600`. */
export interface HourWindow {
  readonly fromHour: number;
  readonly toHour: number;
}

/** Options of {@link parseSwimTrace} and {@link readSwimTrace}; all optional. */
export interface SwimTraceOptions extends WorkloadOptions {
  /** Reduce count rule; default {@link SWIM_REDUCE_RULE}. */
  readonly reduceRule?: ReduceRule;
  /** Keep only the first `hours` hours (a number) or a window of hours; default the whole trace. */
  readonly hours?: number | HourWindow;
  /**
   * Shift submit times so that the window starts at 0 (default true); with false, jobs
   * keep the trace's times.
   */
  readonly rebaseTime?: boolean;
  /**
   * Keep this many jobs of the window, drawn uniformly without replacement (seeded), in
   * trace order; each keeps its own gap to the job before it in the trace as its
   * inter-arrival time (Shadow §5.3 replays 50 FB-2010 jobs this way), so submit times
   * become the running sum of the kept jobs' gaps.
   */
  readonly sampleJobs?: number;
}

/** Defaults of the SWIM readers. */
export const SWIM_TRACE_DEFAULTS = Object.freeze({
  /** NAS §IV-A: 200 users for the 600-node FB-2010 simulation (the trace has no users). */
  users: 200,
  seed: 0,
  sizeScale: 1,
  rebaseTime: true,
  reduceRule: SWIM_REDUCE_RULE,
});

const USER_STREAM = 1;
const SAMPLE_STREAM = 2;
const HOUR: Seconds = 3600;

function resolveWindow(hours: SwimTraceOptions['hours'], where: string): HourWindow | undefined {
  if (hours === undefined) return undefined;
  if (typeof hours === 'number') return { fromHour: 0, toHour: requirePositive(hours, where, 'hours') };
  if (hours === null || typeof hours !== 'object') {
    throw new Error(
      `${where}: hours must be a number of hours or { fromHour, toHour }, got ${String(hours)}`,
    );
  }
  const fromHour = requireNonNegative(hours.fromHour, where, 'hours.fromHour');
  const toHour = requireNonNegative(hours.toHour, where, 'hours.toHour');
  if (toHour <= fromHour) {
    throw new Error(`${where}: hours.toHour (${toHour}) must be greater than hours.fromHour (${fromHour})`);
  }
  return { fromHour, toHour };
}

function windowLabel(window: HourWindow | undefined): string {
  return window === undefined ? '' : ` hours ${window.fromHour}–${window.toHour}`;
}

/** Indices of `count` records drawn without replacement, in ascending order. */
function sampleIndices(total: number, count: number, seed: number): number[] {
  const random = randomStream(seed, SAMPLE_STREAM);
  const indices = Array.from({ length: total }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + random.int(total - i);
    const swap = indices[i] as number;
    indices[i] = indices[j] as number;
    indices[j] = swap;
  }
  return indices.slice(0, count).sort((a, b) => a - b);
}

/**
 * Turns the text of a SWIM trace (`FB-2009_*.tsv`, `FB-2010_*.tsv`, or any file in their
 * format) into a {@link Workload} — docs/architecture.md §5, NAS §IV-A.
 *
 * Format: one job per line, tab-separated `job id, submit time s, gap s, map input
 * bytes, shuffle bytes, reduce output bytes` (a 7th field, FB-2010's anonymised input
 * path, is accepted and ignored). Blank lines are skipped. Submit times are the
 * authority (gaps are only checked to be numbers ≥ 0 and used by `sampleJobs`).
 *
 * Rules: maps = `ceil(input / blockBytes)`, at least 1; reduces by `reduceRule`; sizes
 * times `sizeScale` rounded to whole bytes (a non-zero size stays ≥ 1 byte), so the true
 * shuffle/input ratio of each job is kept in `shuffleBytes`; user of the i-th line of the
 * file drawn uniformly among `users` from the seed (a job keeps its user whatever the
 * window); jobs sorted by submit time.
 *
 * @throws Error naming the file, line and field of the first malformed value (wrong
 * field count, non-numeric or negative value, non-integer bytes, duplicate job id, times
 * going backwards, empty file), or the option that is invalid. Nothing is returned on
 * error.
 */
export function parseSwimTrace(
  text: string,
  options: SwimTraceOptions & { readonly fileName: string },
): Workload {
  const where = 'parseSwimTrace';
  if (options === null || typeof options !== 'object') {
    throw new Error(`${where}: options must be an object with a fileName`);
  }
  const fileName = requireName(options.fileName, where, 'fileName');
  if (typeof text !== 'string') throw new Error(`${where}: text of ${fileName} must be a string`);
  const common = resolveOptions(options, where, { users: SWIM_TRACE_DEFAULTS.users });
  const reduceRule = validateReduceRule(options.reduceRule ?? SWIM_TRACE_DEFAULTS.reduceRule, where);
  const window = resolveWindow(options.hours, where);
  const rebaseTime = requireBoolean(
    options.rebaseTime ?? SWIM_TRACE_DEFAULTS.rebaseTime,
    where,
    'rebaseTime',
  );
  const sampleJobs =
    options.sampleJobs === undefined
      ? undefined
      : requirePositiveInteger(options.sampleJobs, where, 'sampleJobs');

  const records = parseSwimRecords(text, fileName);
  const users = randomStream(common.seed, USER_STREAM);
  const userOf = records.map(() => users.int(common.users));

  const start = window === undefined ? 0 : window.fromHour * HOUR;
  const end = window === undefined ? Number.POSITIVE_INFINITY : window.toHour * HOUR;
  let kept: number[] = [];
  records.forEach((record, i) => {
    if (record.submitTime >= start && record.submitTime < end) kept.push(i);
  });
  if (sampleJobs !== undefined) {
    if (sampleJobs > kept.length) {
      throw new Error(
        `${where}: sampleJobs (${sampleJobs}) exceeds the ${kept.length} jobs of ${fileName}${windowLabel(window)}`,
      );
    }
    kept = sampleIndices(kept.length, sampleJobs, common.seed).map((k) => kept[k] as number);
  }

  let sampledClock = 0;
  const jobs: JobSpec[] = kept.map((i) => {
    const record = records[i] as SwimRecord;
    const user = userId(userOf[i] as number);
    let submitTime = record.submitTime;
    if (sampleJobs !== undefined) {
      sampledClock += record.gap;
      submitTime = sampledClock;
    } else if (rebaseTime) {
      submitTime -= start;
    }
    return buildJobSpec(
      {
        name: record.name,
        user,
        queue: common.queueOf({ name: record.name, user, index: i }),
        submitTime,
        inputBytes: scaleBytes(record.inputBytes, common.sizeScale),
        shuffleBytes: scaleBytes(record.shuffleBytes, common.sizeScale),
        outputBytes: scaleBytes(record.outputBytes, common.sizeScale),
        blockBytes: common.blockBytes,
      },
      reduceRule,
    );
  });
  const sampleLabel = sampleJobs === undefined ? '' : ` sample ${sampleJobs}`;
  return Object.freeze({
    name: options.name ?? `${fileName}${windowLabel(window)}${sampleLabel}`,
    jobs: Object.freeze(sortBySubmitTime(jobs)),
    placement: common.placement,
  });
}

/**
 * Reads a SWIM trace file and parses it with {@link parseSwimTrace}; error messages name
 * the file by its base name.
 * @throws Error when the file cannot be read, or as {@link parseSwimTrace}.
 */
export function readSwimTrace(path: string, options: SwimTraceOptions = {}): Workload {
  const { fileName, text } = readTextFile(path, 'readSwimTrace');
  return parseSwimTrace(text, { ...options, fileName });
}
