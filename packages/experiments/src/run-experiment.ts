import { availableParallelism } from 'node:os';
import { resolveEngineParameters } from '@rackwise/engine';
import { summarise } from '@rackwise/metrics';
import { resolveTopologySpec } from '@rackwise/topology';
import { defaultPolicyRegistry } from './builtin-policies.js';
import { type ExperimentOverrides, applyOverrides } from './experiment-overrides.js';
import type { ExperimentPreset } from './experiment-preset.js';
import {
  type ExperimentResult,
  type PolicyResult,
  type PolicyRun,
  RESULT_FORMAT,
} from './experiment-result.js';
import { packageVersions } from './internal/package-versions.js';
import { toPlainData } from './internal/plain-data.js';
import {
  type SimulationTask,
  type SimulationTaskProgress,
  runSimulationTask,
  workloadTrafficThreshold,
} from './internal/simulation-task.js';
import { type WorkerPool, openWorkerPool, runOnPool, runOnWorkers } from './internal/worker-pool.js';
import type { PolicyRegistry } from './policy-registry.js';
import { experimentPreset } from './preset-catalogue.js';
import { PROBE_CONTEXT, validatePreset } from './validate-preset.js';
import { buildWorkload } from './workload-recipe.js';

/** One simulation under way: which, and how far (jobs done / jobs, and the simulated time reached). */
export interface RunningSimulation {
  readonly policy: string;
  readonly seed: number;
  /** What else tells it apart (`users=30` in a sweep). */
  readonly label?: string;
  readonly fraction: number;
  /** Simulated seconds reached. */
  readonly time: number;
  readonly jobsDone: number;
  readonly jobsTotal: number;
}

/** Progress of an experiment, for a progress bar. */
export interface ExperimentProgress {
  /** Fraction of all simulations done, 0…1 (each weighs the same). */
  readonly fraction: number;
  readonly runsDone: number;
  readonly runsTotal: number;
  /** The simulations started and not finished, in task order. */
  readonly running: readonly RunningSimulation[];
}

/** What to run. */
export interface RunExperimentOptions {
  /** A built-in preset's name, or a preset of your own. */
  readonly preset: string | ExperimentPreset;
  /** Policies to compare, in report order; the preset's by default. */
  readonly policies?: readonly string[];
  /** Seed of every random choice; 1 by default. Ignored when `seeds` is given. */
  readonly seed?: number;
  /** Several seeds: each policy runs once per seed, reported as mean and spread. */
  readonly seeds?: readonly number[];
  /** Policy to normalise to; the first of `policies` when given, else the preset's baseline. */
  readonly baseline?: string;
  readonly overrides?: ExperimentOverrides;
  /**
   * Policies by name; the built-in ones by default. Runs of a custom registry stay on
   * this thread (worker threads rebuild the default registry).
   */
  readonly registry?: PolicyRegistry;
  /**
   * Simulations run at once on worker threads; by default as many as the machine has
   * cores (at most one per simulation). 1 runs them one after another on this thread.
   */
  readonly parallelism?: number;
  /**
   * Worker threads kept between experiments (`openSimulationPool`) to run on instead of
   * threads opened for this one; `parallelism` is then the pool's. Built-in registry only.
   */
  readonly pool?: SimulationPool;
  readonly onProgress?: (progress: ExperimentProgress) => void;
  /**
   * Write every network flow of each run to this file (a flow trace: `formatFlowTrace` of
   * @rackwise/engine). With more than one policy or seed, each run gets its own file:
   * `-<policy>-seed<seed>` before the extension (`flowTraceFile`).
   */
  readonly flowTrace?: string;
}

/** An experiment checked and ready to run: every choice resolved. */
export interface PreparedExperiment {
  readonly preset: ExperimentPreset;
  readonly policies: readonly string[];
  readonly seeds: readonly number[];
  readonly baseline: string;
  readonly registry: PolicyRegistry;
  /** Whether the registry is the built-in one (runs may go to worker threads). */
  readonly builtinRegistry: boolean;
  /** The workload of the first seed, as built to check it: name, job count, NAS eq. 3 threshold. */
  readonly workload: {
    readonly name: string;
    readonly jobs: number;
    readonly congestedNodeThreshold: number;
  };
  /** Where each run writes its flow trace (`RunExperimentOptions.flowTrace`). */
  readonly flowTrace?: string;
}

/** Default seed of a run. */
export const DEFAULT_SEED = 1;

/**
 * Resolves and checks everything an experiment needs before anything runs (docs/architecture.md §9):
 * the preset (overrides applied), policies, baseline, seeds, every policy's
 * configuration (by creating it once) and the workload of the first seed (so trace
 * errors surface now, with file, line and field).
 * @throws Error naming the option or field and listing known names.
 */
export function prepareExperiment(options: RunExperimentOptions): PreparedExperiment {
  const registry = options.registry ?? defaultPolicyRegistry();
  const base = typeof options.preset === 'string' ? experimentPreset(options.preset) : options.preset;
  const preset = validatePreset(applyOverrides(base, options.overrides), registry);
  const policies = options.policies ?? preset.policies;
  if (policies.length === 0) throw new Error('policies must name at least one policy');
  const seen = new Set<string>();
  for (const policy of policies) {
    if (seen.has(policy)) throw new Error(`policies lists ${JSON.stringify(policy)} twice`);
    seen.add(policy);
    const created = registry.create(policy, preset.policyConfig[policy], PROBE_CONTEXT);
    if (created?.specificationVersion !== 'v1')
      throw new Error(`policy ${policy} did not create a v1 policy`);
  }
  const seeds = options.seeds ?? [options.seed ?? DEFAULT_SEED];
  if (seeds.length === 0) throw new Error('seeds must hold at least one seed');
  for (const seed of seeds) {
    if (!(Number.isSafeInteger(seed) && seed >= 0))
      throw new Error(`seed must be an integer >= 0, got ${seed}`);
  }
  if (new Set(seeds).size !== seeds.length) throw new Error(`seeds lists a seed twice: ${seeds.join(', ')}`);
  const baseline =
    options.baseline ?? (options.policies === undefined ? (preset.baseline ?? policies[0]) : policies[0]);
  if (baseline === undefined || !policies.includes(baseline)) {
    throw new Error(
      `baseline ${JSON.stringify(baseline)} must be one of the policies run: ${policies.join(', ')}`,
    );
  }
  const workload = buildWorkload(preset.workload, preset.storage, seeds[0] ?? DEFAULT_SEED);
  if (workload.jobs.length === 0) throw new Error(`the workload of preset ${preset.name} holds no job`);
  return {
    preset,
    policies,
    seeds,
    baseline,
    registry,
    builtinRegistry: options.registry === undefined,
    ...(options.flowTrace === undefined ? {} : { flowTrace: options.flowTrace }),
    workload: {
      name: workload.name,
      jobs: workload.jobs.length,
      congestedNodeThreshold: workloadTrafficThreshold(preset, workload),
    },
  };
}

/**
 * Runs every policy of an experiment on every seed — on worker threads when
 * `parallelism` allows — and gathers every metric per policy (mean and spread over
 * seeds), the series and the full configuration. Deterministic for a seed: the same
 * options give the same metrics, whatever the parallelism.
 */
export async function runExperiment(options: RunExperimentOptions): Promise<ExperimentResult> {
  return runPreparedExperiment(prepareExperiment(options), options);
}

/** Runs an experiment `prepareExperiment` checked (so a caller can refuse bad input before starting). */
export async function runPreparedExperiment(
  prepared: PreparedExperiment,
  options: Pick<RunExperimentOptions, 'parallelism' | 'pool' | 'onProgress'> = {},
): Promise<ExperimentResult> {
  const startedAt = new Date();
  const started = performance.now();
  const tasks = experimentTasks(prepared);
  const runs = await runTasks(tasks, prepared, options.pool ?? options.parallelism, options.onProgress);
  return assembleResult(prepared, runs, {
    startedAt: startedAt.toISOString(),
    wallSeconds: (performance.now() - started) / 1000,
  });
}

/** The simulations of an experiment: each policy on each seed, policy-major. */
export function experimentTasks(prepared: PreparedExperiment): SimulationTask[] {
  const { flowTrace, policies, seeds } = prepared;
  const single = policies.length === 1 && seeds.length === 1;
  return policies.flatMap((policy) =>
    seeds.map((seed) => ({
      preset: prepared.preset,
      policy,
      seed,
      ...(flowTrace === undefined ? {} : { flowTrace: flowTraceFile(flowTrace, policy, seed, single) }),
    })),
  );
}

/**
 * The flow-trace file of one run: `path` itself for a lone run, else `path` with
 * `-<policy>-seed<seed>` before its extension (`flows.tsv` → `flows-nas-seed2.tsv`).
 */
export function flowTraceFile(path: string, policy: string, seed: number, single: boolean): string {
  if (single) return path;
  const slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const dot = path.lastIndexOf('.');
  const cut = dot > slash + 1 ? dot : path.length;
  return `${path.slice(0, cut)}-${policy}-seed${seed}${path.slice(cut)}`;
}

/** Worker threads that run simulations, kept between experiments (a reproduction grid's batches share one). */
export type SimulationPool = WorkerPool<SimulationTask, PolicyRun, SimulationTaskProgress>;

/**
 * Opens a pool of up to `size` simulation workers for `runExperiment`'s `pool`; its
 * workers start as tasks need them and stay, loaded and warmed up, until `close()`.
 */
export function openSimulationPool(size: number): SimulationPool {
  return openWorkerPool(workerScript(), size);
}

/**
 * Runs simulations on worker threads — a pool's, or up to `parallelism` opened for them
 * — or on this thread when `parallelism` is 1 or the registry is a custom one, and
 * reports overall progress; results in task order. `onRunDone(index, run)` hears of each
 * run as soon as it finishes (to save it).
 */
export async function runTasks(
  tasks: readonly SimulationTask[],
  prepared: Pick<PreparedExperiment, 'registry' | 'builtinRegistry'>,
  parallelism: number | SimulationPool | undefined,
  onProgress: ((progress: ExperimentProgress) => void) | undefined,
  onRunDone: (index: number, run: PolicyRun) => void = () => {},
): Promise<PolicyRun[]> {
  const latest: (SimulationTaskProgress | undefined)[] = new Array(tasks.length);
  const finished = new Uint8Array(tasks.length);
  let done = 0;
  const emit = (): void => {
    if (onProgress === undefined) return;
    let sum = 0;
    const running: RunningSimulation[] = [];
    latest.forEach((progress, i) => {
      if (finished[i] === 1) sum += 1;
      else if (progress !== undefined) {
        sum += Math.min(1, progress.fraction);
        const task = tasks[i] as SimulationTask;
        running.push({
          policy: task.policy,
          seed: task.seed,
          ...(task.label === undefined ? {} : { label: task.label }),
          fraction: Math.min(1, progress.fraction),
          time: progress.time,
          jobsDone: progress.jobsDone,
          jobsTotal: progress.jobsTotal,
        });
      }
    });
    onProgress({
      fraction: tasks.length === 0 ? 1 : sum / tasks.length,
      runsDone: done,
      runsTotal: tasks.length,
      running,
    });
  };
  const report = (index: number, progress: SimulationTaskProgress): void => {
    if (finished[index] === 1) return;
    latest[index] = progress;
    emit();
  };
  const finish = (index: number, run: PolicyRun): void => {
    if (finished[index] === 0) done++;
    finished[index] = 1;
    onRunDone(index, run);
    emit();
  };
  if (typeof parallelism === 'object' && prepared.builtinRegistry)
    return runOnPool(parallelism, tasks, report, finish);
  const size = typeof parallelism === 'number' ? parallelism : Math.min(availableParallelism(), tasks.length);
  if (!(Number.isSafeInteger(size) && size >= 1))
    throw new Error(`parallelism must be an integer >= 1, got ${size}`);
  if (size === 1 || !prepared.builtinRegistry) {
    const runs: PolicyRun[] = [];
    tasks.forEach((task, index) => {
      const run = runSimulationTask(task, prepared.registry, (p) => report(index, p));
      runs.push(run);
      finish(index, run);
    });
    return runs;
  }
  return runOnWorkers<SimulationTask, PolicyRun, SimulationTaskProgress>(
    workerScript(),
    tasks,
    size,
    report,
    finish,
  );
}

/** The worker script beside this module: `.ts` when running from the sources, `.js` when built. */
function workerScript(): URL {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./simulation-worker.${extension}`, import.meta.url);
}

/** Gathers runs (in `experimentTasks` order) into an experiment result. */
export function assembleResult(
  prepared: PreparedExperiment,
  runs: readonly PolicyRun[],
  timing: ExperimentResult['timing'],
): ExperimentResult {
  const { preset, policies, seeds, baseline, registry } = prepared;
  const names = new Set<string>();
  for (const run of runs) for (const name of Object.keys(run.metrics)) names.add(name);
  const metricNames = [...names].sort();
  const results = policies.map((policy, p): PolicyResult => {
    const own = runs.slice(p * seeds.length, (p + 1) * seeds.length);
    const spread = Object.fromEntries(
      metricNames.map((name) => [name, summarise(own.map((r) => r.metrics[name] ?? Number.NaN))]),
    );
    const definition = registry.get(policy);
    return {
      policy,
      config: toPlainData({ ...definition.defaults, ...preset.policyConfig[policy] }) as Record<
        string,
        unknown
      >,
      runs: own,
      metrics: Object.fromEntries(metricNames.map((name) => [name, spread[name]?.mean ?? Number.NaN])),
      spread,
    };
  });
  return {
    format: RESULT_FORMAT,
    preset: preset.name,
    description: preset.description,
    configuration: toPlainData({
      preset: preset.name,
      source: preset.source,
      workloadName: prepared.workload.name,
      jobs: prepared.workload.jobs,
      topology: resolveTopologySpec(preset.topology),
      storage: preset.storage,
      workload: preset.workload,
      engine: resolveEngineParameters(preset.engine),
      metrics: { ...preset.metrics, congestedNodeThreshold: prepared.workload.congestedNodeThreshold },
      policies,
      baseline,
      seeds,
    }) as Record<string, unknown>,
    seeds,
    baseline,
    headline: preset.metrics.headline,
    metricNames,
    policies: results,
    versions: packageVersions(),
    timing,
  };
}
