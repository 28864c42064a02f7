import type { FlowTable } from './flow-table.js';
import type { InterimFilling } from './interim-filling.js';
import { MAX_LINKS_PER_FLOW, type SolvedLinks } from './progressive-filling.js';
import { growInt32 } from './typed-arrays.js';

/** A link whose load is within this fraction of what it delivers counts as full. */
const FULL = 1e-9;

/**
 * The drifted links' flows are solved on their own while they make at most this share of
 * the flows in the solver; more, and the whole network is.
 */
const LOCAL_SHARE = 0.25;

/**
 * How far the rates kept between two solves have drifted from max-min fairness, link by
 * link, and which links have drifted past a tolerance (`resolveTolerance`).
 *
 * Between solves (`betweenSolves: 'residual'`) every solved flow keeps its rate, so two
 * things go wrong, both on one link at a time:
 *
 * - *Waste.* A flow that leaves a saturated link frees its rate there; the link's other
 *   flows, bottlenecked on it, would take that rate at a solve but do not until one comes.
 *   A new flow over the link takes what it can of it at once (the residual). On a link that
 *   was saturated at the last solve, or full when a flow left it, the waste is what the
 *   link delivers minus its load.
 * - *Starvation.* A new flow takes only the residual of its path, which on a saturated
 *   link may be nothing. Its max-min rate is estimated as the least, over its links, of the
 *   link's fair level at its last solve (the share its flows froze at) where the link was a
 *   bottleneck, and of capacity ÷ flows where it was not (every flow gets at least that);
 *   what the flow got below that estimate is charged to the link that set it.
 *
 * A link's drift is its waste plus the starvation charged to it; a link has drifted once
 * that exceeds `tolerance` × its capacity. On a link of a hundred flows one change moves
 * the shares by about 1 %, so a tolerance of a few percent lets such links absorb several
 * changes, while a link of a few flows drifts at every change.
 *
 * Cost: O(links) per full solve, O(a flow's links) per flow started or ended.
 */
export class ShareDrift {
  /** The links that have drifted past the tolerance, `driftedCount` of them. */
  drifted: Int32Array = new Int32Array(16);
  driftedCount = 0;
  private readonly isDrifted: Uint8Array;
  private readonly saturated: Uint8Array;
  /** Each link's fair level at its last solve, Infinity where it was not a bottleneck. */
  private readonly level: Float64Array;
  private readonly starved: Float64Array;
  private starvedLinks: Int32Array = new Int32Array(16);
  private starvedCount = 0;
  private readonly listed: Uint8Array;

  constructor(
    private readonly tolerance: number,
    private readonly capacities: Float64Array,
    private readonly filling: SolvedLinks,
  ) {
    const links = capacities.length;
    this.isDrifted = new Uint8Array(links);
    this.saturated = new Uint8Array(links);
    this.level = new Float64Array(links).fill(Number.POSITIVE_INFINITY);
    this.starved = new Float64Array(links);
    this.listed = new Uint8Array(links);
  }

  /** After a full solve: the links it froze are the saturated ones, and nothing has drifted. */
  solved(): void {
    const { level } = this.filling;
    this.level.set(level);
    const saturated = this.saturated;
    for (let l = 0; l < saturated.length; l++) saturated[l] = level[l]! < Number.POSITIVE_INFINITY ? 1 : 0;
    for (let i = 0; i < this.starvedCount; i++) {
      const l = this.starvedLinks[i]!;
      this.starved[l] = 0;
      this.listed[l] = 0;
    }
    this.starvedCount = 0;
    for (let i = 0; i < this.driftedCount; i++) this.isDrifted[this.drifted[i]!] = 0;
    this.driftedCount = 0;
  }

  /**
   * After the flows of the drifted links were solved again over what the other flows leave
   * (`levels` the fair levels of that solve, `load` every link's load after it): those links
   * start afresh.
   */
  resolvedDrifted(levels: Float64Array, load: Float64Array): void {
    for (let i = 0; i < this.driftedCount; i++) {
      const l = this.drifted[i]!;
      this.isDrifted[l] = 0;
      this.starved[l] = 0;
      this.level[l] = levels[l]!;
      this.saturated[l] = load[l]! >= this.deliverable(l) * (1 - FULL) ? 1 : 0;
    }
    this.driftedCount = 0;
  }

  /**
   * Notes for `interim` every flow over a drifted link and takes its rate off `load` on each
   * of its links, so that they can be solved again over what the other flows leave; false,
   * and nothing done, where those links carry more than `LOCAL_SHARE` of the `flows` in the
   * solver (a full solve is due instead).
   */
  takeDriftedFlows(table: FlowTable, load: Float64Array, interim: InterimFilling, flows: number): boolean {
    const { drifted, driftedCount } = this;
    let incidences = 0;
    for (let i = 0; i < driftedCount; i++) incidences += table.linkFlowCount[drifted[i]!]!;
    if (incidences > LOCAL_SHARE * flows) return false;
    for (let i = 0; i < driftedCount; i++) {
      const l = drifted[i]!;
      const list = table.linkFlows[l]!;
      for (let k = 0, n = table.linkFlowCount[l]!; k < n; k++) {
        const flow = list[k]! >> 2;
        if (!interim.add(flow)) continue;
        const rate = table.rate[flow]!;
        if (rate === 0) continue;
        const base = flow * MAX_LINKS_PER_FLOW;
        const end = base + table.flowLinkCount[flow]!;
        for (let j = base; j < end; j++) {
          const m = table.flowLinks[j]!;
          const left = load[m]! - rate;
          load[m] = left > 0 ? left : 0;
        }
      }
    }
    return true;
  }

  /** A flow of `rate` has left link `l`, whose load is now `load`. */
  left(l: number, load: number, rate: number): void {
    if (this.isDrifted[l] === 1) return;
    const c = this.deliverable(l);
    if (this.saturated[l] === 0) {
      if (load + rate < c * (1 - FULL)) return;
      this.saturated[l] = 1;
    }
    this.check(l, c, load);
  }

  /**
   * A flow that started after the last full solve got `rate` from the residual; `load` is
   * every link's load with it.
   */
  started(table: FlowTable, flow: number, rate: number, load: Float64Array): void {
    const level = this.level;
    const base = flow * MAX_LINKS_PER_FLOW;
    const end = base + table.flowLinkCount[flow]!;
    let estimate = Number.POSITIVE_INFINITY;
    let at = -1;
    for (let j = base; j < end; j++) {
      const l = table.flowLinks[j]!;
      const share =
        this.saturated[l] === 1 && level[l]! < Number.POSITIVE_INFINITY
          ? level[l]!
          : this.capacities[l]! / table.linkFlowCount[l]!;
      if (share < estimate) {
        estimate = share;
        at = j;
      }
    }
    const short = estimate - rate;
    if (at < 0 || !(short > 0)) return;
    const l = table.flowLinks[at]!;
    if (this.isDrifted[l] === 1) return;
    if (this.listed[l] === 0) {
      this.listed[l] = 1;
      if (this.starvedCount === this.starvedLinks.length)
        this.starvedLinks = growInt32(this.starvedLinks, this.starvedCount * 2);
      this.starvedLinks[this.starvedCount++] = l;
    }
    this.starved[l] = this.starved[l]! + short;
    this.check(l, this.deliverable(l), load[l]!);
  }

  private check(l: number, c: number, load: number): void {
    const waste = this.saturated[l] === 1 && load < c ? c - load : 0;
    if (waste + this.starved[l]! <= this.tolerance * c) return;
    this.isDrifted[l] = 1;
    if (this.driftedCount === this.drifted.length)
      this.drifted = growInt32(this.drifted, this.driftedCount * 2);
    this.drifted[this.driftedCount++] = l;
  }

  /** What link `l` delivered at the last solve (its capacity where it then carried no flow). */
  private deliverable(l: number): number {
    const c = this.filling.effective[l]!;
    return c > 0 ? c : this.capacities[l]!;
  }
}
