import type {
  Bytes,
  Fraction,
  JobId,
  JobView,
  MapTaskView,
  NodeId,
  RackId,
  ReduceTaskView,
  ResourceVector,
  Seconds,
  TaskKind,
  TaskState,
  TopologyView,
  UserId,
} from '@rackwise/types';

/** Mutable state of one map, seen by policies as a `MapTaskView`. */
export class TestMapTask implements MapTaskView {
  readonly kind = 'map' as const;
  state: TaskState = 'pending';
  runningOn: NodeId[] = [];
  outputNode: NodeId | undefined = undefined;
  outputBytes: Bytes | undefined = undefined;
  startTime: Seconds | undefined = undefined;
  progress: Fraction = 0;
  constructor(
    readonly job: JobId,
    readonly index: number,
    readonly inputBytes: Bytes,
    readonly replicaNodes: readonly NodeId[],
  ) {}
}

/** Mutable state of one reduce, seen by policies as a `ReduceTaskView`. */
export class TestReduceTask implements ReduceTaskView {
  readonly kind = 'reduce' as const;
  state: TaskState = 'pending';
  node: NodeId | undefined = undefined;
  startTime: Seconds | undefined = undefined;
  completedFetch = false;
  reduceProgress: Fraction = 0;
  preemptions = 0;
  constructor(
    private readonly owner: TestJob,
    readonly job: JobId,
    readonly index: number,
  ) {}
  /** Its share of every completed map's output. */
  get availableBytes(): Bytes {
    return this.owner.reduceCount === 0 ? 0 : this.owner.completedMapOutputBytes / this.owner.reduceCount;
  }
  /** The test cluster's fetch model: nothing fetched until the reduce completes. */
  get fetchedBytes(): Bytes {
    return this.state === 'completed' ? this.availableBytes : 0;
  }
}

/** Everything a test job needs at construction, validated by the cluster. */
export interface TestJobInit {
  readonly id: JobId;
  readonly user: UserId;
  readonly queue: string;
  readonly submitTime: Seconds;
  readonly signature: string | undefined;
  readonly declaredShuffleRatio: number | undefined;
  readonly maps: readonly { readonly inputBytes: Bytes; readonly replicas: readonly NodeId[] }[];
  readonly reduceCount: number;
  readonly mapDemand: ResourceVector;
  readonly reduceDemand: ResourceVector;
  readonly topology: TopologyView;
  readonly mapCompletionThreshold: number;
}

/**
 * One job of the test cluster: a plain, scan-everything implementation of `JobView`.
 * Every look-up walks the task arrays, so it is obviously right and slow on purpose.
 */
export class TestJob implements JobView {
  readonly id: JobId;
  readonly user: UserId;
  readonly queue: string;
  readonly submitTime: Seconds;
  readonly signature: string | undefined;
  readonly declaredShuffleRatio: number | undefined;
  readonly mapDemand: ResourceVector;
  readonly reduceDemand: ResourceVector;
  readonly inputBytes: Bytes;
  readonly maps: readonly TestMapTask[];
  readonly reduces: readonly TestReduceTask[];
  firstReduceTime: Seconds | undefined = undefined;
  completionTime: Seconds | undefined = undefined;
  private readonly topology: TopologyView;
  private readonly threshold: number;

  constructor(init: TestJobInit) {
    this.id = init.id;
    this.user = init.user;
    this.queue = init.queue;
    this.submitTime = init.submitTime;
    this.signature = init.signature;
    this.declaredShuffleRatio = init.declaredShuffleRatio;
    this.mapDemand = init.mapDemand;
    this.reduceDemand = init.reduceDemand;
    this.topology = init.topology;
    this.threshold = init.mapCompletionThreshold;
    this.maps = init.maps.map(
      (m, i) => new TestMapTask(init.id, i, m.inputBytes, Object.freeze([...m.replicas])),
    );
    this.reduces = Array.from({ length: init.reduceCount }, (_, i) => new TestReduceTask(this, init.id, i));
    this.inputBytes = this.maps.reduce((sum, m) => sum + m.inputBytes, 0);
  }

  get mapCount(): number {
    return this.maps.length;
  }
  get reduceCount(): number {
    return this.reduces.length;
  }
  get completed(): boolean {
    return this.completionTime !== undefined;
  }

  count(kind: TaskKind, state: TaskState): number {
    const tasks: readonly { readonly state: TaskState }[] = kind === 'map' ? this.maps : this.reduces;
    return tasks.filter((t) => t.state === state).length;
  }
  get completedMapInputBytes(): Bytes {
    return this.completedMaps().reduce((sum, m) => sum + m.inputBytes, 0);
  }
  get completedMapOutputBytes(): Bytes {
    return this.completedMaps().reduce((sum, m) => sum + (m.outputBytes ?? 0), 0);
  }
  mapOutputOnRack(rack: RackId): Bytes {
    return this.completedMaps()
      .filter((m) => m.outputNode !== undefined && this.topology.rackOf(m.outputNode) === rack)
      .reduce((sum, m) => sum + (m.outputBytes ?? 0), 0);
  }
  inputOnRack(rack: RackId): Bytes {
    return this.maps
      .filter((m) => m.replicaNodes.some((n) => this.topology.rackOf(n) === rack))
      .reduce((sum, m) => sum + m.inputBytes, 0);
  }
  reducesOnRack(rack: RackId): number {
    return this.reduces.filter(
      (r) => r.state !== 'pending' && r.node !== undefined && this.topology.rackOf(r.node) === rack,
    ).length;
  }
  get reducesReady(): boolean {
    return this.count('map', 'completed') >= this.threshold * this.mapCount;
  }
  pendingMapsOnNode(node: NodeId): readonly MapTaskView[] {
    return this.maps.filter((m) => m.state === 'pending' && m.replicaNodes.includes(node));
  }
  pendingMapsOnRack(rack: RackId): readonly MapTaskView[] {
    return this.maps.filter(
      (m) => m.state === 'pending' && m.replicaNodes.some((n) => this.topology.rackOf(n) === rack),
    );
  }
  pendingMaps(): readonly MapTaskView[] {
    return this.maps.filter((m) => m.state === 'pending');
  }
  runningMaps(): readonly MapTaskView[] {
    return this.maps.filter((m) => m.state === 'running');
  }
  waitingReduces(): readonly ReduceTaskView[] {
    return [
      ...this.reduces.filter((r) => r.state === 'suspended'),
      ...this.reduces.filter((r) => r.state === 'pending'),
    ];
  }
  runningReduces(): readonly ReduceTaskView[] {
    return this.reduces.filter((r) => r.state === 'running');
  }
  map(index: number): TestMapTask {
    const task = this.maps[index];
    if (task === undefined) {
      throw new Error(`job ${this.id} has no map ${index} (it has ${this.mapCount})`);
    }
    return task;
  }
  reduce(index: number): TestReduceTask {
    const task = this.reduces[index];
    if (task === undefined) {
      throw new Error(`job ${this.id} has no reduce ${index} (it has ${this.reduceCount})`);
    }
    return task;
  }
  private completedMaps(): readonly TestMapTask[] {
    return this.maps.filter((m) => m.state === 'completed');
  }
}
