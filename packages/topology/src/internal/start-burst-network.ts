import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork, FlowNetworkStats } from '../flow-network-types.js';
import { TIME_TOLERANCE } from './solve-schedule.js';

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
 * own, mapped to the inner network's.
 */
export class StartBurstFlowNetwork implements FlowNetwork {
  readonly #inner: FlowNetwork;
  readonly #held = new Map<number, Held>();
  /** Own id → inner id, and back, for flows in the inner network. */
  readonly #innerOf = new Map<number, number>();
  readonly #outerOf = new Map<number, number>();
  /** Flows added since the last solve, in the order they came: own id, links, tag, start time. */
  #fresh: { id: number; links: readonly number[]; tag: number; at: Seconds }[] = [];
  #nextId = 0;
  #nextRelease = Number.POSITIVE_INFINITY;
  /** The batch `takeCompleted` reports: own id, tag, … */
  readonly #done: number[] = [];

  constructor(
    inner: FlowNetwork,
    private readonly capacities: Float64Array,
    private readonly parameters: StartBurstParameters,
    private readonly completionTolerance: Bytes,
  ) {
    this.#inner = inner;
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
    const id = this.#nextId++;
    this.#enter(id, links, bytes, tag);
    if (links.length > 0 && bytes > this.completionTolerance)
      this.#fresh.push({ id, links: Array.from(links), tag, at: this.#inner.now });
    return id;
  }

  #enter(id: number, links: ArrayLike<number>, bytes: Bytes, tag: number): void {
    const inner = this.#inner.addFlow(links, bytes, tag);
    this.#innerOf.set(id, inner);
    this.#outerOf.set(inner, id);
  }

  removeFlow(flow: number): Bytes {
    const held = this.#held.get(flow);
    if (held !== undefined) {
      this.#held.delete(flow);
      this.#fresh = this.#fresh.filter((f) => f.id !== flow);
      return held.bytes;
    }
    this.#fresh = this.#fresh.filter((f) => f.id !== flow);
    return this.#inner.removeFlow(this.#leave(flow));
  }

  #leave(flow: number): number {
    const inner = this.#innerOf.get(flow);
    if (inner === undefined) throw new Error(`no active flow ${flow}`);
    this.#innerOf.delete(flow);
    this.#outerOf.delete(inner);
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
    let starting = new Map<number, number>();
    let instant = Number.NaN;
    for (const f of this.#fresh) {
      if (f.at !== instant) {
        starting = new Map<number, number>();
        instant = f.at;
      }
      let over = false;
      for (const l of f.links) {
        const n = (starting.get(l) ?? 0) + 1;
        starting.set(l, n);
        if (n > burstHeldFlows(this.capacities[l]!, this.parameters)) over = true;
      }
      if (!over || !this.#innerOf.has(f.id)) continue;
      const left = this.#inner.removeFlow(this.#leave(f.id));
      const release = f.at + this.parameters.rtoMinSeconds;
      this.#held.set(f.id, { links: f.links, bytes: left, tag: f.tag, release });
      this.#nextRelease = Math.min(this.#nextRelease, release);
    }
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
      const id = this.#outerOf.get(inner)!;
      this.#innerOf.delete(id);
      this.#outerOf.delete(inner);
      done.push(id, tag);
    });
    for (let i = 0; i < done.length; i += 2) fn(done[i]!, done[i + 1]!);
  }

  rate(flow: number): number {
    if (this.#held.has(flow)) return 0;
    return this.#inner.rate(this.#innerOf.get(flow)!);
  }

  remaining(flow: number): Bytes {
    const held = this.#held.get(flow);
    if (held !== undefined) return held.bytes;
    return this.#inner.remaining(this.#innerOf.get(flow)!);
  }

  linkLoad(link: number): number {
    return this.#inner.linkLoad(link);
  }
}
