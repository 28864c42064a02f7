import type { EventQueue } from './event-queue.js';
import { type HeartbeatSchedule, nextHeartbeat } from './heartbeat-schedule.js';
import type { Heartbeats } from './heartbeat-sweep.js';
import { EVENT_HEARTBEAT } from './task-states.js';

/**
 * Node heartbeats with jitter: a late heartbeat can overtake another node's, so there is
 * no fixed order to sweep; each node that wants an offer keeps its own event in the
 * queue, armed at its next heartbeat. A node that wants nothing keeps none, so an idle
 * cluster still costs nothing.
 */
export class HeartbeatTimers implements Heartbeats {
  readonly #schedule: HeartbeatSchedule;
  /** Time of each node's armed heartbeat; Infinity when none is armed. */
  readonly #armed: Float64Array;
  readonly #stamp: Int32Array;

  constructor(
    schedule: HeartbeatSchedule,
    private readonly queue: EventQueue,
    private readonly wants: (node: number) => boolean,
  ) {
    this.#schedule = schedule;
    this.#armed = new Float64Array(schedule.phases.length).fill(Number.POSITIVE_INFINITY);
    this.#stamp = new Int32Array(schedule.phases.length);
  }

  wake(node: number, now: number): void {
    if (this.#armed[node]! !== Number.POSITIVE_INFINITY) return;
    const time = nextHeartbeat(this.#schedule, node, now);
    this.#armed[node] = time;
    const stamp = (this.#stamp[node]! + 1) | 0;
    this.#stamp[node] = stamp;
    this.queue.push(time, EVENT_HEARTBEAT, node, stamp);
  }

  wakeAll(now: number): void {
    const n = this.#armed.length;
    for (let node = 0; node < n; node++) {
      if (this.#armed[node]! === Number.POSITIVE_INFINITY && this.wants(node)) this.wake(node, now);
    }
  }

  fire(node: number, stamp: number): boolean {
    if (stamp !== this.#stamp[node]) return false;
    this.#armed[node] = Number.POSITIVE_INFINITY;
    return true;
  }

  advance(node: number, now: number): void {
    if (this.wants(node)) this.wake(node, now);
  }
}
