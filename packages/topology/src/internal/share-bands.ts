/** Bands of starting shares a solve tells apart; the last holds every larger share too. */
const BANDS = 64;
const LAST = BANDS - 1;
const POW2 = Float64Array.from({ length: BANDS + 1 }, (_, b) => 2 ** b);
/** Index of the 32-bit word that holds a double's sign and exponent. */
const HIGH_WORD = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0;

/**
 * The links of one progressive-filling solve grouped by starting fair share, in bands of
 * doubling width: band b holds the shares in [s·2^b, s·2^(b+1)), s the smallest share
 * (the last band every larger one). Filling admits the bands to its heap one after the
 * other: while the bottleneck's share is below the next band's floor, no link of a later
 * band can be the bottleneck (shares only grow), so a link joins the heap only when its
 * turn may have come, and each link is looked at once.
 */
export class ShareBands {
  /** The links, band by band; band b is `links[start[b]]` to `links[start[b + 1]]`. */
  readonly links: Int32Array;
  readonly start = new Int32Array(BANDS + 1);
  /** The last band with links, after `group`. */
  last = 0;
  private readonly band: Uint8Array;
  private readonly noted: Int32Array;
  private count = 0;
  private smallest = Number.POSITIVE_INFINITY;
  private readonly bits = new Float64Array(1);
  private readonly words = new Uint32Array(this.bits.buffer);
  /** Where `group` writes the next link of each band. */
  readonly #cursor = new Int32Array(BANDS);

  constructor(linkCount: number) {
    this.links = new Int32Array(linkCount);
    this.noted = new Int32Array(linkCount);
    this.band = new Uint8Array(linkCount);
  }

  /** Starts a solve. */
  clear(): void {
    this.count = 0;
    this.smallest = Number.POSITIVE_INFINITY;
  }

  /** Notes a link with flows and its starting share. */
  note(link: number, share: number): void {
    this.noted[this.count++] = link;
    if (share < this.smallest) this.smallest = share;
  }

  /** Sorts the noted links into bands by their starting share (`shares[link]`). */
  group(shares: Float64Array): void {
    const { noted, band, start, count, smallest } = this;
    start.fill(0);
    // A smallest share of 0 (a link with no capacity left) or a non-finite one gives no
    // scale: every link goes to band 0, admitted at once.
    const scaled = smallest > 0 && smallest < Number.POSITIVE_INFINITY;
    let last = 0;
    for (let x = 0; x < count; x++) {
      const l = noted[x]!;
      const b = scaled ? this.#bandOf(shares[l]!, smallest) : 0;
      band[l] = b;
      start[b + 1] = start[b + 1]! + 1;
      if (b > last) last = b;
    }
    const next = this.#cursor;
    for (let b = 0; b < BANDS; b++) {
      next[b] = start[b]!;
      start[b + 1] = start[b + 1]! + start[b]!;
    }
    for (let x = 0; x < count; x++) {
      const l = noted[x]!;
      this.links[next[band[l]!]!++] = l;
    }
    this.last = last;
  }

  /** The floor of band b + 1: every link of a later band starts at or above it. */
  ceiling(b: number): number {
    return b >= LAST ? Number.POSITIVE_INFINITY : this.smallest * POW2[b + 1]!;
  }

  /** The band b with smallest·2^b ≤ share < smallest·2^(b+1), at most the last. */
  #bandOf(share: number, smallest: number): number {
    const ratio = share / smallest;
    if (!(ratio < POW2[LAST]!)) return LAST;
    this.bits[0] = ratio;
    let b = (this.words[HIGH_WORD]! >>> 20) - 1023;
    // The division may round across a power of two: place by the products, which are exact.
    if (b > 0 && share < smallest * POW2[b]!) b--;
    else if (share >= smallest * POW2[b + 1]!) b++;
    return b < LAST ? b : LAST;
  }
}
