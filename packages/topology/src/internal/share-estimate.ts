import type { ShareEstimate } from './interim-filling.js';

/**
 * A new flow's likely share of a link at the next full solve (`betweenSolves: 'share'`):
 * the link's fair level at the last full solve, scaled by its flows then over its flows
 * now, where it was a bottleneck; at least an equal share of what it delivers among its
 * flows now (that equal share alone where it was no bottleneck).
 */
export class LevelShareEstimate implements ShareEstimate {
  /** Each link's flows at the last full solve. */
  private readonly flowsAtSolve: Int32Array;

  constructor(
    links: number,
    /** Each link's fair level at the last full solve (Infinity where it was no bottleneck). */
    private readonly levels: () => Float64Array,
  ) {
    this.flowsAtSolve = new Int32Array(links);
  }

  /** A full solve just ran over `linkFlowCount` flows per link. */
  solved(linkFlowCount: Int32Array): void {
    this.flowsAtSolve.set(linkFlowCount);
  }

  shareOf(link: number, capacity: number, flowsNow: number): number {
    const even = capacity / flowsNow;
    const level = this.levels()[link]!;
    const then = this.flowsAtSolve[link]!;
    if (level === Number.POSITIVE_INFINITY || then === 0) return even;
    const scaled = (level * then) / flowsNow;
    return scaled > even ? scaled : even;
  }
}
