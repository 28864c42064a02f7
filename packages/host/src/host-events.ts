import type {
  BitsPerSecond,
  Bytes,
  Fraction,
  NodeId,
  RackId,
  ResourceVector,
  Seconds,
  TaskRef,
} from '@rackwise/types';

/** One map of a submitted job: the size of its input block and the nodes holding a replica. */
export interface MapSubmission {
  readonly inputBytes: Bytes;
  readonly replicas: readonly NodeId[];
}

/** A job as the host submits it. */
export interface JobSubmission {
  /** The job's id: an integer >= 0, unique for the life of the state. */
  readonly id: number;
  readonly user: number;
  readonly queue?: string;
  /**
   * When the job was submitted, if before the event that reports it (a host that starts
   * watching a cluster already running); never after it. Default: the event's time.
   */
  readonly submitTime?: Seconds;
  readonly maps: readonly MapSubmission[];
  /** Number of reduces (0: a map-only job). */
  readonly reduces: number;
  readonly signature?: string;
  /** Output / input ratio the user declared up front, if any (the predictor uses it). */
  readonly declaredShuffleRatio?: number;
  /** Container demand of a map / a reduce (DRF); default one core and 2048 MiB. */
  readonly mapDemand?: ResourceVector;
  readonly reduceDemand?: ResourceVector;
}

/** Measured cross-rack load of one rack over the last window, in bits per second (or as a fraction). */
export interface RackLoad {
  readonly rack: RackId;
  readonly up: number;
  readonly down: number;
}

/** Measured cross-rack load of one node, bits per second. */
export interface NodeLoad {
  readonly node: NodeId;
  readonly up: BitsPerSecond;
  readonly down: BitsPerSecond;
}

/** A transfer the host is moving (a shuffle fetch, a remote read, a write), from node to node. */
export interface HostFlow {
  readonly from: NodeId;
  readonly to: NodeId;
}

/**
 * What happened in the host's cluster, at `time` on its clock (never earlier than the
 * previous event's). Each kind maps to one thing a scheduler already knows.
 */
export type HostEvent =
  /** A job arrived. */
  | { readonly type: 'submit'; readonly time: Seconds; readonly job: JobSubmission }
  /**
   * A task (or, with `duplicate`, another copy of a running map) started on a node. A
   * suspended reduce that starts resumes (on another node: a migration).
   */
  | {
      readonly type: 'start';
      readonly time: Seconds;
      readonly task: TaskRef;
      readonly node: NodeId;
      readonly duplicate?: boolean;
    }
  /**
   * A task finished on `node` (a map: the copy there, its output staying on that node;
   * other copies of it are to be killed, see `ClusterState.apply`).
   */
  | {
      readonly type: 'finish';
      readonly time: Seconds;
      readonly task: TaskRef;
      readonly node: NodeId;
      /** A map's output bytes (Hadoop's counters report them); required for a map. */
      readonly outputBytes?: Bytes;
    }
  /** A running task (or one copy of a map) failed or was killed: it waits to run again; a reduce loses its fetched data. */
  | { readonly type: 'fail' | 'kill'; readonly time: Seconds; readonly task: TaskRef; readonly node: NodeId }
  /**
   * A running reduce was preempted: `work-conserving` keeps its fetched bytes and progress
   * (suspended), `kill` loses them (pending). Counts in its `preemptions`.
   */
  | {
      readonly type: 'preempt';
      readonly time: Seconds;
      readonly task: TaskRef;
      readonly mode: 'work-conserving' | 'kill';
    }
  /** Bytes a reduce has fetched of its partition so far (a running total). */
  | { readonly type: 'shuffle'; readonly time: Seconds; readonly task: TaskRef; readonly fetchedBytes: Bytes }
  /** Fraction done of a running task (a map's compute; a reduce's reduce phase). */
  | { readonly type: 'progress'; readonly time: Seconds; readonly task: TaskRef; readonly progress: Fraction }
  /**
   * What the host measured on its rack links over the last monitor window: rates in bits
   * per second (`measure: 'rate'`, the default) or utilisations in [0, 1]; and, optionally,
   * each node's cross-rack rate.
   */
  | {
      readonly type: 'links';
      readonly time: Seconds;
      readonly racks: readonly RackLoad[];
      readonly nodes?: readonly NodeLoad[];
      readonly measure?: 'rate' | 'utilisation';
    }
  /** The transfers in flight now: the state computes their max-min fair rates and samples the links from them. */
  | { readonly type: 'flows'; readonly time: Seconds; readonly flows: readonly HostFlow[] }
  /** Time passed: attached policies' `onTick` run and their preemption requests are returned. */
  | { readonly type: 'tick'; readonly time: Seconds };

/** The type names of {@link HostEvent}. */
export type HostEventType = HostEvent['type'];

/** A copy of a running map the host should now kill (another copy's output was kept). */
export interface TaskCopy {
  readonly task: TaskRef;
  readonly node: NodeId;
}
