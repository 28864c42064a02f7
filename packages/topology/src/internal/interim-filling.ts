import { ACTIVE, type FlowTable } from './flow-table.js';
import {
  type LinkIncidences,
  MAX_LINKS_PER_FLOW,
  ProgressiveFilling,
  deliverableCapacity,
} from './progressive-filling.js';
import { growInt32, growUint8 } from './typed-arrays.js';

/**
 * Up to this many flows, `fill` finds each bottleneck by a scan of the links the flows
 * cross instead of building per-link lists for `ProgressiveFilling`: most fills give a
 * reduce's few new fetches their rates, and the lists and share bands cost more than the
 * scan there. Both freeze the links in the same order (least share, then lower index) with
 * the same arithmetic, so the rates are the same to the bit.
 */
const SCAN_FLOWS = 16;

/**
 * What a flow that starts between solves would likely get on a link at the next solve
 * (`betweenSolves: 'share'`), given the flows the link carries now.
 */
export interface ShareEstimate {
  shareOf(link: number, capacity: number, flowsNow: number): number;
}

/**
 * Rates for the flows added between two deferred solves (`betweenSolves: 'residual'`):
 * max-min fair among the new flows over the capacity the solved flows leave on each link,
 * every solved flow keeping its rate. A link never carries more than it delivers; the next
 * full solve restores max-min fairness over all flows.
 *
 * Cost: O(new flows' incidences + their links × log), independent of the flows in the solver.
 */
export class InterimFilling implements LinkIncidences {
  readonly linkFlows: Int32Array[];
  readonly linkFlowCount: Int32Array;
  flowLinks: Int32Array = new Int32Array(0);
  flowLinkCount: Uint8Array = new Uint8Array(0);

  private pending: Int32Array = new Int32Array(64);
  private marked: Uint8Array = new Uint8Array(0);
  /** How many flows wait for a rate (some may have ended since). */
  count = 0;
  private readonly residual: Float64Array;
  private readonly filling: ProgressiveFilling;
  /** Each link's fair level in the last `fill` (see `ProgressiveFilling.level`); only its links are current. */
  get levels(): Float64Array {
    return this.filling.level;
  }
  private readonly scratchLoad: Float64Array;
  private touched: Int32Array;
  private readonly seen: Uint8Array;
  /** For the scan: each touched link's place in `touched`, and per place its capacity left and unfrozen flows. */
  private readonly place: Int32Array;
  private readonly left: Float64Array;
  private readonly unfrozen: Int32Array;
  /** For the scan: whether the i-th waiting flow froze. */
  private frozen: Uint8Array = new Uint8Array(64);

  constructor(
    private readonly capacities: Float64Array,
    private readonly effectiveCapacity?: (link: number, capacity: number, flows: number) => number,
    /** Up to how many flows a fill scans (`SCAN_FLOWS`; 0 always builds the lists). */
    private readonly scanFlows = SCAN_FLOWS,
    /**
     * With `betweenSolves: 'share'`: the waiting flows on a link take at least this share
     * each, what the solved flows leave or not (the link may carry more than it delivers
     * until the next solve).
     */
    private readonly estimate?: ShareEstimate,
  ) {
    const links = capacities.length;
    this.linkFlows = Array.from({ length: links }, () => new Int32Array(4));
    this.linkFlowCount = new Int32Array(links);
    this.residual = new Float64Array(links);
    this.filling = new ProgressiveFilling(this.residual);
    this.scratchLoad = new Float64Array(links);
    this.touched = new Int32Array(links);
    this.seen = new Uint8Array(links);
    this.place = new Int32Array(links);
    this.left = new Float64Array(links);
    this.unfrozen = new Int32Array(links);
  }

  growFlows(capacity: number): void {
    this.marked = growUint8(this.marked, capacity);
    this.filling.growFlows(capacity);
  }

  /** Notes a flow to fill (one that entered the solver after the last full solve); false if already noted. */
  add(flow: number): boolean {
    if (this.marked[flow] === 1) return false;
    this.marked[flow] = 1;
    if (this.count === this.pending.length) this.pending = growInt32(this.pending, this.count * 2);
    this.pending[this.count++] = flow;
    return true;
  }

  /** Forgets the waiting flows (a full solve gave them rates). */
  clear(): void {
    for (let i = 0; i < this.count; i++) this.marked[this.pending[i]!] = 0;
    this.count = 0;
  }

  /**
   * Gives every waiting flow still in the solver its share of what `load` leaves on its
   * links, through `assign(flow, rate)` (which must add the rate to `load`), then forgets them.
   */
  fill(table: FlowTable, load: Float64Array, assign: (flow: number, rate: number) => void): void {
    let flows = 0;
    for (let i = 0; i < this.count; i++) if (table.state[this.pending[i]!] === ACTIVE) flows++;
    if (flows > 0) {
      if (flows <= this.scanFlows) this.#scan(table, load, flows);
      else this.#fillByLists(table, load, flows);
      const rates = this.filling.rates;
      for (let i = 0; i < this.count; i++) {
        const flow = this.pending[i]!;
        if (table.state[flow] === ACTIVE) assign(flow, rates[flow]!);
      }
    }
    this.clear();
  }

  /**
   * What link l offers the `waiting` flows on it: what it delivers less `load`, at least 0
   * — and with a share estimate at least that share for each of them.
   */
  #residual(table: FlowTable, load: Float64Array, l: number, waiting: number): number {
    const deliverable = deliverableCapacity(
      this.effectiveCapacity,
      l,
      this.capacities[l]!,
      table.linkFlowCount[l]!,
    );
    const left = deliverable - load[l]!;
    const residual = left > 0 ? left : 0;
    if (this.estimate === undefined) return residual;
    const floor = waiting * this.estimate.shareOf(l, deliverable, table.linkFlowCount[l]!);
    return floor > residual ? floor : residual;
  }

  /**
   * Progressive filling of the waiting flows by scans: each round takes the touched link of
   * least share (capacity left over unfrozen flows; ties to the lower index), freezes its
   * unfrozen flows at that share in the order they wait, and takes the share off their other
   * links: `ProgressiveFilling.run`'s order and arithmetic, in O(rounds × links).
   */
  #scan(table: FlowTable, load: Float64Array, flows: number): void {
    const { touched, seen, place, left, unfrozen } = this;
    const { state, flowLinks, flowLinkCount } = table;
    const { rates, level } = this.filling;
    if (this.frozen.length < this.count) this.frozen = growUint8(this.frozen, this.count);
    const frozen = this.frozen;
    let count = 0;
    for (let i = 0; i < this.count; i++) {
      const flow = this.pending[i]!;
      frozen[i] = 0;
      if (state[flow] !== ACTIVE) continue;
      const base = flow * MAX_LINKS_PER_FLOW;
      for (let inc = base, end = base + flowLinkCount[flow]!; inc < end; inc++) {
        const l = flowLinks[inc]!;
        if (seen[l] === 0) {
          seen[l] = 1;
          place[l] = count;
          touched[count] = l;
          unfrozen[count++] = 0;
          level[l] = Number.POSITIVE_INFINITY;
        }
        unfrozen[place[l]!]!++;
      }
    }
    for (let x = 0; x < count; x++) left[x] = this.#residual(table, load, touched[x]!, unfrozen[x]!);
    let waiting = flows;
    while (waiting > 0) {
      let best = -1;
      let share = Number.POSITIVE_INFINITY;
      for (let x = 0; x < count; x++) {
        const n = unfrozen[x]!;
        if (n === 0) continue;
        const s = left[x]! / n;
        if (best < 0 || s < share || (s === share && touched[x]! < touched[best]!)) {
          best = x;
          share = s;
        }
      }
      const l = touched[best]!;
      level[l] = share;
      for (let i = 0; i < this.count; i++) {
        const flow = this.pending[i]!;
        if (frozen[i] === 1 || state[flow] !== ACTIVE) continue;
        const base = flow * MAX_LINKS_PER_FLOW;
        const end = base + flowLinkCount[flow]!;
        let crosses = false;
        for (let inc = base; inc < end; inc++) if (flowLinks[inc] === l) crosses = true;
        if (!crosses) continue;
        frozen[i] = 1;
        rates[flow] = share;
        waiting--;
        for (let inc = base; inc < end; inc++) {
          const m = flowLinks[inc]!;
          if (m === l) continue;
          const x = place[m]!;
          const rest = left[x]! - share;
          left[x] = rest > 0 ? rest : 0;
          unfrozen[x]!--;
        }
      }
      left[best] = 0;
      unfrozen[best] = 0;
    }
    for (let x = 0; x < count; x++) seen[touched[x]!] = 0;
  }

  /** Progressive filling of the waiting flows over per-link lists of them. */
  #fillByLists(table: FlowTable, load: Float64Array, flows: number): void {
    this.flowLinks = table.flowLinks;
    this.flowLinkCount = table.flowLinkCount;
    const { linkFlows, linkFlowCount, seen, residual } = this;
    let touched = 0;
    for (let i = 0; i < this.count; i++) {
      const flow = this.pending[i]!;
      if (table.state[flow] !== ACTIVE) continue;
      const base = flow * MAX_LINKS_PER_FLOW;
      const end = base + table.flowLinkCount[flow]!;
      for (let inc = base; inc < end; inc++) {
        const l = table.flowLinks[inc]!;
        if (seen[l] === 0) {
          seen[l] = 1;
          this.touched[touched++] = l;
        }
        const n = linkFlowCount[l]!;
        let list = linkFlows[l]!;
        if (n === list.length) linkFlows[l] = list = growInt32(list, n * 2);
        list[n] = inc;
        linkFlowCount[l] = n + 1;
      }
    }
    for (let x = 0; x < touched; x++) {
      const l = this.touched[x]!;
      residual[l] = this.#residual(table, load, l, linkFlowCount[l]!);
    }
    this.filling.run(this, flows, this.scratchLoad, undefined, undefined, this.touched, touched);
    for (let x = 0; x < touched; x++) {
      const l = this.touched[x]!;
      seen[l] = 0;
      linkFlowCount[l] = 0;
    }
  }
}
