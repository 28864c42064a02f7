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
  /** Epoch seconds of the trace's first timestamp (times are relative to it). */
  readonly epoch: Seconds;
  /** Everything the reader had to assume or left out, in words. */
  readonly assumptions: readonly string[];
}
