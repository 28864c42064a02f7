import { growFloat64, growInt32 } from './typed-arrays.js';

/**
 * A binary min-heap over integer ids 0 … capacity − 1 with a position index, so any id's
 * key can be changed or the id removed in O(log n). Order: key, then tie, so equal keys
 * come out in a deterministic order. Keys and ties are stored in heap order beside the
 * ids, so sifting reads contiguous memory.
 */
export class IndexedMinHeap {
  private items: Int32Array;
  private keys: Float64Array;
  private ties: Float64Array;
  private pos: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.items = new Int32Array(capacity);
    this.keys = new Float64Array(capacity);
    this.ties = new Float64Array(capacity);
    this.pos = new Int32Array(capacity).fill(-1);
  }

  /** Makes room for ids below `capacity`. */
  grow(capacity: number): void {
    if (capacity <= this.pos.length) return;
    this.items = growInt32(this.items, capacity);
    this.keys = growFloat64(this.keys, capacity);
    this.ties = growFloat64(this.ties, capacity);
    this.pos = growInt32(this.pos, capacity, -1);
  }

  has(id: number): boolean {
    return this.pos[id]! >= 0;
  }

  /** Key of an id in the heap. */
  keyOf(id: number): number {
    return this.keys[this.pos[id]!]!;
  }

  /** The id with the smallest key; only when `size > 0`. */
  top(): number {
    return this.items[0]!;
  }

  topKey(): number {
    return this.size === 0 ? Number.POSITIVE_INFINITY : this.keys[0]!;
  }

  push(id: number, key: number, tie: number): void {
    this.append(id, key, tie);
    this.siftUp(this.size - 1, id, key, tie);
  }

  /** Appends without ordering; call `heapify` before any other operation. */
  append(id: number, key: number, tie: number): void {
    const i = this.size++;
    this.items[i] = id;
    this.keys[i] = key;
    this.ties[i] = tie;
    this.pos[id] = i;
  }

  /** Sets the key of an id without ordering; call `heapify` before any other operation. */
  setKey(id: number, key: number): void {
    this.keys[this.pos[id]!] = key;
  }

  /** Restores the heap order in O(size) after `append` or `setKey`. */
  heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--)
      this.siftDown(i, this.items[i]!, this.keys[i]!, this.ties[i]!);
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
    const i = this.pos[id]!;
    const old = this.keys[i]!;
    if (key < old) this.siftUp(i, id, key, this.ties[i]!);
    else if (key > old) this.siftDown(i, id, key, this.ties[i]!);
  }

  /** Empties the heap. */
  clear(): void {
    for (let i = 0; i < this.size; i++) this.pos[this.items[i]!] = -1;
    this.size = 0;
  }

  private removeAt(i: number): void {
    this.pos[this.items[i]!] = -1;
    const last = --this.size;
    if (i === last) return;
    const id = this.items[last]!;
    const key = this.keys[last]!;
    const tie = this.ties[last]!;
    this.siftDown(i, id, key, tie);
    if (this.items[i] === id) this.siftUp(i, id, key, tie);
  }

  /** Moves the entry (id, key, tie) up from hole `start` to its place. */
  private siftUp(start: number, id: number, key: number, tie: number): void {
    const { items, keys, ties, pos } = this;
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const pk = keys[parent]!;
      if (pk < key || (pk === key && ties[parent]! <= tie)) break;
      const p = items[parent]!;
      items[i] = p;
      keys[i] = pk;
      ties[i] = ties[parent]!;
      pos[p] = i;
      i = parent;
    }
    items[i] = id;
    keys[i] = key;
    ties[i] = tie;
    pos[id] = i;
  }

  /** Moves the entry (id, key, tie) down from hole `start` to its place. */
  private siftDown(start: number, id: number, key: number, tie: number): void {
    const { items, keys, ties, pos } = this;
    const n = this.size;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let ck = keys[child]!;
      let ct = ties[child]!;
      const right = child + 1;
      if (right < n) {
        const rk = keys[right]!;
        if (rk < ck || (rk === ck && ties[right]! < ct)) {
          child = right;
          ck = rk;
          ct = ties[right]!;
        }
      }
      if (key < ck || (key === ck && tie <= ct)) break;
      const c = items[child]!;
      items[i] = c;
      keys[i] = ck;
      ties[i] = ct;
      pos[c] = i;
      i = child;
    }
    items[i] = id;
    keys[i] = key;
    ties[i] = tie;
    pos[id] = i;
  }
}
