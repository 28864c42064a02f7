import type { Topology } from '@rackwise/topology';
import type {
  Bytes,
  ClusterView,
  JobId,
  JobView,
  MapTaskView,
  NetworkView,
  NodeId,
  ReduceTaskView,
  Seconds,
  ShufflePredictor,
  SlotKind,
  TaskKind,
  UserId,
  UserView,
} from '@rackwise/types';
import type { JobRegistry } from './job-registry.js';
import type { OutstandingOutput } from './outstanding-output.js';
import type { SlotLedger } from './slot-ledger.js';
import type { StateVersion } from './state-version.js';

/** The engine state a cluster view reads. */
export interface ClusterViewSource {
  readonly now: Seconds;
  readonly topology: Topology;
  readonly monitor: NetworkView;
  readonly predictor: ShufflePredictor;
  readonly mapCompletionThreshold: number;
  readonly slots: SlotLedger;
  readonly changes: StateVersion;
  readonly outstanding: Pick<OutstandingOutput, 'bytes'>;
  readonly registry: JobRegistry;
}

const NO_USERS: readonly UserId[] = Object.freeze([]);

/** Index of a slot kind in the engine's per-kind arrays. */
export function slotKindIndex(kind: SlotKind): number {
  return kind === 'map' ? 0 : kind === 'reduce' ? 1 : kind === 'container' ? 2 : -1;
}

/**
 * The one `ClusterView` object of a run, reused for every call: its methods read the
 * engine's live state, and arrays it returns are the engine's own (valid during the call).
 */
export class ClusterViewImpl implements ClusterView {
  readonly #slots: SlotLedger;
  readonly #changes: StateVersion;
  readonly #registry: JobRegistry;

  constructor(private readonly source: ClusterViewSource) {
    this.#slots = source.slots;
    this.#changes = source.changes;
    this.#registry = source.registry;
  }

  get now(): Seconds {
    return this.source.now;
  }

  get stateVersion(): number {
    return this.#changes.version;
  }

  usersChangedSince(since: number): readonly UserId[] | undefined {
    const latest = this.#changes.version;
    return latest === since ? NO_USERS : this.#changes.userChanges.since(since, latest);
  }

  get topology(): Topology {
    return this.source.topology;
  }

  get network(): NetworkView {
    return this.source.monitor;
  }

  get predictor(): ShufflePredictor {
    return this.source.predictor;
  }

  get mapCompletionThreshold(): number {
    return this.source.mapCompletionThreshold;
  }

  freeSlots(node: NodeId, kind: SlotKind): number {
    const n = this.#node(node);
    const k = slotKindIndex(kind);
    if (k < 0)
      throw new Error(`cluster view: slot kind must be 'map', 'reduce' or 'container', got ${String(kind)}`);
    // Below zero while a node whose slots were taken away still runs tasks on them.
    return Math.max(0, this.#slots.freeSlotsBy[k * this.source.topology.nodeCount + n]!);
  }

  totalSlots(kind: SlotKind): number {
    const k = slotKindIndex(kind);
    if (k < 0)
      throw new Error(`cluster view: slot kind must be 'map', 'reduce' or 'container', got ${String(kind)}`);
    return this.#slots.totalSlotsBy[k]!;
  }

  runningCount(kind: TaskKind): number {
    return kind === 'map' ? this.#slots.runningMaps : this.#slots.runningReduces;
  }

  runningMapsOn(node: NodeId): readonly MapTaskView[] {
    return this.#slots.nodeMaps[this.#node(node)]!;
  }

  runningReducesOn(node: NodeId): readonly ReduceTaskView[] {
    return this.#slots.nodeReduces[this.#node(node)]!;
  }

  outstandingMapOutput(node: NodeId): Bytes {
    const bytes = this.source.outstanding.bytes[this.#node(node)]!;
    return bytes > 0 ? bytes : 0;
  }

  activeJobs(): readonly JobView[] {
    return this.#registry.activeJobList;
  }

  activeUsers(): readonly UserView[] {
    return this.#registry.activeUserList;
  }

  job(id: JobId): JobView {
    const job = this.#registry.jobs[id];
    if (job === undefined) throw new Error(`cluster view: job ${String(id)} is not active`);
    return job;
  }

  user(id: UserId): UserView {
    const user = this.#registry.users.get(id);
    if (user === undefined) throw new Error(`cluster view: user ${String(id)} has never submitted a job`);
    return user;
  }

  #node(node: number): number {
    const nodes = this.source.topology.nodeCount;
    if (!(Number.isInteger(node) && node >= 0 && node < nodes)) {
      throw new Error(`cluster view: node must be an integer in [0, ${nodes}), got ${String(node)}`);
    }
    return node;
  }
}
