import type { Bytes, Seconds, ShuffleClass } from '@rackwise/types';
import {
  requireName,
  requireNonNegative,
  requireOneOf,
  requirePositive,
  requirePositiveInteger,
} from './internal/validate.js';
import { type ReduceRule, validateReduceRule } from './reduce-rule.js';

/** One bin of a {@link Distribution} histogram. */
export interface HistogramBin {
  readonly min: number;
  readonly max: number;
  /** Relative weight (≥ 0; the bins' total must be > 0). */
  readonly weight: number;
}

/**
 * A distribution of a size, ratio or count.
 * - `constant`: always `value`.
 * - `uniform`: uniform in [min, max].
 * - `log-uniform`: log-uniform in [min, max] (min > 0) — equal mass per decade, the usual
 *   model for heavy-tailed job sizes.
 * - `histogram`: a bin drawn by weight, then a value in it: log-uniform when `min > 0`,
 *   uniform when `min` is 0 (a `[0, 0]` bin is exactly 0).
 */
export type Distribution =
  | { readonly kind: 'constant'; readonly value: number }
  | { readonly kind: 'uniform'; readonly min: number; readonly max: number }
  | { readonly kind: 'log-uniform'; readonly min: number; readonly max: number }
  | { readonly kind: 'histogram'; readonly bins: readonly HistogramBin[] };

/** A job's input: bytes drawn directly, or a number of blocks of the workload's block size. */
export type InputSize = { readonly bytes: Distribution } | { readonly blocks: Distribution };

/** A job's shuffle or output: a ratio to its input bytes, or bytes drawn directly. */
export type DerivedSize = { readonly ratio: Distribution } | { readonly bytes: Distribution };

/** One class (benchmark, size group or trace class) of a job mix. */
export interface JobClassSpec {
  /** Unique within the mix; generated jobs are named `<class>-<index>`. */
  readonly name: string;
  /** Relative frequency (> 0). Under `exact` composition, the count per `weight` total. */
  readonly weight: number;
  readonly input: InputSize;
  /** Shuffle (= total map output): ratio to input (ShuffleInputRatio) or bytes. */
  readonly shuffle: DerivedSize;
  /** Reduce output: ratio to input or bytes. */
  readonly output: DerivedSize;
  readonly reduces: ReduceRule;
  /** Recurring-job key given to the jobs (the benchmark name), if any. */
  readonly signature?: string;
  /** Shuffle class the source paper puts the class in, for reports. */
  readonly shuffleClass?: ShuffleClass;
}

/**
 * How classes are picked: `sampled` — each job independently by weight; `exact` — the
 * counts are the weights scaled to the number of jobs (largest remainder), in a seeded
 * random order (FCS Tables 1 and 3 list exact job counts).
 */
export type MixComposition = 'sampled' | 'exact';

/** The setup a mix's paper used, taken when the generator's options leave it out. */
export interface JobMixDefaults {
  readonly meanInterarrival?: Seconds;
  readonly users?: number;
  readonly blockBytes?: Bytes;
  readonly replication?: number;
  readonly jobs?: number;
}

/** A named job mix: classes with weights and size laws, as a paper's tables give them. */
export interface JobMixTable {
  /** Registry name (`sw-mix2`, `fcs-map-heavy`). */
  readonly name: string;
  readonly description: string;
  /** Paper, section and table it implements. */
  readonly source: string;
  readonly composition: MixComposition;
  readonly classes: readonly JobClassSpec[];
  readonly defaults: JobMixDefaults;
  /** What the paper does not give and had to be assumed, one sentence each. */
  readonly assumptions: readonly string[];
}

const COMPOSITIONS: readonly MixComposition[] = ['sampled', 'exact'];

function validateDistribution(distribution: Distribution, where: string, path: string): void {
  if (distribution === null || typeof distribution !== 'object') {
    throw new Error(`${where}: ${path} must be a distribution object, got ${String(distribution)}`);
  }
  switch (distribution.kind) {
    case 'constant':
      requireNonNegative(distribution.value, where, `${path}.value`);
      return;
    case 'uniform':
    case 'log-uniform': {
      const min =
        distribution.kind === 'uniform'
          ? requireNonNegative(distribution.min, where, `${path}.min`)
          : requirePositive(distribution.min, where, `${path}.min`);
      const max = requireNonNegative(distribution.max, where, `${path}.max`);
      if (max < min) throw new Error(`${where}: ${path}.max (${max}) must not be below ${path}.min (${min})`);
      return;
    }
    case 'histogram': {
      if (!Array.isArray(distribution.bins) || distribution.bins.length === 0) {
        throw new Error(`${where}: ${path}.bins must be a non-empty list`);
      }
      let total = 0;
      distribution.bins.forEach((bin, i) => {
        const binPath = `${path}.bins[${i}]`;
        const min = requireNonNegative(bin.min, where, `${binPath}.min`);
        const max = requireNonNegative(bin.max, where, `${binPath}.max`);
        if (max < min)
          throw new Error(`${where}: ${binPath}.max (${max}) must not be below ${binPath}.min (${min})`);
        total += requireNonNegative(bin.weight, where, `${binPath}.weight`);
      });
      if (total <= 0) throw new Error(`${where}: ${path}.bins must have a total weight > 0`);
      return;
    }
    default:
      throw new Error(
        `${where}: ${path}.kind must be "constant", "uniform", "log-uniform" or "histogram", got ${JSON.stringify((distribution as { kind?: unknown }).kind)}`,
      );
  }
}

function validateSize(size: object, keys: readonly string[], where: string, path: string): void {
  if (size === null || typeof size !== 'object') throw new Error(`${where}: ${path} must be an object`);
  const present = keys.filter((key) => key in size);
  if (present.length !== 1) {
    throw new Error(`${where}: ${path} must have exactly one of ${keys.map((k) => `"${k}"`).join(', ')}`);
  }
  const key = present[0] as string;
  validateDistribution((size as Record<string, Distribution>)[key] as Distribution, where, `${path}.${key}`);
}

/**
 * Checks a job mix: a name, at least one class, unique class names, positive weights,
 * well-formed distributions and reduce rules, sensible defaults.
 * @throws Error naming `where`, the mix and the offending field path.
 */
export function validateJobMix(mix: JobMixTable, where = 'validateJobMix'): JobMixTable {
  if (mix === null || typeof mix !== 'object') throw new Error(`${where}: mix must be a JobMixTable object`);
  const name = requireName(mix.name, where, 'mix.name');
  const at = `${where}: mix "${name}"`;
  requireOneOf(mix.composition, COMPOSITIONS, at, 'composition');
  if (!Array.isArray(mix.classes) || mix.classes.length === 0)
    throw new Error(`${at}: classes must be a non-empty list`);
  const names = new Set<string>();
  mix.classes.forEach((jobClass, i) => {
    const path = `classes[${i}]`;
    const className = requireName(jobClass?.name, at, `${path}.name`);
    if (names.has(className)) throw new Error(`${at}: ${path}.name "${className}" is used by another class`);
    names.add(className);
    requirePositive(jobClass.weight, at, `${path}.weight`);
    validateSize(jobClass.input, ['bytes', 'blocks'], at, `${path}.input`);
    validateSize(jobClass.shuffle, ['ratio', 'bytes'], at, `${path}.shuffle`);
    validateSize(jobClass.output, ['ratio', 'bytes'], at, `${path}.output`);
    validateReduceRule(jobClass.reduces, at, `${path}.reduces`);
  });
  const defaults = mix.defaults ?? {};
  if (defaults.meanInterarrival !== undefined)
    requirePositive(defaults.meanInterarrival, at, 'defaults.meanInterarrival');
  if (defaults.users !== undefined) requirePositiveInteger(defaults.users, at, 'defaults.users');
  if (defaults.blockBytes !== undefined)
    requirePositiveInteger(defaults.blockBytes, at, 'defaults.blockBytes');
  if (defaults.replication !== undefined)
    requirePositiveInteger(defaults.replication, at, 'defaults.replication');
  if (defaults.jobs !== undefined) requirePositiveInteger(defaults.jobs, at, 'defaults.jobs');
  return mix;
}
