import { growFloat64 } from './typed-arrays.js';

/** Entries of a new source's region of prefix sums (a zero and three outputs). */
const INITIAL_ROOM = 4;

/**
 * Where a job's completed map outputs live, grouped by source node, and how far each
 * reduce has fetched from each source (docs/architecture.md §3: a flow is one fetch of up to
 * `mapsPerFetch` outputs from one node, as Hadoop's fetchers do).
 *
 * Outputs of one node are kept in completion order with prefix sums of their sizes, so a
 * reduce's position in a source is one integer (`cursor`: outputs fetched or in flight)
 * and the bytes of any batch are one subtraction — no state per (reduce, map) pair.
 *
 * Every source's prefix sums live in one array of the job, a region per source that
 * doubles when it fills (moving to the end of the array unless it already ends it): a
 * fetch reads its batch's bytes from there without going through an array object per
 * source, a cold read less per fetch.
 */
export class JobShuffle {
  /** Source index of a node, −1 if the node holds no output of the job yet. */
  readonly sourceOfNode: Int32Array;
  readonly nodeOfSource: Int32Array;
  /** Outputs held by each source. */
  readonly outputs: Int32Array;
  /** Prefix sums of output sizes: source s's first k outputs hold `sums[start[s] + k]` bytes. */
  private sums: Float64Array;
  /** Completion time of source s's output k at `stamps[start[s] + k + 1]` (the layout of `sums`). */
  private stamps: Float64Array;
  /** Completion time of the newest output, −Infinity before the first. */
  lastOutputTime = Number.NEGATIVE_INFINITY;
  /**
   * Per reduce, with `mapEventPoll`: when its current attempt began to shuffle (its polls
   * for map-completion events fall at this time plus whole poll intervals), and the time
   * of the poll wake armed for it (−1: none).
   */
  readonly pollFrom: Float64Array;
  readonly pollArmed: Float64Array;
  /** Where each source's region of `sums` starts, and how many entries it holds. */
  private readonly start: Int32Array;
  private readonly room: Int32Array;
  /** The first entry of `sums` no region holds. */
  private top = 0;
  sourceCount = 0;
  /** Source indices of each rack, in order of appearance. */
  readonly rackSources: number[][];
  totalOutputs = 0;
  /** Per reduce: outputs per source fetched or in flight (allocated at first launch). */
  readonly cursors: (Int32Array | undefined)[];
  /** Per reduce: outputs fetched or in flight, over all sources. */
  readonly claimed: Int32Array;
  /** Per reduce: outputs fetched (arrived). */
  readonly fetchedOutputs: Int32Array;
  /** Per reduce: round-robin position over sources. */
  readonly pointer: Int32Array;
  /** Running reduces with an idle fetcher and nothing to fetch, woken by new outputs. */
  readonly hungry: Int32Array;
  hungryCount = 0;
  readonly hungryPosition: Int32Array;
  readonly capacity: number;
  /**
   * Per reduce, per source: bytes of the source's next output to fetch that the reduce
   * holds already, from a fetch a preemption cut short (`preemptedFetches: 'bytes'`);
   * undefined until the first such cut.
   */
  held: (Float64Array | undefined)[] | undefined;

  constructor(
    nodeCount: number,
    mapCount: number,
    reduceCount: number,
    private readonly rackOfNode: Int32Array,
    rackCount: number,
  ) {
    this.rackSources = Array.from({ length: rackCount }, () => []);
    this.capacity = Math.min(nodeCount, mapCount);
    this.sourceOfNode = new Int32Array(nodeCount).fill(-1);
    this.nodeOfSource = new Int32Array(this.capacity);
    this.outputs = new Int32Array(this.capacity);
    this.start = new Int32Array(this.capacity);
    this.room = new Int32Array(this.capacity);
    this.sums = new Float64Array(INITIAL_ROOM * Math.min(this.capacity, 16));
    this.stamps = new Float64Array(this.sums.length);
    this.pollFrom = new Float64Array(reduceCount);
    this.pollArmed = new Float64Array(reduceCount).fill(-1);
    this.cursors = new Array(reduceCount);
    this.claimed = new Int32Array(reduceCount);
    this.fetchedOutputs = new Int32Array(reduceCount);
    this.pointer = new Int32Array(reduceCount);
    this.hungry = new Int32Array(reduceCount);
    this.hungryPosition = new Int32Array(reduceCount).fill(-1);
  }

  /** Records a map output completed on a node at `time`; returns its source index. */
  addOutput(node: number, bytes: number, time = 0): number {
    let s = this.sourceOfNode[node]!;
    if (s < 0) {
      s = this.sourceCount++;
      this.sourceOfNode[node] = s;
      this.nodeOfSource[s] = node;
      this.start[s] = this.#claim(INITIAL_ROOM);
      this.room[s] = INITIAL_ROOM;
      this.rackSources[this.rackOfNode[node]!]!.push(s);
    }
    const count = this.outputs[s]!;
    if (count + 1 >= this.room[s]!) {
      // The region is full: it doubles where it ends the array, else moves to the end.
      const room = this.room[s]!;
      const from = this.start[s]!;
      if (from + room === this.top) this.#claim(room);
      else {
        const to = this.#claim(2 * room);
        this.sums.copyWithin(to, from, from + count + 1);
        this.stamps.copyWithin(to, from, from + count + 1);
        this.start[s] = to;
      }
      this.room[s] = 2 * room;
    }
    const at = this.start[s]! + count;
    this.sums[at + 1] = this.sums[at]! + bytes;
    this.stamps[at + 1] = time;
    if (time > this.lastOutputTime) this.lastOutputTime = time;
    this.outputs[s] = count + 1;
    this.totalOutputs++;
    return s;
  }

  /** Bytes of outputs [from, to) of source s (before the reduce's weight). */
  bytes(s: number, from: number, to: number): number {
    const base = this.start[s]!;
    return this.sums[base + to]! - this.sums[base + from]!;
  }

  /**
   * The end of the run of source s's outputs from `from` (at most `most` of them) that
   * completed by `known` — outputs of one source complete in order.
   */
  knownEnd(s: number, from: number, most: number, known: number): number {
    const base = this.start[s]! + 1;
    const stamps = this.stamps;
    const last = Math.min(this.outputs[s]!, from + most);
    let k = from;
    while (k < last && stamps[base + k]! <= known) k++;
    return k;
  }

  /** A region of `room` entries at the end of `sums` (zeros: a region starts at 0 bytes). */
  #claim(room: number): number {
    const at = this.top;
    this.top += room;
    if (this.top > this.sums.length) {
      this.sums = growFloat64(this.sums, Math.max(2 * this.sums.length, this.top));
      this.stamps = growFloat64(this.stamps, this.sums.length);
    }
    return at;
  }

  /** Notes that reduce r holds `bytes` of source s's next output to fetch. */
  hold(r: number, s: number, bytes: number): void {
    if (this.held === undefined) this.held = new Array(this.claimed.length);
    let held = this.held[r];
    if (held === undefined) {
      held = new Float64Array(this.capacity);
      this.held[r] = held;
    }
    held[s] = bytes;
  }

  /** The bytes reduce r holds of source s's next output; they are no longer held. */
  takeHeld(r: number, s: number): number {
    const held = this.held?.[r];
    if (held === undefined) return 0;
    const bytes = held[s]!;
    held[s] = 0;
    return bytes;
  }

  cursorsOf(r: number): Int32Array {
    let cursors = this.cursors[r];
    if (cursors === undefined) {
      cursors = new Int32Array(this.capacity);
      this.cursors[r] = cursors;
    }
    return cursors;
  }

  addHungry(r: number): void {
    if (this.hungryPosition[r]! >= 0) return;
    this.hungryPosition[r] = this.hungryCount;
    this.hungry[this.hungryCount++] = r;
  }

  removeHungry(r: number): void {
    const p = this.hungryPosition[r]!;
    if (p < 0) return;
    const last = this.hungry[--this.hungryCount]!;
    this.hungry[p] = last;
    this.hungryPosition[last] = p;
    this.hungryPosition[r] = -1;
  }

  /** Killed reduce r starts its shuffle over: nothing claimed or fetched, from the first unit. */
  restart(r: number): void {
    this.cursors[r]?.fill(0);
    this.claimed[r] = 0;
    this.fetchedOutputs[r] = 0;
    this.pointer[r] = 0;
  }

  /** Reduce r completed: its fetch positions are dropped and it waits for no output. */
  finish(r: number): void {
    this.cursors[r] = undefined;
    this.removeHungry(r);
  }
}
