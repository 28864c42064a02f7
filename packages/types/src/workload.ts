import type { RandomSource } from './policy.js';
import type { ResourceVector, TopologyView } from './topology-view.js';
import type { Bytes, Seconds, UserId } from './units.js';

/**
 * One job of a workload, as a trace or generator describes it: sizes, counts and who
 * submitted it. Task durations are not part of it — the host's duration model derives
 * them from sizes.
 */
export interface JobSpec {
  /** Name in the source (trace job id), for reports. */
  readonly name: string;
  /** The user (tenant) who submits it. */
  readonly user: UserId;
  /** Queue (pool); `default` unless the workload assigns queues. */
  readonly queue: string;
  /** When it is submitted (unless `dependsOn` holds it back). */
  readonly submitTime: Seconds;
  /** Total map input. */
  readonly inputBytes: Bytes;
  /** True total map output (= shuffle) — the policy only ever sees a prediction of it. */
  readonly shuffleBytes: Bytes;
  /** Total reduce output. */
  readonly outputBytes: Bytes;
  /** At least 1. */
  readonly mapCount: number;
  /** 0 for a map-only job. */
  readonly reduceCount: number;
  /**
   * Input split size: map i < mapCount − 1 reads `blockBytes`, the last map reads the
   * remainder (`inputBytes − (mapCount − 1) × blockBytes`, which must be in (0, blockBytes]
   * unless `inputBytes` is 0).
   */
  readonly blockBytes: Bytes;
  /** Recurring-job key, if the source has one. */
  readonly signature?: string;
  /** Output/input ratio declared up front (user-provided or learnt), if any. */
  readonly declaredShuffleRatio?: number;
  /** Container demand of one map task (DRF); hosts document their default. */
  readonly mapDemand?: ResourceVector;
  /** Container demand of one reduce task (DRF); hosts document their default. */
  readonly reduceDemand?: ResourceVector;
  /**
   * Jobs (indices into `Workload.jobs`, each before this one) that must complete before
   * this one is submitted: it is submitted at its `submitTime` or when the last of them
   * completes, whichever is later (stages of a DAG, workflow steps).
   */
  readonly dependsOn?: readonly number[];
  /** Per-task figures a recorded trace gives, replacing the host's duration model. */
  readonly recorded?: RecordedTaskFigures;
}

/**
 * What a trace recorded of a job's tasks. Each array, when given, has one entry per map
 * (length `mapCount`) or per reduce (length `reduceCount`).
 */
export interface RecordedTaskFigures {
  /** Compute seconds of each map (after its input is on its node). */
  readonly mapSeconds?: readonly Seconds[];
  /** Compute seconds of each reduce (after its shuffle). */
  readonly reduceSeconds?: readonly Seconds[];
  /** Input of each map (sum `inputBytes`), instead of the split into `blockBytes`. */
  readonly mapInputBytes?: readonly Bytes[];
  /** Output of each map (sum `shuffleBytes`), instead of a share in proportion to its input. */
  readonly mapOutputBytes?: readonly Bytes[];
  /** Shuffle each reduce reads: its share of every map output is its part of the sum. */
  readonly reduceInputBytes?: readonly Bytes[];
  /**
   * The maps are the tasks of the jobs in `dependsOn` (in that order; a job's tasks are
   * its reduces, or its maps when it has none): they are done when the job is submitted —
   * no slot, no time, never offered — and map i's output lies on the node where the i-th
   * of them ran. `mapCount` is their number; the job needs reduces. A stage boundary: the
   * consuming stage's shuffle leaves the producers' nodes.
   */
  readonly mapsFromParents?: boolean;
}

/** Where the replicas of a job's input blocks live (HDFS placement or another rule). */
export interface BlockPlacement {
  /** Name of the rule (`hdfs`), for reports. */
  readonly name: string;
  /** Replicas per block. */
  readonly replication: number;
  /**
   * Writes the replica nodes of each map's block into `out`: `out[i × replication + r]`
   * is the r-th replica of map i, or −1 where a block has fewer replicas than
   * `replication`. `out.length` is `job.mapCount × replication`.
   */
  place(job: JobSpec, topology: TopologyView, random: RandomSource, out: Int32Array): void;
}

/** A finite workload: jobs in submission order and the storage rule for their input. */
export interface Workload {
  /** Where it came from (`FB-2010 hours 0–2`, `poisson sw-table-1`). */
  readonly name: string;
  /** The jobs, in submission order. */
  readonly jobs: readonly JobSpec[];
  /** The rule that places each job's input block replicas on nodes. */
  readonly placement: BlockPlacement;
  /**
   * Containers that appear and disappear over the run (a recorded trace's executors added
   * and lost), in time order; absent: every node keeps its slots throughout.
   */
  readonly slotTimeline?: readonly SlotAvailability[];
}

/**
 * From `time` on, `node` has `containers` container slots (at most its topology's): fewer
 * stops new launches there until running tasks end (none is stopped), more are offered at once.
 */
export interface SlotAvailability {
  /** Simulated time the change takes effect, seconds from the start of the run. */
  readonly time: Seconds;
  /** Index of the node whose slots change. */
  readonly node: number;
  /** Container slots the node has from `time` on (0 to its topology's count). */
  readonly containers: number;
}
