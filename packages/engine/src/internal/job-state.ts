import { SubmittedJob } from '@rackwise/predictor';
import type {
  Bytes,
  JobId,
  JobSpec,
  JobView,
  NodeId,
  RackId,
  Seconds,
  TaskKind,
  TaskState,
} from '@rackwise/types';
import type { EngineContext } from './engine-context.js';
import type { JobShuffle } from './job-shuffle.js';
import { partitionWeights } from './partition-weights.js';
import { PendingMaps } from './pending-maps.js';
import { COMPLETED, PENDING } from './task-states.js';
import { MapTask, ReduceTask } from './task-views.js';
import { appendIndexed, removeIndexed } from './typed-arrays.js';
import type { UserState } from './user-state.js';
import { WaitingReduces } from './waiting-reduces.js';

/**
 * The state of one active job in typed arrays, and its `JobView`. Created when the job is
 * submitted; its large arrays are dropped when it completes. Its pending maps are a
 * `PendingMaps`, its waiting reduces a `WaitingReduces`; running tasks are dense lists with
 * position indices.
 */
export class JobState extends SubmittedJob implements JobView {
  readonly shuffleBytes: Bytes;
  readonly outputBytes: Bytes;
  readonly blockBytes: Bytes;
  readonly replication: number;

  // ---- maps
  mapState: Uint8Array;
  replicas: Int32Array;
  mapOutputNode: Int32Array;
  mapStart: Float64Array;
  /** Head of the list of running copies in the attempt table, −1 if none. */
  mapAttempt: Int32Array;
  maps: MapTask[];
  readonly pending: PendingMaps;
  runningMapList: MapTask[] = [];
  #positionRunning: Int32Array;

  // ---- reduces
  reduceState: Uint8Array;
  reduceNode: Int32Array;
  reduceStart: Float64Array;
  reduceProgress: Float64Array;
  reducePreemptions: Int32Array;
  /** Current attempt, −1 if none. */
  reduceAttempt: Int32Array;
  /** Bytes fetched (network on). */
  reduceFetched: Float64Array;
  /** Node holding the reduce's fetched data (moves with a migration), −1 if none. */
  reduceDataNode: Int32Array;
  /** 1 once the reduce fetched its whole partition (kept across work-conserving preemption). */
  reduceShuffleDone: Uint8Array;
  reduces: ReduceTask[];
  /**
   * Without a network: completed map output per node, the nodes holding some, and the
   * partition weight of the reduces not launched yet (which have not fetched it).
   */
  outputOnNode: Float64Array | undefined = undefined;
  readonly outputNodes: number[] = [];
  pendingWeight = 1;
  /** Map outputs by source node and each reduce's fetch position (network on, reduces > 0). */
  shuffle: JobShuffle | undefined = undefined;
  #weights: Float64Array | undefined;
  /** Pending and suspended reduces, the suspended ones first. */
  readonly waiting: WaitingReduces;
  runningReduceList: ReduceTask[] = [];
  #positionRunningReduce: Int32Array;

  // ---- counters
  pendingMapCount: number;
  runningMapCount = 0;
  completedMapCount = 0;
  pendingReduceCount: number;
  runningReduceCount = 0;
  suspendedReduceCount = 0;
  completedReduceCount = 0;
  completedMapInputBytes = 0;
  completedMapOutputBytes = 0;
  outputOnRack: Float64Array;
  #inputOnRack: Float64Array | undefined;
  reducesOnRackCount: Int32Array;
  reducesReady: boolean;
  /** Completed maps needed before reduces may launch: ceil(slowstart × maps), as Hadoop. */
  readonly reducesNeeded: number;
  firstReduceTime: Seconds | undefined = undefined;

  // ---- bookkeeping for metrics
  firstLaunchTime = Number.NaN;
  mapPhaseEnd = Number.NaN;
  mapProgressAtFirstReduce = Number.NaN;
  predictedRatioAtFirstReduce = Number.NaN;
  /** Sum over reduces of max(0, first launch − map phase end), counted as they launch. */
  reduceWaitSum = 0;
  /** Sum and count over reduces of first launch → end of their shuffle (first time, unpreempted). */
  shufflePhaseSum = 0;
  shufflePhaseCount = 0;
  /** Reduces whose first launch was before the map phase ended (wait 0). */
  reducesLaunchedEarly = 0;
  reduceFirstLaunched: Uint8Array;
  localMaps = 0;
  rackLocalMaps = 0;
  remoteMaps = 0;
  preemptionCount = 0;
  duplicatesLaunched = 0;
  /** Shuffle bytes that crossed each rack's uplink and downlink (Shadow eq. 6–7, measured). */
  shuffleUp: Float64Array;
  shuffleDown: Float64Array;
  crossRackShuffleBytes = 0;
  /** Map input bytes read from a replica in another rack. */
  crossRackMapInputBytes = 0;

  constructor(
    readonly engine: EngineContext,
    readonly index: number,
    readonly spec: JobSpec,
    readonly userState: UserState,
    replicas: Int32Array,
    replication: number,
  ) {
    super({
      id: index as JobId,
      user: spec.user,
      queue: spec.queue,
      // A job held back by its dependencies is submitted when released (now).
      submitTime: Math.max(spec.submitTime, engine.now),
      inputBytes: spec.inputBytes,
      signature: spec.signature,
      declaredShuffleRatio: spec.declaredShuffleRatio,
      mapCount: spec.mapCount,
      reduceCount: spec.reduceCount,
      mapDemand: spec.mapDemand ?? engine.parameters.defaultTaskDemand,
      reduceDemand: spec.reduceDemand ?? engine.parameters.defaultTaskDemand,
    });
    const parameters = engine.parameters;
    this.shuffleBytes = spec.shuffleBytes;
    this.outputBytes = spec.outputBytes;
    this.blockBytes = spec.blockBytes;
    this.replication = replication;
    this.replicas = replicas;

    const m = spec.mapCount;
    this.mapState = new Uint8Array(m);
    this.mapOutputNode = new Int32Array(m).fill(-1);
    this.mapStart = new Float64Array(m).fill(Number.NaN);
    this.mapAttempt = new Int32Array(m).fill(-1);
    this.#positionRunning = new Int32Array(m).fill(-1);
    const maps: MapTask[] = new Array(m);
    for (let i = 0; i < m; i++) {
      maps[i] = new MapTask(this, i);
    }
    this.maps = maps;
    this.pending = new PendingMaps(
      maps,
      replicas,
      replication,
      engine.rackOfNode,
      engine.nodeCount,
      engine.rackCount,
    );
    this.pendingMapCount = m;

    const r = spec.reduceCount;
    this.reduceState = new Uint8Array(r);
    this.reduceNode = new Int32Array(r).fill(-1);
    this.reduceStart = new Float64Array(r).fill(Number.NaN);
    this.reduceProgress = new Float64Array(r);
    this.reducePreemptions = new Int32Array(r);
    this.reduceAttempt = new Int32Array(r).fill(-1);
    this.reduceFetched = new Float64Array(r);
    this.reduceFirstLaunched = new Uint8Array(r);
    this.reduceDataNode = new Int32Array(r).fill(-1);
    this.reduceShuffleDone = new Uint8Array(r);
    this.#positionRunningReduce = new Int32Array(r).fill(-1);
    const reduces: ReduceTask[] = new Array(r);
    for (let i = 0; i < r; i++) {
      reduces[i] = new ReduceTask(this, i);
    }
    this.reduces = reduces;
    this.waiting = new WaitingReduces(reduces);
    this.pendingReduceCount = r;
    this.#weights = partitionWeights(r, spec.recorded?.reduceInputBytes, parameters.partitionSkew);

    const racks = engine.rackCount;
    this.outputOnRack = new Float64Array(racks);
    this.reducesOnRackCount = new Int32Array(racks);
    this.shuffleUp = new Float64Array(racks);
    this.shuffleDown = new Float64Array(racks);
    this.reducesNeeded = Math.ceil(parameters.mapCompletionThreshold * m);
    this.reducesReady = r > 0 && this.reducesNeeded === 0;
  }

  // ---------------------------------------------------------------- sizes

  /** Input of map i: as recorded, else a full block but for the last map, which reads the remainder. */
  mapInputBytes(i: number): Bytes {
    const recorded = this.spec.recorded?.mapInputBytes;
    if (recorded !== undefined) return recorded[i]!;
    if (this.inputBytes <= 0) return 0;
    return i < this.mapCount - 1 ? this.blockBytes : this.inputBytes - (this.mapCount - 1) * this.blockBytes;
  }

  /** True output of map i: as recorded, else the job's shuffle bytes in proportion to the map's input. */
  trueMapOutput(i: number): Bytes {
    const recorded = this.spec.recorded?.mapOutputBytes;
    if (recorded !== undefined) return recorded[i]!;
    if (this.inputBytes <= 0) return this.shuffleBytes / this.mapCount;
    return (this.shuffleBytes * this.mapInputBytes(i)) / this.inputBytes;
  }

  /** Share of every map output that reduce r receives. */
  reduceWeight(r: number): number {
    return this.#weights === undefined ? 1 / this.reduceCount : this.#weights[r]!;
  }

  reduceFetchedBytes(r: number): Bytes {
    if (this.engine.parameters.network) return this.reduceFetched[r]!;
    const state = this.reduceState[r];
    if (state === PENDING) return 0;
    if (state === COMPLETED) return this.reduceWeight(r) * this.shuffleBytes;
    return this.reduceWeight(r) * this.completedMapOutputBytes;
  }

  // ---------------------------------------------------------------- JobView

  count(kind: TaskKind, state: TaskState): number {
    if (kind === 'map') {
      switch (state) {
        case 'pending':
          return this.pendingMapCount;
        case 'running':
          return this.runningMapCount;
        case 'completed':
          return this.completedMapCount;
        default:
          return 0;
      }
    }
    switch (state) {
      case 'pending':
        return this.pendingReduceCount;
      case 'running':
        return this.runningReduceCount;
      case 'suspended':
        return this.suspendedReduceCount;
      default:
        return this.completedReduceCount;
    }
  }

  mapOutputOnRack(rack: RackId): Bytes {
    return this.outputOnRack[rack] ?? 0;
  }

  inputOnRack(rack: RackId): Bytes {
    if (this.#inputOnRack === undefined) {
      const racks = new Float64Array(this.engine.rackCount);
      const rackOf = this.engine.rackOfNode;
      const rep = this.replication;
      const seen = new Int32Array(rep);
      for (let i = 0; i < this.mapCount; i++) {
        const bytes = this.mapInputBytes(i);
        let distinct = 0;
        for (let k = 0; k < rep; k++) {
          const node = this.replicas[i * rep + k]!;
          if (node < 0) continue;
          const rack = rackOf[node]!;
          let dup = false;
          for (let d = 0; d < distinct; d++) if (seen[d] === rack) dup = true;
          if (dup) continue;
          seen[distinct++] = rack;
          racks[rack]! += bytes;
        }
      }
      this.#inputOnRack = racks;
    }
    return this.#inputOnRack[rack] ?? 0;
  }

  reducesOnRack(rack: RackId): number {
    return this.reducesOnRackCount[rack] ?? 0;
  }

  pendingMapsOnNode(node: NodeId): readonly MapTask[] {
    return this.pending.onNode(node);
  }

  pendingMapsOnRack(rack: RackId): readonly MapTask[] {
    return this.pending.onRack(rack);
  }

  pendingMaps(): readonly MapTask[] {
    return this.pending.all;
  }

  runningMaps(): readonly MapTask[] {
    return this.runningMapList;
  }

  waitingReduces(): readonly ReduceTask[] {
    return this.waiting.list;
  }

  runningReduces(): readonly ReduceTask[] {
    return this.runningReduceList;
  }

  map(index: number): MapTask {
    const task = this.maps[index];
    if (task === undefined) {
      throw new Error(`job ${this.id}: map index must be an integer in [0, ${this.mapCount}), got ${index}`);
    }
    return task;
  }

  reduce(index: number): ReduceTask {
    const task = this.reduces[index];
    if (task === undefined) {
      throw new Error(
        `job ${this.id}: reduce index must be an integer in [0, ${this.reduceCount}), got ${index}`,
      );
    }
    return task;
  }

  // ---------------------------------------------------------------- maps: pending / running

  /** Whether node holds a replica of map i's block. */
  hasReplicaOn(i: number, node: number): boolean {
    const rep = this.replication;
    for (let k = 0; k < rep; k++) if (this.replicas[i * rep + k] === node) return true;
    return false;
  }

  /** Takes map i out of the pending lists (it launches). */
  removePending(i: number): void {
    this.pending.remove(i);
    this.pendingMapCount--;
  }

  addRunningMap(i: number): void {
    appendIndexed(this.runningMapList, this.#positionRunning, this.maps[i]!);
  }

  removeRunningMap(i: number): void {
    removeIndexed(this.runningMapList, this.#positionRunning, i);
  }

  // ---------------------------------------------------------------- reduces: waiting / running

  addRunningReduce(r: number): void {
    appendIndexed(this.runningReduceList, this.#positionRunningReduce, this.reduces[r]!);
  }

  removeRunningReduce(r: number): void {
    removeIndexed(this.runningReduceList, this.#positionRunningReduce, r);
  }

  /** Reduces that wait for a slot and may take one now. */
  get launchableReduces(): number {
    return this.reducesReady ? this.pendingReduceCount + this.suspendedReduceCount : 0;
  }

  /** Whether every map and reduce completed. */
  get done(): boolean {
    return this.completedMapCount === this.mapCount && this.completedReduceCount === this.reduceCount;
  }
}
