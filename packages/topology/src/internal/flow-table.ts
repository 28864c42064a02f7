import { type LinkIncidences, MAX_LINKS_PER_FLOW } from './progressive-filling.js';
import { growFloat64, growInt32, growUint8 } from './typed-arrays.js';

/** Slot states. */
export const FREE = 0;
/** In the solver: crosses at least one link and has bytes to send. */
export const ACTIVE = 1;
/** Zero-size (or link-less) flow waiting to be reported complete; never in the solver. */
export const INSTANT = 2;

/** Link lists kept elsewhere in the table's order: told of every link and unlink. */
export interface IncidenceMirror {
  link(flow: number, flowLinks: Int32Array, count: number): void;
  unlink(flow: number): void;
  /** Makes room for flow slots below `capacity`; the table's `rate`, `left` and `base` are then its to give (`adoptTiming`). */
  growFlows(capacity: number): void;
}

/**
 * Struct-of-arrays storage of flows and of the flows on each link. A new flow takes the
 * lowest free slot, so the active flows stay packed at the low slots and a solve's walk
 * over them touches few cache lines (a stack of freed slots scatters them over the
 * peak's range); every array grows by doubling.
 */
export class FlowTable implements LinkIncidences {
  capacity = 0;
  state: Uint8Array = new Uint8Array(0);
  /** Current rate, bytes per second. */
  rate: Float64Array = new Float64Array(0);
  /** Bytes left at time `base`. */
  left: Float64Array = new Float64Array(0);
  /** Time `left` was last brought up to date. */
  base: Float64Array = new Float64Array(0);
  /** Sequence number of the flow (order of `addFlow`), for ties. */
  seq: Float64Array = new Float64Array(0);
  tag: Float64Array = new Float64Array(0);
  flowLinkCount: Uint8Array = new Uint8Array(0);
  flowLinks: Int32Array = new Int32Array(0);
  /** Position of each incidence in its link's list. */
  incidencePos: Int32Array = new Int32Array(0);

  readonly linkFlows: Int32Array[];
  readonly linkFlowCount: Int32Array;
  /** A copy of the link lists kept in step (the compiled solver's), if any. */
  mirror: IncidenceMirror | undefined;
  /**
   * Whether `linkFlows` is kept; without it only `linkFlowCount` is, for an owner whose
   * mirror solves and nothing else reads the lists.
   */
  keepsLists = true;

  /** One bit per slot below the high-water mark, set while the slot is free. */
  private freeBits: Int32Array = new Int32Array(0);
  /** No free slot lies in a word of `freeBits` below this one. */
  private lowestFreeWord = 0;
  private freeCount = 0;
  private highWater = 0;

  constructor(linkCount: number) {
    this.linkFlows = Array.from({ length: linkCount }, () => new Int32Array(4));
    this.linkFlowCount = new Int32Array(linkCount);
  }

  /** A free slot (reused first), growing the arrays when full; returns it. */
  allocate(onGrow: (capacity: number) => void): number {
    if (this.freeCount > 0) {
      const bits = this.freeBits;
      let w = this.lowestFreeWord;
      while (bits[w] === 0) w++;
      this.lowestFreeWord = w;
      const word = bits[w]!;
      bits[w] = word & (word - 1);
      this.freeCount--;
      return (w << 5) | (31 - Math.clz32(word & -word));
    }
    if (this.highWater === this.capacity) {
      this.grow(Math.max(64, this.capacity * 2));
      onGrow(this.capacity);
    }
    return this.highWater++;
  }

  release(flow: number): void {
    this.state[flow] = FREE;
    const w = flow >> 5;
    this.freeBits[w] = this.freeBits[w]! | (1 << (flow & 31));
    if (w < this.lowestFreeWord) this.lowestFreeWord = w;
    this.freeCount++;
  }

  /** Takes the flows' timing arrays from where a mirror keeps them (after it grew or moved them). */
  adoptTiming(rate: Float64Array, left: Float64Array, base: Float64Array): void {
    this.rate = rate;
    this.left = left;
    this.base = base;
  }

  /** Puts an active flow on the lists of its links. */
  link(flow: number): void {
    const base = flow * MAX_LINKS_PER_FLOW;
    const end = base + this.flowLinkCount[flow]!;
    for (let inc = base; inc < end; inc++) {
      const l = this.flowLinks[inc]!;
      const n = this.linkFlowCount[l]!;
      this.linkFlowCount[l] = n + 1;
      if (!this.keepsLists) continue;
      let list = this.linkFlows[l]!;
      if (n === list.length) {
        this.linkFlows[l] = list = growInt32(list, n * 2);
      }
      list[n] = inc;
      this.incidencePos[inc] = n;
    }
    this.mirror?.link(flow, this.flowLinks, end - base);
  }

  /** Takes a flow off the lists of its links (swap with the last entry). */
  unlink(flow: number): void {
    const base = flow * MAX_LINKS_PER_FLOW;
    const end = base + this.flowLinkCount[flow]!;
    for (let inc = base; inc < end; inc++) {
      const l = this.flowLinks[inc]!;
      const last = this.linkFlowCount[l]! - 1;
      this.linkFlowCount[l] = last;
      if (!this.keepsLists) continue;
      const list = this.linkFlows[l]!;
      const at = this.incidencePos[inc]!;
      const moved = list[last]!;
      list[at] = moved;
      this.incidencePos[moved] = at;
    }
    this.mirror?.unlink(flow);
  }

  private grow(capacity: number): void {
    this.state = growUint8(this.state, capacity);
    if (this.mirror === undefined) {
      this.rate = growFloat64(this.rate, capacity);
      this.left = growFloat64(this.left, capacity);
      this.base = growFloat64(this.base, capacity);
    } else {
      this.mirror.growFlows(capacity);
    }
    this.seq = growFloat64(this.seq, capacity);
    this.tag = growFloat64(this.tag, capacity);
    this.flowLinkCount = growUint8(this.flowLinkCount, capacity);
    this.flowLinks = growInt32(this.flowLinks, capacity * MAX_LINKS_PER_FLOW);
    this.incidencePos = growInt32(this.incidencePos, capacity * MAX_LINKS_PER_FLOW);
    this.freeBits = growInt32(this.freeBits, capacity >> 5);
    this.capacity = capacity;
  }
}
