import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork, FlowNetworkStats } from '../flow-network-types.js';
import { MAX_LINKS_PER_FLOW } from './progressive-filling.js';
import { TIME_TOLERANCE } from './solve-schedule.js';
import { growFloat64, growInt32, growUint8 } from './typed-arrays.js';

/** The figures of the recovery tail: `FlowNetworkOptions.recoveryTail`. */
export interface RecoveryTailParameters {
  /** Switch buffer behind a port, bytes. */
  readonly bufferBytes: Bytes;
  /** TCP payload per segment, bytes. */
  readonly mssBytes: Bytes;
  /** Round-trip time without queueing, seconds. */
  readonly rttSeconds: Seconds;
  /** Minimum retransmission timeout, seconds. */
  readonly rtoMinSeconds: Seconds;
  /** Segments each flow must have room for in the port for its losses to be repaired without a timeout. */
  readonly windowSegments: number;
  /** The tail's wait, in RTO_min (k). */
  readonly tailRtos: number;
  /** A link is saturated where its flows' rates reach this share of what it delivers (0.95). */
  readonly saturatedShare: number;
}

/** The inner network the tail wraps: its completions name the rate each flow had as it ended. */
export interface RatedCompletions extends FlowNetwork {
  takeCompleted(fn: (flow: number, tag: number, rate: number) => void): void;
}

/** Flows a port of `capacity` bytes per second holds without timeouts (`timeoutFreeFlows` of the congestion-cost term). */
export function tailFreeFlows(capacity: number, p: RecoveryTailParameters): number {
  return (p.bufferBytes + capacity * p.rttSeconds) / (p.windowSegments * p.mssBytes);
}

/**
 * A flow network whose flows that end on a congested port wait for recovery: a flow whose
 * path, as it ends, has a saturated link (its flows' rates at least `saturatedShare` of
 * what it delivers) carrying more than {@link tailFreeFlows} flows, is reported complete
 * `tailRtos × rtoMinSeconds` later. Its bytes are delivered and its links freed at once
 * (a last window moves no bytes worth counting); only its completion waits, as real TCP's
 * last byte waits for a retransmission timeout. Ids are its own, mapped to the inner
 * network's: a flow waiting out its tail keeps its id while the inner one is taken again.
 */
export class RecoveryTailFlowNetwork implements FlowNetwork {
  readonly #inner: RatedCompletions;
  readonly #tail: Seconds;
  /** Per link: the flows of the inner network crossing it, the most it holds without a tail, what it delivers. */
  readonly #crossing: Int32Array;
  readonly #tailFree: Float64Array;
  readonly #capacities: Float64Array;
  readonly #delivered: (link: number, capacity: number, flows: number) => number;
  readonly #share: number;
  /** Own id → inner id (−1: none), and back. */
  #innerOf: Int32Array = new Int32Array(64).fill(-1);
  #outerOf: Int32Array = new Int32Array(64).fill(-1);
  /**
   * Per own id: its links, their count, and 1 while it waits out its tail (2 once removed
   * while waiting: its id is taken again only when the queue passes its entry).
   */
  #links: Int32Array = new Int32Array(64 * MAX_LINKS_PER_FLOW);
  #linkCount: Uint8Array = new Uint8Array(64);
  #waiting: Uint8Array = new Uint8Array(64);
  #waitingCount = 0;
  /** The waiting flows in the order they ended (their release times never decrease): own id, tag, release. */
  #queueId: Int32Array = new Int32Array(64);
  #queueTag: Float64Array = new Float64Array(64);
  #queueRelease: Float64Array = new Float64Array(64);
  #queueHead = 0;
  #queueTail = 0;
  #nextId = 0;
  readonly #free: number[] = [];
  /** One call's reports, as own id and tag: the waits over, then the flows that ended free. */
  readonly #released: number[] = [];
  readonly #reported: number[] = [];
  /** The inner network's completions of one call: own id, tag, rate; and per link the rates they took off it. */
  #batchId: Int32Array = new Int32Array(64);
  #batchTag: Float64Array = new Float64Array(64);
  #batchRate: Float64Array = new Float64Array(64);
  #batchCount = 0;
  readonly #leftLoad: Float64Array;
  readonly #isTouched: Uint8Array;
  readonly #touched: Int32Array;
  #touchedCount = 0;
  readonly #collect = (inner: number, tag: number, rate: number): void => {
    const id = this.#outerOf[inner]!;
    this.#outerOf[inner] = -1;
    this.#innerOf[id] = -1;
    const i = this.#batchCount++;
    if (i === this.#batchId.length) {
      this.#batchId = growInt32(this.#batchId, 2 * i);
      this.#batchTag = growFloat64(this.#batchTag, 2 * i);
      this.#batchRate = growFloat64(this.#batchRate, 2 * i);
    }
    this.#batchId[i] = id;
    this.#batchTag[i] = tag;
    this.#batchRate[i] = rate;
  };

  /**
   * @param delivered what a link delivers with `flows` on it (the capacity, or a loss
   * model's `effectiveCapacity`), against which its saturation is read.
   */
  constructor(
    inner: RatedCompletions,
    capacities: Float64Array,
    parameters: RecoveryTailParameters,
    delivered: (link: number, capacity: number, flows: number) => number = (_l, c) => c,
  ) {
    this.#inner = inner;
    this.#tail = parameters.tailRtos * parameters.rtoMinSeconds;
    this.#capacities = capacities;
    this.#crossing = new Int32Array(capacities.length);
    this.#tailFree = Float64Array.from(capacities, (c) => tailFreeFlows(c, parameters));
    this.#delivered = delivered;
    this.#share = parameters.saturatedShare;
    this.#leftLoad = new Float64Array(capacities.length);
    this.#isTouched = new Uint8Array(capacities.length);
    this.#touched = new Int32Array(capacities.length);
  }

  get now(): Seconds {
    return this.#inner.now;
  }

  get activeFlowCount(): number {
    return this.#inner.activeFlowCount + this.#waitingCount;
  }

  get stats(): FlowNetworkStats {
    return this.#inner.stats;
  }

  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number {
    const inner = this.#inner.addFlow(links, bytes, tag);
    const id = this.#free.length > 0 ? this.#free.pop()! : this.#nextId++;
    if (id >= this.#innerOf.length) this.#growIds(2 * id + 2);
    if (inner >= this.#outerOf.length) this.#outerOf = growInt32(this.#outerOf, 2 * inner + 2, -1);
    this.#innerOf[id] = inner;
    this.#outerOf[inner] = id;
    this.#linkCount[id] = links.length;
    const base = id * MAX_LINKS_PER_FLOW;
    for (let k = 0; k < links.length; k++) {
      const l = links[k]!;
      this.#links[base + k] = l;
      this.#crossing[l]!++;
    }
    return id;
  }

  #growIds(n: number): void {
    this.#innerOf = growInt32(this.#innerOf, n, -1);
    this.#links = growInt32(this.#links, n * MAX_LINKS_PER_FLOW);
    this.#linkCount = growUint8(this.#linkCount, n);
    this.#waiting = growUint8(this.#waiting, n);
  }

  /** Own id `id` no longer crosses its links. */
  #uncross(id: number): void {
    const base = id * MAX_LINKS_PER_FLOW;
    for (let k = 0; k < this.#linkCount[id]!; k++) this.#crossing[this.#links[base + k]!]!--;
  }

  removeFlow(flow: number): Bytes {
    if (flow >= 0 && flow < this.#waiting.length && this.#waiting[flow] === 1) {
      // Its bytes were all delivered; it waited only for its completion. Its id stays out
      // of use while its queue entry stands, so no later flow can be released by it.
      this.#waiting[flow] = 2;
      this.#waitingCount--;
      return 0;
    }
    const inner = flow >= 0 && flow < this.#innerOf.length ? this.#innerOf[flow]! : -1;
    if (inner < 0) throw new Error(`no active flow ${flow}`);
    const left = this.#inner.removeFlow(inner);
    this.#innerOf[flow] = -1;
    this.#outerOf[inner] = -1;
    this.#uncross(flow);
    this.#free.push(flow);
    return left;
  }

  advanceTo(time: Seconds): void {
    this.#inner.advanceTo(time);
  }

  solve(): void {
    this.#inner.solve();
  }

  /** The release of the first flow still waiting (freeing the ids of those removed), or infinity. */
  #nextRelease(): Seconds {
    while (this.#queueHead < this.#queueTail && this.#waiting[this.#queueId[this.#queueHead]!] === 2) {
      const id = this.#queueId[this.#queueHead++]!;
      this.#waiting[id] = 0;
      this.#free.push(id);
    }
    return this.#queueHead < this.#queueTail
      ? this.#queueRelease[this.#queueHead]!
      : Number.POSITIVE_INFINITY;
  }

  nextEventTime(): Seconds {
    return Math.min(this.#inner.nextEventTime(), this.#nextRelease());
  }

  /**
   * Reports the flows whose tail is over, in the order they ended, then the inner network's
   * completions that end on no congested port, in its order; the others start their tail.
   * A completion is judged against its links as they were just before the batch ended:
   * every flow of the batch still counted and its rate still in the load.
   */
  takeCompleted(fn: (flow: number, tag: number) => void): void {
    this.#batchCount = 0;
    this.#inner.takeCompleted(this.#collect);
    const now = this.#inner.now;
    const count = this.#batchCount;
    const ids = this.#batchId;
    const rates = this.#batchRate;
    for (let i = 0; i < count; i++) {
      const rate = rates[i]!;
      const base = ids[i]! * MAX_LINKS_PER_FLOW;
      for (let k = 0; k < this.#linkCount[ids[i]!]!; k++) {
        const l = this.#links[base + k]!;
        if (this.#isTouched[l] === 0) {
          this.#isTouched[l] = 1;
          this.#touched[this.#touchedCount++] = l;
        }
        this.#leftLoad[l]! += rate;
      }
    }
    const reported = this.#reported;
    const released = this.#released;
    reported.length = 0;
    released.length = 0;
    for (let i = 0; i < count; i++) {
      const id = ids[i]!;
      if (this.#tail > 0 && this.#exposed(id)) this.#wait(id, this.#batchTag[i]!, now + this.#tail);
      else reported.push(id, this.#batchTag[i]!);
    }
    for (let i = 0; i < count; i++) this.#uncross(ids[i]!);
    for (let k = 0; k < this.#touchedCount; k++) {
      this.#leftLoad[this.#touched[k]!] = 0;
      this.#isTouched[this.#touched[k]!] = 0;
    }
    this.#touchedCount = 0;
    while (this.#nextRelease() <= now + TIME_TOLERANCE) {
      const id = this.#queueId[this.#queueHead]!;
      released.push(id, this.#queueTag[this.#queueHead++]!);
      this.#waiting[id] = 0;
      this.#waitingCount--;
    }
    // Ids are taken again only once every flow of the call is reported: a flow added from
    // `fn` must not take the id of one reported after it.
    for (const list of [released, reported])
      for (let i = 0; i < list.length; i += 2) this.#free.push(list[i]!);
    for (const list of [released, reported])
      for (let i = 0; i < list.length; i += 2) fn(list[i]!, list[i + 1]!);
  }

  /** Whether a flow ending now meets a saturated link carrying more flows than it holds without a tail. */
  #exposed(id: number): boolean {
    const base = id * MAX_LINKS_PER_FLOW;
    for (let k = 0; k < this.#linkCount[id]!; k++) {
      const l = this.#links[base + k]!;
      const flows = this.#crossing[l]!;
      if (flows <= this.#tailFree[l]!) continue;
      const load = this.#inner.linkLoad(l) + this.#leftLoad[l]!;
      if (load >= this.#share * this.#delivered(l, this.#capacities[l]!, flows)) return true;
    }
    return false;
  }

  #wait(id: number, tag: number, release: Seconds): void {
    this.#waiting[id] = 1;
    this.#waitingCount++;
    if (this.#queueTail === this.#queueId.length) {
      const live = this.#queueTail - this.#queueHead;
      this.#queueId.copyWithin(0, this.#queueHead, this.#queueTail);
      this.#queueTag.copyWithin(0, this.#queueHead, this.#queueTail);
      this.#queueRelease.copyWithin(0, this.#queueHead, this.#queueTail);
      this.#queueHead = 0;
      this.#queueTail = live;
      if (live * 2 > this.#queueId.length) {
        const n = 2 * this.#queueId.length;
        this.#queueId = growInt32(this.#queueId, n);
        this.#queueTag = growFloat64(this.#queueTag, n);
        this.#queueRelease = growFloat64(this.#queueRelease, n);
      }
    }
    this.#queueId[this.#queueTail] = id;
    this.#queueTag[this.#queueTail] = tag;
    this.#queueRelease[this.#queueTail++] = release;
  }

  rate(flow: number): number {
    if (this.#isWaiting(flow)) return 0;
    return this.#inner.rate(this.#innerOfChecked(flow));
  }

  remaining(flow: number): Bytes {
    if (this.#isWaiting(flow)) return 0;
    return this.#inner.remaining(this.#innerOfChecked(flow));
  }

  linkLoad(link: number): number {
    return this.#inner.linkLoad(link);
  }

  #isWaiting(flow: number): boolean {
    return flow >= 0 && flow < this.#waiting.length && this.#waiting[flow] === 1;
  }

  #innerOfChecked(flow: number): number {
    const inner = flow >= 0 && flow < this.#innerOf.length ? this.#innerOf[flow]! : -1;
    if (inner < 0) throw new Error(`no active flow ${flow}`);
    return inner;
  }
}
