import type { FlowTraceRecord } from '@rackwise/flow-replay';
import type { Topology } from '@rackwise/topology';
import type {
  Bytes,
  ClusterView,
  PolicyContext,
  SchedulerPolicy,
  Seconds,
  ShufflePredictor,
  Workload,
} from '@rackwise/types';
import { type EngineParameters, resolveEngineParameters } from './engine-parameters.js';
import { Engine } from './internal/engine.js';
import { randomStream } from './internal/random-streams.js';
import { buildRunMetrics } from './internal/run-metrics-builder.js';
import { resolveDecisionLimit, resolveMetricsSettings } from './internal/run-settings.js';
import { validatePolicy, validateTopology, validateWorkload } from './internal/validate-config.js';
import type { MetricsOptions } from './metrics-options.js';
import type { SimulationResult } from './simulation-result.js';

export type { MetricsOptions } from './metrics-options.js';
export type { SimulationResult } from './simulation-result.js';

/** Progress of a run, reported as jobs complete. */
export interface SimulationProgress {
  readonly time: Seconds;
  readonly jobsDone: number;
  readonly jobsTotal: number;
}

/** One run: a cluster, a workload, a policy and a seed. */
export interface SimulationConfig {
  readonly topology: Topology;
  readonly workload: Workload;
  /** A policy, or a factory handed a seeded `PolicyContext`. */
  readonly policy: SchedulerPolicy | ((context: PolicyContext) => SchedulerPolicy);
  /** Seed of every random stream of the run (placement, policy, output replicas). */
  readonly seed: number;
  /** Engine parameters; missing fields take {@link DEFAULT_ENGINE_PARAMETERS}. */
  readonly parameters?: Partial<EngineParameters>;
  readonly metrics?: MetricsOptions;
  /** Keep a log of offers and decisions: `true` keeps the first 100,000, a number that many. Default off. */
  readonly recordDecisions?: boolean | number;
  /**
   * Ask the policy for each decision's evidence (`PolicyContext.recordEvidence`) and keep
   * it in the decision log. Default off: policies then build none.
   */
  readonly recordEvidence?: boolean;
  /** A shuffle predictor for the views; default `createShufflePredictor()` of @rackwise/predictor. */
  readonly predictor?: ShufflePredictor;
  readonly onProgress?: (progress: SimulationProgress) => void;
  /**
   * Hears every network flow of the run as it ends — delivered or cancelled — with its
   * start, nodes, bytes, links, job and task: a flow trace (`formatFlowTrace`,
   * `replayFlowTrace`). Flows still running when the run stops are not reported.
   */
  readonly onFlow?: (flow: FlowTraceRecord) => void;
}

/** A run that can be advanced step by step (tests, interactive tools). */
export interface Simulation {
  /** The policy driven by the run (created from the factory, if one was given). */
  readonly policy: SchedulerPolicy;
  /** The cluster as policies see it (live; read between `run` calls). */
  readonly view: ClusterView;
  readonly now: Seconds;
  /** Whether every job completed. */
  readonly done: boolean;
  readonly parameters: EngineParameters;
  /** Processes events up to `untilTime` (default: to the end, or `maxTime`). */
  run(untilTime?: Seconds): void;
  /** The metrics so far (final once `done`). */
  result(): SimulationResult;
}

/** The policy of the run: the one given, or the factory's, handed the seeded policy stream. */
function createRunPolicy(config: SimulationConfig): SchedulerPolicy {
  const context: PolicyContext =
    config.recordEvidence === true
      ? { random: randomStream(config.seed, 'policy'), recordEvidence: true }
      : { random: randomStream(config.seed, 'policy') };
  const policy = typeof config.policy === 'function' ? config.policy(context) : config.policy;
  validatePolicy(
    policy,
    typeof config.policy === 'function' ? 'the policy returned by the factory' : 'policy',
  );
  return policy;
}

/** The `Simulation` over a wired engine: runs it step by step, timing the wall clock. */
function simulationOver(engine: Engine, policy: SchedulerPolicy, parameters: EngineParameters): Simulation {
  let wallMillis = 0;
  return {
    policy,
    view: engine.view,
    parameters,
    get now() {
      return engine.now;
    },
    get done() {
      return engine.jobsDone === engine.jobsTotal;
    },
    run(untilTime = Number.POSITIVE_INFINITY) {
      if (typeof untilTime !== 'number' || Number.isNaN(untilTime)) {
        throw new Error(`run: untilTime must be a number of seconds, got ${String(untilTime)}`);
      }
      const start = performance.now();
      engine.run(untilTime);
      wallMillis += performance.now() - start;
    },
    result() {
      return buildRunMetrics(engine, wallMillis);
    },
  };
}

/**
 * Prepares a run: validates everything first (an `Error` names the field), builds the
 * state and creates the policy. Nothing runs until `run()`.
 */
export function createSimulation(config: SimulationConfig): Simulation {
  if (config === null || typeof config !== 'object') {
    throw new Error(`simulation config must be an object, got ${String(config)}`);
  }
  const { topology, workload, seed } = config;
  if (!Number.isSafeInteger(seed)) throw new Error(`seed must be a safe integer, got ${String(seed)}`);
  validateTopology(topology);
  validateWorkload(workload, topology);
  const parameters = resolveEngineParameters(config.parameters);
  const metrics = resolveMetricsSettings(config.metrics);
  const decisionLimit = resolveDecisionLimit(config.recordDecisions);
  const policy = createRunPolicy(config);
  const engine = new Engine({
    topology,
    workload,
    policy,
    parameters,
    placementRandom: randomStream(seed, 'placement'),
    outputRandom: randomStream(seed, 'output'),
    heartbeatRandom: randomStream(seed, 'heartbeat'),
    ...metrics,
    decisionLimit,
    ...(config.predictor === undefined ? {} : { predictor: config.predictor }),
    ...(config.onProgress === undefined ? {} : { onProgress: config.onProgress }),
    ...(config.onFlow === undefined ? {} : { onFlow: config.onFlow }),
  });
  return simulationOver(engine, policy, parameters);
}

/** Runs a simulation to completion (or `maxTime`) and returns its results. */
export function simulate(config: SimulationConfig): SimulationResult {
  const simulation = createSimulation(config);
  simulation.run();
  return simulation.result();
}
