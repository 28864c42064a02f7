import type { EventQueue } from './event-queue.js';
import { EVENT_HEARTBEAT } from './task-states.js';

const GOLDEN = 0.6180339887498949;

/**
 * Node heartbeats without an event per node per interval. Node n heartbeats at
 * `phase(n) + k × interval`, phases spread over the interval by the golden ratio; a
 * heartbeat only matters when the node has a free slot and some task waits ("wants" an
 * offer), so the sweep visits, in phase order, only the nodes that want one and keeps a
 * single event in the queue: the next such visit. When no node wants an offer it stops,
 * and an idle cluster costs nothing.
 *
 * Equivalent to every node heartbeating every interval and ignoring heartbeats that find
 * nothing to do: a node that starts wanting an offer is visited at its next phase time.
 */
export class HeartbeatSweep {
  readonly #interval: number;
  readonly #phase: Float64Array;
  /** Nodes in ascending phase order, and each node's rank in it. */
  readonly #order: Int32Array;
  readonly #rank: Int32Array;
  #scheduledNode = -1;
  #scheduledTime = Number.POSITIVE_INFINITY;
  #stamp = 0;
  #busy = false;

  constructor(
    nodeCount: number,
    interval: number,
    private readonly queue: EventQueue,
    private readonly wants: (node: number) => boolean,
  ) {
    this.#interval = interval;
    this.#phase = new Float64Array(nodeCount);
    for (let n = 0; n < nodeCount; n++) {
      const x = (n + 1) * GOLDEN;
      this.#phase[n] = (x - Math.floor(x)) * interval;
    }
    const order = Array.from({ length: nodeCount }, (_, n) => n).sort(
      (a, b) => this.#phase[a]! - this.#phase[b]! || a - b,
    );
    this.#order = Int32Array.from(order);
    this.#rank = new Int32Array(nodeCount);
    order.forEach((node, rank) => {
      this.#rank[node] = rank;
    });
  }

  /** Phase of a node's heartbeats within the interval. */
  phase(node: number): number {
    return this.#phase[node]!;
  }

  /** The node's first heartbeat strictly after `now`. */
  nextTime(node: number, now: number): number {
    const interval = this.#interval;
    const phase = this.#phase[node]!;
    let t = phase + (Math.floor((now - phase) / interval) + 1) * interval;
    if (t <= now) t += interval;
    return t;
  }

  #schedule(node: number, time: number): void {
    this.#scheduledNode = node;
    this.#scheduledTime = time;
    this.#stamp = (this.#stamp + 1) | 0;
    this.queue.push(time, EVENT_HEARTBEAT, node, this.#stamp);
  }

  /** A node now wants an offer: make sure it is visited at its next heartbeat. */
  wake(node: number, now: number): void {
    if (this.#busy) return;
    const t = this.nextTime(node, now);
    if (t < this.#scheduledTime) this.#schedule(node, t);
  }

  /** Work arrived: the earliest node (in phase order after now) that wants an offer is visited next. */
  wakeAll(now: number): void {
    if (this.#busy) return;
    const order = this.#order;
    const n = order.length;
    const interval = this.#interval;
    const offset = now - Math.floor(now / interval) * interval;
    // First rank whose phase lies strictly after `now` within the interval.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#phase[order[mid]!]! <= offset) lo = mid + 1;
      else hi = mid;
    }
    const stop = this.#scheduledNode < 0 ? -1 : this.#rank[this.#scheduledNode]!;
    for (let k = 0; k < n; k++) {
      const rank = (lo + k) % n;
      if (rank === stop) return;
      const node = order[rank]!;
      if (this.wants(node)) {
        const t = this.nextTime(node, now);
        if (t < this.#scheduledTime) this.#schedule(node, t);
        return;
      }
    }
  }

  /** A heartbeat event fired; returns whether it is current (not superseded). */
  fire(stamp: number): boolean {
    if (stamp !== this.#stamp) return false;
    this.#scheduledNode = -1;
    this.#scheduledTime = Number.POSITIVE_INFINITY;
    this.#busy = true;
    return true;
  }

  /** After visiting `node`: schedules the next node in phase order that wants an offer. */
  advance(node: number, now: number): void {
    this.#busy = false;
    const order = this.#order;
    const n = order.length;
    const from = this.#rank[node]!;
    for (let k = 1; k <= n; k++) {
      const next = order[(from + k) % n]!;
      if (this.wants(next)) {
        this.#schedule(next, this.nextTime(next, now));
        return;
      }
    }
  }
}
