import type { ExperimentOverrides } from './experiment-overrides.js';
import type { ExperimentResult, PolicyRun } from './experiment-result.js';
import { packageVersions } from './internal/package-versions.js';
import type { SimulationTask } from './internal/simulation-task.js';
import {
  type ExperimentProgress,
  type PreparedExperiment,
  type RunExperimentOptions,
  assembleResult,
  experimentTasks,
  prepareExperiment,
  runTasks,
} from './run-experiment.js';

/** Format tag of sweep result files. */
export const SWEEP_FORMAT = 'rackwise-sweep-result@1';

/**
 * A value of a swept parameter: a number, or a name for an engine parameter that takes
 * one (`engine.preemptedFetches`: `segments`, `bytes`, `drop`).
 */
export type SweepValue = number | string;

/** A sweep: the experiment of `RunExperimentOptions` once per value of one parameter. */
export interface SweepOptions extends RunExperimentOptions {
  /**
   * What varies: `users`, `hours`, `racks`, `rackLinkGbps`, `sizeScale`, `uploadShare`,
   * `jobs`, `engine.<parameter>` (`engine.resolveInterval`) or
   * `<policy>.<field>` (`nas.maxMapSkips`).
   */
  readonly parameter: string;
  /** Values of the parameter, in report order. */
  readonly values: readonly SweepValue[];
  /**
   * The value whose baseline run every point is normalised to (NAS Fig. 3(h): NAS at
   * each user count against Fair with 200 users). By default each point is normalised
   * to the baseline at the same value.
   */
  readonly referenceValue?: SweepValue;
}

/** One value of the swept parameter and the experiment it gave. */
export interface SweepPoint {
  readonly value: SweepValue;
  readonly result: ExperimentResult;
}

/** The outcome of `sweep`. */
export interface SweepResult {
  readonly format: typeof SWEEP_FORMAT;
  readonly preset: string;
  readonly description: string;
  readonly parameter: string;
  readonly values: readonly SweepValue[];
  readonly referenceValue: SweepValue | undefined;
  readonly seeds: readonly number[];
  readonly policies: readonly string[];
  readonly baseline: string;
  readonly headline: readonly string[];
  readonly metricNames: readonly string[];
  readonly points: readonly SweepPoint[];
  readonly versions: Readonly<Record<string, string>>;
  readonly timing: { readonly startedAt: string; readonly wallSeconds: number };
}

/** Parameters a sweep can vary besides `engine.*` and `<policy>.*`. */
export const SWEEP_PARAMETERS: readonly string[] = Object.freeze([
  'users',
  'hours',
  'racks',
  'rackLinkGbps',
  'sizeScale',
  'uploadShare',
  'jobs',
]);

/**
 * The overrides that set `parameter` to `value` on top of `base` (a name only for an
 * engine parameter; the engine's validation checks it).
 * @throws Error naming the parameter and the known ones when it is not sweepable, or
 * when a name is given for a parameter other than an engine's.
 */
export function sweepOverrides(
  parameter: string,
  value: SweepValue,
  base: ExperimentOverrides = {},
): ExperimentOverrides {
  const dot = parameter.indexOf('.');
  const head = parameter.slice(0, dot);
  const field = parameter.slice(dot + 1);
  const engine = dot > 0 && field !== '' && head === 'engine';
  if (engine) return { ...base, engine: { ...base.engine, [field]: value } };
  if (typeof value === 'string') {
    throw new Error(`parameter ${parameter} takes numbers, got ${JSON.stringify(value)}`);
  }
  if (parameter === 'users') return { ...base, users: value };
  if (parameter === 'hours') return { ...base, hours: value };
  if (['racks', 'rackLinkGbps', 'sizeScale', 'uploadShare'].includes(parameter)) {
    return { ...base, [parameter]: value };
  }
  if (parameter === 'jobs') return { ...base, jobs: value };
  if (dot > 0 && field !== '') {
    return {
      ...base,
      policyConfig: { ...base.policyConfig, [head]: { ...base.policyConfig?.[head], [field]: value } },
    };
  }
  throw new Error(
    `parameter ${JSON.stringify(parameter)} cannot be swept; sweep ${SWEEP_PARAMETERS.join(', ')}, engine.<parameter> or <policy>.<field>`,
  );
}

/**
 * Checks a sweep and prepares one experiment per value (every value is validated
 * before anything runs; a policy field must exist in the policy's defaults).
 */
export function prepareSweep(options: SweepOptions): PreparedExperiment[] {
  if (options.values.length === 0) throw new Error(`parameter ${options.parameter} needs at least one value`);
  if (new Set(options.values).size !== options.values.length) {
    throw new Error(`parameter ${options.parameter} lists a value twice: ${options.values.join(', ')}`);
  }
  if (options.referenceValue !== undefined && !options.values.includes(options.referenceValue)) {
    throw new Error(
      `reference value ${options.referenceValue} is not among the values of ${options.parameter}`,
    );
  }
  const prepared = options.values.map((value) =>
    prepareExperiment({ ...options, overrides: sweepOverrides(options.parameter, value, options.overrides) }),
  );
  const [head, field] = options.parameter.split('.', 2);
  const first = prepared[0];
  if (first !== undefined && head !== undefined && field !== undefined && head !== 'engine') {
    if (!first.policies.includes(head)) {
      throw new Error(
        `parameter ${options.parameter}: policy ${head} is not among the policies run (${first.policies.join(', ')})`,
      );
    }
    const defaults = first.registry.get(head).defaults as Record<string, unknown>;
    if (!Object.hasOwn(defaults, field)) {
      throw new Error(
        `parameter ${options.parameter}: policy ${head} has no field ${field}; its fields: ${Object.keys(defaults).join(', ')}`,
      );
    }
    if (typeof defaults[field] !== 'number' && defaults[field] !== undefined) {
      throw new Error(
        `parameter ${options.parameter}: ${head}.${field} is not a number in the policy's configuration`,
      );
    }
  }
  return prepared;
}

/**
 * Runs the experiment once per value of a parameter (NAS Fig. 3(h): users 25…400), all
 * simulations of all points on the same worker threads, and reports each point's
 * metrics as mean and spread over the seeds.
 */
export async function sweep(options: SweepOptions): Promise<SweepResult> {
  return runPreparedSweep(prepareSweep(options), options);
}

/** Runs a sweep `prepareSweep` checked (so a caller can refuse bad input before starting). */
export async function runPreparedSweep(
  prepared: readonly PreparedExperiment[],
  options: Pick<SweepOptions, 'parameter' | 'values' | 'referenceValue' | 'parallelism' | 'onProgress'>,
): Promise<SweepResult> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const onProgress = options.onProgress;
  const runs = await runTasks(
    sweepTasks(prepared, options),
    prepared[0] as PreparedExperiment,
    options.parallelism,
    onProgress === undefined ? undefined : (p: ExperimentProgress) => onProgress(p),
  );
  return assembleSweep(prepared, options, runs, {
    startedAt,
    wallSeconds: (performance.now() - started) / 1000,
  });
}

/** Every simulation of a sweep: each value's `experimentTasks`, value after value, labelled `parameter=value`. */
export function sweepTasks(
  prepared: readonly PreparedExperiment[],
  options: Pick<SweepOptions, 'parameter' | 'values'>,
): SimulationTask[] {
  return prepared.flatMap((point, v) =>
    experimentTasks(point).map((task) => ({ ...task, label: `${options.parameter}=${options.values[v]}` })),
  );
}

/**
 * Gathers the runs of a sweep (in `sweepTasks` order, wherever they ran) into its
 * result: one experiment result per value, mean and spread over the seeds.
 */
export function assembleSweep(
  prepared: readonly PreparedExperiment[],
  options: Pick<SweepOptions, 'parameter' | 'values' | 'referenceValue'>,
  runs: readonly PolicyRun[],
  timing: SweepResult['timing'],
): SweepResult {
  let offset = 0;
  const points = prepared.map((point, i): SweepPoint => {
    const count = point.policies.length * point.seeds.length;
    const result = assembleResult(point, runs.slice(offset, offset + count), timing);
    offset += count;
    return { value: options.values[i] as SweepValue, result };
  });
  const first = points[0]?.result as ExperimentResult;
  const names = new Set(points.flatMap((p) => p.result.metricNames));
  return {
    format: SWEEP_FORMAT,
    preset: first.preset,
    description: first.description,
    parameter: options.parameter,
    values: options.values,
    referenceValue: options.referenceValue,
    seeds: first.seeds,
    policies: first.policies.map((p) => p.policy),
    baseline: first.baseline,
    headline: first.headline,
    metricNames: [...names].sort(),
    points,
    versions: packageVersions(),
    timing,
  };
}
