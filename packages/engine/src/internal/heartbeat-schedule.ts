import type { RandomSource } from '@rackwise/types';

const GOLDEN = 0.6180339887498949;
const TWO_POW_32 = 4_294_967_296;

/**
 * When each node heartbeats: node n's k-th heartbeat (k = 0, 1, …) is at
 * `phase(n) + (k + jitter × u(n, k)) × interval`, with `phase(n)` in `[0, interval)` and
 * `u(n, k)` in `[0, 1)` a fixed hash of the run's heartbeat stream, the node and k. A
 * heartbeat is only ever late, never early (the NodeManager sleeps the interval, then
 * the heartbeat waits on the RPC and the scheduler's lock), and with `jitter < 1` two
 * heartbeats of a node stay more than `(1 − jitter) × interval` apart, so they keep
 * their order. Without jitter a node heartbeats exactly every interval.
 */
export interface HeartbeatSchedule {
  readonly interval: number;
  /** Each node's phase in `[0, interval)`. */
  readonly phases: Float64Array;
  /** Lateness of a heartbeat at most, as a fraction of the interval, in `[0, 1)`. */
  readonly jitter: number;
  /** Seed of the lateness hash. */
  readonly jitterKey: number;
}

/** Phases spread over the interval by the golden ratio: `frac((n + 1) × 0.618…) × interval`. */
export function spreadPhases(nodeCount: number, interval: number): Float64Array {
  const phases = new Float64Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) {
    const x = (n + 1) * GOLDEN;
    phases[n] = (x - Math.floor(x)) * interval;
  }
  return phases;
}

/** Phases drawn uniformly in `[0, interval)`, node by node, from `random`. */
export function randomPhases(nodeCount: number, interval: number, random: RandomSource): Float64Array {
  const phases = new Float64Array(nodeCount);
  for (let n = 0; n < nodeCount; n++) {
    const phase = random.next() * interval;
    // u < 1 can still round up to the interval itself.
    phases[n] = phase < interval ? phase : 0;
  }
  return phases;
}

/**
 * The schedule of a run: `spread` phases, or phases drawn from `random` (the run's own
 * heartbeat stream), which also seeds the lateness hash.
 */
export function heartbeatSchedule(
  nodeCount: number,
  interval: number,
  phases: 'random' | 'spread',
  jitter: number,
  random: RandomSource,
): HeartbeatSchedule {
  return {
    interval,
    phases:
      phases === 'spread' ? spreadPhases(nodeCount, interval) : randomPhases(nodeCount, interval, random),
    jitter,
    jitterKey: jitter > 0 ? Math.floor(random.next() * TWO_POW_32) | 0 : 0,
  };
}

/** murmur3's 32-bit finaliser. */
function mix(x: number): number {
  let h = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) | 0;
}

/** `u(n, k)` in `[0, 1)`: a hash, so a node's k-th heartbeat is the same whoever asks and when. */
function lateness(key: number, node: number, k: number): number {
  const h = mix(
    mix(mix(key ^ Math.imul(node + 1, 0x9e3779b1)) ^ (k >>> 0)) ^ (Math.floor(k / TWO_POW_32) | 0),
  );
  return (h >>> 0) / TWO_POW_32;
}

/** Time of node `node`'s k-th heartbeat. */
export function heartbeatTime(schedule: HeartbeatSchedule, node: number, k: number): number {
  const { interval, jitter } = schedule;
  const late = jitter > 0 ? jitter * lateness(schedule.jitterKey, node, k) : 0;
  return schedule.phases[node]! + (k + late) * interval;
}

/** The node's first heartbeat strictly after `now` (`now >= 0`). */
export function nextHeartbeat(schedule: HeartbeatSchedule, node: number, now: number): number {
  const { interval } = schedule;
  const phase = schedule.phases[node]!;
  if (schedule.jitter === 0) {
    let t = phase + (Math.floor((now - phase) / interval) + 1) * interval;
    if (t <= now) t += interval;
    return t;
  }
  // Heartbeat k lies in [phase + k × interval, phase + (k + jitter) × interval): the
  // first after `now` is the one of the cycle holding `now` or a later one.
  let k = Math.max(0, Math.floor((now - phase) / interval));
  for (;;) {
    const t = heartbeatTime(schedule, node, k);
    if (t > now) return t;
    k++;
  }
}
