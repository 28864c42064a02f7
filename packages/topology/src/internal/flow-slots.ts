import { BundleHeaps } from './bundle-heaps.js';
import { sortBySeq } from './flow-arguments.js';
import { CompletionBatch, type MutableStats, type SolveSchedule } from './solve-schedule.js';
import { growFloat64, growInt32, growUint8 } from './typed-arrays.js';
import { describe } from './validate.js';

const FREE = 0;
/** Added since the last solve: waits at rate 0 outside every bundle. */
const PENDING = 1;
/** In a bundle: moves at the bundle's rate. */
const BUNDLED = 2;
/** Zero-size or link-less: reported by the next `takeCompleted`, never solved. */
const INSTANT = 3;

/**
 * The flows of a network that solves bundles of them (`BundledFlowNetwork`,
 * `TwoTierFlowNetwork`), as struct-of-arrays slots that double when full, freed slots
 * reused first. A flow is pending (added since the last solve, its path kept until it
 * joins a bundle), bundled (in its bundle's heap, by the reading of the bundle's clock at
 * which it is done) or instant (reported by the next `takeCompleted`). The networks keep
 * the bundles; this keeps the flows, the per-bundle heaps of them and the counts the
 * stats read, and marks the solve schedule when the flows to solve change.
 */
export class FlowSlots {
  capacity = 0;
  state: Uint8Array = new Uint8Array(0);
  bundle: Int32Array = new Int32Array(0);
  /** Bundled: the reading of its bundle's clock at which the flow is done; pending: its size. */
  finish: Float64Array = new Float64Array(0);
  /** Order of adding, for ties. */
  seq: Float64Array = new Float64Array(0);
  tag: Float64Array = new Float64Array(0);
  /** A pending flow's links, `stride` entries a slot. */
  pathLinks: Int32Array = new Int32Array(0);
  pathLength: Uint8Array = new Uint8Array(0);
  /** Each bundle's flows, first to finish first. */
  readonly heaps = new BundleHeaps();
  readonly instant: number[] = [];
  pendingCount = 0;
  bundledCount = 0;

  private pending: Int32Array = new Int32Array(0);
  /** Pending flows: position in `pending`. */
  private pendingPos: Int32Array = new Int32Array(0);
  private free: Int32Array = new Int32Array(0);
  private freeCount = 0;
  private highWater = 0;
  private nextSeq = 0;
  private readonly batch = new CompletionBatch();

  /**
   * `stride`: the most links a path has; a flow under `tolerance` bytes is instant;
   * `stats`: where `flowsAdded` and `peakActiveFlows` count.
   */
  constructor(
    private readonly stride: number,
    private readonly tolerance: number,
    private readonly stats: MutableStats,
    private readonly schedule: SolveSchedule,
  ) {}

  get activeCount(): number {
    return this.bundledCount + this.pendingCount + this.instant.length;
  }

  /**
   * A new flow of `bytes` over the first `k` of `links` (checked): instant if link-less or
   * under the tolerance, else pending. Returns its slot.
   */
  add(links: ArrayLike<number>, k: number, bytes: number, tag: number): number {
    const flow = this.allocate();
    this.seq[flow] = this.nextSeq++;
    this.tag[flow] = tag;
    const stats = this.stats;
    stats.flowsAdded++;
    if (k === 0 || bytes < this.tolerance) {
      this.state[flow] = INSTANT;
      this.finish[flow] = 0;
      this.instant.push(flow);
      return flow;
    }
    this.state[flow] = PENDING;
    this.finish[flow] = bytes;
    this.pathLength[flow] = k;
    const base = flow * this.stride;
    for (let j = 0; j < k; j++) this.pathLinks[base + j] = links[j]!;
    this.pendingPos[flow] = this.pendingCount;
    this.pending[this.pendingCount++] = flow;
    const count = this.bundledCount + this.pendingCount;
    if (count > stats.peakActiveFlows) stats.peakActiveFlows = count;
    this.schedule.dirty = true;
    return flow;
  }

  /** The last pending flow, off the pending list; only while `pendingCount` > 0. */
  popPending(): number {
    return this.pending[--this.pendingCount]!;
  }

  /** Pending `flow` joins bundle b, whose clock reads `clock`: it is done at `clock` + its size. */
  join(flow: number, b: number, clock: number): void {
    this.finish[flow] = clock + this.finish[flow]!;
    this.bundle[flow] = b;
    this.state[flow] = BUNDLED;
    this.pendingPos[flow] = -1;
    this.heaps.push(b, flow);
    this.bundledCount++;
  }

  /** `count` flows have left their bundle (and its heap). */
  leave(count: number): void {
    this.bundledCount -= count;
    this.schedule.dirty = true;
  }

  /** Takes an instant or pending flow off its list (a bundled one is its network's to take out). */
  unlist(flow: number): void {
    if (this.state[flow] === INSTANT) {
      this.instant.splice(this.instant.indexOf(flow), 1);
      return;
    }
    const at = this.pendingPos[flow]!;
    const moved = this.pending[--this.pendingCount]!;
    this.pending[at] = moved;
    this.pendingPos[moved] = at;
    this.pendingPos[flow] = -1;
  }

  release(flow: number): void {
    this.state[flow] = FREE;
    this.free[this.freeCount++] = flow;
  }

  /** An active flow's bundle, -1 while it is pending or instant; throws, naming `method`, for any other flow. */
  bundleOf(flow: number, method: string): number {
    const state = Number.isInteger(flow) && flow >= 0 && flow < this.capacity ? this.state[flow]! : 0;
    if (state === FREE) throw new Error(`${method}: flow ${describe(flow)} is not an active flow`);
    return state === BUNDLED ? this.bundle[flow]! : -1;
  }

  /** Bytes an active flow has left, its bundle's clock reading `clock` if it is in one. */
  left(flow: number, clock: number): number {
    const state = this.state[flow]!;
    if (state === INSTANT) return 0;
    if (state === PENDING) return this.finish[flow]!;
    const left = this.finish[flow]! - clock;
    return left > 0 ? left : 0;
  }

  /** The batch of a `takeCompleted`, emptied and holding the instant flows. */
  openBatch(): CompletionBatch {
    const batch = this.batch;
    batch.count = 0;
    for (const flow of this.instant) batch.push(flow);
    this.instant.length = 0;
    return batch;
  }

  /** Frees the batch's flows and reports them to `fn` in the order they were added. */
  closeBatch(fn: (flow: number, tag: number) => void): void {
    const { flows, tags, count } = this.batch;
    sortBySeq(flows, count, this.seq);
    for (let i = 0; i < count; i++) {
      const flow = flows[i]!;
      tags[i] = this.tag[flow]!;
      this.release(flow);
    }
    for (let i = 0; i < count; i++) fn(flows[i]!, tags[i]!);
  }

  private allocate(): number {
    if (this.freeCount > 0) return this.free[--this.freeCount]!;
    if (this.highWater === this.capacity) this.grow(Math.max(64, this.capacity * 2));
    return this.highWater++;
  }

  private grow(capacity: number): void {
    this.state = growUint8(this.state, capacity);
    this.bundle = growInt32(this.bundle, capacity);
    this.finish = growFloat64(this.finish, capacity);
    this.seq = growFloat64(this.seq, capacity);
    this.tag = growFloat64(this.tag, capacity);
    this.pathLinks = growInt32(this.pathLinks, capacity * this.stride);
    this.pathLength = growUint8(this.pathLength, capacity);
    this.pendingPos = growInt32(this.pendingPos, capacity, -1);
    this.pending = growInt32(this.pending, capacity);
    this.free = growInt32(this.free, capacity);
    this.heaps.growFlows(capacity);
    this.heaps.keys(this.finish, this.seq);
    this.capacity = capacity;
  }
}
