import type { EngineParameters } from '@rackwise/engine';
import type { TopologySpec } from '@rackwise/topology';
import type { Bytes, Fraction, Seconds } from '@rackwise/types';
import type { RackRule, ReplayDurations, ReplayMechanism } from '@rackwise/workloads';

/**
 * A SWIM trace replayed as recorded: `trace` is `fb2010` or `fb2009` (the Facebook 2010 and
 * 2009 days shipped with `@rackwise/workloads`) or a path to any file in the SWIM format. Jobs are given
 * to `users` users at random (seeded); `hours` keeps the first hours of the trace.
 */
export interface SwimTraceRecipe {
  readonly kind: 'swim-trace';
  readonly trace: string;
  readonly users: number;
  /** Hours of the trace to replay from its start (or from `fromHour`); the rest of the trace when absent. */
  readonly hours?: number;
  /**
   * Trace hour the replay starts at: jobs submitted from `fromHour` (to `fromHour + hours`)
   * are kept, their submit times moved back by `fromHour`. 0 when absent.
   */
  readonly fromHour?: number;
  /**
   * Keep this many jobs drawn at random (seeded), each with its gap to the job before it in
   * the trace as its inter-arrival time (Shadow §5.3: 50 FB-2010 jobs).
   */
  readonly sampleJobs?: number;
  /**
   * Multiplies every job's sizes, as SWIM's replay scales a trace to a target cluster:
   * target / source cluster size (FB-2010 comes from ~3,000 machines, FB-2009 from ~600).
   * 1 (as recorded) when absent.
   */
  readonly sizeScale?: number;
}

/** The measured middle of an arrival stream: ramps before and after are left out of `steadyState.*` metrics. */
export interface SteadyState {
  /** Length of the measured period. */
  readonly hours: number;
  readonly rampUp: Seconds;
  readonly rampDown: Seconds;
}

/**
 * A Poisson stream of jobs from one of the papers' job mixes (`@rackwise/workloads`
 * `workloadMix`): `jobs` jobs (NAS §IV-A real cluster: 200 jobs of the FB-2010 class mix,
 * mean 14 s), or arrivals for `rampUp + hours + rampDown` of which only the jobs
 * submitted in the `hours` between the ramps count in the `steadyState.*` metrics
 * (ShuffleWatcher §4.3: Table 1 mix, Table 2 sizes, mean 40 s, 4 hours).
 */
export interface PoissonMixRecipe {
  readonly kind: 'poisson-mix';
  /** Job mix name (`sw-mix2`, `nas-cluster`). */
  readonly mix: string;
  readonly users: number;
  readonly meanInterarrival: Seconds;
  /** Number of jobs; give this or `steadyState`. */
  readonly jobs?: number;
  readonly steadyState?: SteadyState;
  /** Multiplies every job's sizes (a smaller cluster replays smaller jobs); 1 by default. */
  readonly sizeScale?: number;
  /** Keep only these classes of the mix (Shadow Figs. 13–15 run TeraSort alone). */
  readonly classes?: readonly string[];
  /**
   * Submit the jobs this many seconds apart, in generation order, instead of Poisson
   * arrivals — one job at a time when it exceeds a job's run time (Shadow §6.1 runs each
   * benchmark alone).
   */
  readonly spacing?: Seconds;
}

/**
 * A recorded trace replayed task by task: a Spark event log or Rumen job history, its
 * stages kept in order (`recordedWorkload` of `@rackwise/workloads`). `users` is its
 * number of applications.
 */
export interface RecordedTraceRecipe {
  readonly kind: 'recorded-trace';
  /** Path of the event log (file or rolling directory) or job history. */
  readonly trace: string;
  readonly format: 'spark' | 'rumen';
  readonly users: number;
  /** Recorded compute per task (default) or the engine's duration model. */
  readonly durations: ReplayDurations;
  readonly racks: RackRule;
  /** What the replay leaves out of what the trace records (nothing by default). */
  readonly without?: readonly ReplayMechanism[];
}

/** How a preset builds its jobs. */
export type WorkloadRecipe = SwimTraceRecipe | PoissonMixRecipe | RecordedTraceRecipe;

/** HDFS storage of the input (docs/architecture.md §3 "Storage"). */
export interface StorageSettings {
  readonly blockBytes: Bytes;
  readonly replication: number;
  /**
   * Share of each job's blocks written from one node of the cluster (`hadoop fs -put` on
   * a datanode): their first replica sits on that job's writer node, which skews where
   * locality puts the maps. 0 (default): every block placed as written from outside.
   */
  readonly uploadShare?: Fraction;
}

/** How metrics are taken (docs/architecture.md §7). */
export interface MetricSettings {
  /** Rack-link utilisation above which a link counts as congested (NAS 80 %). */
  readonly congestionThreshold: Fraction;
  /**
   * Outstanding map output above which a node counts as congested: `nas-eq-3` computes
   * NAS's TrafficThreshold (eq. 3) from the workload and topology; a number is bytes.
   */
  readonly trafficThreshold: 'nas-eq-3' | Bytes;
  /** Metrics shown first in tables and charts, in order (the papers' figures). */
  readonly headline: readonly string[];
  /** Seconds between time-series samples for the charts; 60 by default. */
  readonly seriesInterval?: Seconds;
  /**
   * Report execution time, Skew and duplicates per recurring-job signature (the
   * benchmark a job runs) as `bySignature.<signature>.*`; off by default.
   */
  readonly bySignature?: boolean;
  /**
   * Per-group metrics (`group.<class>.*`, the job mix's classes: FCS's size groups) and
   * slowdown (`slowdown.*`) against each distinct job's stand-alone run on the empty
   * cluster under `standalonePolicy` (FCS §5.1). Absent: neither is computed.
   */
  readonly jobGroups?: JobGroupSettings;
}

/** How per-group metrics and slowdowns are taken (FCS §5.1 "Evaluation Metrics"). */
export interface JobGroupSettings {
  /** The policy each distinct job runs alone under for its stand-alone time. */
  readonly standalonePolicy: string;
}

/**
 * A paper's evaluation setup: cluster, storage, workload, engine parameters, metric
 * settings, the policies it compares (and their configuration) and the baseline the
 * results are normalised to. Plain data, so a run can be shipped to a worker thread.
 */
export interface ExperimentPreset {
  readonly name: string;
  /** One line for `rackwise presets`. */
  readonly description: string;
  /** The paper section it reproduces. */
  readonly source: string;
  readonly topology: TopologySpec;
  readonly storage: StorageSettings;
  readonly workload: WorkloadRecipe;
  /** Engine parameters over the engine's defaults (heartbeats, slowstart, rates). */
  readonly engine: Partial<EngineParameters>;
  readonly metrics: MetricSettings;
  /** Policies compared by default, in report order. */
  readonly policies: readonly string[];
  /** Configuration per policy name, over the policy's defaults (thresholds, skip counts). */
  readonly policyConfig: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** Policy results are normalised to; the first of `policies` when absent. */
  readonly baseline?: string;
  /** Parameter sweeps the paper ran (`users: [25, 50, 100, 200, 400]`). */
  readonly sweeps?: Readonly<Record<string, readonly number[]>>;
}
