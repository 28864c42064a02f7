import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork } from '../flow-network-types.js';
import type { BundleHeaps } from './bundle-heaps.js';
import { checkAdvance, checkFlowLinks, checkFlowSize, checkLink } from './flow-arguments.js';
import { FlowSlots } from './flow-slots.js';
import { FlowTable } from './flow-table.js';
import { IndexedMinHeap } from './indexed-min-heap.js';
import { PathIndex } from './path-index.js';
import { MAX_LINKS_PER_FLOW, ProgressiveFilling } from './progressive-filling.js';
import {
  type MutableStats,
  SolveSchedule,
  TIME_TOLERANCE,
  countSolve,
  emptyStats,
} from './solve-schedule.js';
import { growFloat64, growInt32 } from './typed-arrays.js';

/** A newly solved rate within this relative distance of the old one is kept (no re-key). */
const RATE_TOLERANCE = 1e-12;

/**
 * The flow network that solves bundles instead of flows (docs/architecture.md §3 "Network").
 *
 * Flows over the same links get the same max-min rate, so the flows of one path form a
 * bundle: one entity of the solver, of weight = its flow count, with one rate (each
 * flow's). A bundle keeps a virtual clock — the bytes each of its flows has delivered
 * since the bundle was formed — and each flow the point on that clock at which it is done
 * (`clock when it joined + its size`); its flows finish in that order, so one heap per
 * bundle and one heap of bundles (keyed by their first finish) give every completion,
 * and a rate change costs one update per bundle, not per flow.
 *
 * Answers equal the per-flow model's (`model: 'per-flow'`, the default and the oracle):
 * a flow added since the last solve waits at rate 0 outside its bundle until the next
 * solve, exactly as a new flow does there, and a flow that leaves frees its share only
 * at the next solve.
 */
export class BundledFlowNetwork implements FlowNetwork {
  now: Seconds = 0;
  readonly stats: MutableStats = emptyStats();

  private readonly capacities: Float64Array;
  private readonly linkCount: number;
  private readonly flows: FlowSlots;
  /** Each bundle's flows by finish (the flow slots' heaps). */
  private readonly heaps: BundleHeaps;
  // ---- bundles: `table.left` is the virtual clock at `table.base`, `table.rate` each flow's rate
  private readonly table: FlowTable;
  private weight: Float64Array = new Float64Array(0);
  private readonly paths = new PathIndex();
  private readonly filling: ProgressiveFilling;
  private readonly completions: IndexedMinHeap;
  private readonly load: Float64Array;
  /** Flows on each link (the sum of its bundles' weights). */
  private readonly linkWeight: Float64Array;
  private active: Int32Array = new Int32Array(0);
  private activePos: Int32Array = new Int32Array(0);
  private activeCount = 0;
  private changed: Int32Array = new Int32Array(0);
  private readonly sortedLinks = new Int32Array(MAX_LINKS_PER_FLOW);
  private readonly schedule: SolveSchedule;

  constructor(
    capacities: Float64Array,
    resolveInterval: Seconds,
    private readonly tolerance: Bytes,
    effectiveCapacity?: (link: number, capacity: number, flows: number) => number,
  ) {
    this.capacities = Float64Array.from(capacities);
    this.schedule = new SolveSchedule(resolveInterval);
    this.flows = new FlowSlots(MAX_LINKS_PER_FLOW, tolerance, this.stats, this.schedule);
    this.heaps = this.flows.heaps;
    this.linkCount = capacities.length;
    this.table = new FlowTable(this.linkCount);
    this.filling = new ProgressiveFilling(this.capacities, effectiveCapacity);
    this.completions = new IndexedMinHeap(0);
    this.load = new Float64Array(this.linkCount);
    this.linkWeight = new Float64Array(this.linkCount);
  }

  get activeFlowCount(): number {
    return this.flows.activeCount;
  }

  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number {
    const k = checkFlowLinks(links, this.linkCount);
    checkFlowSize(bytes, tag);
    return this.flows.add(links, k, bytes, tag);
  }

  removeFlow(flow: number): Bytes {
    const flows = this.flows;
    const b = flows.bundleOf(flow, 'removeFlow');
    const left = this.remaining(flow);
    if (b >= 0) {
      this.heaps.remove(b, flow);
      this.leave(b, 1);
      if (this.weight[b]! > 0) {
        this.sync(b);
        this.rekey(b, flows.finish, true);
      }
    } else flows.unlist(flow);
    flows.release(flow);
    return left;
  }

  advanceTo(time: Seconds): void {
    checkAdvance(time, this.now, TIME_TOLERANCE);
    if (time > this.now) this.now = time;
  }

  solve(): void {
    const flows = this.flows;
    if (!this.schedule.begin(this.now, this.activeCount === 0 && flows.pendingCount === 0)) return;
    const started = performance.now();
    while (flows.pendingCount > 0) this.join(flows.popPending());
    const t = this.table;
    this.filling.run(t, this.activeCount, this.load, this.weight, this.linkWeight);
    const rates = this.filling.rates;
    const current = t.rate;
    const changed = this.changed;
    let changes = 0;
    for (let i = 0; i < this.activeCount; i++) {
      const b = this.active[i]!;
      const next = rates[b]!;
      if (Math.abs(next - current[b]!) > RATE_TOLERANCE * next) changed[changes++] = b;
    }
    this.retime(changes);
    countSolve(this.stats, changes, flows.bundledCount, this.activeCount, started);
  }

  nextEventTime(): Seconds {
    if (this.flows.instant.length > 0) return this.now;
    const next = this.completions.topKey();
    const due = this.schedule.due;
    return next < due ? next : due;
  }

  takeCompleted(fn: (flow: number, tag: number) => void): void {
    const heap = this.completions;
    const limit = this.now + TIME_TOLERANCE;
    const flows = this.flows;
    if (flows.instant.length === 0 && !(heap.topKey() <= limit)) return;
    const batch = flows.openBatch();
    const heaps = this.heaps;
    const finish = flows.finish;
    while (heap.size > 0 && heap.topKey() <= limit) {
      const b = heap.top();
      this.sync(b);
      let popped = 0;
      while (heaps.size(b) > 0 && this.finishTime(b, finish[heaps.head(b)]!) <= limit) {
        batch.push(heaps.pop(b));
        popped++;
      }
      this.leave(b, popped);
      if (this.weight[b]! > 0) this.rekey(b, finish, true);
    }
    flows.closeBatch(fn);
  }

  rate(flow: number): number {
    const b = this.flows.bundleOf(flow, 'rate');
    return b < 0 ? 0 : this.table.rate[b]!;
  }

  remaining(flow: number): Bytes {
    const b = this.flows.bundleOf(flow, 'remaining');
    return this.flows.left(flow, b < 0 ? 0 : this.clock(b));
  }

  linkLoad(link: number): number {
    checkLink(link, this.linkCount);
    return this.load[link]!;
  }

  // ---------------------------------------------------------------- bundles

  /** A bundle's virtual clock at `now`: bytes each of its flows has delivered. */
  private clock(b: number): number {
    const t = this.table;
    const rate = t.rate[b]!;
    const elapsed = this.now - t.base[b]!;
    return rate > 0 && elapsed > 0 ? t.left[b]! + rate * elapsed : t.left[b]!;
  }

  /** Brings a bundle's clock up to `now`. */
  private sync(b: number): void {
    const t = this.table;
    t.left[b] = this.clock(b);
    t.base[b] = this.now;
  }

  /**
   * Gives the first `changes` bundles of `changed` their solved rate and re-keys them, the
   * completion heap rebuilt at once when that is cheaper than sifting each.
   */
  private retime(changes: number): void {
    const t = this.table;
    const rates = this.filling.rates;
    const current = t.rate;
    const changed = this.changed;
    const rebuild = changes * Math.log2(this.activeCount + 1) > 2 * this.activeCount;
    const finish = this.flows.finish;
    for (let i = 0; i < changes; i++) {
      const b = changed[i]!;
      this.sync(b);
      current[b] = rates[b]!;
      this.rekey(b, finish, !rebuild);
    }
    if (rebuild) this.completions.heapify();
  }

  /** When a flow of synced bundle b that is done at clock reading `finish` is done at the bundle's rate. */
  private finishTime(b: number, finish: number): number {
    const t = this.table;
    const left = finish - t.left[b]!;
    const rate = t.rate[b]!;
    return left <= this.tolerance ? this.now : rate > 0 ? this.now + left / rate : Number.POSITIVE_INFINITY;
  }

  /**
   * Keys synced bundle b by its first finish, `finish` being the flows' (restoring the heap
   * order only if `sift`).
   */
  private rekey(b: number, finish: Float64Array, sift: boolean): void {
    const done = this.finishTime(b, finish[this.heaps.head(b)]!);
    if (sift) this.completions.update(b, done);
    else this.completions.setKey(b, done);
  }

  /** A pending flow joins the bundle of its links (formed if none), at the bundle's clock. */
  private join(flow: number): void {
    const b = this.bundleOf(flow);
    this.sync(b);
    const t = this.table;
    this.flows.join(flow, b, t.left[b]!);
    this.weight[b]!++;
    const base = b * MAX_LINKS_PER_FLOW;
    const end = base + t.flowLinkCount[b]!;
    for (let j = base; j < end; j++) this.linkWeight[t.flowLinks[j]!]!++;
    if (this.heaps.head(b) === flow) this.rekey(b, this.flows.finish, true);
  }

  /** `count` flows have left bundle b: its links lose their rate; an empty bundle is dissolved. */
  private leave(b: number, count: number): void {
    if (count === 0) return;
    const t = this.table;
    const w = this.weight[b]! - count;
    this.weight[b] = w;
    this.flows.leave(count);
    const rate = t.rate[b]! * count;
    const base = b * MAX_LINKS_PER_FLOW;
    const end = base + t.flowLinkCount[b]!;
    if (w === 0) {
      this.completions.remove(b);
      t.unlink(b);
      this.paths.remove(b, t.flowLinks, t.flowLinkCount);
      const at = this.activePos[b]!;
      const moved = this.active[--this.activeCount]!;
      this.active[at] = moved;
      this.activePos[moved] = at;
      t.release(b);
    }
    for (let j = base; j < end; j++) {
      const l = t.flowLinks[j]!;
      this.linkWeight[l]! -= count;
      this.load[l] = t.linkFlowCount[l] === 0 ? 0 : this.load[l]! - rate;
    }
  }

  /** The bundle over a pending flow's links, formed (at rate 0, clock 0) if there is none. */
  private bundleOf(flow: number): number {
    const flows = this.flows;
    const k = flows.pathLength[flow]!;
    const links = this.sortedLinks;
    const base = flow * MAX_LINKS_PER_FLOW;
    for (let j = 0; j < k; j++) {
      const l = flows.pathLinks[base + j]!;
      let i = j - 1;
      while (i >= 0 && links[i]! > l) {
        links[i + 1] = links[i]!;
        i--;
      }
      links[i + 1] = l;
    }
    const t = this.table;
    const found = this.paths.find(links, k, t.flowLinks, t.flowLinkCount);
    if (found >= 0) return found;
    const b = t.allocate((capacity) => this.growBundles(capacity));
    t.state[b] = 1;
    t.rate[b] = 0;
    t.left[b] = 0;
    t.base[b] = this.now;
    t.seq[b] = flows.seq[flow]!;
    t.flowLinkCount[b] = k;
    for (let j = 0; j < k; j++) t.flowLinks[b * MAX_LINKS_PER_FLOW + j] = links[j]!;
    t.link(b);
    this.weight[b] = 0;
    this.paths.add(b, t.flowLinks, t.flowLinkCount);
    this.completions.push(b, Number.POSITIVE_INFINITY, t.seq[b]!);
    this.active[this.activeCount] = b;
    this.activePos[b] = this.activeCount++;
    if (this.activeCount > this.stats.peakActiveBundles) this.stats.peakActiveBundles = this.activeCount;
    return b;
  }

  private growBundles(capacity: number): void {
    this.completions.grow(capacity);
    this.filling.growFlows(capacity);
    this.heaps.growBundles(capacity);
    this.weight = growFloat64(this.weight, capacity);
    this.active = growInt32(this.active, capacity);
    this.activePos = growInt32(this.activePos, capacity);
    this.changed = new Int32Array(capacity);
  }
}
