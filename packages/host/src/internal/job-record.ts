import { SubmittedJob } from '@rackwise/predictor';
import type {
  Bytes,
  JobId,
  JobView,
  NodeId,
  RackId,
  ResourceVector,
  Seconds,
  TaskKind,
  TaskState,
  TopologyView,
  UserId,
} from '@rackwise/types';
import type { JobSubmission } from '../host-events.js';
import { MapRecord, ReduceRecord, insertByIndex, removeFrom } from './task-records.js';

const DEFAULT_DEMAND: ResourceVector = Object.freeze({ vcores: 1, memoryMb: 2048 });
const EMPTY: readonly never[] = Object.freeze([]);

/**
 * One job's state and its `JobView`. Pending maps are kept in ascending index order, in
 * full and by node and rack of their replicas, so the locality look-ups cost nothing.
 */
export class JobRecord extends SubmittedJob implements JobView {
  // Tasks by kind and state, first among the record's own fields (after the submitted ones):
  // a policy's look at a job (its counts, whether its reduces are ready) then reads the
  // job's own object and nothing else.
  #mapsPending = 0;
  #mapsRunning = 0;
  #mapsSuspended = 0;
  #mapsCompleted = 0;
  #reducesPending = 0;
  #reducesRunning = 0;
  #reducesSuspended = 0;
  #reducesCompleted = 0;
  /** Completed maps before the reduces may launch (slowstart). */
  readonly #needed: number;
  readonly maps: MapRecord[];
  readonly reduces: ReduceRecord[];
  completedMapInputBytes: Bytes = 0;
  completedMapOutputBytes: Bytes = 0;
  firstReduceTime: Seconds | undefined = undefined;
  completed = false;
  readonly #pending: MapRecord[];
  /** Pending maps by node and by rack of their replicas, indexed by id (holes where none ever were). */
  readonly #pendingOnNode: (MapRecord[] | undefined)[] = [];
  readonly #pendingOnRack: (MapRecord[] | undefined)[] = [];
  readonly #running: MapRecord[] = [];
  readonly #runningReduces: ReduceRecord[] = [];
  /** Suspended first, then pending, each in index order. */
  readonly #suspended: ReduceRecord[] = [];
  readonly #waitingPending: ReduceRecord[];
  #waiting: ReduceRecord[] | undefined;
  readonly #outputOnRack = new Map<number, Bytes>();
  readonly #inputOnRack = new Map<number, Bytes>();
  /** Completed output by node (the outstanding-output estimate reads it). */
  readonly outputOnNode = new Map<number, Bytes>();

  constructor(
    spec: JobSubmission,
    time: Seconds,
    private readonly topology: TopologyView,
    threshold: number,
  ) {
    super({
      id: spec.id as JobId,
      user: spec.user as UserId,
      queue: spec.queue ?? 'default',
      submitTime: spec.submitTime ?? time,
      inputBytes: spec.maps.reduce((sum, m) => sum + m.inputBytes, 0),
      signature: spec.signature,
      declaredShuffleRatio: spec.declaredShuffleRatio,
      mapCount: spec.maps.length,
      reduceCount: spec.reduces,
      mapDemand: spec.mapDemand ?? DEFAULT_DEMAND,
      reduceDemand: spec.reduceDemand ?? DEFAULT_DEMAND,
    });
    this.maps = spec.maps.map(
      (m, i) => new MapRecord(this.id, i, m.inputBytes, Object.freeze([...m.replicas])),
    );
    const share = spec.reduces > 0 ? 1 / spec.reduces : 0;
    this.reduces = Array.from(
      { length: spec.reduces },
      (_, i) => new ReduceRecord(this.id, i, () => this.completedMapOutputBytes, share),
    );
    this.#needed = Math.ceil(threshold * this.mapCount);
    this.#pending = [...this.maps];
    this.#waitingPending = [...this.reduces];
    for (const map of this.maps) this.#index(map, true);
    this.#mapsPending = this.mapCount;
    this.#reducesPending = this.reduceCount;
    for (const map of this.maps) {
      const racks = new Set(map.replicaNodes.map((n) => topology.rackOf(n)));
      for (const rack of racks)
        this.#inputOnRack.set(rack, (this.#inputOnRack.get(rack) ?? 0) + map.inputBytes);
    }
  }

  get reducesReady(): boolean {
    return this.reduceCount > 0 && this.#mapsCompleted >= this.#needed;
  }

  count(kind: TaskKind, state: TaskState): number {
    const map = kind === 'map';
    switch (state) {
      case 'pending':
        return map ? this.#mapsPending : this.#reducesPending;
      case 'running':
        return map ? this.#mapsRunning : this.#reducesRunning;
      case 'suspended':
        return map ? this.#mapsSuspended : this.#reducesSuspended;
      case 'completed':
        return map ? this.#mapsCompleted : this.#reducesCompleted;
      default:
        return 0;
    }
  }

  mapOutputOnRack(rack: RackId): Bytes {
    return this.#outputOnRack.get(rack) ?? 0;
  }

  inputOnRack(rack: RackId): Bytes {
    return this.#inputOnRack.get(rack) ?? 0;
  }

  /** Running, suspended there or completed; a reduce sent back to pending counts nowhere (as in the engine). */
  reducesOnRack(rack: RackId): number {
    let n = 0;
    for (const r of this.reduces)
      if (r.state !== 'pending' && r.node !== undefined && this.topology.rackOf(r.node) === rack) n++;
    return n;
  }

  pendingMapsOnNode(node: NodeId): readonly MapRecord[] {
    return this.#pendingOnNode[node] ?? EMPTY;
  }

  pendingMapsOnRack(rack: RackId): readonly MapRecord[] {
    return this.#pendingOnRack[rack] ?? EMPTY;
  }

  pendingMaps(): readonly MapRecord[] {
    return this.#pending;
  }

  runningMaps(): readonly MapRecord[] {
    return this.#running;
  }

  waitingReduces(): readonly ReduceRecord[] {
    this.#waiting ??= [...this.#suspended, ...this.#waitingPending];
    return this.#waiting;
  }

  runningReduces(): readonly ReduceRecord[] {
    return this.#runningReduces;
  }

  map(index: number): MapRecord {
    const task = this.maps[index];
    if (task === undefined) throw new Error(`job ${this.id}: no map ${String(index)}`);
    return task;
  }

  reduce(index: number): ReduceRecord {
    const task = this.reduces[index];
    if (task === undefined) throw new Error(`job ${this.id}: no reduce ${String(index)}`);
    return task;
  }

  /** Moves a task between states, keeping counts and lists. */
  setMapState(map: MapRecord, state: TaskState): void {
    this.#shift('map', map.state, state);
    if (map.state === 'pending') this.#index(map, false);
    if (map.state === 'running') removeFrom(this.#running, map);
    map.state = state;
    if (state === 'pending') {
      insertByIndex(this.#pending, map);
      this.#index(map, true, true);
    }
    if (state === 'running') insertByIndex(this.#running, map);
  }

  setReduceState(reduce: ReduceRecord, state: TaskState): void {
    this.#shift('reduce', reduce.state, state);
    this.#waiting = undefined;
    if (reduce.state === 'pending') removeFrom(this.#waitingPending, reduce);
    if (reduce.state === 'suspended') removeFrom(this.#suspended, reduce);
    if (reduce.state === 'running') removeFrom(this.#runningReduces, reduce);
    reduce.state = state;
    if (state === 'pending') insertByIndex(this.#waitingPending, reduce);
    if (state === 'suspended') insertByIndex(this.#suspended, reduce);
    if (state === 'running') insertByIndex(this.#runningReduces, reduce);
  }

  /** A map completed with its output on `node`. */
  addOutput(map: MapRecord, node: NodeId, bytes: Bytes): void {
    this.completedMapInputBytes += map.inputBytes;
    this.completedMapOutputBytes += bytes;
    const rack = this.topology.rackOf(node);
    this.#outputOnRack.set(rack, (this.#outputOnRack.get(rack) ?? 0) + bytes);
    this.outputOnNode.set(node, (this.outputOnNode.get(node) ?? 0) + bytes);
  }

  /** Σ bytes fetched by its reduces (the outstanding-output estimate reads it). */
  fetchedBytes(): Bytes {
    let sum = 0;
    for (const r of this.reduces) sum += r.fetchedBytes;
    return sum;
  }

  #shift(kind: TaskKind, from: TaskState, to: TaskState): void {
    this.#add(kind, from, -1);
    this.#add(kind, to, 1);
  }

  /** Adds to the count of a kind and state; a state that is not one counts nothing. */
  #add(kind: TaskKind, state: TaskState, delta: number): void {
    if (kind === 'map') {
      if (state === 'pending') this.#mapsPending += delta;
      else if (state === 'running') this.#mapsRunning += delta;
      else if (state === 'suspended') this.#mapsSuspended += delta;
      else if (state === 'completed') this.#mapsCompleted += delta;
    } else if (state === 'pending') this.#reducesPending += delta;
    else if (state === 'running') this.#reducesRunning += delta;
    else if (state === 'suspended') this.#reducesSuspended += delta;
    else if (state === 'completed') this.#reducesCompleted += delta;
  }

  #index(map: MapRecord, add: boolean, sorted = false): void {
    const nodes = map.replicaNodes;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i]!;
      this.#edit(this.#pendingOnNode, node, map, add, sorted);
      const rack = this.topology.rackOf(node);
      // Each rack once: skip a rack an earlier replica is on.
      let seen = false;
      for (let j = 0; j < i && !seen; j++) seen = this.topology.rackOf(nodes[j]!) === rack;
      if (!seen) this.#edit(this.#pendingOnRack, rack, map, add, sorted);
    }
    if (!add) removeFrom(this.#pending, map);
  }

  #edit(
    index: (MapRecord[] | undefined)[],
    key: number,
    map: MapRecord,
    add: boolean,
    sorted: boolean,
  ): void {
    let list = index[key];
    if (list === undefined) {
      if (!add) return;
      list = [];
      index[key] = list;
    }
    if (!add) removeFrom(list, map);
    else if (sorted) insertByIndex(list, map);
    else list.push(map);
  }
}
