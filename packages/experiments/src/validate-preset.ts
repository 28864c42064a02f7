import { constants, accessSync, statSync } from 'node:fs';
import { resolveEngineParameters } from '@rackwise/engine';
import { buildTopology } from '@rackwise/topology';
import { workloadMix } from '@rackwise/workloads';
import type {
  ExperimentPreset,
  PoissonMixRecipe,
  RecordedTraceRecipe,
  SwimTraceRecipe,
  WorkloadRecipe,
} from './experiment-preset.js';
import { metricNames } from './metric-catalogue.js';
import type { PolicyRegistry } from './policy-registry.js';
import { BUILTIN_TRACE_NAMES, isBuiltinTrace } from './workload-recipe.js';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** A context for creating a policy only to have it check its configuration. */
export const PROBE_CONTEXT = { random: { next: () => 0.5, int: () => 0 } };

/**
 * Checks a preset before anything runs (docs/architecture.md §9): every field, the topology, the
 * engine parameters, that the trace file can be read, that the policies are registered
 * and accept the preset's configuration.
 * @throws Error starting `preset <name>:` and naming the field and what was expected.
 */
export function validatePreset(preset: ExperimentPreset, registry: PolicyRegistry): ExperimentPreset {
  if (typeof preset !== 'object' || preset === null) throw new Error('preset must be an object');
  const name = typeof preset.name === 'string' && NAME.test(preset.name) ? preset.name : undefined;
  if (name === undefined)
    throw new Error(`preset name must be kebab-case, got ${JSON.stringify(preset.name)}`);
  const fail = (field: string, expected: string, got: unknown): never => {
    throw new Error(`preset ${name}: ${field} must be ${expected}, got ${describe(got)}`);
  };
  const rewrap = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      throw new Error(`preset ${name}: ${(error as Error).message}`);
    }
  };
  if (typeof preset.description !== 'string' || preset.description === '' || /\n/.test(preset.description)) {
    fail('description', 'one non-empty line', preset.description);
  }
  const topology = rewrap(() => buildTopology(preset.topology));
  const { blockBytes, replication } = preset.storage ?? {};
  if (!isPositiveInteger(blockBytes))
    fail('storage.blockBytes', 'a positive integer number of bytes', blockBytes);
  if (!isPositiveInteger(replication) || replication > topology.nodeCount) {
    fail(
      'storage.replication',
      `an integer in [1, ${topology.nodeCount}] (the nodes of the cluster)`,
      replication,
    );
  }
  const share = preset.storage.uploadShare;
  if (share !== undefined && !(typeof share === 'number' && share >= 0 && share <= 1)) {
    fail('storage.uploadShare', 'a number in [0, 1]', share);
  }
  validateRecipe(preset.workload, fail, rewrap);
  rewrap(() => resolveEngineParameters(preset.engine));
  const metrics = preset.metrics ?? {};
  if (
    !(
      typeof metrics.congestionThreshold === 'number' &&
      metrics.congestionThreshold > 0 &&
      metrics.congestionThreshold <= 1
    )
  ) {
    fail('metrics.congestionThreshold', 'a fraction in (0, 1]', metrics.congestionThreshold);
  }
  const tt = metrics.trafficThreshold;
  if (tt !== 'nas-eq-3' && !(typeof tt === 'number' && Number.isFinite(tt) && tt >= 0)) {
    fail('metrics.trafficThreshold', "'nas-eq-3' or a number of bytes >= 0", tt);
  }
  if (!Array.isArray(metrics.headline) || metrics.headline.some((m) => typeof m !== 'string' || m === '')) {
    fail('metrics.headline', 'an array of metric names', metrics.headline);
  }
  const known = metricNames(preset);
  const unknown = metrics.headline.find((m) => !known.includes(m));
  if (unknown !== undefined) fail('metrics.headline', `metric names (known: ${known.join(', ')})`, unknown);
  if (metrics.jobGroups !== undefined) {
    const standalone = metrics.jobGroups.standalonePolicy;
    if (typeof standalone !== 'string')
      fail('metrics.jobGroups.standalonePolicy', 'a policy name', standalone);
    rewrap(() => registry.get(standalone));
  }
  if (metrics.seriesInterval !== undefined && !isPositiveFinite(metrics.seriesInterval)) {
    fail('metrics.seriesInterval', 'a positive number of seconds', metrics.seriesInterval);
  }
  if (!Array.isArray(preset.policies) || preset.policies.length === 0) {
    fail('policies', 'a non-empty array of policy names', preset.policies);
  }
  for (const policy of [...preset.policies, ...Object.keys(preset.policyConfig ?? {})]) {
    rewrap(() => registry.get(policy));
  }
  for (const [policy, config] of Object.entries(preset.policyConfig ?? {})) {
    if (typeof config !== 'object' || config === null) fail(`policyConfig.${policy}`, 'an object', config);
    rewrap(() => registry.create(policy, config, PROBE_CONTEXT));
  }
  if (preset.baseline !== undefined && !preset.policies.includes(preset.baseline)) {
    fail('baseline', `one of its policies (${preset.policies.join(', ')})`, preset.baseline);
  }
  return preset;
}

/** How a check fails: naming the field and what was expected, or rewrapping a library's error under the preset's name. */
interface PresetChecks {
  readonly fail: (field: string, expected: string, got: unknown) => never;
  readonly rewrap: <T>(run: () => T) => T;
}

/** Checks the workload recipe by its kind. */
function validateRecipe(
  recipe: WorkloadRecipe,
  fail: (field: string, expected: string, got: unknown) => never,
  rewrap: <T>(run: () => T) => T,
): void {
  const checks: PresetChecks = { fail, rewrap };
  if (typeof recipe !== 'object' || recipe === null) fail('workload', 'an object', recipe);
  if (!isPositiveInteger(recipe.users)) fail('workload.users', 'a positive integer', recipe.users);
  if (recipe.kind === 'swim-trace') validateSwimRecipe(recipe, checks);
  else if (recipe.kind === 'recorded-trace') validateRecordedRecipe(recipe, checks);
  else if (recipe.kind === 'poisson-mix') validatePoissonRecipe(recipe, checks);
  else
    fail(
      'workload.kind',
      "'swim-trace', 'poisson-mix' or 'recorded-trace'",
      (recipe as { kind: unknown }).kind,
    );
}

/** A SWIM trace: FB-2009, FB-2010 or a readable path, and the slice and scale options. */
function validateSwimRecipe(recipe: SwimTraceRecipe, { fail, rewrap }: PresetChecks): void {
  if (typeof recipe.trace !== 'string' || recipe.trace === '')
    fail('workload.trace', `${BUILTIN_TRACE_NAMES.map((n) => `'${n}'`).join(', ')} or a path`, recipe.trace);
  if (!isBuiltinTrace(recipe.trace)) rewrap(() => checkReadable(recipe.trace));
  if (recipe.hours !== undefined && !isPositiveFinite(recipe.hours)) {
    fail('workload.hours', 'a positive number of hours', recipe.hours);
  }
  if (recipe.fromHour !== undefined && !(Number.isFinite(recipe.fromHour) && recipe.fromHour >= 0)) {
    fail('workload.fromHour', 'a number of hours >= 0', recipe.fromHour);
  }
  if (recipe.sampleJobs !== undefined && !isPositiveInteger(recipe.sampleJobs)) {
    fail('workload.sampleJobs', 'a positive integer', recipe.sampleJobs);
  }
  if (recipe.sizeScale !== undefined && !isPositiveFinite(recipe.sizeScale)) {
    fail('workload.sizeScale', 'a positive number', recipe.sizeScale);
  }
}

/** A recorded trace: readable (a rolling Spark event log is a directory) and of a known format. */
function validateRecordedRecipe(recipe: RecordedTraceRecipe, { fail, rewrap }: PresetChecks): void {
  // Readable is enough here, the reader checks the rest.
  rewrap(() => {
    try {
      accessSync(recipe.trace, constants.R_OK);
    } catch {
      throw new Error(`trace ${recipe.trace} cannot be read`);
    }
  });
  if (recipe.format !== 'spark' && recipe.format !== 'rumen')
    fail('workload.format', "'spark' or 'rumen'", recipe.format);
}

/** A Poisson mix: a known mix and classes, arrival spacing, and either a job count or a steady state. */
function validatePoissonRecipe(recipe: PoissonMixRecipe, { fail, rewrap }: PresetChecks): void {
  rewrap(() => workloadMix(recipe.mix));
  if (!isPositiveFinite(recipe.meanInterarrival)) {
    fail('workload.meanInterarrival', 'a positive number of seconds', recipe.meanInterarrival);
  }
  if (recipe.sizeScale !== undefined && !isPositiveFinite(recipe.sizeScale)) {
    fail('workload.sizeScale', 'a positive number', recipe.sizeScale);
  }
  if (recipe.spacing !== undefined && !isPositiveFinite(recipe.spacing)) {
    fail('workload.spacing', 'a positive number of seconds', recipe.spacing);
  }
  if (recipe.classes !== undefined) {
    const classes = recipe.classes;
    if (!Array.isArray(classes) || classes.length === 0 || classes.some((c) => typeof c !== 'string')) {
      fail('workload.classes', 'a non-empty list of class names', classes);
    }
    const known = workloadMix(recipe.mix).classes.map((c) => c.name);
    const unknown = classes.filter((c) => !known.includes(c));
    if (unknown.length > 0)
      fail('workload.classes', `class names of mix ${recipe.mix} (${known.join(', ')})`, unknown);
  }
  if ((recipe.jobs === undefined) === (recipe.steadyState === undefined)) {
    fail('workload', 'given either jobs or steadyState', {
      jobs: recipe.jobs,
      steadyState: recipe.steadyState,
    });
  }
  if (recipe.jobs !== undefined && !isPositiveInteger(recipe.jobs))
    fail('workload.jobs', 'a positive integer', recipe.jobs);
  const steady = recipe.steadyState;
  if (steady !== undefined) {
    if (!isPositiveFinite(steady.hours))
      fail('workload.steadyState.hours', 'a positive number of hours', steady.hours);
    for (const ramp of ['rampUp', 'rampDown'] as const) {
      const value = steady[ramp];
      if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
        fail(`workload.steadyState.${ramp}`, 'a number of seconds >= 0', value);
      }
    }
  }
}

/**
 * Checks that a trace file exists and can be read.
 * @throws Error naming the path and why not.
 */
export function checkReadable(path: string): void {
  try {
    accessSync(path, constants.R_OK);
    if (!statSync(path).isFile())
      throw Object.assign(new Error('not a file'), { code: 'not a regular file' });
  } catch (error) {
    const code = (error as { code?: string }).code ?? (error as Error).message;
    throw new Error(`trace ${path} cannot be read (${code === 'ENOENT' ? 'no such file' : code})`);
  }
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isPositiveFinite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
