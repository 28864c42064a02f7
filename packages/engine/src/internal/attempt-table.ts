import { PHASE_READ } from './task-states.js';
import { growFloat64, growInt32, growUint8 } from './typed-arrays.js';

/**
 * Running task copies ("attempts") in struct-of-arrays storage with a free list. An
 * attempt holds a slot; there are never more than the cluster's slots at once, so these
 * arrays stay small and hot. A generation number per entry lets the event loop drop
 * events of an attempt that was killed and its entry reused.
 *
 * The table is the only writer of its arrays: the parts read them and report what
 * happened through the methods below (an ownership test checks it).
 */
export class AttemptTable {
  capacity: number;
  readonly fetchSlots: number;
  job: Int32Array;
  task: Int32Array;
  /** 0 = map, 1 = reduce. */
  kind: Uint8Array;
  node: Int32Array;
  generation: Int32Array;
  phase: Uint8Array;
  /** Launch time of this copy. */
  start: Float64Array;
  /** Start of the current compute phase. */
  phaseStart: Float64Array;
  /** Length of the current compute phase. */
  phaseLength: Float64Array;
  /** Network flow of the current read, migration or (first) write; −1 if none. */
  flow: Int32Array;
  /** Outstanding write flows (output replication). */
  pendingWrites: Int32Array;
  /** Next copy of the same map (duplicates), −1 at the end. */
  nextCopy: Int32Array;
  /** 1 when this copy is a duplicate launch. */
  duplicate: Uint8Array;
  /** 1 when the policy chose this copy early (its output is the one kept). */
  chosen: Uint8Array;
  /** Node the input is read from (maps), −1 when local or none. */
  inputSource: Int32Array;
  /** Fetches in flight (reduces). */
  fetchCount: Int32Array;
  /** Fetch records in flight, `fetchSlots` per attempt. */
  fetches: Int32Array;
  #free: Int32Array;
  #freeCount = 0;
  #used = 0;

  constructor(initialCapacity: number, fetchSlots: number) {
    this.capacity = Math.max(16, initialCapacity);
    this.fetchSlots = fetchSlots;
    const c = this.capacity;
    this.job = new Int32Array(c);
    this.task = new Int32Array(c);
    this.kind = new Uint8Array(c);
    this.node = new Int32Array(c);
    this.generation = new Int32Array(c);
    this.phase = new Uint8Array(c);
    this.start = new Float64Array(c);
    this.phaseStart = new Float64Array(c);
    this.phaseLength = new Float64Array(c);
    this.flow = new Int32Array(c);
    this.pendingWrites = new Int32Array(c);
    this.nextCopy = new Int32Array(c);
    this.duplicate = new Uint8Array(c);
    this.chosen = new Uint8Array(c);
    this.inputSource = new Int32Array(c);
    this.fetchCount = new Int32Array(c);
    this.fetches = new Int32Array(c * fetchSlots);
    this.#free = new Int32Array(c);
  }

  /** Takes a fresh attempt entry. */
  allocate(job: number, task: number, kind: number, node: number, now: number): number {
    let a: number;
    if (this.#freeCount > 0) a = this.#free[--this.#freeCount]!;
    else {
      if (this.#used === this.capacity) this.#grow();
      a = this.#used++;
    }
    this.job[a] = job;
    this.task[a] = task;
    this.kind[a] = kind;
    this.node[a] = node;
    this.phase[a] = 0;
    this.start[a] = now;
    this.phaseStart[a] = now;
    this.phaseLength[a] = 0;
    this.flow[a] = -1;
    this.pendingWrites[a] = 0;
    this.nextCopy[a] = -1;
    this.duplicate[a] = 0;
    this.chosen[a] = 0;
    this.inputSource[a] = -1;
    this.fetchCount[a] = 0;
    return a;
  }

  /** Attempt a enters `phase` (a transfer or the shuffle: no compute timing). */
  enter(a: number, phase: number): void {
    this.phase[a] = phase;
  }

  /** Attempt a enters compute phase `phase` at `now` for `length` seconds. */
  startPhase(a: number, phase: number, now: number, length: number): void {
    this.phase[a] = phase;
    this.phaseStart[a] = now;
    this.phaseLength[a] = length;
  }

  /** Map attempt a reads its input from node `source`. */
  readFrom(a: number, source: number): void {
    this.inputSource[a] = source;
    this.phase[a] = PHASE_READ;
  }

  /** Attempt a is a duplicate launch. */
  markDuplicate(a: number): void {
    this.duplicate[a] = 1;
  }

  /** The policy chose copy a early: its output is the one kept. */
  choose(a: number): void {
    this.chosen[a] = 1;
  }

  /** Copy a goes to the head of its map's copy list, before `head` (−1: none). */
  prependCopy(a: number, head: number): void {
    this.nextCopy[a] = head;
  }

  /** Copy a leaves its map's copy list, where `before` precedes it. */
  unlinkCopy(before: number, a: number): void {
    this.nextCopy[before] = this.nextCopy[a]!;
  }

  /** Flow record `rec` carries attempt a's read, migration or first write. */
  setFlow(a: number, rec: number): void {
    this.flow[a] = rec;
  }

  /** Flow record `rec` ended: attempt a no longer waits on it. */
  clearFlow(a: number, rec: number): void {
    if (this.flow[a] === rec) this.flow[a] = -1;
  }

  /** Attempt a has one more fetch in flight, flow record `rec`. */
  addFetch(a: number, rec: number): void {
    this.fetches[a * this.fetchSlots + this.fetchCount[a]!] = rec;
    this.fetchCount[a]!++;
  }

  /** Attempt a has no fetch in flight any more. */
  clearFetches(a: number): void {
    this.fetchCount[a] = 0;
  }

  /** Attempt a has one more output write in flight, flow record `rec`. */
  addWrite(a: number, rec: number): void {
    this.fetches[a * this.fetchSlots + this.pendingWrites[a]!] = rec;
    this.pendingWrites[a]!++;
  }

  /** Attempt a has no output write in flight any more. */
  clearWrites(a: number): void {
    this.pendingWrites[a] = 0;
  }

  /** Removes fetch flow record `rec` from attempt a's fetches in flight; returns how many are left. */
  unlistFetch(a: number, rec: number): number {
    return this.#unlist(a, rec, this.fetchCount);
  }

  /** Removes write flow record `rec` from attempt a's writes in flight; returns how many are left. */
  unlistWrite(a: number, rec: number): number {
    return this.#unlist(a, rec, this.pendingWrites);
  }

  /**
   * Removes flow record `rec` from attempt a's list of flows in flight (`fetches`), whose
   * length is `counter[a]`; returns the new length.
   */
  #unlist(a: number, rec: number, counter: Int32Array): number {
    const base = a * this.fetchSlots;
    const last = --counter[a]!;
    for (let k = 0; k <= last; k++) {
      if (this.fetches[base + k] === rec) {
        this.fetches[base + k] = this.fetches[base + last]!;
        break;
      }
    }
    return last;
  }

  /** Returns an entry to the free list; its pending events become stale. */
  release(a: number): void {
    this.generation[a] = (this.generation[a]! + 1) | 0;
    this.phase[a] = 0;
    this.#free[this.#freeCount++] = a;
  }

  #grow(): void {
    const c = this.capacity * 2;
    this.job = growInt32(this.job, c);
    this.task = growInt32(this.task, c);
    this.kind = growUint8(this.kind, c);
    this.node = growInt32(this.node, c);
    this.generation = growInt32(this.generation, c);
    this.phase = growUint8(this.phase, c);
    this.start = growFloat64(this.start, c);
    this.phaseStart = growFloat64(this.phaseStart, c);
    this.phaseLength = growFloat64(this.phaseLength, c);
    this.flow = growInt32(this.flow, c);
    this.pendingWrites = growInt32(this.pendingWrites, c);
    this.nextCopy = growInt32(this.nextCopy, c);
    this.duplicate = growUint8(this.duplicate, c);
    this.chosen = growUint8(this.chosen, c);
    this.inputSource = growInt32(this.inputSource, c);
    this.fetchCount = growInt32(this.fetchCount, c);
    this.fetches = growInt32(this.fetches, c * this.fetchSlots);
    this.#free = growInt32(this.#free, c);
    this.capacity = c;
  }
}
