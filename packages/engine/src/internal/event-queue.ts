/**
 * A binary min-heap of timed events in struct-of-arrays typed storage: no allocation per
 * event. Events at the same time come out in insertion order (ties broken by a sequence
 * number), so a run is deterministic.
 *
 * An event is a kind (small integer), a subject (an integer id: attempt, node, job) and a
 * stamp (the subject's generation when the event was scheduled, so stale events of a
 * killed attempt can be recognised and dropped by the caller).
 */
export class EventQueue {
  #times: Float64Array;
  #seqs: Float64Array;
  #kinds: Uint8Array;
  #subjects: Int32Array;
  #stamps: Int32Array;
  #size = 0;
  #nextSeq = 0;

  constructor(initialCapacity = 1024) {
    const capacity = Math.max(16, initialCapacity);
    this.#times = new Float64Array(capacity);
    this.#seqs = new Float64Array(capacity);
    this.#kinds = new Uint8Array(capacity);
    this.#subjects = new Int32Array(capacity);
    this.#stamps = new Int32Array(capacity);
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
    return this.#kinds[0]!;
  }

  /** Subject of the earliest event (valid when not empty). */
  peekSubject(): number {
    return this.#subjects[0]!;
  }

  /** Stamp of the earliest event (valid when not empty). */
  peekStamp(): number {
    return this.#stamps[0]!;
  }

  push(time: number, kind: number, subject: number, stamp: number): void {
    if (this.#size === this.#times.length) this.#grow();
    const times = this.#times;
    const seqs = this.#seqs;
    const kinds = this.#kinds;
    const subjects = this.#subjects;
    const stamps = this.#stamps;
    const seq = this.#nextSeq++;
    let i = this.#size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pt = times[parent]!;
      if (pt < time || (pt === time && seqs[parent]! < seq)) break;
      times[i] = pt;
      seqs[i] = seqs[parent]!;
      kinds[i] = kinds[parent]!;
      subjects[i] = subjects[parent]!;
      stamps[i] = stamps[parent]!;
      i = parent;
    }
    times[i] = time;
    seqs[i] = seq;
    kinds[i] = kind;
    subjects[i] = subject;
    stamps[i] = stamp;
  }

  /** Removes the earliest event (read it first with the `peek…` methods). */
  pop(): void {
    const n = --this.#size;
    if (n === 0) return;
    const times = this.#times;
    const seqs = this.#seqs;
    const kinds = this.#kinds;
    const subjects = this.#subjects;
    const stamps = this.#stamps;
    const time = times[n]!;
    const seq = seqs[n]!;
    const kind = kinds[n]!;
    const subject = subjects[n]!;
    const stamp = stamps[n]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (
        right < n &&
        (times[right]! < times[child]! || (times[right] === times[child] && seqs[right]! < seqs[child]!))
      ) {
        child = right;
      }
      const ct = times[child]!;
      if (ct > time || (ct === time && seqs[child]! > seq)) break;
      times[i] = ct;
      seqs[i] = seqs[child]!;
      kinds[i] = kinds[child]!;
      subjects[i] = subjects[child]!;
      stamps[i] = stamps[child]!;
      i = child;
    }
    times[i] = time;
    seqs[i] = seq;
    kinds[i] = kind;
    subjects[i] = subject;
    stamps[i] = stamp;
  }

  #grow(): void {
    const capacity = this.#times.length * 2;
    const times = new Float64Array(capacity);
    times.set(this.#times);
    this.#times = times;
    const seqs = new Float64Array(capacity);
    seqs.set(this.#seqs);
    this.#seqs = seqs;
    const kinds = new Uint8Array(capacity);
    kinds.set(this.#kinds);
    this.#kinds = kinds;
    const subjects = new Int32Array(capacity);
    subjects.set(this.#subjects);
    this.#subjects = subjects;
    const stamps = new Int32Array(capacity);
    stamps.set(this.#stamps);
    this.#stamps = stamps;
  }
}
