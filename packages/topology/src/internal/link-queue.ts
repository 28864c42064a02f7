/**
 * The links of one progressive-filling solve, smallest fair share first: a binary heap of
 * (share, link) entries ordered by share, then link index, with each link in it at most
 * once. Filling only ever adds entries, or looks at, re-keys or removes the top, so no
 * position index is kept: a sift moves two arrays instead of four.
 */
export class LinkQueue {
  private readonly shares: Float64Array;
  private readonly links: Int32Array;
  size = 0;

  constructor(capacity: number) {
    this.shares = new Float64Array(capacity);
    this.links = new Int32Array(capacity);
  }

  /** Appends without ordering; call `heapify` before reading. */
  append(link: number, share: number): void {
    const i = this.size++;
    this.links[i] = link;
    this.shares[i] = share;
  }

  heapify(): void {
    for (let i = (this.size >> 1) - 1; i >= 0; i--) this.siftDown(i, this.links[i]!, this.shares[i]!);
  }

  /** Adds (link, share) to an ordered queue. */
  push(link: number, share: number): void {
    const { shares, links } = this;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const ps = shares[parent]!;
      const pl = links[parent]!;
      if (ps < share || (ps === share && pl < link)) break;
      shares[i] = ps;
      links[i] = pl;
      i = parent;
    }
    shares[i] = share;
    links[i] = link;
  }

  /** The link with the smallest share; only when `size > 0`. */
  top(): number {
    return this.links[0]!;
  }

  topShare(): number {
    return this.shares[0]!;
  }

  /** Gives the top a larger share and restores the order. */
  raiseTop(share: number): void {
    this.siftDown(0, this.links[0]!, share);
  }

  pop(): void {
    const last = --this.size;
    if (last > 0) this.siftDown(0, this.links[last]!, this.shares[last]!);
  }

  /** Moves (link, share) down from hole `start` to its place. */
  private siftDown(start: number, link: number, share: number): void {
    const { shares, links } = this;
    const n = this.size;
    let i = start;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= n) break;
      let cs = shares[child]!;
      let cl = links[child]!;
      const right = child + 1;
      if (right < n) {
        const rs = shares[right]!;
        const rl = links[right]!;
        if (rs < cs || (rs === cs && rl < cl)) {
          child = right;
          cs = rs;
          cl = rl;
        }
      }
      if (share < cs || (share === cs && link < cl)) break;
      shares[i] = cs;
      links[i] = cl;
      i = child;
    }
    shares[i] = share;
    links[i] = link;
  }
}
