import { MAX_LINKS_PER_FLOW } from './progressive-filling.js';
import { describe } from './validate.js';

/** Checks a flow's links (at most 4 distinct link indices below `linkCount`); returns how many. */
export function checkFlowLinks(links: ArrayLike<number>, linkCount: number): number {
  const k = links?.length;
  if (typeof k !== 'number' || k > MAX_LINKS_PER_FLOW) {
    throw new Error(
      `addFlow: links must be an array of at most ${MAX_LINKS_PER_FLOW} link indices, got ${describe(links)}`,
    );
  }
  for (let j = 0; j < k; j++) {
    const l = links[j]!;
    if (!(Number.isInteger(l) && l >= 0 && l < linkCount)) {
      throw new Error(`addFlow: links[${j}] must be an integer in [0, ${linkCount}), got ${describe(l)}`);
    }
    for (let i = 0; i < j; i++) {
      if (links[i] === l) throw new Error(`addFlow: links must not repeat a link, got ${l} twice`);
    }
  }
  return k;
}

/** Checks a flow's size and tag. */
export function checkFlowSize(bytes: number, tag: number): void {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) {
    throw new Error(`addFlow: bytes must be a non-negative finite number of bytes, got ${describe(bytes)}`);
  }
  if (typeof tag !== 'number' || Number.isNaN(tag)) {
    throw new Error(`addFlow: tag must be a number, got ${describe(tag)}`);
  }
}

/** Checks a time to advance to. */
export function checkAdvance(time: number, now: number, tolerance: number): void {
  if (typeof time !== 'number' || Number.isNaN(time) || time < now - tolerance) {
    throw new Error(`advanceTo: time must be a number ≥ now (${now}), got ${describe(time)}`);
  }
}

/** Checks a link index for `linkLoad`. */
export function checkLink(link: number, linkCount: number): void {
  if (!(Number.isInteger(link) && link >= 0 && link < linkCount)) {
    throw new Error(`linkLoad: link must be an integer in [0, ${linkCount}), got ${describe(link)}`);
  }
}

/** Sorts `flows[0 … count)` by `seq` (insertion sort for short runs, which are the rule). */
export function sortBySeq(flows: Int32Array, count: number, seq: Float64Array): void {
  if (count > 32) {
    flows.subarray(0, count).sort((a, b) => seq[a]! - seq[b]!);
    return;
  }
  for (let i = 1; i < count; i++) {
    const f = flows[i]!;
    const s = seq[f]!;
    let j = i - 1;
    while (j >= 0 && seq[flows[j]!]! > s) {
      flows[j + 1] = flows[j]!;
      j--;
    }
    flows[j + 1] = f;
  }
}
