import type { FlowNetwork } from '@rackwise/topology';
import { growFloat64, growInt32, growUint8 } from './typed-arrays.js';

/**
 * The engine's side of each network flow: what it carries and for whom, in
 * struct-of-arrays storage with a free list and a dense list of live records (for the
 * few monitor computations that walk the live flows). The record index is the flow's tag
 * in the `FlowNetwork`. The records are the only writer of their arrays: the parts read
 * them and fill them through the methods below (an ownership test checks it).
 */
export class FlowRecords {
  kind: Uint8Array;
  attempt: Int32Array;
  source: Int32Array;
  destination: Int32Array;
  bytes: Float64Array;
  /** Simulated time the flow started. */
  startTime: Float64Array;
  crossRack: Uint8Array;
  networkFlow: Int32Array;
  /** Shuffle fetches: the source unit (node source index or rack) fetched from. */
  unit: Int32Array;
  /** Shuffle fetches: how many (source, first output, output count) parts. */
  partCount: Int32Array;
  /** Parts of every record, `3 × partsPerRecord` integers per record. */
  parts: Int32Array;
  /** Bytes each part carries (before they arrive), `partsPerRecord` per record. */
  partBytes: Float64Array;
  readonly partsPerRecord: number;
  active: Int32Array;
  activeCount = 0;
  #activePosition: Int32Array;
  #free: Int32Array;
  #freeCount = 0;
  #used = 0;
  #capacity: number;

  constructor(initialCapacity: number, partsPerRecord: number) {
    const c = Math.max(16, initialCapacity);
    this.partsPerRecord = partsPerRecord;
    this.#capacity = c;
    this.kind = new Uint8Array(c);
    this.attempt = new Int32Array(c);
    this.source = new Int32Array(c);
    this.destination = new Int32Array(c);
    this.bytes = new Float64Array(c);
    this.startTime = new Float64Array(c);
    this.crossRack = new Uint8Array(c);
    this.networkFlow = new Int32Array(c);
    this.unit = new Int32Array(c);
    this.partCount = new Int32Array(c);
    this.parts = new Int32Array(c * 3 * partsPerRecord);
    this.partBytes = new Float64Array(c * partsPerRecord);
    this.active = new Int32Array(c);
    this.#activePosition = new Int32Array(c);
    this.#free = new Int32Array(c);
  }

  /** Sum of the current rates of the live cross-rack flows of a kind, bytes per second. */
  crossRackRate(network: FlowNetwork, kind: number): number {
    let sum = 0;
    for (let i = 0; i < this.activeCount; i++) {
      const rec = this.active[i]!;
      if (this.kind[rec] === kind && this.crossRack[rec] === 1) sum += network.rate(this.networkFlow[rec]!);
    }
    return sum;
  }

  /** Adds each live cross-rack flow's rate to its source node (`up`) and destination node (`down`). */
  addCrossRackRates(network: FlowNetwork, up: Float64Array, down: Float64Array): void {
    for (let i = 0; i < this.activeCount; i++) {
      const rec = this.active[i]!;
      if (this.crossRack[rec] === 0) continue;
      const rate = network.rate(this.networkFlow[rec]!);
      up[this.source[rec]!]! += rate;
      down[this.destination[rec]!]! += rate;
    }
  }

  /** Fills record `rec`: a flow of `kind` for attempt a, `bytes` from `source` to `destination`, started `now`. */
  fill(
    rec: number,
    kind: number,
    a: number,
    source: number,
    destination: number,
    bytes: number,
    now: number,
    crossRack: boolean,
  ): void {
    this.kind[rec] = kind;
    this.attempt[rec] = a;
    this.source[rec] = source;
    this.destination[rec] = destination;
    this.bytes[rec] = bytes;
    this.startTime[rec] = now;
    this.crossRack[rec] = crossRack ? 1 : 0;
  }

  /** Record `rec` is flow `id` of the network. */
  setNetworkFlow(rec: number, id: number): void {
    this.networkFlow[rec] = id;
  }

  /** Part `p` of fetch record `rec`: `count` outputs of source `s` from output `from`, `bytes` in all. */
  setPart(rec: number, p: number, s: number, from: number, count: number, bytes: number): void {
    const at = (rec * this.partsPerRecord + p) * 3;
    this.parts[at] = s;
    this.parts[at + 1] = from;
    this.parts[at + 2] = count;
    this.partBytes[rec * this.partsPerRecord + p] = bytes;
  }

  /** Fetch record `rec` pulls its `parts` parts from source unit `unit`. */
  setFetch(rec: number, unit: number, parts: number): void {
    this.partCount[rec] = parts;
    this.unit[rec] = unit;
  }

  allocate(): number {
    let rec: number;
    if (this.#freeCount > 0) rec = this.#free[--this.#freeCount]!;
    else {
      if (this.#used === this.#capacity) this.#grow();
      rec = this.#used++;
    }
    this.unit[rec] = -1;
    this.partCount[rec] = 0;
    this.#activePosition[rec] = this.activeCount;
    this.active[this.activeCount++] = rec;
    return rec;
  }

  free(rec: number): void {
    const p = this.#activePosition[rec]!;
    const last = this.active[--this.activeCount]!;
    this.active[p] = last;
    this.#activePosition[last] = p;
    this.#free[this.#freeCount++] = rec;
  }

  #grow(): void {
    const c = this.#capacity * 2;
    this.bytes = growFloat64(this.bytes, c);
    this.startTime = growFloat64(this.startTime, c);
    this.kind = growUint8(this.kind, c);
    this.crossRack = growUint8(this.crossRack, c);
    this.attempt = growInt32(this.attempt, c);
    this.source = growInt32(this.source, c);
    this.destination = growInt32(this.destination, c);
    this.networkFlow = growInt32(this.networkFlow, c);
    this.unit = growInt32(this.unit, c);
    this.partCount = growInt32(this.partCount, c);
    this.parts = growInt32(this.parts, c * 3 * this.partsPerRecord);
    this.partBytes = growFloat64(this.partBytes, c * this.partsPerRecord);
    this.active = growInt32(this.active, c);
    this.#activePosition = growInt32(this.#activePosition, c);
    this.#free = growInt32(this.#free, c);
    this.#capacity = c;
  }
}
