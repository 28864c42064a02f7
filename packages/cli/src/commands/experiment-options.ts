import { resolve } from 'node:path';
import { DEFAULT_ENGINE_PARAMETERS, type EngineParameters, resolveEngineParameters } from '@rackwise/engine';
import {
  type ExperimentOverrides,
  type RunExperimentOptions,
  checkReadable,
  defaultPolicyRegistry,
  experimentPreset,
  isBuiltinTrace,
  metricNames,
  presetNames,
} from '@rackwise/experiments';
import type { OptionSpec } from '../command-line.js';
import {
  integerInRange,
  nameList,
  positiveNumber,
  seedList,
  seedValue,
  stringOption,
} from '../option-values.js';
import { type OutputFiles, checkOutputFiles } from '../output-files.js';
import { UsageError } from '../usage-error.js';

/** Options shared by `run`, `compare`, `sweep` and `demo`. */
export const EXPERIMENT_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  preset: {
    type: 'string',
    short: 'p',
    value: '<name>',
    description: 'experiment preset (see `rackwise presets`); default nas-sim',
  },
  trace: {
    type: 'string',
    short: 't',
    value: '<path|fb2010|fb2009>',
    description:
      "replay this trace instead of the preset's workload: a SWIM trace, a coflow-benchmark file (at CoflowSim's fabric), a Spark event log or a Rumen job history (on the cluster its hosts form); the format is detected, or give --trace-format",
  },
  policies: {
    type: 'string',
    value: '<a,b,…>',
    description: "policies to compare (see `rackwise policies`); default the preset's",
  },
  baseline: {
    type: 'string',
    value: '<policy>',
    description: "policy to normalise to; default the first of --policies (or the preset's baseline)",
  },
  hours: { type: 'string', value: '<H>', description: 'hours of the trace (or of the steady state) to run' },
  users: { type: 'string', value: '<U>', description: 'number of users the jobs are spread over' },
  'size-scale': {
    type: 'string',
    value: '<F>',
    description: "multiply every job's sizes (SWIM: target / source cluster size; FB-2010 on 600 nodes: 0.2)",
  },
  engine: {
    type: 'string',
    value: '<k=v,…>',
    description: "engine parameters over the preset's (resolveInterval=0,mapRate=2e7)",
  },
  seed: { type: 'string', value: '<N>', description: 'seed of every random choice; default 1' },
  seeds: { type: 'string', value: '<1,2,3|1..5>', description: 'several seeds: report mean and spread' },
  parallel: {
    type: 'string',
    value: '<N>',
    description: 'simulations at once on worker threads; default the number of cores',
  },
  json: { type: 'string', value: '<file>', description: 'write the full result as JSON' },
  csv: { type: 'string', value: '<file>', description: 'write one row of metrics per policy as CSV' },
  html: { type: 'string', value: '<file>', description: 'write a self-contained HTML report with charts' },
  'jobs-csv': {
    type: 'string',
    value: '<file>',
    description: 'write one row per job, policy and seed as CSV (submit, finish, bytes, …)',
  },
  quiet: {
    type: 'boolean',
    short: 'q',
    description:
      'no progress (a bar on a terminal; in a log, a line every 10 s: simulated time, jobs, runs, time left)',
  },
  help: { type: 'boolean', short: 'h', description: 'show this help' },
};

/** `--svg <file>` of the commands that chart one experiment: its headline chart alone. */
export const SVG_OPTION: OptionSpec = {
  type: 'string',
  value: '<file>',
  description: "write the report's headline chart (ratios to the baseline, 95 % intervals) as an SVG image",
};

/** Most hours a run may ask for (a year), to catch typos. */
const MAX_HOURS = 8760;
const MAX_USERS = 1_000_000;
const MAX_PARALLEL = 256;
/** Largest size scale accepted, to catch typos (1,000× the recorded sizes). */
const MAX_SIZE_SCALE = 1000;

/** An experiment the command line asked for, checked. */
export interface ExperimentRequest {
  /** The preset's name. */
  readonly preset: string;
  readonly options: Omit<RunExperimentOptions, 'onProgress'>;
  readonly outputs: OutputFiles;
  readonly quiet: boolean;
}

/**
 * Turns parsed options into runner options, checking each value and naming the option
 * when one is wrong: unknown preset or policy (with the known names), numbers out of
 * range, a trace that cannot be read, an output directory that does not exist.
 */
export function experimentRequest(
  values: Readonly<Record<string, string | boolean | undefined>>,
  cwd: string,
  defaults: { readonly preset: string; readonly hours?: number; readonly policies?: readonly string[] } = {
    preset: 'nas-sim',
  },
): ExperimentRequest {
  const presetName = stringOption(values, 'preset') ?? defaults.preset;
  if (!presetNames().includes(presetName)) {
    throw new UsageError(
      `--preset: unknown preset ${JSON.stringify(presetName)}; known presets: ${presetNames().join(', ')}`,
    );
  }
  const preset = experimentPreset(presetName);
  const registry = defaultPolicyRegistry();
  const policiesText = stringOption(values, 'policies');
  const policies = policiesText === undefined ? defaults.policies : nameList('policies', policiesText);
  for (const policy of policies ?? []) {
    if (!registry.has(policy)) {
      throw new UsageError(
        `--policies: unknown policy ${JSON.stringify(policy)}; known policies: ${registry.names().join(', ')}`,
      );
    }
  }
  const baseline = stringOption(values, 'baseline');
  const running = policies ?? preset.policies;
  if (baseline !== undefined && !running.includes(baseline)) {
    throw new UsageError(
      `--baseline: ${JSON.stringify(baseline)} is not among the policies run: ${running.join(', ')}`,
    );
  }
  const seedText = stringOption(values, 'seed');
  const seedsText = stringOption(values, 'seeds');
  if (seedText !== undefined && seedsText !== undefined)
    throw new UsageError('--seed and --seeds: give one or the other');
  const overrides = experimentOverrides(values, cwd, defaults.hours);
  const parallelText = stringOption(values, 'parallel');
  const options: Omit<RunExperimentOptions, 'onProgress'> = {
    preset: presetName,
    overrides,
    ...(policies === undefined ? {} : { policies }),
    ...(baseline === undefined ? {} : { baseline }),
    ...(seedText === undefined ? {} : { seed: seedValue('seed', seedText) }),
    ...(seedsText === undefined ? {} : { seeds: seedList('seeds', seedsText) }),
    ...(parallelText === undefined
      ? {}
      : { parallelism: integerInRange('parallel', parallelText, 1, MAX_PARALLEL) }),
  };
  return {
    preset: presetName,
    options,
    outputs: checkOutputFiles(values, cwd),
    quiet: values.quiet === true,
  };
}

function experimentOverrides(
  values: Readonly<Record<string, string | boolean | undefined>>,
  cwd: string,
  defaultHours: number | undefined,
): ExperimentOverrides {
  const traceText = stringOption(values, 'trace');
  let trace: string | undefined;
  if (traceText !== undefined) {
    trace = isBuiltinTrace(traceText) ? traceText : resolve(cwd, traceText);
    if (!isBuiltinTrace(trace)) {
      try {
        checkReadable(trace);
      } catch (error) {
        throw new UsageError(`--trace: ${(error as Error).message}`);
      }
    }
  }
  const hoursText = stringOption(values, 'hours');
  const hours = hoursText === undefined ? defaultHours : positiveNumber('hours', hoursText, MAX_HOURS);
  const usersText = stringOption(values, 'users');
  const scaleText = stringOption(values, 'size-scale');
  const engineText = stringOption(values, 'engine');
  return {
    ...(engineText === undefined ? {} : { engine: engineParameters(engineText) }),
    ...(trace === undefined ? {} : { trace }),
    ...(hours === undefined ? {} : { hours }),
    ...(usersText === undefined ? {} : { users: integerInRange('users', usersText, 1, MAX_USERS) }),
    ...(scaleText === undefined
      ? {}
      : { sizeScale: positiveNumber('size-scale', scaleText, MAX_SIZE_SCALE) }),
  };
}

/**
 * Checks `--metric` names against the metrics a run of the preset reports, before
 * anything runs.
 */
export function checkMetricNames(metrics: readonly string[] | undefined, presetName: string): void {
  if (metrics === undefined) return;
  const known = metricNames(experimentPreset(presetName));
  for (const metric of metrics) {
    if (!known.includes(metric)) {
      throw new UsageError(
        `--metric: unknown metric ${JSON.stringify(metric)}; known metrics: ${known.join(', ')}`,
      );
    }
  }
}

/**
 * Parses `--engine key=value,…`: each key must be an engine parameter, each value of
 * its default's type (a number, `true` / `false`, or a name), and the whole checked by
 * the engine's own validation — an error names `--engine <key>`.
 */
export function engineParameters(text: string): Partial<EngineParameters> {
  const defaults = DEFAULT_ENGINE_PARAMETERS as unknown as Record<string, unknown>;
  const parameters: Record<string, unknown> = {};
  for (const pair of nameList('engine', text)) {
    const eq = pair.indexOf('=');
    const key = pair.slice(0, eq).trim();
    const raw = pair.slice(eq + 1).trim();
    if (eq <= 0 || raw === '')
      throw new UsageError(`--engine must be key=value pairs, got ${JSON.stringify(pair)}`);
    if (!Object.hasOwn(defaults, key)) {
      throw new UsageError(
        `--engine: unknown parameter ${JSON.stringify(key)}; known: ${Object.keys(defaults).join(', ')}`,
      );
    }
    const kind = typeof defaults[key];
    if (kind === 'number') {
      const value = raw === 'Infinity' ? Number.POSITIVE_INFINITY : Number(raw);
      if (Number.isNaN(value))
        throw new UsageError(`--engine ${key} must be a number, got ${JSON.stringify(raw)}`);
      parameters[key] = value;
    } else if (kind === 'boolean') {
      if (raw !== 'true' && raw !== 'false')
        throw new UsageError(`--engine ${key} must be true or false, got ${JSON.stringify(raw)}`);
      parameters[key] = raw === 'true';
    } else if (kind === 'string') {
      parameters[key] = raw;
    } else {
      throw new UsageError(`--engine ${key} cannot be set from the command line`);
    }
  }
  try {
    resolveEngineParameters(parameters);
  } catch (error) {
    throw new UsageError(`--engine ${(error as Error).message.replace(/^parameters\./, '')}`);
  }
  return parameters as Partial<EngineParameters>;
}
