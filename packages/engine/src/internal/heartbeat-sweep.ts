import type { EventQueue } from './event-queue.js';
import { type HeartbeatSchedule, nextHeartbeat } from './heartbeat-schedule.js';
import { EVENT_HEARTBEAT } from './task-states.js';

/** What the offer protocol asks of the node heartbeats. */
export interface Heartbeats {
  /** A node now wants an offer: make sure it is visited at its next heartbeat. */
  wake(node: number, now: number): void;
  /** Work arrived: every node that wants an offer is visited at its next heartbeat. */
  wakeAll(now: number): void;
  /** The node's heartbeat event of stamp `stamp` fired; returns whether it is current. */
  fire(node: number, stamp: number): boolean;
  /** After visiting `node` at its heartbeat: arm what comes next. */
  advance(node: number, now: number): void;
}

/**
 * Node heartbeats at fixed phases (no jitter) without an event per node per interval.
 * Node n heartbeats at `phase(n) + k × interval`; a heartbeat only matters when the node
 * has a free slot and some task waits ("wants" an offer), so the sweep visits, in phase order, only the nodes that want one and keeps a
 * single event in the queue: the next such visit. When no node wants an offer it stops,
 * and an idle cluster costs nothing.
 *
 * Equivalent to every node heartbeating every interval and ignoring heartbeats that find
 * nothing to do: a node that starts wanting an offer is visited at its next phase time.
 */
export class HeartbeatSweep implements Heartbeats {
  readonly #times: HeartbeatSchedule;
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
    schedule: HeartbeatSchedule,
    private readonly queue: EventQueue,
    private readonly wants: (node: number) => boolean,
  ) {
    if (schedule.jitter !== 0) throw new Error('internal: the heartbeat sweep needs fixed phases');
    this.#times = schedule;
    this.#interval = schedule.interval;
    this.#phase = schedule.phases;
    const nodeCount = this.#phase.length;
    const order = Array.from({ length: nodeCount }, (_, n) => n).sort(
      (a, b) => this.#phase[a]! - this.#phase[b]! || a - b,
    );
    this.#order = Int32Array.from(order);
    this.#rank = new Int32Array(nodeCount);
    order.forEach((node, rank) => {
      this.#rank[node] = rank;
    });
  }

  /** The node's first heartbeat strictly after `now`. */
  nextTime(node: number, now: number): number {
    return nextHeartbeat(this.#times, node, now);
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
  fire(_node: number, stamp: number): boolean {
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
