import type { Bytes, Seconds } from '@rackwise/types';

/** The formats of a recorded trace. */
export type RecordedTraceFormat = 'spark-event-log' | 'rumen';

/** One successful task attempt as the trace recorded it. */
export interface RecordedTask {
  /** Partition (Spark task index, Rumen task number). */
  readonly index: number;
  /** Host the attempt ran on. */
  readonly host: string;
  /** Launch and finish, seconds after the trace's first timestamp. */
  readonly launchTime: Seconds;
  readonly finishTime: Seconds;
  /**
   * Recorded compute: Spark's executor run time minus its shuffle fetch wait; Rumen's
   * attempt runtime minus its shuffle phase (reduces) — at least 0.
   */
  readonly computeSeconds: Seconds;
  /** Input read (HDFS or storage), shuffle read (all and from other hosts), shuffle written, output written. */
  readonly inputBytes: Bytes;
  readonly shuffleReadBytes: Bytes;
  readonly remoteShuffleReadBytes: Bytes;
  readonly shuffleWriteBytes: Bytes;
  readonly outputBytes: Bytes;
  /** Time the task waited for shuffle data (Spark fetch wait; Rumen shuffle phase). */
  readonly fetchWaitSeconds: Seconds;
  /** Spark's per-task times around its run time, and its GC inside it; absent for Rumen. */
  readonly overheads?: TaskOverheads;
  /**
   * Seconds the partition's failed attempts of this stage held their slots before this
   * one (launch to finish, summed; attempts killed while another ran are not counted).
   */
  readonly failedAttemptSeconds?: Seconds;
}

/** What Spark records of a task's time besides its executor run time (seconds). */
export interface TaskOverheads {
  /** Executor Deserialize Time: before the run. */
  readonly deserialise: Seconds;
  /** Result Serialization Time plus the driver's time getting a large result. */
  readonly result: Seconds;
  /**
   * Scheduler delay as Spark's UI computes it: the attempt's duration less run time,
   * deserialisation and result handling (shipping the task and its result), at least 0.
   */
  readonly schedulerDelay: Seconds;
  /** JVM GC Time: part of the run time, not in addition to it. */
  readonly gc: Seconds;
}

/** An executor's cores on a host from the time it was added until it was removed. */
export interface RecordedExecutor {
  readonly host: string;
  readonly cores: number;
  /** Seconds after the trace's first timestamp. */
  readonly addedTime: Seconds;
  /** Seconds after the trace's first timestamp; Infinity when it lived to the end. */
  readonly removedTime: Seconds;
}

/**
 * A set of tasks that start together once their parents are done: a Spark stage, or the
 * map or reduce half of a MapReduce job.
 */
export interface RecordedStage {
  /** `<application> stage <n>` or `<job id> maps` / `<job id> reduces`. */
  readonly id: string;
  readonly name: string;
  /** Index into {@link RecordedTrace.applications}. */
  readonly application: number;
  /** Indices of earlier stages that must finish first; their shuffle output is this stage's shuffle input. */
  readonly parents: readonly number[];
  /** Recorded submission and completion, seconds after the trace's first timestamp. */
  readonly submitTime: Seconds;
  readonly completionTime: Seconds;
  /** Successful attempts, one per partition, by index. */
  readonly tasks: readonly RecordedTask[];
  /**
   * Tasks of parent stages whose output this stage read but no stage of the trace wrote
   * (Spark skipped them and no earlier job in the log ran them): a replay models them.
   */
  readonly skippedParentTasks?: number;
}

/** One Spark application or MapReduce job: who ran it and under which scheduler. */
export interface RecordedApplication {
  readonly id: string;
  readonly name: string;
  readonly user: string;
  readonly queue: string;
  /** The scheduler the trace names (`spark FIFO`, `spark FAIR`, `yarn`). */
  readonly scheduler: string;
  readonly submitTime: Seconds;
}

/** What a Spark event log or a Rumen job history recorded, format-independent. */
export interface RecordedTrace {
  readonly format: RecordedTraceFormat;
  /** The file's base name. */
  readonly name: string;
  readonly applications: readonly RecordedApplication[];
  /** Parents before children. */
  readonly stages: readonly RecordedStage[];
  /** Every host a task ran on (and every executor host), sorted. */
  readonly hosts: readonly string[];
  /** Racks the trace itself records for hosts (Rumen's `/rack/host`); empty for Spark. */
  readonly recordedRacks: ReadonlyMap<string, string>;
  /** Task slots per host: Spark executor cores summed per host; Rumen: the most attempts that overlapped there. */
  readonly slotsPerHost: ReadonlyMap<string, number>;
  /**
   * Executors as they were added and removed (Spark), in the order added; absent when the
   * trace does not record them (Rumen).
   */
  readonly executors?: readonly RecordedExecutor[];
  /** Epoch seconds of the trace's first timestamp (times are relative to it). */
  readonly epoch: Seconds;
  /** Everything the reader had to assume or left out, in words. */
  readonly assumptions: readonly string[];
}
