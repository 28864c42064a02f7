import { growFloat64, growInt32, growUint8 } from './typed-arrays.js';

/**
 * A 4-ary min-heap of timed events over typed arrays: no allocation per event. The heap
 * holds (time, slot) pairs; an event's kind, subject and stamp sit in a slot table, so a
 * sift moves two numbers. Events at the same time come out in insertion order (ties are
 * broken by a sequence number), so a run is deterministic.
 *
 * An event is a kind (small integer), a subject (an integer id: attempt, node, job) and a
 * stamp (the subject's generation when the event was scheduled, so stale events of a
 * killed attempt can be recognised and dropped by the caller).
 */
export class EventQueue {
  #times: Float64Array;
  #slots: Int32Array;
  #size = 0;
  // slot table
  #seq: Float64Array;
  #kind: Uint8Array;
  #subject: Int32Array;
  #stamp: Int32Array;
  #free: Int32Array;
  #freeCount = 0;
  #usedSlots = 0;
  #nextSeq = 0;

  constructor(initialCapacity = 1024) {
    const capacity = Math.max(16, initialCapacity);
    this.#times = new Float64Array(capacity);
    this.#slots = new Int32Array(capacity);
    this.#seq = new Float64Array(capacity);
    this.#kind = new Uint8Array(capacity);
    this.#subject = new Int32Array(capacity);
    this.#stamp = new Int32Array(capacity);
    this.#free = new Int32Array(capacity);
  }

  get size(): number {
    return this.#size;
  }

  /** Events ever pushed. */
  get pushed(): number {
    return this.#nextSeq;
  }

  /** Time of the earliest event; Infinity when empty. */
  peekTime(): number {
    return this.#size === 0 ? Number.POSITIVE_INFINITY : this.#times[0]!;
  }

  /** Kind of the earliest event (valid when not empty). */
  peekKind(): number {
    return this.#kind[this.#slots[0]!]!;
  }

  /** Subject of the earliest event (valid when not empty). */
  peekSubject(): number {
    return this.#subject[this.#slots[0]!]!;
  }

  /** Stamp of the earliest event (valid when not empty). */
  peekStamp(): number {
    return this.#stamp[this.#slots[0]!]!;
  }

  push(time: number, kind: number, subject: number, stamp: number): void {
    let slot: number;
    if (this.#freeCount > 0) slot = this.#free[--this.#freeCount]!;
    else {
      if (this.#usedSlots === this.#seq.length) this.#growSlots();
      slot = this.#usedSlots++;
    }
    const seq = this.#nextSeq++;
    this.#seq[slot] = seq;
    this.#kind[slot] = kind;
    this.#subject[slot] = subject;
    this.#stamp[slot] = stamp;
    if (this.#size === this.#times.length) this.#growHeap();
    const times = this.#times;
    const slots = this.#slots;
    const seqs = this.#seq;
    let i = this.#size++;
    while (i > 0) {
      const parent = (i - 1) >> 2;
      const pt = times[parent]!;
      if (pt < time || (pt === time && seqs[slots[parent]!]! < seq)) break;
      times[i] = pt;
      slots[i] = slots[parent]!;
      i = parent;
    }
    times[i] = time;
    slots[i] = slot;
  }

  /** Removes the earliest event (read it first with the `peek…` methods). */
  pop(): void {
    const times = this.#times;
    const slots = this.#slots;
    this.#free[this.#freeCount++] = slots[0]!;
    const n = --this.#size;
    if (n === 0) return;
    const seqs = this.#seq;
    const time = times[n]!;
    const slot = slots[n]!;
    const seq = seqs[slot]!;
    let i = 0;
    for (;;) {
      const first = 4 * i + 1;
      if (first >= n) break;
      let best = first;
      let bestTime = times[first]!;
      const end = first + 4 < n ? first + 4 : n;
      for (let c = first + 1; c < end; c++) {
        const ct = times[c]!;
        if (ct < bestTime || (ct === bestTime && seqs[slots[c]!]! < seqs[slots[best]!]!)) {
          best = c;
          bestTime = ct;
        }
      }
      if (bestTime > time || (bestTime === time && seqs[slots[best]!]! > seq)) break;
      times[i] = bestTime;
      slots[i] = slots[best]!;
      i = best;
    }
    times[i] = time;
    slots[i] = slot;
  }

  #growHeap(): void {
    const c = this.#times.length * 2;
    this.#times = growFloat64(this.#times, c);
    this.#slots = growInt32(this.#slots, c);
  }

  #growSlots(): void {
    const c = this.#seq.length * 2;
    this.#seq = growFloat64(this.#seq, c);
    this.#kind = growUint8(this.#kind, c);
    this.#subject = growInt32(this.#subject, c);
    this.#stamp = growInt32(this.#stamp, c);
    this.#free = growInt32(this.#free, c);
  }
}
