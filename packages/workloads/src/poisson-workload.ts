import type { JobSpec, RandomSource, Seconds, Workload } from '@rackwise/types';
import { buildJobSpec, scaleBytes, sortBySubmitTime } from './internal/job-spec.js';
import { resolveOptions, userId } from './internal/resolve-options.js';
import { pickWeighted, sample } from './internal/sample-distribution.js';
import { requireNonNegative, requirePositive, requirePositiveInteger } from './internal/validate.js';
import { exponential, randomStream } from './internal/xoroshiro-random.js';
import { type DerivedSize, type JobClassSpec, type JobMixTable, validateJobMix } from './job-mix.js';
import { workloadMix } from './workload-mixes.js';
import type { WorkloadOptions } from './workload-options.js';

/** Options of {@link poissonWorkload}; unset ones fall back to the mix's defaults, then to the package's. */
export interface PoissonWorkloadOptions extends WorkloadOptions {
  /** The job mix, or the name of one of the papers' mixes (`workloadMixNames()`). */
  readonly mix: JobMixTable | string;
  /** Number of jobs. Give this or `duration` (or let the mix's `defaults.jobs` decide). */
  readonly jobs?: number;
  /** Generate the arrivals that fall in [startTime, startTime + duration). */
  readonly duration?: Seconds;
  /** Mean time between arrivals (exponential inter-arrival times); required unless the mix has one. */
  readonly meanInterarrival?: Seconds;
  /** Time origin of the arrival process; default 0. */
  readonly startTime?: Seconds;
}

/** Most jobs one call may generate, so that a typo in `duration` cannot exhaust memory. */
export const MAX_GENERATED_JOBS = 10_000_000;

const ARRIVAL_STREAM = 11;
const CLASS_STREAM = 12;
const SIZE_STREAM = 13;
const USER_STREAM = 14;

function arrivals(
  random: RandomSource,
  start: Seconds,
  mean: Seconds,
  jobs: number | undefined,
  duration: Seconds | undefined,
): Seconds[] {
  const times: Seconds[] = [];
  let clock = start;
  if (jobs !== undefined) {
    for (let i = 0; i < jobs; i++) {
      clock += exponential(random, mean);
      times.push(clock);
    }
    return times;
  }
  const end = start + (duration as number);
  for (;;) {
    clock += exponential(random, mean);
    if (clock >= end) return times;
    if (times.length >= MAX_GENERATED_JOBS) {
      throw new Error(
        `poissonWorkload: duration / meanInterarrival generates more than ${MAX_GENERATED_JOBS} jobs`,
      );
    }
    times.push(clock);
  }
}

/** Class counts proportional to the weights (largest remainder, ties to the earlier class). */
function exactCounts(classes: readonly JobClassSpec[], jobs: number): number[] {
  const total = classes.reduce((sum, jobClass) => sum + jobClass.weight, 0);
  const quotas = classes.map((jobClass) => (jobClass.weight / total) * jobs);
  const counts = quotas.map(Math.floor);
  let left = jobs - counts.reduce((sum, count) => sum + count, 0);
  const order = quotas
    .map((quota, i) => ({ i, rest: quota - Math.floor(quota) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    counts[i] = (counts[i] as number) + 1;
    left -= 1;
  }
  return counts;
}

/** The class of each job, in arrival order. */
function classSequence(mix: JobMixTable, jobs: number, random: RandomSource): number[] {
  if (mix.composition === 'sampled') {
    const weights = mix.classes.map((jobClass) => jobClass.weight);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    return Array.from({ length: jobs }, () => pickWeighted(random, weights, total));
  }
  const sequence: number[] = [];
  exactCounts(mix.classes, jobs).forEach((count, i) => {
    for (let k = 0; k < count; k++) sequence.push(i);
  });
  for (let i = sequence.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const swap = sequence[i] as number;
    sequence[i] = sequence[j] as number;
    sequence[j] = swap;
  }
  return sequence;
}

function derivedBytes(size: DerivedSize, inputBytes: number, random: RandomSource): number {
  return 'ratio' in size
    ? Math.round(inputBytes * sample(random, size.ratio))
    : Math.round(sample(random, size.bytes));
}

function resolveCount(options: PoissonWorkloadOptions, mix: JobMixTable, where: string) {
  if (options.jobs !== undefined && options.duration !== undefined) {
    throw new Error(`${where}: give either jobs or duration, not both`);
  }
  if (options.duration !== undefined)
    return { duration: requirePositive(options.duration, where, 'duration') };
  const jobs = options.jobs ?? mix.defaults.jobs;
  if (jobs === undefined) {
    throw new Error(`${where}: jobs or duration is required (mix "${mix.name}" has no default job count)`);
  }
  const count = requirePositiveInteger(jobs, where, 'jobs');
  if (count > MAX_GENERATED_JOBS)
    throw new Error(`${where}: jobs must be at most ${MAX_GENERATED_JOBS}, got ${count}`);
  return { jobs: count };
}

/**
 * A synthetic workload: Poisson arrivals (exponential inter-arrival times with mean
 * `meanInterarrival`, as ShuffleWatcher §4.3, NAS §IV-A and FCS §5 use) of jobs drawn from
 * a job mix (docs/architecture.md §5). Each job's class is drawn by weight (or, for an `exact`
 * mix, the class counts are fixed and their order shuffled); its input, shuffle and output are
 * drawn from the class's laws, times `sizeScale`; its maps are `ceil(input / blockBytes)` and
 * its reduces follow the class's rule; its user is drawn uniformly among `users`. Separate
 * seeded streams drive arrivals, classes, sizes and users, so for one seed the arrival times do
 * not depend on the mix, nor the users on the sizes. Jobs are named `<class>-<index>` and carry
 * the class's signature.
 *
 * Defaults: the mix's `defaults` (its paper's setup), then 1 user, 128 MiB blocks,
 * replication 3, seed 0, start time 0.
 *
 * @throws Error naming the option when an option or the mix is invalid, when neither
 * the options nor the mix give a job count (or duration) or a mean inter-arrival time,
 * or when more than {@link MAX_GENERATED_JOBS} jobs would be made.
 */
export function poissonWorkload(options: PoissonWorkloadOptions): Workload {
  const where = 'poissonWorkload';
  if (options === null || typeof options !== 'object')
    throw new Error(`${where}: options must be an object with a mix`);
  const mix = validateJobMix(typeof options.mix === 'string' ? workloadMix(options.mix) : options.mix, where);
  const common = resolveOptions(options, where, {
    users: mix.defaults.users ?? 1,
    ...(mix.defaults.blockBytes === undefined ? {} : { blockBytes: mix.defaults.blockBytes }),
    ...(mix.defaults.replication === undefined ? {} : { replication: mix.defaults.replication }),
  });
  const meanValue = options.meanInterarrival ?? mix.defaults.meanInterarrival;
  if (meanValue === undefined) {
    throw new Error(`${where}: meanInterarrival is required (mix "${mix.name}" has no default)`);
  }
  const mean = requirePositive(meanValue, where, 'meanInterarrival');
  const startTime = requireNonNegative(options.startTime ?? 0, where, 'startTime');
  const count = resolveCount(options, mix, where);
  if (count.duration !== undefined && count.duration / mean > MAX_GENERATED_JOBS) {
    throw new Error(
      `${where}: duration / meanInterarrival = ${Math.round(count.duration / mean)} jobs expected, more than ${MAX_GENERATED_JOBS}`,
    );
  }

  const times = arrivals(
    randomStream(common.seed, ARRIVAL_STREAM),
    startTime,
    mean,
    count.jobs,
    count.duration,
  );
  const classes = classSequence(mix, times.length, randomStream(common.seed, CLASS_STREAM));
  const sizes = randomStream(common.seed, SIZE_STREAM);
  const users = randomStream(common.seed, USER_STREAM);
  const jobs: JobSpec[] = times.map((submitTime, index) => {
    const jobClass = mix.classes[classes[index] as number] as JobClassSpec;
    const input = jobClass.input;
    const inputBytes =
      'blocks' in input
        ? Math.max(1, Math.round(sample(sizes, input.blocks))) * common.blockBytes
        : Math.round(sample(sizes, input.bytes));
    const shuffleBytes = derivedBytes(jobClass.shuffle, inputBytes, sizes);
    const outputBytes = derivedBytes(jobClass.output, inputBytes, sizes);
    const user = userId(users.int(common.users));
    const name = `${jobClass.name}-${index}`;
    return buildJobSpec(
      {
        name,
        user,
        queue: common.queueOf({ name, user, index }),
        submitTime,
        inputBytes: scaleBytes(inputBytes, common.sizeScale),
        shuffleBytes: scaleBytes(shuffleBytes, common.sizeScale),
        outputBytes: scaleBytes(outputBytes, common.sizeScale),
        blockBytes: common.blockBytes,
        ...(jobClass.signature === undefined ? {} : { signature: jobClass.signature }),
      },
      jobClass.reduces,
    );
  });
  return Object.freeze({
    name: options.name ?? `poisson ${mix.name}`,
    jobs: Object.freeze(sortBySubmitTime(jobs)),
    placement: common.placement,
  });
}
