import { growInt32 } from './typed-arrays.js';

/**
 * One binary min-heap of flows per bundle, keyed by each flow's finishing point on its
 * bundle's virtual clock (`finish[flow]`, then `seq[flow]` for ties). A flow is in at most
 * one heap; `position` indexes it there, so a flow leaves its heap in O(log n). The key
 * arrays are the owner's and may be replaced when it grows them (`keys`).
 */
export class BundleHeaps {
  private lists: Int32Array[] = [];
  private sizes: Int32Array = new Int32Array(0);
  private position: Int32Array = new Int32Array(0);
  private finish: Float64Array = new Float64Array(0);
  private seq: Float64Array = new Float64Array(0);

  /** Points the heaps at the owner's current key arrays. */
  keys(finish: Float64Array, seq: Float64Array): void {
    this.finish = finish;
    this.seq = seq;
  }

  growFlows(capacity: number): void {
    if (capacity > this.position.length) this.position = growInt32(this.position, capacity, -1);
  }

  growBundles(capacity: number): void {
    if (capacity <= this.sizes.length) return;
    this.sizes = growInt32(this.sizes, capacity);
    while (this.lists.length < capacity) this.lists.push(new Int32Array(4));
  }

  size(bundle: number): number {
    return this.sizes[bundle]!;
  }

  /** The flow of a bundle that finishes first; only when its size > 0. */
  head(bundle: number): number {
    return this.lists[bundle]![0]!;
  }

  push(bundle: number, flow: number): void {
    const n = this.sizes[bundle]!;
    let list = this.lists[bundle]!;
    if (n === list.length) this.lists[bundle] = list = growInt32(list, n * 2);
    this.sizes[bundle] = n + 1;
    this.siftUp(list, n, flow);
  }

  /** Takes the head of a bundle's heap out; returns it. */
  pop(bundle: number): number {
    const list = this.lists[bundle]!;
    const flow = list[0]!;
    this.removeAt(bundle, list, 0);
    this.position[flow] = -1;
    return flow;
  }

  remove(bundle: number, flow: number): void {
    const at = this.position[flow]!;
    if (at < 0) return;
    this.removeAt(bundle, this.lists[bundle]!, at);
    this.position[flow] = -1;
  }

  private removeAt(bundle: number, list: Int32Array, at: number): void {
    const last = --this.sizes[bundle]!;
    if (at === last) return;
    const moved = list[last]!;
    this.siftDown(list, last, at, moved);
    if (list[at] === moved) this.siftUp(list, at, moved);
  }

  private less(a: number, b: number): boolean {
    const fa = this.finish[a]!;
    const fb = this.finish[b]!;
    return fa < fb || (fa === fb && this.seq[a]! < this.seq[b]!);
  }

  private siftUp(list: Int32Array, start: number, flow: number): void {
    const position = this.position;
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = list[parent]!;
      if (!this.less(flow, p)) break;
      list[i] = p;
      position[p] = i;
      i = parent;
    }
    list[i] = flow;
    position[flow] = i;
  }

  private siftDown(list: Int32Array, size: number, start: number, flow: number): void {
    const position = this.position;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= size) break;
      const right = child + 1;
      if (right < size && this.less(list[right]!, list[child]!)) child = right;
      const c = list[child]!;
      if (!this.less(c, flow)) break;
      list[i] = c;
      position[c] = i;
      i = child;
    }
    list[i] = flow;
    position[flow] = i;
  }
}
