import { ACTIVE, type FlowTable } from './flow-table.js';
import { type LinkIncidences, MAX_LINKS_PER_FLOW, ProgressiveFilling } from './progressive-filling.js';
import { growInt32, growUint8 } from './typed-arrays.js';

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

  constructor(
    private readonly capacities: Float64Array,
    private readonly effectiveCapacity?: (link: number, capacity: number, flows: number) => number,
  ) {
    const links = capacities.length;
    this.linkFlows = Array.from({ length: links }, () => new Int32Array(4));
    this.linkFlowCount = new Int32Array(links);
    this.residual = new Float64Array(links);
    this.filling = new ProgressiveFilling(this.residual);
    this.scratchLoad = new Float64Array(links);
    this.touched = new Int32Array(links);
    this.seen = new Uint8Array(links);
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
    this.flowLinks = table.flowLinks;
    this.flowLinkCount = table.flowLinkCount;
    const { linkFlows, linkFlowCount, seen, residual, capacities } = this;
    let touched = 0;
    let flows = 0;
    for (let i = 0; i < this.count; i++) {
      const flow = this.pending[i]!;
      if (table.state[flow] !== ACTIVE) continue;
      flows++;
      const base = flow * MAX_LINKS_PER_FLOW;
      const end = base + table.flowLinkCount[flow]!;
      for (let inc = base; inc < end; inc++) {
        const l = table.flowLinks[inc]!;
        if (seen[l] === 0) {
          seen[l] = 1;
          this.touched[touched++] = l;
          const nominal = capacities[l]!;
          const deliverable =
            this.effectiveCapacity === undefined
              ? nominal
              : Math.min(nominal, this.effectiveCapacity(l, nominal, table.linkFlowCount[l]!));
          const left = deliverable - load[l]!;
          residual[l] = left > 0 ? left : 0;
        }
        const n = linkFlowCount[l]!;
        let list = linkFlows[l]!;
        if (n === list.length) linkFlows[l] = list = growInt32(list, n * 2);
        list[n] = inc;
        linkFlowCount[l] = n + 1;
      }
    }
    if (flows > 0) {
      this.filling.run(this, flows, this.scratchLoad, undefined, undefined, this.touched, touched);
      const rates = this.filling.rates;
      for (let i = 0; i < this.count; i++) {
        const flow = this.pending[i]!;
        if (table.state[flow] === ACTIVE) assign(flow, rates[flow]!);
      }
    }
    for (let x = 0; x < touched; x++) {
      const l = this.touched[x]!;
      seen[l] = 0;
      linkFlowCount[l] = 0;
    }
    this.clear();
  }
}
