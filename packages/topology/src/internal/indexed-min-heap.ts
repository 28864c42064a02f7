import { growFloat64, growInt32 } from './typed-arrays.js';

/**
 * A binary min-heap over integer ids 0 … capacity − 1 with a position index, so any id's
 * key can be changed or the id removed in O(log n). Order: key, then tie (both numbers),
 * so equal keys come out in a deterministic order.
 */
export class IndexedMinHeap {
  private items: Int32Array;
  private pos: Int32Array;
  private keys: Float64Array;
  private ties: Float64Array;
  size = 0;

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
    this.keys = new Float64Array(capacity);
    this.ties = new Float64Array(capacity);
  }

  /** Makes room for ids below `capacity`. */
  grow(capacity: number): void {
    if (capacity <= this.pos.length) return;
    this.items = growInt32(this.items, capacity);
    this.pos = growInt32(this.pos, capacity, -1);
    this.keys = growFloat64(this.keys, capacity);
    this.ties = growFloat64(this.ties, capacity);
  }

  has(id: number): boolean {
    return this.pos[id]! >= 0;
  }

  keyOf(id: number): number {
    return this.keys[id]!;
  }

  /** The id with the smallest key; only when `size > 0`. */
  top(): number {
    return this.items[0]!;
  }

  topKey(): number {
    return this.size === 0 ? Number.POSITIVE_INFINITY : this.keys[this.items[0]!]!;
  }

  push(id: number, key: number, tie: number): void {
    this.keys[id] = key;
    this.ties[id] = tie;
    const i = this.size++;
    this.items[i] = id;
    this.pos[id] = i;
    this.siftUp(i);
  }

  /** Appends without ordering; call `heapify` before any other operation. */
  append(id: number, key: number, tie: number): void {
    this.keys[id] = key;
    this.ties[id] = tie;
    const i = this.size++;
    this.items[i] = id;
    this.pos[id] = i;
  }

  heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i);
  }

  pop(): number {
    const id = this.items[0]!;
    this.removeAt(0);
    return id;
  }

  remove(id: number): void {
    const i = this.pos[id]!;
    if (i >= 0) this.removeAt(i);
  }

  /** Sets the key of an id in the heap and restores the order. */
  update(id: number, key: number): void {
    const old = this.keys[id]!;
    this.keys[id] = key;
    const i = this.pos[id]!;
    if (key < old) this.siftUp(i);
    else if (key > old) this.siftDown(i);
  }

  /** Empties the heap. */
  clear(): void {
    for (let i = 0; i < this.size; i++) this.pos[this.items[i]!] = -1;
    this.size = 0;
  }

  private removeAt(i: number): void {
    const id = this.items[i]!;
    this.pos[id] = -1;
    const last = --this.size;
    if (i === last) return;
    const moved = this.items[last]!;
    this.items[i] = moved;
    this.pos[moved] = i;
    this.siftDown(i);
    if (this.items[i] === moved) this.siftUp(i);
  }

  private less(a: number, b: number): boolean {
    const ka = this.keys[a]!;
    const kb = this.keys[b]!;
    return ka < kb || (ka === kb && this.ties[a]! < this.ties[b]!);
  }

  private siftUp(start: number): void {
    const items = this.items;
    const id = items[start]!;
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = items[parent]!;
      if (!this.less(id, p)) break;
      items[i] = p;
      this.pos[p] = i;
      i = parent;
    }
    items[i] = id;
    this.pos[id] = i;
  }

  private siftDown(start: number): void {
    const items = this.items;
    const n = this.size;
    const id = items[start]!;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      const right = child + 1;
      if (right < n && this.less(items[right]!, items[child]!)) child = right;
      const c = items[child]!;
      if (!this.less(c, id)) break;
      items[i] = c;
      this.pos[c] = i;
      i = child;
    }
    items[i] = id;
    this.pos[id] = i;
  }
}
