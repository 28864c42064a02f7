import { MAX_LINKS_PER_FLOW } from './progressive-filling.js';

/**
 * Finds the bundle of a path: an open-addressing hash table (linear probing,
 * backward-shift deletion) from a sorted tuple of up to 4 link indices to a bundle id.
 * The tuples are read from the owner's `links` array (4 per bundle) and `linkCount`, so
 * the table holds only ids and allocates nothing per look-up.
 */
export class PathIndex {
  private slots: Int32Array = new Int32Array(64).fill(-1);
  private mask = 63;
  private count = 0;

  /** The bundle holding path `path[0 … k)`, or −1. */
  find(path: Int32Array, k: number, links: Int32Array, linkCount: Uint8Array): number {
    const slots = this.slots;
    for (let i = hash(path, k) & this.mask; ; i = (i + 1) & this.mask) {
      const b = slots[i]!;
      if (b < 0) return -1;
      if (same(path, k, links, linkCount, b)) return b;
    }
  }

  /** Adds bundle b, whose sorted links are already in `links`. */
  add(b: number, links: Int32Array, linkCount: Uint8Array): void {
    if (2 * (this.count + 1) > this.slots.length) this.rehash(this.slots.length * 2, links, linkCount);
    this.place(b, links, linkCount);
    this.count++;
  }

  /** Removes bundle b (its links still in `links`). */
  remove(b: number, links: Int32Array, linkCount: Uint8Array): void {
    const slots = this.slots;
    const mask = this.mask;
    let i = hashOf(b, links, linkCount) & mask;
    while (slots[i] !== b) i = (i + 1) & mask;
    // Backward-shift deletion: pull later entries of the probe run into the hole.
    let hole = i;
    for (let j = (i + 1) & mask; ; j = (j + 1) & mask) {
      const c = slots[j]!;
      if (c < 0) break;
      const home = hashOf(c, links, linkCount) & mask;
      // c may move to the hole if its home is not cyclically in (hole, j].
      if (hole <= j ? home <= hole || home > j : home <= hole && home > j) {
        slots[hole] = c;
        hole = j;
      }
    }
    slots[hole] = -1;
    this.count--;
  }

  private place(b: number, links: Int32Array, linkCount: Uint8Array): void {
    const slots = this.slots;
    let i = hashOf(b, links, linkCount) & this.mask;
    while (slots[i]! >= 0) i = (i + 1) & this.mask;
    slots[i] = b;
  }

  private rehash(size: number, links: Int32Array, linkCount: Uint8Array): void {
    const old = this.slots;
    this.slots = new Int32Array(size).fill(-1);
    this.mask = size - 1;
    for (let i = 0; i < old.length; i++) if (old[i]! >= 0) this.place(old[i]!, links, linkCount);
  }
}

function mix(h: number, l: number): number {
  return Math.imul(h ^ (l + 0x9e3779b9), 0x85ebca6b) ^ (h >>> 13);
}

function hash(path: Int32Array, k: number): number {
  let h = k;
  for (let j = 0; j < k; j++) h = mix(h, path[j]!);
  return (h ^ (h >>> 16)) >>> 0;
}

function hashOf(b: number, links: Int32Array, linkCount: Uint8Array): number {
  const k = linkCount[b]!;
  const base = b * MAX_LINKS_PER_FLOW;
  let h = k;
  for (let j = 0; j < k; j++) h = mix(h, links[base + j]!);
  return (h ^ (h >>> 16)) >>> 0;
}

function same(path: Int32Array, k: number, links: Int32Array, linkCount: Uint8Array, b: number): boolean {
  if (linkCount[b] !== k) return false;
  const base = b * MAX_LINKS_PER_FLOW;
  for (let j = 0; j < k; j++) if (links[base + j] !== path[j]) return false;
  return true;
}
