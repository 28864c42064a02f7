import { IndexedMinHeap } from './indexed-min-heap.js';
import type { CompletionBatch } from './solve-schedule.js';

/**
 * The order in which the per-flow model's active flows complete between two solves. The
 * flows due by `horizon` (no solve can come sooner than the resolve interval after the
 * last one) are in a heap keyed by completion time, then sequence; the rest are only
 * scanned, when `restMin` (their earliest completion) comes before any solve has re-timed
 * them. A solve re-times every flow, so only the first interval's completions need an
 * order.
 */
export class CompletionWindow {
  readonly heap = new IndexedMinHeap(0);
  private horizon = Number.NEGATIVE_INFINITY;
  /** The earliest completion outside the heap. */
  restMin = Number.POSITIVE_INFINITY;
  /** A flow outside the heap left; `restMin` may be too early until recomputed. */
  restStale = false;

  grow(capacity: number): void {
    this.heap.grow(capacity);
  }

  /** Starts a solve's listing of the flows due by `horizon`. */
  open(horizon: number): void {
    this.heap.clear();
    this.horizon = horizon;
  }

  /** Ends it: `restMin` is the earliest completion of the flows not listed. */
  close(restMin: number): void {
    this.heap.heapify();
    this.restMin = restMin;
    this.restStale = false;
  }

  /** Forgets a flow that leaves before its completion (`due` its completion time). */
  forget(flow: number, due: number): void {
    if (this.heap.has(flow)) this.heap.remove(flow);
    else if (due <= this.restMin) this.restStale = true;
  }

  /**
   * Files a flow whose completion time changed between solves (from `old` to `due`): in
   * the heap if due by the horizon, else among the rest.
   */
  place(flow: number, old: number, due: number, seq: number): void {
    const heap = this.heap;
    if (heap.has(flow)) {
      if (due <= this.horizon) {
        heap.update(flow, due);
        return;
      }
      heap.remove(flow);
    } else if (old < Number.POSITIVE_INFINITY && old <= this.restMin) {
      this.restStale = true;
    }
    if (due <= this.horizon) heap.push(flow, due, seq);
    else if (due < this.restMin) this.restMin = due;
  }

  /**
   * Recomputes `restMin` over the first `count` flows of `active` outside the heap (`due`,
   * each flow's completion time); with a finite `limit`, the ones due by then go to `batch`
   * instead (the caller detaches them).
   */
  rescan(active: Int32Array, count: number, due: Float64Array, limit: number, batch: CompletionBatch): void {
    const heap = this.heap;
    let restMin = Number.POSITIVE_INFINITY;
    for (let i = 0; i < count; i++) {
      const flow = active[i]!;
      if (heap.has(flow)) continue;
      const d = due[flow]!;
      if (d <= limit) batch.push(flow);
      else if (d < restMin) restMin = d;
    }
    this.restMin = restMin;
    this.restStale = false;
  }
}
