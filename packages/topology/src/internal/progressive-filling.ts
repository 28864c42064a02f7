import { LinkQueue } from './link-queue.js';
import { ShareBands } from './share-bands.js';
import { growFloat64, growInt32 } from './typed-arrays.js';

/** A congestion-loss model: what a link of `capacity` delivers when `flows` flows cross it. */
export type EffectiveCapacity = (link: number, capacity: number, flows: number) => number;

/**
 * What link `link` of nominal `capacity` delivers with `flows` flows: its capacity, or less
 * under a loss model (never more). Every solver of the per-flow model takes it from here,
 * so the compiled one and JavaScript's fill up to the same numbers to the bit.
 */
export function deliverableCapacity(
  effective: EffectiveCapacity | undefined,
  link: number,
  capacity: number,
  flows: number,
): number {
  return effective === undefined ? capacity : Math.min(capacity, effective(link, capacity, flows));
}

/** Links a flow may cross; flow f's links are `flowLinks[f × MAX_LINKS_PER_FLOW + k]`. */
export const MAX_LINKS_PER_FLOW = 4;

/**
 * The flows on each link, as incidences `flow × MAX_LINKS_PER_FLOW + k` (k-th link of the
 * flow), so a flow can be unlinked in O(1) by swapping with the last entry.
 */
export interface LinkIncidences {
  readonly linkFlows: readonly Int32Array[];
  readonly linkFlowCount: Int32Array;
  readonly flowLinks: Int32Array;
  readonly flowLinkCount: Uint8Array;
}

/** What a full solve leaves on each link: `ProgressiveFilling`'s, or the compiled one's. */
export interface SolvedLinks {
  /** What each link delivered (its capacity, or less under a loss model). */
  readonly effective: Float64Array;
  /** Each link's fair level (Infinity where it was no bottleneck). */
  readonly level: Float64Array;
}

/**
 * Exact max-min fair rates by progressive filling (water-filling) with a heap over links.
 *
 * An entity of the solver may stand for several flows over the same links (a bundle):
 * with `weights`, entity e counts `weights[e]` times on each of its links and its rate is
 * the rate of each of those flows — the max-min rates of identical flows are equal, so a
 * bundle of w flows is solved as one entity of weight w with the same answer.
 *
 * Every link's fair share is its remaining capacity over its unfrozen flows. The link
 * with the smallest share is the next bottleneck: its unfrozen flows get that share and
 * freeze, and their other links give it up. A link's share never falls when another
 * link's flows freeze (they take at most that link's share), so the heap keys are kept
 * lazily: a popped link whose share has grown is pushed back with its current share.
 * Ties go to the lower link index. Remaining capacity is clamped at 0.
 *
 * Links enter the heap by their share at the start, in bands of doubling width
 * (`ShareBands`): the band of the smallest shares first, each later one only once the
 * bottleneck's share reaches its floor. A link not yet admitted starts at or above that
 * floor, and shares only grow, so the bottleneck is always in the heap (strictly below
 * every waiting share) and the links freeze in the same order, with the same arithmetic,
 * as with every link in the heap. Most links of a solve lose all their flows to other
 * bottlenecks before their turn (about two thirds of the links of a `nas-sim` solve) and
 * so never enter the heap.
 *
 * Cost: O(links + incidences + pops × log links).
 */
export class ProgressiveFilling implements SolvedLinks {
  private readonly heap: LinkQueue;
  private readonly remaining: Float64Array;
  private readonly unfrozen: Float64Array;
  /** What each link delivers in the current solve (its capacity, or less under a loss model). */
  readonly effective: Float64Array;
  /**
   * Output: each link's fair level after `run` — the share its flows froze at where the link
   * was a bottleneck (saturated), Infinity where it was not (or carried no flow).
   */
  readonly level: Float64Array;
  /** A link's fair share at the start of the solve. */
  private readonly initial: Float64Array;
  private readonly bands: ShareBands;
  private frozenStamp: Int32Array;
  private stamp = 0;
  /** Output: rate of each flow slot on some link, after `run`. */
  rates: Float64Array;

  constructor(
    private readonly capacities: Float64Array,
    /** Goodput of a link for its flow count (a congestion-loss model); its capacity when absent. */
    private readonly effectiveCapacity?: (link: number, capacity: number, flows: number) => number,
  ) {
    const links = capacities.length;
    this.heap = new LinkQueue(links);
    this.remaining = new Float64Array(links);
    this.unfrozen = new Float64Array(links);
    this.effective = new Float64Array(links);
    this.initial = new Float64Array(links);
    this.level = new Float64Array(links).fill(Number.POSITIVE_INFINITY);
    this.bands = new ShareBands(links);
    this.frozenStamp = new Int32Array(0);
    this.rates = new Float64Array(0);
  }

  /** What link `l` delivers with `flows` flows: its capacity, or less under a loss model. */
  #deliverable(l: number, flows: number): number {
    return deliverableCapacity(this.effectiveCapacity, l, this.capacities[l]!, flows);
  }

  /** Makes room for flow slots below `capacity`. */
  growFlows(capacity: number): void {
    if (capacity <= this.rates.length) return;
    this.rates = growFloat64(this.rates, capacity);
    this.frozenStamp = growInt32(this.frozenStamp, capacity);
  }

  /**
   * Writes into `rates` the max-min fair rate of every flow on some link, and into `load`
   * the sum of those rates on every link with flows; `flowCount` is how many flows there
   * are (filling stops once all are frozen). With `weights`, entity e stands for
   * `weights[e]` identical flows (positive integers) and its rate is each one's;
   * `linkWeights[l]`, when given, is the sum of the weights of the entities on link l.
   * With `links`, only the first `linkCount` link indices listed there are considered
   * (every link with flows must be among them): a solve over part of the network in
   * O(those links + their incidences).
   *
   * One function over 80 lines on purpose: it is the solver's hot loop, and splitting it
   * into steps would cost a call per link or per flow inside the inner loops of every solve.
   */
  run(
    incidences: LinkIncidences,
    flowCount: number,
    load: Float64Array,
    weights?: Float64Array,
    linkWeights?: Float64Array,
    links?: Int32Array,
    linkCount = 0,
  ): void {
    const { linkFlows, linkFlowCount, flowLinks, flowLinkCount } = incidences;
    const { heap, remaining, unfrozen, capacities, rates } = this;
    const frozen = this.frozenStamp;
    if (++this.stamp === 0x7fffffff) {
      frozen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    heap.size = 0;
    const { initial, bands, level } = this;
    bands.clear();
    const span = links === undefined ? capacities.length : linkCount;
    for (let x = 0; x < span; x++) {
      const l = links === undefined ? x : links[x]!;
      level[l] = Number.POSITIVE_INFINITY;
      const n = linkFlowCount[l]!;
      if (n === 0) continue;
      let w = n;
      if (linkWeights !== undefined) w = linkWeights[l]!;
      else if (weights !== undefined) {
        const list = linkFlows[l]!;
        w = 0;
        for (let i = 0; i < n; i++) w += weights[list[i]! >> 2]!;
      }
      const c = this.effectiveCapacity === undefined ? capacities[l]! : this.#deliverable(l, w);
      this.effective[l] = c;
      remaining[l] = c;
      unfrozen[l] = w;
      const share = c / w;
      initial[l] = share;
      bands.note(l, share);
    }
    bands.group(initial);
    // The first band goes in at once; a later one when the bottleneck's share reaches it.
    for (let x = bands.start[0]!; x < bands.start[1]!; x++)
      heap.append(bands.links[x]!, initial[bands.links[x]!]!);
    heap.heapify();
    let band = 0;
    let bound = bands.ceiling(0);
    let unfrozenFlows = flowCount;
    while (unfrozenFlows > 0) {
      if (heap.size === 0) {
        if (band >= bands.last) break;
        bound = this.#admit(++band);
        continue;
      }
      const l = heap.top();
      const n = unfrozen[l]!;
      if (n === 0) {
        heap.pop();
        continue;
      }
      const share = remaining[l]! / n;
      if (share > heap.topShare()) {
        heap.raiseTop(share);
        continue;
      }
      if (share >= bound && band < bands.last) {
        // A link of the next band may have a share as small now.
        bound = this.#admit(++band);
        continue;
      }
      heap.pop();
      level[l] = share;
      const list = linkFlows[l]!;
      const count = linkFlowCount[l]!;
      if (weights === undefined) {
        // One flow per entity (the per-flow model): the hot loop without weight look-ups.
        for (let i = 0; i < count; i++) {
          const flow = list[i]! >> 2;
          if (frozen[flow] === stamp) continue;
          frozen[flow] = stamp;
          rates[flow] = share;
          unfrozenFlows--;
          const base = flow * MAX_LINKS_PER_FLOW;
          const end = base + flowLinkCount[flow]!;
          for (let j = base; j < end; j++) {
            const m = flowLinks[j]!;
            if (m === l) continue;
            const left = remaining[m]! - share;
            remaining[m] = left > 0 ? left : 0;
            unfrozen[m] = unfrozen[m]! - 1;
          }
        }
      } else {
        for (let i = 0; i < count; i++) {
          const flow = list[i]! >> 2;
          if (frozen[flow] === stamp) continue;
          frozen[flow] = stamp;
          rates[flow] = share;
          unfrozenFlows--;
          const w = weights[flow]!;
          const taken = share * w;
          const base = flow * MAX_LINKS_PER_FLOW;
          const end = base + flowLinkCount[flow]!;
          for (let j = base; j < end; j++) {
            const m = flowLinks[j]!;
            if (m === l) continue;
            const left = remaining[m]! - taken;
            remaining[m] = left > 0 ? left : 0;
            unfrozen[m] = unfrozen[m]! - w;
          }
        }
      }
      remaining[l] = 0;
    }
    for (let x = 0; x < span; x++) {
      const l = links === undefined ? x : links[x]!;
      if (linkFlowCount[l]! > 0) load[l] = this.effective[l]! - remaining[l]!;
    }
  }

  /**
   * Pushes onto the heap, at their current share, the links of band b that still have
   * unfrozen flows; returns the band's ceiling, the floor of every later band.
   */
  #admit(b: number): number {
    const { heap, bands, unfrozen, remaining } = this;
    const { links } = bands;
    for (let x = bands.start[b]!, end = bands.start[b + 1]!; x < end; x++) {
      const l = links[x]!;
      const n = unfrozen[l]!;
      if (n > 0) heap.push(l, remaining[l]! / n);
    }
    return bands.ceiling(b);
  }
}
