import type {
  Bytes,
  ClusterView,
  JobId,
  JobView,
  NetworkView,
  NodeId,
  ShufflePredictor,
  SlotKind,
  TaskKind,
  TopologyView,
  UserId,
  UserView,
} from '@rackwise/types';
import type { JobRecord } from './job-record.js';
import type { MapRecord, ReduceRecord } from './task-records.js';
import type { UserMoves } from './user-moves.js';

/** One user's jobs and running tasks. */
export class UserRecord implements UserView {
  readonly jobs: JobRecord[] = [];
  readonly #running = { map: 0, reduce: 0 };
  /** Moves with every event about one of the user's jobs (`UserView.version`). */
  version = 0;

  constructor(readonly id: UserId) {}

  running(kind: TaskKind): number {
    return this.#running[kind];
  }

  adjust(kind: TaskKind, delta: number): void {
    this.#running[kind] += delta;
  }
}

const KINDS: readonly SlotKind[] = ['map', 'reduce', 'container'];

/** The state a view reads; `HostState` holds it. */
export interface ViewSource {
  now: number;
  /** Moves with every event applied (`ClusterView.stateVersion`). */
  stateVersion: number;
  /** The user each step of `stateVersion` moved (`ClusterView.usersChangedSince`). */
  readonly moves: UserMoves;
  readonly topology: TopologyView;
  readonly network: NetworkView;
  readonly predictor: ShufflePredictor;
  readonly mapCompletionThreshold: number;
  /** Free slots, kind-major: map, reduce, container × nodes. */
  readonly free: Int32Array;
  readonly mapsOn: MapRecord[][];
  readonly reducesOn: ReduceRecord[][];
  readonly running: { map: number; reduce: number };
  readonly active: JobRecord[];
  readonly activeUsers: UserRecord[];
  /** Active jobs by id (a completed job's record is dropped once its policies were told). */
  readonly jobs: Map<number, JobRecord>;
  /** Ids of the completed jobs, so that an id is never taken twice. */
  readonly completedJobs: Set<number>;
  readonly users: Map<number, UserRecord>;
}

/** Index of a slot kind in `free`. */
export function kindIndex(kind: SlotKind): number {
  const k = KINDS.indexOf(kind);
  if (k < 0)
    throw new Error(`cluster view: slot kind must be 'map', 'reduce' or 'container', got ${String(kind)}`);
  return k;
}

/** The `ClusterView` of a host state: every method reads the live state. */
export class HostView implements ClusterView {
  constructor(private readonly s: ViewSource) {}

  get now(): number {
    return this.s.now;
  }
  get stateVersion(): number {
    return this.s.stateVersion;
  }
  usersChangedSince(since: number): readonly UserId[] | undefined {
    return this.s.moves.since(since, this.s.stateVersion);
  }
  get topology(): TopologyView {
    return this.s.topology;
  }
  get network(): NetworkView {
    return this.s.network;
  }
  get predictor(): ShufflePredictor {
    return this.s.predictor;
  }
  get mapCompletionThreshold(): number {
    return this.s.mapCompletionThreshold;
  }

  freeSlots(node: NodeId, kind: SlotKind): number {
    return this.s.free[kindIndex(kind) * this.s.topology.nodeCount + this.#node(node)]!;
  }

  /** Slots of each kind in the whole cluster, summed when first asked (the topology is fixed). */
  readonly #totals: (number | undefined)[] = [undefined, undefined, undefined];

  totalSlots(kind: SlotKind): number {
    const k = kindIndex(kind);
    let sum = this.#totals[k];
    if (sum === undefined) {
      sum = 0;
      for (let n = 0; n < this.s.topology.nodeCount; n++) sum += this.s.topology.slotsOf(n as NodeId, kind);
      this.#totals[k] = sum;
    }
    return sum;
  }

  runningCount(kind: TaskKind): number {
    return this.s.running[kind];
  }

  runningMapsOn(node: NodeId): readonly MapRecord[] {
    return this.s.mapsOn[this.#node(node)]!;
  }

  runningReducesOn(node: NodeId): readonly ReduceRecord[] {
    return this.s.reducesOn[this.#node(node)]!;
  }

  /**
   * Completed map output on the node not fetched yet. The host reports how much each
   * reduce fetched, not from where, so a job's unfetched share is spread over its output
   * nodes in proportion to the output each holds.
   */
  outstandingMapOutput(node: NodeId): Bytes {
    this.#node(node);
    let sum = 0;
    for (const job of this.s.active) {
      const here = job.outputOnNode.get(node);
      if (here === undefined || here === 0 || job.reduceCount === 0) continue;
      const total = job.completedMapOutputBytes;
      const left = total > 0 ? Math.max(0, 1 - job.fetchedBytes() / total) : 0;
      sum += here * left;
    }
    return sum;
  }

  activeJobs(): readonly JobView[] {
    return this.s.active;
  }

  activeUsers(): readonly UserView[] {
    return this.s.activeUsers;
  }

  job(id: JobId): JobView {
    const job = this.s.jobs.get(id);
    if (job === undefined) {
      const why = this.s.completedJobs.has(id) ? 'has completed' : 'was never submitted';
      throw new Error(`cluster view: job ${String(id)} ${why}`);
    }
    return job;
  }

  user(id: UserId): UserView {
    const user = this.s.users.get(id);
    if (user === undefined) throw new Error(`cluster view: user ${String(id)} has never submitted a job`);
    return user;
  }

  #node(node: number): number {
    if (!(Number.isInteger(node) && node >= 0 && node < this.s.topology.nodeCount)) {
      throw new Error(
        `cluster view: node must be an integer in [0, ${this.s.topology.nodeCount}), got ${String(node)}`,
      );
    }
    return node;
  }
}
