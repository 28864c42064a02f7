import { type FlowTable, MOUSE } from './flow-table.js';
import { IndexedMinHeap } from './indexed-min-heap.js';
import { MAX_LINKS_PER_FLOW } from './progressive-filling.js';

/**
 * Flows smaller than a threshold served without entering the solver
 * (`FlowNetworkOptions.miceBytes`). A mouse takes, at its start, the rate a new flow
 * would get on its path from the solved flows — on each link the larger of what they
 * leave and an equal share among the link's flows and itself — and keeps it to the end:
 * no solve re-rates it and no solved flow yields to it. Its rate counts on its links'
 * loads while it lasts. It completes on a heap of its own, in `addFlow` order among
 * equal times like every flow.
 */
export class Mice {
  /** Each link's rate taken by the mice on it, bytes per second. */
  readonly load: Float64Array;
  /** Mice on each link (a link's load is reset to exactly 0 when its last one leaves). */
  private readonly onLink: Int32Array;
  private readonly due: IndexedMinHeap;
  count = 0;

  constructor(
    readonly threshold: number,
    private readonly capacities: Float64Array,
  ) {
    this.load = new Float64Array(capacities.length);
    this.onLink = new Int32Array(capacities.length);
    this.due = new IndexedMinHeap(0);
  }

  grow(capacity: number): void {
    this.due.grow(capacity);
  }

  /**
   * Admits flow `flow` (its links, bytes, seq and base already in the table) as a mouse
   * at time `now`, given the solved flows' link loads: sets its rate and files its
   * completion.
   */
  add(table: FlowTable, flow: number, solvedLoad: Float64Array, now: number): void {
    const base = flow * MAX_LINKS_PER_FLOW;
    const end = base + table.flowLinkCount[flow]!;
    const capacities = this.capacities;
    const load = this.load;
    let rate = Number.POSITIVE_INFINITY;
    for (let j = base; j < end; j++) {
      const l = table.flowLinks[j]!;
      const capacity = capacities[l]!;
      const left = capacity - solvedLoad[l]! - load[l]!;
      const share = capacity / (table.linkFlowCount[l]! + 1);
      const offered = left > share ? left : share;
      if (offered < rate) rate = offered;
    }
    const onLink = this.onLink;
    for (let j = base; j < end; j++) {
      const l = table.flowLinks[j]!;
      load[l] = load[l]! + rate;
      onLink[l]!++;
    }
    table.state[flow] = MOUSE;
    table.rate[flow] = rate;
    this.due.push(flow, now + table.left[flow]! / rate, table.seq[flow]!);
    this.count++;
  }

  /** The earliest completion time of a mouse, Infinity if none. */
  nextDue(): number {
    return this.count === 0 ? Number.POSITIVE_INFINITY : this.due.topKey();
  }

  /** Takes every mouse due by `limit` off its links and hands it to `take`. */
  takeDue(table: FlowTable, limit: number, take: (flow: number) => void): void {
    const due = this.due;
    while (this.count > 0 && due.topKey() <= limit) {
      const flow = due.pop();
      this.leave(table, flow);
      take(flow);
    }
  }

  /** Takes a mouse out early (removed before it completed). */
  remove(table: FlowTable, flow: number): void {
    this.due.remove(flow);
    this.leave(table, flow);
  }

  private leave(table: FlowTable, flow: number): void {
    const base = flow * MAX_LINKS_PER_FLOW;
    const end = base + table.flowLinkCount[flow]!;
    const rate = table.rate[flow]!;
    const load = this.load;
    const onLink = this.onLink;
    for (let j = base; j < end; j++) {
      const l = table.flowLinks[j]!;
      const left = --onLink[l]!;
      load[l] = left === 0 ? 0 : load[l]! - rate;
    }
    this.count--;
  }
}
