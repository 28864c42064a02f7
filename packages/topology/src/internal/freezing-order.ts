/**
 * The used links of a two-tier network in the order the last solve froze them, then the
 * ones it froze no flow at, by first use; and each link's place in that order. A bundle
 * belongs to whichever of its two links comes first, so when a solve changes the order,
 * the bundles that change hands are those of the pairs of links that swapped places.
 * Sorting the new order back into the old one by insertion swaps exactly those pairs,
 * once each (O(links + swaps)).
 */
export class FreezingOrder {
  /** The used links in order, `length` of them. */
  readonly links: Int32Array;
  length = 0;
  private readonly position: Int32Array;
  private readonly scratchLinks: Int32Array;
  private readonly scratchPositions: Int32Array;
  /** The stamp of the last solve that froze each link. */
  private readonly frozenStamp: Int32Array;
  private stamp = 0;

  constructor(linkCount: number) {
    this.links = new Int32Array(linkCount);
    this.position = new Int32Array(linkCount);
    this.scratchLinks = new Int32Array(linkCount);
    this.scratchPositions = new Int32Array(linkCount);
    this.frozenStamp = new Int32Array(linkCount);
  }

  /** Puts a link used for the first time last. */
  append(l: number): void {
    this.position[l] = this.length;
    this.links[this.length++] = l;
  }

  /** Whether link a comes before link b. */
  before(a: number, b: number): boolean {
    return this.position[a]! < this.position[b]!;
  }

  /** Marks `order[from … to)` as the links this solve froze (past `from`). */
  markFrozen(order: Int32Array, from: number, to: number): void {
    const stamp = ++this.stamp;
    for (let k = from; k < to; k++) this.frozenStamp[order[k]!] = stamp;
  }

  /** Whether this solve froze link l (as `markFrozen` marked it). */
  frozen(l: number): boolean {
    return this.frozenStamp[l] === this.stamp;
  }

  /**
   * Makes the order this solve's: the first `kept` places as before, then the frozen links
   * of `order[kept … frozen)`, then the other used links as they were. Calls `swapped(x, y)`
   * for each pair of links of different `role` whose places swapped, y now before x, in
   * the order the sort meets them; returns the sum of what it returned.
   */
  reorder(
    order: Int32Array,
    kept: number,
    frozen: number,
    role: Uint8Array,
    swapped: (x: number, y: number) => number,
  ): number {
    const links = this.scratchLinks;
    const positions = this.scratchPositions;
    const stamp = this.stamp;
    let n = 0;
    for (let k = kept; k < frozen; k++) links[n++] = order[k]!;
    for (let k = kept; k < this.length; k++) {
      const l = this.links[k]!;
      if (this.frozenStamp[l] !== stamp) links[n++] = l;
    }
    for (let k = 0; k < n; k++) this.links[kept + k] = links[k]!;
    for (let k = 0; k < n; k++) positions[k] = this.position[links[k]!]!;
    let sum = 0;
    for (let k = 1; k < n; k++) {
      const x = links[k]!;
      const px = positions[k]!;
      let m = k - 1;
      while (m >= 0 && positions[m]! > px) {
        // y now comes before x, and came after it.
        const y = links[m]!;
        if (role[x] !== role[y]) sum += swapped(x, y);
        links[m + 1] = y;
        positions[m + 1] = positions[m]!;
        m--;
      }
      links[m + 1] = x;
      positions[m + 1] = px;
    }
    for (let k = kept; k < kept + n; k++) this.position[this.links[k]!] = k;
    return sum;
  }
}
