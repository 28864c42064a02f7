import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork, FlowNetworkStats } from '../flow-network-types.js';
import { TIME_TOLERANCE } from './solve-schedule.js';
import { growInt32 } from './typed-arrays.js';

/** The figures of the start-burst stall: `FlowNetworkOptions.startBurst`. */
export interface StartBurstParameters {
  readonly bufferBytes: Bytes;
  readonly mssBytes: Bytes;
  readonly rttSeconds: Seconds;
  readonly rtoMinSeconds: Seconds;
  /** Segments a new flow sends at once (Linux's initial window: 10). */
  readonly initialWindowSegments: number;
}

/** How many flows starting together a port of `capacity` bytes per second takes without losing a whole initial window. */
export function burstHeldFlows(capacity: number, p: StartBurstParameters): number {
  return Math.max(
    1,
    Math.floor((p.bufferBytes + capacity * p.rttSeconds) / (p.initialWindowSegments * p.mssBytes)),
  );
}

interface Held {
  readonly links: readonly number[];
  readonly bytes: Bytes;
  readonly tag: number;
  readonly release: Seconds;
}

/**
 * A flow network whose flows that start together stall when their initial windows
 * overflow a port: of the flows added at one instant, those past the first
 * {@link burstHeldFlows} on some link of theirs lose their whole window and send nothing
 * until a retransmission timeout (RTO_min) later, when they start again (from one
 * segment: no second burst). The rest of the protocol is the inner network's; ids are its
 * own, mapped to the inner network's and, as the inner network's, taken again once their
 * flow ended — but only after the next solve, so that no flow started since the last one
 * shares an id with another.
 */
export class StartBurstFlowNetwork implements FlowNetwork {
  readonly #inner: FlowNetwork;
  readonly #held = new Map<number, Held>();
  /** Own id → inner id, and back, for flows in the inner network (−1: none). */
  #innerOf: Int32Array = new Int32Array(64).fill(-1);
  #outerOf: Int32Array = new Int32Array(64).fill(-1);
  /** Flows added since the last solve, in the order they came: own id, links, tag, start time. */
  #fresh: { id: number; links: readonly number[]; tag: number; at: Seconds }[] = [];
  #nextId = 0;
  /** Own ids free to take again, and those freed since the last solve (taken again after it). */
  readonly #free: number[] = [];
  readonly #retired: number[] = [];
  /** Per link, how many flows a port takes in one burst ({@link burstHeldFlows}). */
  readonly #burstHeld: Int32Array;
  /** Per link, how many flows of one start instant cross it so far, and the links counted. */
  readonly #starting: Int32Array;
  readonly #counted: number[] = [];
  #nextRelease = Number.POSITIVE_INFINITY;
  /** The batch `takeCompleted` reports: own id, tag, … */
  readonly #done: number[] = [];

  constructor(
    inner: FlowNetwork,
    capacities: Float64Array,
    private readonly parameters: StartBurstParameters,
    private readonly completionTolerance: Bytes,
  ) {
    this.#inner = inner;
    this.#burstHeld = Int32Array.from(capacities, (c) => burstHeldFlows(c, parameters));
    this.#starting = new Int32Array(capacities.length);
  }

  get now(): Seconds {
    return this.#inner.now;
  }

  get activeFlowCount(): number {
    return this.#inner.activeFlowCount + this.#held.size;
  }

  get stats(): FlowNetworkStats {
    return this.#inner.stats;
  }

  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number {
    const id = this.#free.length > 0 ? this.#free.pop()! : this.#nextId++;
    this.#enter(id, links, bytes, tag);
    if (links.length > 0 && bytes > this.completionTolerance)
      this.#fresh.push({ id, links: Array.from(links), tag, at: this.#inner.now });
    return id;
  }

  #enter(id: number, links: ArrayLike<number>, bytes: Bytes, tag: number): void {
    const inner = this.#inner.addFlow(links, bytes, tag);
    if (id >= this.#innerOf.length) this.#innerOf = growInt32(this.#innerOf, 2 * id + 2, -1);
    if (inner >= this.#outerOf.length) this.#outerOf = growInt32(this.#outerOf, 2 * inner + 2, -1);
    this.#innerOf[id] = inner;
    this.#outerOf[inner] = id;
  }

  removeFlow(flow: number): Bytes {
    const held = this.#held.get(flow);
    if (held !== undefined) {
      this.#held.delete(flow);
      this.#fresh = this.#fresh.filter((f) => f.id !== flow);
      this.#retired.push(flow);
      return held.bytes;
    }
    this.#fresh = this.#fresh.filter((f) => f.id !== flow);
    const bytes = this.#inner.removeFlow(this.#leave(flow));
    this.#retired.push(flow);
    return bytes;
  }

  #leave(flow: number): number {
    const inner = flow >= 0 && flow < this.#innerOf.length ? this.#innerOf[flow]! : -1;
    if (inner < 0) throw new Error(`no active flow ${flow}`);
    this.#innerOf[flow] = -1;
    this.#outerOf[inner] = -1;
    return inner;
  }

  advanceTo(time: Seconds): void {
    this.#inner.advanceTo(time);
  }

  solve(): void {
    const now = this.#inner.now;
    if (this.#nextRelease <= now + TIME_TOLERANCE) this.#releaseDue(now);
    if (this.#fresh.length > 0) this.#stallBursts();
    if (this.#nextRelease <= now + TIME_TOLERANCE) this.#releaseDue(now);
    for (const id of this.#retired) this.#free.push(id);
    this.#retired.length = 0;
    this.#inner.solve();
  }

  /** The held flows whose RTO_min is over start again. */
  #releaseDue(now: Seconds): void {
    this.#nextRelease = Number.POSITIVE_INFINITY;
    for (const [id, h] of this.#held) {
      if (h.release <= now + TIME_TOLERANCE) {
        this.#held.delete(id);
        this.#enter(id, h.links, h.bytes, h.tag);
      } else {
        this.#nextRelease = Math.min(this.#nextRelease, h.release);
      }
    }
  }

  /**
   * Holds back, of the flows that started at one instant, those past what a port of theirs
   * takes in one burst, until RTO_min after they started. With deferred solves
   * (`resolveInterval`) the flows since the last solve are grouped by their start instant;
   * one that already ended is left alone, and one held keeps the bytes it has left (it may
   * have sent some at the rate it had between solves).
   */
  #stallBursts(): void {
    const starting = this.#starting;
    const counted = this.#counted;
    let instant = Number.NaN;
    for (const f of this.#fresh) {
      if (f.at !== instant) {
        for (const l of counted) starting[l] = 0;
        counted.length = 0;
        instant = f.at;
      }
      let over = false;
      for (const l of f.links) {
        const n = starting[l]! + 1;
        if (n === 1) counted.push(l);
        starting[l] = n;
        if (n > this.#burstHeld[l]!) over = true;
      }
      if (!over || this.#innerOf[f.id]! < 0) continue;
      const left = this.#inner.removeFlow(this.#leave(f.id));
      const release = f.at + this.parameters.rtoMinSeconds;
      this.#held.set(f.id, { links: f.links, bytes: left, tag: f.tag, release });
      this.#nextRelease = Math.min(this.#nextRelease, release);
    }
    for (const l of counted) starting[l] = 0;
    counted.length = 0;
    this.#fresh = [];
  }

  nextEventTime(): Seconds {
    return Math.min(this.#inner.nextEventTime(), this.#nextRelease);
  }

  takeCompleted(fn: (flow: number, tag: number) => void): void {
    // The inner network frees the ids of the whole batch before it reports the first, so a
    // flow added from `fn` may take the id of one reported after it: map them all first.
    const done = this.#done;
    done.length = 0;
    this.#inner.takeCompleted((inner, tag) => {
      const id = this.#outerOf[inner]!;
      this.#innerOf[id] = -1;
      this.#outerOf[inner] = -1;
      this.#retired.push(id);
      done.push(id, tag);
    });
    for (let i = 0; i < done.length; i += 2) fn(done[i]!, done[i + 1]!);
  }

  rate(flow: number): number {
    if (this.#held.has(flow)) return 0;
    return this.#inner.rate(this.#innerOf[flow]!);
  }

  remaining(flow: number): Bytes {
    const held = this.#held.get(flow);
    if (held !== undefined) return held.bytes;
    return this.#inner.remaining(this.#innerOf[flow]!);
  }

  linkLoad(link: number): number {
    return this.#inner.linkLoad(link);
  }
}
