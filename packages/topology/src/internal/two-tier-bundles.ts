import type { BundleHeaps } from './bundle-heaps.js';
import { growFloat64, growInt32 } from './typed-arrays.js';

/**
 * The bundles of a two-tier network, one per (source, sink) pair of links with flows, as
 * struct-of-arrays slots that double when full, freed slots reused first. A bundle's
 * clock — the bytes each of its flows has delivered — reads `offset` plus its owner
 * link's clock (`offset` alone while it has no owner). The heaps indexed by bundle grow
 * with the slots: each bundle's heap of flows, and the owners' heaps of bundles keyed by
 * `target` (then `seq`).
 */
export class TwoTierBundles {
  capacity = 0;
  source: Int32Array = new Int32Array(0);
  sink: Int32Array = new Int32Array(0);
  /** Flows in the bundle. */
  weight: Float64Array = new Float64Array(0);
  /** The link on whose clock the bundle's clock runs, or -1. */
  owner: Int32Array = new Int32Array(0);
  offset: Float64Array = new Float64Array(0);
  /** The owner's clock reading at which the bundle's first flow is done. */
  target: Float64Array = new Float64Array(0);
  /** Order of forming (its first flow's), for ties. */
  seq: Float64Array = new Float64Array(0);
  /** Bundles with flows. */
  active = 0;
  /** Bundles formed since the last solve, not owned yet (`formedCount` of them). */
  formed: Int32Array = new Int32Array(0);
  formedCount = 0;

  private free: Int32Array = new Int32Array(0);
  private freeCount = 0;
  private highWater = 0;

  constructor(
    private readonly flowHeaps: BundleHeaps,
    private readonly ownedHeaps: BundleHeaps,
  ) {}

  /** A bundle over (source, sink), without flows or owner, its clock at 0; returns it. */
  form(source: number, sink: number, seq: number): number {
    let b: number;
    if (this.freeCount > 0) b = this.free[--this.freeCount]!;
    else {
      if (this.highWater === this.capacity) this.grow(Math.max(64, this.capacity * 2));
      b = this.highWater++;
    }
    this.source[b] = source;
    this.sink[b] = sink;
    this.weight[b] = 0;
    this.owner[b] = -1;
    this.offset[b] = 0;
    this.seq[b] = seq;
    this.formed[this.formedCount++] = b;
    this.active++;
    return b;
  }

  /** Frees bundle b, its flows gone and it out of its owner's heap. */
  dissolve(b: number): void {
    this.owner[b] = -1;
    this.active--;
    this.free[this.freeCount++] = b;
  }

  private grow(capacity: number): void {
    this.source = growInt32(this.source, capacity);
    this.sink = growInt32(this.sink, capacity);
    this.weight = growFloat64(this.weight, capacity);
    this.owner = growInt32(this.owner, capacity, -1);
    this.offset = growFloat64(this.offset, capacity);
    this.target = growFloat64(this.target, capacity);
    this.seq = growFloat64(this.seq, capacity);
    this.free = growInt32(this.free, capacity);
    this.formed = growInt32(this.formed, capacity);
    this.flowHeaps.growBundles(capacity);
    this.ownedHeaps.growFlows(capacity);
    this.ownedHeaps.keys(this.target, this.seq);
    this.capacity = capacity;
  }
}
