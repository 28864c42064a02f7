import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork, FlowNetworkStats } from '../flow-network-types.js';
import { MAX_LINKS_PER_FLOW } from './progressive-filling.js';
import { TIME_TOLERANCE } from './solve-schedule.js';
import { growFloat64, growInt32, growUint8 } from './typed-arrays.js';

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
  /** Own id → inner id, and back, for flows in the inner network (−1: none). */
  #innerOf: Int32Array = new Int32Array(64).fill(-1);
  #outerOf: Int32Array = new Int32Array(64).fill(-1);
  /** Per own id, 1 once its flow was removed (cleared when the id is free again): a fresh flow removed before the solve does not count. */
  #removed: Uint8Array = new Uint8Array(64);
  /**
   * Per own id, the flow held back: 1 while held, its bytes left, tag, release time, links
   * (`MAX_LINKS_PER_FLOW` a flow) and the stamp of its hold.
   */
  #isHeld: Uint8Array = new Uint8Array(64);
  #heldBytes: Float64Array = new Float64Array(64);
  #heldTag: Float64Array = new Float64Array(64);
  #heldRelease: Float64Array = new Float64Array(64);
  #heldLinks: Int32Array = new Int32Array(64 * MAX_LINKS_PER_FLOW);
  #heldLinkCount: Uint8Array = new Uint8Array(64);
  #heldStamp: Int32Array = new Int32Array(64);
  #heldCount = 0;
  #stamp = 0;
  /**
   * The holds in the order they were made, as own id and stamp, from `#queueHead`: their
   * release times never decrease along it (a flow waits RTO_min from its start, and flows
   * are held in the order they started). An entry whose flow was removed, or whose id was
   * held again since, is passed over.
   */
  #queueId: Int32Array = new Int32Array(64);
  #queueStamp: Int32Array = new Int32Array(64);
  #queueHead = 0;
  #queueTail = 0;
  /** A path of each length up to `MAX_LINKS_PER_FLOW`, to hand a released flow's links to the inner network. */
  readonly #paths = Array.from({ length: MAX_LINKS_PER_FLOW + 1 }, (_, n) => new Int32Array(n));
  /**
   * Flows added since the last solve, in the order they came: own id, tag, start time and
   * links (`#freshLinks` from `#freshLinkStart[i]` to `#freshLinkStart[i + 1]`).
   */
  #freshCount = 0;
  #freshId: Int32Array = new Int32Array(64);
  #freshTag: Float64Array = new Float64Array(64);
  #freshAt: Float64Array = new Float64Array(64);
  #freshLinkStart: Int32Array = new Int32Array(65);
  #freshLinks: Int32Array = new Int32Array(256);
  #nextId = 0;
  /** Own ids free to take again, and those freed since the last solve (taken again after it). */
  readonly #free: number[] = [];
  #retired: Int32Array = new Int32Array(64);
  #retiredCount = 0;
  /** Per link, how many flows a port takes in one burst ({@link burstHeldFlows}). */
  readonly #burstHeld: Int32Array;
  /** Per link, how many flows of one start instant cross it so far, and the links counted. */
  readonly #starting: Int32Array;
  readonly #counted: Int32Array;
  #countedCount = 0;
  #nextRelease = Number.POSITIVE_INFINITY;
  /** The batch `takeCompleted` reports: own id, tag, … */
  readonly #done: number[] = [];
  #doneCount = 0;
  /** The inner network's completions, each mapped to its own id and kept in `#done`. */
  readonly #collect = (inner: number, tag: number): void => {
    const id = this.#outerOf[inner]!;
    this.#innerOf[id] = -1;
    this.#outerOf[inner] = -1;
    this.#retire(id);
    this.#done[this.#doneCount++] = id;
    this.#done[this.#doneCount++] = tag;
  };

  constructor(
    inner: FlowNetwork,
    capacities: Float64Array,
    private readonly parameters: StartBurstParameters,
    private readonly completionTolerance: Bytes,
  ) {
    this.#inner = inner;
    this.#burstHeld = Int32Array.from(capacities, (c) => burstHeldFlows(c, parameters));
    this.#starting = new Int32Array(capacities.length);
    this.#counted = new Int32Array(capacities.length);
  }

  get now(): Seconds {
    return this.#inner.now;
  }

  get activeFlowCount(): number {
    return this.#inner.activeFlowCount + this.#heldCount;
  }

  get stats(): FlowNetworkStats {
    return this.#inner.stats;
  }

  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number {
    const id = this.#free.length > 0 ? this.#free.pop()! : this.#nextId++;
    this.#enter(id, links, bytes, tag);
    if (links.length > 0 && bytes > this.completionTolerance) this.#addFresh(id, links, tag);
    return id;
  }

  #addFresh(id: number, links: ArrayLike<number>, tag: number): void {
    const i = this.#freshCount++;
    if (i >= this.#freshId.length) {
      const n = 2 * this.#freshId.length;
      this.#freshId = growInt32(this.#freshId, n);
      this.#freshTag = growFloat64(this.#freshTag, n);
      this.#freshAt = growFloat64(this.#freshAt, n);
      this.#freshLinkStart = growInt32(this.#freshLinkStart, n + 1);
    }
    const from = this.#freshLinkStart[i]!;
    if (from + links.length > this.#freshLinks.length)
      this.#freshLinks = growInt32(this.#freshLinks, 2 * (from + links.length));
    for (let k = 0; k < links.length; k++) this.#freshLinks[from + k] = links[k]!;
    this.#freshLinkStart[i + 1] = from + links.length;
    this.#freshId[i] = id;
    this.#freshTag[i] = tag;
    this.#freshAt[i] = this.#inner.now;
  }

  #enter(id: number, links: ArrayLike<number>, bytes: Bytes, tag: number): void {
    const inner = this.#inner.addFlow(links, bytes, tag);
    if (id >= this.#innerOf.length) this.#growIds(2 * id + 2);
    if (inner >= this.#outerOf.length) this.#outerOf = growInt32(this.#outerOf, 2 * inner + 2, -1);
    this.#innerOf[id] = inner;
    this.#outerOf[inner] = id;
  }

  /** Room for own ids below n. */
  #growIds(n: number): void {
    this.#innerOf = growInt32(this.#innerOf, n, -1);
    this.#removed = growUint8(this.#removed, n);
    this.#isHeld = growUint8(this.#isHeld, n);
    this.#heldBytes = growFloat64(this.#heldBytes, n);
    this.#heldTag = growFloat64(this.#heldTag, n);
    this.#heldRelease = growFloat64(this.#heldRelease, n);
    this.#heldLinks = growInt32(this.#heldLinks, n * MAX_LINKS_PER_FLOW);
    this.#heldLinkCount = growUint8(this.#heldLinkCount, n);
    this.#heldStamp = growInt32(this.#heldStamp, n);
  }

  /** Whether own id `flow` is held back. */
  #held(flow: number): boolean {
    return flow >= 0 && flow < this.#isHeld.length && this.#isHeld[flow] === 1;
  }

  /** Id `id`'s flow ended: its id is taken again after the next solve. */
  #retire(id: number): void {
    if (this.#retiredCount === this.#retired.length)
      this.#retired = growInt32(this.#retired, 2 * this.#retired.length);
    this.#retired[this.#retiredCount++] = id;
  }

  removeFlow(flow: number): Bytes {
    let bytes: Bytes;
    if (this.#held(flow)) {
      this.#isHeld[flow] = 0;
      this.#heldCount--;
      bytes = this.#heldBytes[flow]!;
    } else bytes = this.#inner.removeFlow(this.#leave(flow));
    this.#removed[flow] = 1;
    this.#retire(flow);
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
    if (this.#freshCount > 0) this.#stallBursts();
    if (this.#nextRelease <= now + TIME_TOLERANCE) this.#releaseDue(now);
    for (let k = 0; k < this.#retiredCount; k++) {
      const id = this.#retired[k]!;
      this.#removed[id] = 0;
      this.#free.push(id);
    }
    this.#retiredCount = 0;
    this.#inner.solve();
  }

  /** The held flows whose RTO_min is over start again, in the order they were held. */
  #releaseDue(now: Seconds): void {
    this.#nextRelease = Number.POSITIVE_INFINITY;
    while (this.#queueHead < this.#queueTail) {
      const id = this.#queueId[this.#queueHead]!;
      if (this.#isHeld[id] !== 1 || this.#heldStamp[id] !== this.#queueStamp[this.#queueHead]) {
        this.#queueHead++;
        continue;
      }
      const release = this.#heldRelease[id]!;
      if (release > now + TIME_TOLERANCE) {
        this.#nextRelease = release;
        break;
      }
      this.#queueHead++;
      this.#isHeld[id] = 0;
      this.#heldCount--;
      const count = this.#heldLinkCount[id]!;
      const path = this.#paths[count]!;
      const base = id * MAX_LINKS_PER_FLOW;
      for (let k = 0; k < count; k++) path[k] = this.#heldLinks[base + k]!;
      this.#enter(id, path, this.#heldBytes[id]!, this.#heldTag[id]!);
    }
  }

  /** Holds own id `id` (links `from` to `to` of the fresh ones) with `bytes` left until `release`. */
  #hold(id: number, from: number, to: number, bytes: Bytes, tag: number, release: Seconds): void {
    this.#isHeld[id] = 1;
    this.#heldCount++;
    this.#heldBytes[id] = bytes;
    this.#heldTag[id] = tag;
    this.#heldRelease[id] = release;
    this.#heldLinkCount[id] = to - from;
    this.#heldLinks.set(this.#freshLinks.subarray(from, to), id * MAX_LINKS_PER_FLOW);
    const stamp = ++this.#stamp;
    this.#heldStamp[id] = stamp;
    if (this.#queueTail === this.#queueId.length) {
      // Drop the entries passed, then grow if still full.
      const live = this.#queueTail - this.#queueHead;
      this.#queueId.copyWithin(0, this.#queueHead, this.#queueTail);
      this.#queueStamp.copyWithin(0, this.#queueHead, this.#queueTail);
      this.#queueHead = 0;
      this.#queueTail = live;
      if (live * 2 > this.#queueId.length) {
        this.#queueId = growInt32(this.#queueId, 2 * this.#queueId.length);
        this.#queueStamp = growInt32(this.#queueStamp, 2 * this.#queueStamp.length);
      }
    }
    this.#queueId[this.#queueTail] = id;
    this.#queueStamp[this.#queueTail++] = stamp;
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
    const linkStart = this.#freshLinkStart;
    const links = this.#freshLinks;
    let instant = Number.NaN;
    for (let i = 0; i < this.#freshCount; i++) {
      const id = this.#freshId[i]!;
      if (this.#removed[id] === 1) continue;
      const at = this.#freshAt[i]!;
      if (at !== instant) {
        for (let k = 0; k < this.#countedCount; k++) starting[counted[k]!] = 0;
        this.#countedCount = 0;
        instant = at;
      }
      let over = false;
      const from = linkStart[i]!;
      const to = linkStart[i + 1]!;
      for (let k = from; k < to; k++) {
        const l = links[k]!;
        const n = starting[l]! + 1;
        if (n === 1) counted[this.#countedCount++] = l;
        starting[l] = n;
        if (n > this.#burstHeld[l]!) over = true;
      }
      if (!over || this.#innerOf[id]! < 0) continue;
      const left = this.#inner.removeFlow(this.#leave(id));
      const release = at + this.parameters.rtoMinSeconds;
      this.#hold(id, from, to, left, this.#freshTag[i]!, release);
      this.#nextRelease = Math.min(this.#nextRelease, release);
    }
    for (let k = 0; k < this.#countedCount; k++) starting[counted[k]!] = 0;
    this.#countedCount = 0;
    this.#freshCount = 0;
  }

  nextEventTime(): Seconds {
    return Math.min(this.#inner.nextEventTime(), this.#nextRelease);
  }

  takeCompleted(fn: (flow: number, tag: number) => void): void {
    // The inner network frees the ids of the whole batch before it reports the first, so a
    // flow added from `fn` may take the id of one reported after it: map them all first.
    this.#doneCount = 0;
    this.#inner.takeCompleted(this.#collect);
    const done = this.#done;
    const count = this.#doneCount;
    for (let i = 0; i < count; i += 2) fn(done[i]!, done[i + 1]!);
  }

  rate(flow: number): number {
    if (this.#held(flow)) return 0;
    return this.#inner.rate(this.#innerOf[flow]!);
  }

  remaining(flow: number): Bytes {
    if (this.#held(flow)) return this.#heldBytes[flow]!;
    return this.#inner.remaining(this.#innerOf[flow]!);
  }

  linkLoad(link: number): number {
    return this.#inner.linkLoad(link);
  }
}
