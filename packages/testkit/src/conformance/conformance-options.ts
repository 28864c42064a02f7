import type { EngineParameters } from '@rackwise/engine';
import type { JobId, PolicyContext, PolicyDefinition, PolicyFactory, SchedulerPolicy } from '@rackwise/types';
import type { TopologyArbitraryOptions, WorkloadArbitraryOptions } from '../arbitraries.js';

/** What the conformance suite tests: a registry definition or a bare factory. */
export type ConformanceSubject<Config extends object> = PolicyDefinition<Config> | PolicyFactory<Config>;

/**
 * Fair Scheduler bound: filling an empty cluster from users that each have more maps
 * than slots, after every heartbeat round every user's running maps stay within one
 * task of every other's (equal weights), and the cluster is full.
 */
export interface FairShareProperty {
  readonly kind: 'fair-share';
}

/**
 * DRF bound: filling an empty cluster from users with random per-task demands, every
 * user's dominant share minus one task's is at most every other user's.
 */
export interface DominantShareProperty {
  readonly kind: 'dominant-share';
}

/**
 * Delay-style bound: a job's skip counter never exceeds `limit`, and whenever some job
 * with a pending map is at `limit`, a map or container offer launches a task.
 */
export interface SkipLimitProperty<Policy extends SchedulerPolicy = SchedulerPolicy> {
  readonly kind: 'skip-limit';
  readonly limit: number;
  /** Reads a job's skip counter from the policy. */
  readonly skipCount: (policy: Policy, job: JobId) => number;
}

/**
 * Capacity Scheduler bound: when a queue below `capacity × slots` has waiting work that
 * the offered slot could run, the policy launches a task of a queue below its capacity.
 * `queues` must match the configuration the suite passes to the policy.
 */
export interface QueueCapacityProperty {
  readonly kind: 'queue-capacity';
  readonly queues: readonly { readonly name: string; readonly capacity: number }[];
}

/** The fairness property a fairness policy promises. */
export type FairnessProperty =
  | FairShareProperty
  | DominantShareProperty
  | SkipLimitProperty
  | QueueCapacityProperty;

/** Options of `describePolicyConformance`. */
export interface ConformanceOptions<Config extends object> {
  /** Title of the `describe` block. Default `conformance: <policy name>`. */
  readonly title?: string;
  /** Configuration handed to the factory (Delay, NAS, ShuffleWatcher need a `userOrder`). */
  readonly config?: Partial<Config>;
  /** Bounds of the random topologies. Default 1–3 racks of 1–3 nodes. */
  readonly topology?: TopologyArbitraryOptions;
  /** Bounds of the random workloads. Default 1–5 jobs of 1–5 maps and 0–2 reduces, 3 users. */
  readonly workload?: WorkloadArbitraryOptions;
  /** Simulated seconds by which every job must be complete. Default 20,000. */
  readonly maxTime?: number;
  /** Random simulations run (the slow part). Default: the global fast-check run count / 7, at least 4. */
  readonly simulationRuns?: number;
  readonly fairness?: FairnessProperty;
  /** Engine parameters for the simulations (heartbeat interval, slowstart, …). */
  readonly parameters?: Partial<EngineParameters>;
}

/** Creates a policy of the subject with a configuration and a context. */
export function instantiate<Config extends object>(
  subject: ConformanceSubject<Config>,
  config: Partial<Config> | undefined,
  context: PolicyContext,
): SchedulerPolicy {
  return typeof subject === 'function' ? subject(config, context) : subject.create(config, context);
}
