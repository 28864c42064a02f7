import type { ResourceVector, TaskKind } from './topology-view.js';
import type { Bytes, Fraction, JobId, NodeId, RackId, Seconds, UserId } from './units.js';

/**
 * Where a task is in its life.
 * - `pending`: not yet launched (or killed and to be run again).
 * - `running`: holds a slot.
 * - `suspended`: a preempted reduce that kept its fetched bytes and progress and waits
 *   for a slot (work-conserving preemption, FCS); it holds no slot.
 * - `completed`: done; a map's output stays on its node until every reduce fetched it.
 */
export type TaskState = 'pending' | 'running' | 'suspended' | 'completed';

/** Names one task of one job: the `index`-th map or reduce. */
export interface TaskRef {
  /** The job the task belongs to. */
  readonly job: JobId;
  /** Whether it is one of the job's maps or one of its reduces. */
  readonly kind: TaskKind;
  /** Position among the job's tasks of that kind: 0 … `mapCount − 1` or `reduceCount − 1`. */
  readonly index: number;
}

/** Locality of a map's input relative to a node. */
export type Locality = 'node' | 'rack' | 'remote';

/** Read-only state of one map task. */
export interface MapTaskView extends TaskRef {
  /** Always `map`: narrows a {@link TaskRef} to a map. */
  readonly kind: 'map';
  /** Where the map is in its life; several running copies count as one `running` map. */
  readonly state: TaskState;
  /** Size of the input block this map reads. */
  readonly inputBytes: Bytes;
  /** Nodes that hold a replica of the input block (no duplicates). */
  readonly replicaNodes: readonly NodeId[];
  /**
   * Nodes where a copy of this map runs (usually one; more when a duplicate was
   * launched, Shadow / KMN). Empty unless running.
   */
  readonly runningOn: readonly NodeId[];
  /** Node whose output the shuffle reads, once completed. */
  readonly outputNode: NodeId | undefined;
  /** Actual output size, once completed (Hadoop reports it in counters). */
  readonly outputBytes: Bytes | undefined;
  /** Launch time of the first running copy. */
  readonly startTime: Seconds | undefined;
  /** Fraction done of the most advanced running copy (0 when pending, 1 when completed). */
  readonly progress: Fraction;
}

/** Read-only state of one reduce task. */
export interface ReduceTaskView extends TaskRef {
  /** Always `reduce`: narrows a {@link TaskRef} to a reduce. */
  readonly kind: 'reduce';
  /** Where the reduce is in its life; only a reduce can be `suspended`. */
  readonly state: TaskState;
  /** Node it runs on, or ran on last (suspended), or undefined if never launched. */
  readonly node: NodeId | undefined;
  /** First launch time. */
  readonly startTime: Seconds | undefined;
  /** Bytes of its partition fetched so far (kept across work-conserving preemption). */
  readonly fetchedBytes: Bytes;
  /** Bytes of its partition available so far: its share of every completed map's output. */
  readonly availableBytes: Bytes;
  /** Fraction of the reduce (compute) phase done, 0 until the shuffle is complete. */
  readonly reduceProgress: Fraction;
  /** How many times it was preempted. */
  readonly preemptions: number;
}

/**
 * Read-only state of one job as a scheduler sees it. The task look-ups that every
 * locality-aware policy needs are indexed and cheap.
 *
 * Arrays returned by methods are live views owned by the host: read them during the
 * call you were handed them in, do not keep or modify them.
 */
export interface JobView {
  /** The job's id, unique within the run or host. */
  readonly id: JobId;
  /** The user (tenant) who submitted it: the unit of fairness. */
  readonly user: UserId;
  /** Queue (or pool) the job was submitted to; `default` unless the workload says otherwise. */
  readonly queue: string;
  /** Time the job was submitted on the host's clock. */
  readonly submitTime: Seconds;
  /** Total map input. */
  readonly inputBytes: Bytes;
  /** Recurring-job key (user-supplied or from the trace), if any. */
  readonly signature: string | undefined;
  /** Output/input ratio supplied up front (user-provided or learnt), if any. */
  readonly declaredShuffleRatio: number | undefined;
  /** Number of map tasks (one per input split), at least 1. */
  readonly mapCount: number;
  /** Number of reduce tasks; 0 for a map-only job. */
  readonly reduceCount: number;
  /** Container demand of one map task (DRF). */
  readonly mapDemand: ResourceVector;
  /** Container demand of one reduce task (DRF). */
  readonly reduceDemand: ResourceVector;

  /** Task counts by state. */
  count(kind: TaskKind, state: TaskState): number;
  /** Sum of input bytes of completed maps. */
  readonly completedMapInputBytes: Bytes;
  /** Sum of actual output bytes of completed maps. */
  readonly completedMapOutputBytes: Bytes;
  /** Actual output bytes of completed maps whose output lives in a rack (NAS eq. 4, SARP). */
  mapOutputOnRack(rack: RackId): Bytes;
  /** Input bytes of this job's blocks with a replica in the rack (SAMP). */
  inputOnRack(rack: RackId): Bytes;
  /** Reduces of this job ever launched in a rack (running, suspended there, or completed). */
  reducesOnRack(rack: RackId): number;
  /** Whether reduces may launch: the completed-map fraction reached the host's slowstart. */
  readonly reducesReady: boolean;
  /** Time the first reduce was launched, if any. */
  readonly firstReduceTime: Seconds | undefined;

  /** Pending maps with a replica on the node (data-local). */
  pendingMapsOnNode(node: NodeId): readonly MapTaskView[];
  /** Pending maps with a replica in the rack (rack-local, node-local ones included). */
  pendingMapsOnRack(rack: RackId): readonly MapTaskView[];
  /** All pending maps. */
  pendingMaps(): readonly MapTaskView[];
  /** Running maps (for duplicate launches). */
  runningMaps(): readonly MapTaskView[];
  /** Pending and suspended reduces, suspended ones first. */
  waitingReduces(): readonly ReduceTaskView[];
  /** Running reduces. */
  runningReduces(): readonly ReduceTaskView[];
  /** The `index`-th map (0 … `mapCount − 1`). */
  map(index: number): MapTaskView;
  /** The `index`-th reduce (0 … `reduceCount − 1`). */
  reduce(index: number): ReduceTaskView;
}
