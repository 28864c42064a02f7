import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork } from '../flow-network-types.js';
import { BundleHeaps } from './bundle-heaps.js';
import { checkAdvance, checkFlowLinks, checkFlowSize, checkLink } from './flow-arguments.js';
import { FlowSlots } from './flow-slots.js';
import { FreezingOrder } from './freezing-order.js';
import { IndexedMinHeap } from './indexed-min-heap.js';
import {
  type MutableStats,
  SolveSchedule,
  TIME_TOLERANCE,
  countSolve,
  emptyStats,
} from './solve-schedule.js';
import { TwoTierBundles } from './two-tier-bundles.js';
import { SINK, SOURCE, TwoTierFilling, UNUSED } from './two-tier-filling.js';

/** A newly solved level within this relative distance of the old one is kept (no re-key). */
const RATE_TOLERANCE = 1e-12;

/**
 * The flow network of two-link paths (docs/architecture.md §3 "Network"): every flow
 * crosses a source link, then a sink link, as on a fabric of one machine per rack.
 *
 * The flows of one (source, sink) pair form a bundle, as in `BundledFlowNetwork`: one
 * weighted cell of the solver (`TwoTierFilling`), a virtual clock — the bytes each of its
 * flows has delivered — and a heap of its flows by the clock reading at which each is
 * done. A bundle's rate is the share of whichever of its two links froze first in the
 * last solve, its owner; so rather than re-timing every bundle whose rate changed, each
 * link keeps a clock of its own (bytes per flow at its share) and a heap of the bundles
 * it owns keyed on that clock, and one heap of links gives the next completion. A solve
 * re-times only the links whose share changed (O(log links) each) and the bundles whose
 * owner changed: the pairs of links whose freezing order swapped, found by sorting the
 * new order back into the old one (O(links + swaps)).
 *
 * Answers equal `BundledFlowNetwork`'s and the per-flow model's to floating tolerance (a
 * property test drives them side by side): a flow added since the last solve waits at
 * rate 0 until the next solve, a flow that leaves frees its share at the next solve.
 * Solves are never deferred (no `resolveInterval`) and links deliver their capacity.
 */
export class TwoTierFlowNetwork implements FlowNetwork {
  now: Seconds = 0;
  readonly stats: MutableStats = emptyStats();

  private readonly linkCount: number;
  private readonly filling: TwoTierFilling;
  /** The flows; a pending one's path is its source and sink link. */
  private readonly flows: FlowSlots;
  /** Each bundle's flows by finish (the flow slots' heaps). */
  private readonly flowHeaps: BundleHeaps;
  /** A bundle's clock = its offset + its owner's clock (the offset alone while it has none). */
  private readonly bundles: TwoTierBundles;
  // ---- links: clock = value + level × (now − base)
  /** Each link's heap of the bundles it owns, by target. */
  private readonly ownedHeaps = new BundleHeaps();
  private readonly level: Float64Array;
  private readonly clockValue: Float64Array;
  private readonly clockBase: Float64Array;
  private readonly freezing: FreezingOrder;
  private readonly completions: IndexedMinHeap;
  private readonly dirty: Uint8Array;
  private readonly dirtyLinks: Int32Array;
  private dirtyCount = 0;
  private readonly schedule = new SolveSchedule(0);

  constructor(
    capacities: Float64Array,
    private readonly tolerance: Bytes,
  ) {
    const links = capacities.length;
    this.linkCount = links;
    this.filling = new TwoTierFilling(Float64Array.from(capacities));
    this.flows = new FlowSlots(2, tolerance, this.stats, this.schedule);
    this.flowHeaps = this.flows.heaps;
    this.bundles = new TwoTierBundles(this.flowHeaps, this.ownedHeaps);
    this.level = new Float64Array(links);
    this.clockValue = new Float64Array(links);
    this.clockBase = new Float64Array(links);
    this.freezing = new FreezingOrder(links);
    this.completions = new IndexedMinHeap(links);
    for (let l = 0; l < links; l++) this.completions.push(l, Number.POSITIVE_INFINITY, l);
    this.dirty = new Uint8Array(links);
    this.dirtyLinks = new Int32Array(links);
    this.ownedHeaps.growBundles(links);
  }

  get activeFlowCount(): number {
    return this.flows.activeCount;
  }

  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number {
    const k = checkFlowLinks(links, this.linkCount);
    checkFlowSize(bytes, tag);
    if (k !== 0 && k !== 2) {
      throw new Error(`addFlow: a two-tier network takes paths of two links (or none), got ${k}`);
    }
    if (k === 2) this.claim(links[0]!, links[1]!);
    return this.flows.add(links, k, bytes, tag);
  }

  removeFlow(flow: number): Bytes {
    const flows = this.flows;
    const b = flows.bundleOf(flow, 'removeFlow');
    const left = this.remaining(flow);
    if (b >= 0) {
      const owner = this.bundles.owner[b]!;
      this.flowHeaps.remove(b, flow);
      this.leave(b, 1);
      if (owner >= 0) this.rekeyLink(owner);
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
    if (!this.schedule.begin(this.now, this.bundles.active === 0 && flows.pendingCount === 0)) return;
    const started = performance.now();
    while (flows.pendingCount > 0) this.join(flows.popPending());
    const filling = this.filling;
    filling.run();
    const { order, frozen, share, role, resumed } = filling;
    // The first `resumed` links froze as before, at the same shares: only the rest can change.
    const freezing = this.freezing;
    freezing.markFrozen(order, resumed, frozen);
    let changes = 0;
    // A frozen link's level is its share; a used link that froze no flow owns none: 0.
    for (let k = resumed; k < freezing.length; k++) {
      const l = freezing.links[k]!;
      const fresh = freezing.frozen(l) ? share[l]! : 0;
      const old = this.level[l]!;
      if (fresh === old || (fresh !== 0 && Math.abs(fresh - old) <= RATE_TOLERANCE * fresh)) continue;
      this.syncLink(l);
      this.level[l] = fresh;
      changes += this.ownedHeaps.size(l);
      this.markDirty(l);
    }
    changes += freezing.reorder(order, resumed, frozen, role, this.handOver);
    const bundles = this.bundles;
    for (let x = 0; x < bundles.formedCount; x++) {
      const b = bundles.formed[x]!;
      if (bundles.weight[b] === 0) continue;
      const source = bundles.source[b]!;
      const sink = bundles.sink[b]!;
      const owner = freezing.before(source, sink) ? source : sink;
      this.own(b, owner, bundles.offset[b]!);
      changes++;
    }
    bundles.formedCount = 0;
    for (let x = 0; x < this.dirtyCount; x++) {
      const l = this.dirtyLinks[x]!;
      this.dirty[l] = 0;
      this.rekeyLink(l);
    }
    this.dirtyCount = 0;
    countSolve(this.stats, changes, flows.bundledCount, bundles.active, started);
  }

  nextEventTime(): Seconds {
    return this.flows.instant.length > 0 ? this.now : this.completions.topKey();
  }

  takeCompleted(fn: (flow: number, tag: number) => void): void {
    const links = this.completions;
    const limit = this.now + TIME_TOLERANCE;
    const flows = this.flows;
    if (flows.instant.length === 0 && !(links.topKey() <= limit)) return;
    const batch = flows.openBatch();
    const { flowHeaps, ownedHeaps } = this;
    const finish = flows.finish;
    const offsets = this.bundles.offset;
    while (links.topKey() <= limit) {
      const l = links.top();
      const clock = this.linkClock(l);
      const level = this.level[l]!;
      while (ownedHeaps.size(l) > 0) {
        const b = ownedHeaps.head(l);
        const offset = offsets[b]!;
        let popped = 0;
        while (
          flowHeaps.size(b) > 0 &&
          this.finishTime(finish[flowHeaps.head(b)]! - offset - clock, level) <= limit
        ) {
          batch.push(flowHeaps.pop(b));
          popped++;
        }
        if (popped === 0) break;
        this.leave(b, popped);
      }
      this.rekeyLink(l);
    }
    flows.closeBatch(fn);
  }

  rate(flow: number): number {
    const b = this.flows.bundleOf(flow, 'rate');
    const owner = b < 0 ? -1 : this.bundles.owner[b]!;
    return owner < 0 ? 0 : this.level[owner]!;
  }

  remaining(flow: number): Bytes {
    const b = this.flows.bundleOf(flow, 'remaining');
    return this.flows.left(flow, b < 0 ? 0 : this.bundleClock(b));
  }

  linkLoad(link: number): number {
    checkLink(link, this.linkCount);
    if (this.filling.role[link] === UNUSED) return 0;
    const bundles = this.bundles;
    let load = 0;
    this.filling.forEachCell(link, (_, b) => {
      const owner = bundles.owner[b]!;
      if (owner >= 0) load += bundles.weight[b]! * this.level[owner]!;
    });
    return load;
  }

  // ---------------------------------------------------------------- links

  /** Gives a path's links their roles, refusing a link used in the other role before. */
  private claim(source: number, sink: number): void {
    this.use(source, SOURCE, 'a second link of an earlier path; it cannot come first');
    this.use(sink, SINK, 'a first link of an earlier path; it cannot come second');
  }

  private use(l: number, role: number, refusal: string): void {
    const filling = this.filling;
    if (filling.role[l] === role) return;
    if (!filling.claim(l, role)) throw new Error(`addFlow: link ${l} is ${refusal}`);
    this.freezing.append(l);
  }

  /** A link's clock at `now`: bytes each flow it bottlenecks has delivered. */
  private linkClock(l: number): number {
    const level = this.level[l]!;
    const elapsed = this.now - this.clockBase[l]!;
    return level > 0 && elapsed > 0 ? this.clockValue[l]! + level * elapsed : this.clockValue[l]!;
  }

  private syncLink(l: number): void {
    this.clockValue[l] = this.linkClock(l);
    this.clockBase[l] = this.now;
  }

  /** When a flow with `left` bytes to go at `level` is done. */
  private finishTime(left: number, level: number): number {
    return left <= this.tolerance ? this.now : level > 0 ? this.now + left / level : Number.POSITIVE_INFINITY;
  }

  /** Keys link l by the first finish among the bundles it owns. */
  private rekeyLink(l: number): void {
    const owned = this.ownedHeaps;
    const key =
      owned.size(l) === 0
        ? Number.POSITIVE_INFINITY
        : this.finishTime(this.bundles.target[owned.head(l)]! - this.linkClock(l), this.level[l]!);
    this.completions.update(l, key);
  }

  private markDirty(l: number): void {
    if (this.dirty[l] === 1) return;
    this.dirty[l] = 1;
    this.dirtyLinks[this.dirtyCount++] = l;
  }

  // ---------------------------------------------------------------- bundles

  /** A bundle's clock at `now`: bytes each of its flows has delivered. */
  private bundleClock(b: number): number {
    const bundles = this.bundles;
    const owner = bundles.owner[b]!;
    return owner < 0 ? bundles.offset[b]! : bundles.offset[b]! + this.linkClock(owner);
  }

  /**
   * Links x and y swapped places in the freezing order, y now first: their bundle, if x
   * owns it, goes to y. Returns whether it did (1) or not (0).
   */
  private readonly handOver = (x: number, y: number): number => {
    const filling = this.filling;
    const b =
      filling.role[y] === SOURCE
        ? filling.cellBundle[filling.cell(y, x)]!
        : filling.cellBundle[filling.cell(x, y)]!;
    if (b < 0 || this.bundles.owner[b] !== x) return 0;
    this.disown(b, x);
    this.own(b, y, this.bundles.offset[b]!);
    return 1;
  };

  /** Takes bundle b from its owner x, leaving in its offset its clock reading at `now`. */
  private disown(b: number, x: number): void {
    this.ownedHeaps.remove(x, b);
    const bundles = this.bundles;
    bundles.offset[b] = bundles.offset[b]! + this.linkClock(x);
    bundles.owner[b] = -1;
    this.markDirty(x);
  }

  /** Gives unowned bundle b, whose clock reads `clock` now, to link `owner`. */
  private own(b: number, owner: number, clock: number): void {
    const bundles = this.bundles;
    bundles.owner[b] = owner;
    bundles.offset[b] = clock - this.linkClock(owner);
    this.target(b, owner);
    this.markDirty(owner);
  }

  /** Files bundle b in its owner's heap under its first flow's finishing reading. */
  private target(b: number, owner: number): void {
    const bundles = this.bundles;
    bundles.target[b] = this.flows.finish[this.flowHeaps.head(b)]! - bundles.offset[b]!;
    this.ownedHeaps.push(owner, b);
  }

  /** A pending flow joins the bundle of its links (formed if none), at the bundle's clock. */
  private join(flow: number): void {
    const filling = this.filling;
    const flows = this.flows;
    const source = flows.pathLinks[2 * flow]!;
    const sink = flows.pathLinks[2 * flow + 1]!;
    const cell = filling.cell(source, sink);
    let b = filling.cellBundle[cell]!;
    if (b < 0) b = this.form(cell, source, sink, flow);
    flows.join(flow, b, this.bundleClock(b));
    const bundles = this.bundles;
    bundles.weight[b]!++;
    filling.weigh(source, sink, 1);
    const owner = bundles.owner[b]!;
    if (owner >= 0 && this.flowHeaps.head(b) === flow) {
      this.ownedHeaps.remove(owner, b);
      this.target(b, owner);
      this.markDirty(owner);
    }
  }

  /** A bundle over (source, sink) for a pending flow, without flows or owner, its clock at 0. */
  private form(cell: number, source: number, sink: number, flow: number): number {
    const bundles = this.bundles;
    const b = bundles.form(source, sink, this.flows.seq[flow]!);
    this.filling.cellBundle[cell] = b;
    if (bundles.active > this.stats.peakActiveBundles) this.stats.peakActiveBundles = bundles.active;
    return b;
  }

  /**
   * `count` flows have left bundle b (already out of its flow heap); an empty bundle is
   * dissolved.
   */
  private leave(b: number, count: number): void {
    const filling = this.filling;
    const bundles = this.bundles;
    const source = bundles.source[b]!;
    const sink = bundles.sink[b]!;
    const cell = filling.cell(source, sink);
    filling.weigh(source, sink, -count);
    const w = bundles.weight[b]! - count;
    bundles.weight[b] = w;
    this.flows.leave(count);
    const owner = bundles.owner[b]!;
    if (owner >= 0) {
      this.ownedHeaps.remove(owner, b);
      if (w > 0) this.target(b, owner);
    }
    if (w === 0) {
      filling.cellBundle[cell] = -1;
      bundles.dissolve(b);
    }
  }
}
