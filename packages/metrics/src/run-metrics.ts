import type { PredictionErrorSummary } from '@rackwise/predictor';
import type { Bytes, Fraction, InputClass, JobId, Seconds, ShuffleClass, UserId } from '@rackwise/types';

/** Count, mean, median, 95th percentile (nearest rank) and maximum of a sample; NaN when empty. */
export interface DistributionSummary {
  readonly count: number;
  readonly mean: number;
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

/** Bytes moved, by what moved them (docs/architecture.md §7 "cross-rack traffic"). */
export interface TrafficByKind {
  /** Reduce fetches of map output. */
  readonly shuffle: Bytes;
  /** Maps reading a block that is not on their node. */
  readonly mapInput: Bytes;
  /** Reduce output written to other replicas. */
  readonly outputReplication: Bytes;
  /** Fetched shuffle data moved with a migrating reduce (work-conserving preemption). */
  readonly migration: Bytes;
  readonly total: Bytes;
}

/** Throughput and cross-rack traffic of a group of jobs (see `jobGroupMetrics`). */
export interface JobGroupMetrics {
  readonly jobs: number;
  readonly jobsCompleted: number;
  /** Completed jobs / (last completion − first submission) of the group, jobs per second. */
  readonly throughput: number;
  /** Mean completion − submission of its completed jobs. */
  readonly executionTimeMean: Seconds;
  /** Shuffle bytes of its jobs that crossed racks. */
  readonly crossRackShuffleBytes: Bytes;
  /** Map input bytes of its jobs read from another rack. */
  readonly crossRackMapInputBytes: Bytes;
}

/** The headline job metrics of a run without its degenerate jobs, and how many were left out. */
export interface WithoutDegenerateMetrics extends JobGroupMetrics {
  /** Jobs left out by the rule. */
  readonly degenerateJobs: number;
  /** Mean MapProgressRate at first reduce over the kept jobs that launched a reduce. */
  readonly mapProgressAtFirstReduce: number;
  /** Last completion − first submission of the kept jobs. */
  readonly makespan: Seconds;
}

/**
 * Load during the arrival window — from the first job's submission to the last's — the
 * first axis along which to read where network-aware scheduling pays off.
 */
export interface ArrivalWindowLoadMetrics {
  /** Length of the window: last submission − first; 0 with one submission time. */
  readonly window: Seconds;
  /**
   * Offered cross-rack shuffle load: the shuffle bytes of the jobs submitted, times the
   * share a locality-oblivious placement sends across racks (map and reduce on nodes
   * drawn uniformly: 1 − Σ_r (nodes_r / nodes)², so 1 − 1/racks with equal racks), per
   * second of the window, over the aggregate rack-uplink capacity (line rate ×
   * `linkGoodput`). A property of the workload and the cluster, the same under every
   * policy; above 1 the uplinks cannot carry it unless placement keeps shuffle in racks.
   * NaN when the window is empty.
   */
  readonly offered: Fraction;
  /**
   * Delivered utilisation of the rack uplinks over the window: every uplink at every
   * monitor sample (idle times count as 0). Mean, median and 95th percentile (nearest
   * rank, to 1e-4 below).
   */
  readonly uplinkUtilisation: { readonly mean: Fraction; readonly p50: Fraction; readonly p95: Fraction };
  /** Slot-seconds (or container-seconds) held by tasks over the slot-seconds of the window, sampled by the monitor. */
  readonly slotUse: Fraction;
}

/** Metrics of one run that need no particular policy (docs/architecture.md §7). */
export interface RunMetrics {
  readonly jobsSubmitted: number;
  readonly jobsCompleted: number;
  /** Jobs not complete when the run stopped (`maxTime`). */
  readonly jobsUnfinished: number;
  /** Jobs completed / (last completion − first submission), jobs per second. */
  readonly throughput: number;
  /** Last completion − first submission. */
  readonly makespan: Seconds;
  /**
   * Jobs completed between the first and the last submission / that span: throughput
   * while the workload still arrives, without the drain after it (`throughputWhileArriving`).
   */
  readonly throughputWhileArriving: number;
  /**
   * The job metrics again without the run's degenerate jobs — those whose shuffle cannot
   * be served within the arrival span (`isDegenerateJob`, rule `DEGENERATE_JOB_RULE`),
   * overall and per shuffle class; `degenerateJobs` says how many were left out.
   */
  readonly withoutDegenerate: WithoutDegenerateMetrics & {
    readonly byShuffleClass: Readonly<Record<ShuffleClass, JobGroupMetrics>>;
  };
  /** Completion − submission of every completed job. */
  readonly executionTime: DistributionSummary;
  /** The same by shuffle class of the TRUE shuffle size (NAS §IV-A classes). */
  readonly executionTimeByShuffleClass: Readonly<Record<ShuffleClass, DistributionSummary>>;
  /** The same by input class (NAS: small below 10 MB). */
  readonly executionTimeByInputClass: Readonly<Record<InputClass, DistributionSummary>>;
  /**
   * Per shuffle class of the true shuffle size: throughput over the class's own span and
   * the cross-rack shuffle and map-input bytes of its jobs (NAS Fig. 3's per-class view).
   */
  readonly byShuffleClass: Readonly<Record<ShuffleClass, JobGroupMetrics>>;
  /** Bytes that crossed a rack link (uplink of the source rack), by kind. */
  readonly crossRackBytes: TrafficByKind;
  /** Bytes moved over the network at all, by kind (node-local data excluded). */
  readonly totalBytes: TrafficByKind;
  /** Fractions of map launches (first copies) that were node-local, rack-local, remote. */
  readonly mapLocality: { readonly node: Fraction; readonly rack: Fraction; readonly remote: Fraction };
  /** MapProgressRate at first reduce: completed maps / maps when a job's first reduce launched, mean over jobs. */
  readonly mapProgressAtFirstReduce: Fraction;
  /**
   * Cross-rack congestion on rack links (uplinks and downlinks, sampled every monitor
   * interval). `occurrences` counts a link entering congestion (utilisation at or above
   * `threshold`) and ends the occurrence only once it falls below `threshold − hysteresis`,
   * so a link hovering at the threshold counts once; `crossings` is the raw count of
   * upward crossings. `linkSeconds` is link-seconds at or above the threshold.
   */
  readonly congestion: {
    readonly threshold: Fraction;
    readonly hysteresis: Fraction;
    readonly occurrences: number;
    readonly crossings: number;
    readonly linkSeconds: Seconds;
    /** Occurrences of the rack with most (its uplink and downlink together). */
    readonly maxRackOccurrences: number;
    /** Congested link-seconds of the rack with most. */
    readonly maxRackLinkSeconds: Seconds;
  };
  /**
   * Share of nodes whose outstanding map output exceeds `threshold` (NAS TrafficThreshold,
   * given by the caller), averaged over monitor samples; NaN when no threshold was given.
   */
  readonly congestedNodes: { readonly threshold: Bytes; readonly share: Fraction };
  /**
   * NAS Fig. 3(e) on MTS's own terms: share of nodes whose running maps' predicted output
   * (Algorithm 2 line 1) exceeds the TrafficThreshold of that moment (eq. 3 on the live
   * view, given by the caller as `metrics.liveNodeThreshold`), averaged over monitor
   * samples; NaN when not measured.
   */
  readonly mtsCongestedNodes: { readonly share: Fraction };
  /** Per-job Skew (Shadow eq. 10, by bytes) over the rack links its shuffle used. */
  readonly skew: DistributionSummary;
  /** Per-job mean ReduceTask wait: max(0, first launch − map phase end) over its reduces. */
  readonly reduceWaitTime: DistributionSummary;
  readonly preemptions: {
    readonly total: number;
    /** Suspended reduces resumed on another node (work-conserving). */
    readonly migrations: number;
    /** Preemptions that lost the reduce's progress (kill-based). */
    readonly kills: number;
    /**
     * Shuffle bytes that fetches in flight at a preemption had delivered and the reduce
     * did not keep (`preemptedFetches`; all of them for a kill): they cross the network again.
     */
    readonly droppedFetchBytes: Bytes;
  };
  /** Duplicate map copies (Shadow Figs. 16–18). */
  readonly duplicates: {
    readonly launched: number;
    /** Maps whose kept output came from a duplicate copy. */
    readonly chosen: number;
    /** Choices made while the kept copy was still running. */
    readonly chosenEarly: number;
    /** Copies killed (duplicates or originals). */
    readonly killed: number;
    /** Slot time of the killed copies (and of finished copies whose output was dropped). */
    readonly killedSlotSeconds: Seconds;
    /** Input bytes read by those copies. */
    readonly killedInputBytes: Bytes;
  };
  /** |predicted − true| / true of the shuffle ratio, taken when each job's first reduce launched. */
  readonly predictorError: PredictionErrorSummary;
  /** Slot-seconds held by tasks, by kind (killed copies included). */
  readonly slotSeconds: { readonly map: Seconds; readonly reduce: Seconds };
  /** Offered and delivered load while jobs arrive. */
  readonly load: ArrivalWindowLoadMetrics;
}

/** One job's outcome. Times are NaN where the event did not happen. */
export interface JobRecord {
  readonly id: JobId;
  readonly name: string;
  readonly user: UserId;
  readonly queue: string;
  readonly finished: boolean;
  readonly submitTime: Seconds;
  readonly firstLaunchTime: Seconds;
  readonly mapPhaseEnd: Seconds;
  readonly firstReduceTime: Seconds;
  readonly completionTime: Seconds;
  /** completion − submission. */
  readonly executionTime: Seconds;
  readonly mapCount: number;
  readonly reduceCount: number;
  readonly inputBytes: Bytes;
  readonly shuffleBytes: Bytes;
  readonly outputBytes: Bytes;
  readonly shuffleClass: ShuffleClass;
  readonly inputClass: InputClass;
  readonly localMaps: number;
  readonly rackLocalMaps: number;
  readonly remoteMaps: number;
  readonly crossRackShuffleBytes: Bytes;
  /** Map input read from a replica in another rack (remote map traffic). */
  readonly crossRackMapInputBytes: Bytes;
  /** Shadow eq. 10 over the rack links its shuffle crossed; NaN when none. */
  readonly skew: number;
  readonly mapProgressAtFirstReduce: Fraction;
  /** Mean over its reduces of max(0, first launch − map phase end); NaN without reduces. */
  readonly reduceWaitTime: Seconds;
  /**
   * Mean over its reduces of first launch → end of their shuffle (waiting for map output
   * included; reduces preempted before their shuffle ended left out); NaN without reduces.
   */
  readonly shufflePhaseTime: Seconds;
  readonly preemptions: number;
  readonly duplicatesLaunched: number;
}

/** Samples every `interval` seconds while something runs. Rates in bytes per second. */
export interface TimeSeries {
  readonly interval: Seconds;
  readonly time: readonly Seconds[];
  /** Sum of the rates on every rack uplink. */
  readonly crossRackRate: readonly number[];
  /** The part of it carried by shuffle fetches. */
  readonly crossRackShuffleRate: readonly number[];
  readonly runningMaps: readonly number[];
  readonly runningReduces: readonly number[];
  readonly pendingMaps: readonly number[];
  readonly waitingReduces: readonly number[];
  /** Rack links (uplinks and downlinks) at or above the congestion threshold; 0 without a network. */
  readonly congestedLinks: readonly number[];
  /** Per rack, the rate on its uplink to the core (one array per rack; empty without a network). */
  readonly rackUplinkRate: readonly (readonly number[])[];
}
