import { type FairScore, compareFairScores } from './fair-share.js';

/**
 * Groups (user or job ids) in a binary heap by their fair-share score, the most
 * deserving at the top (`compareFairScores`, a total order: the id is the last key), with
 * each id's position kept so a rescored group moves in O(log groups).
 */
export class ScoreHeap {
  readonly #ids: number[] = [];
  readonly #scores: FairScore[] = [];
  readonly #position = new Map<number, number>();

  get size(): number {
    return this.#ids.length;
  }

  /** The most deserving group, or undefined when empty. */
  top(): number | undefined {
    return this.#ids[0];
  }

  get(id: number): FairScore | undefined {
    const at = this.#position.get(id);
    return at === undefined ? undefined : this.#scores[at];
  }

  /** Adds a group, or restores the order after its score (the same object or a new one) changed. */
  set(id: number, score: FairScore): void {
    let at = this.#position.get(id);
    if (at === undefined) {
      at = this.#ids.length;
      this.#ids.push(id);
      this.#scores.push(score);
      this.#position.set(id, at);
    } else this.#scores[at] = score;
    this.#siftDown(this.#siftUp(at));
  }

  delete(id: number): void {
    const at = this.#position.get(id);
    if (at === undefined) return;
    this.#position.delete(id);
    const lastId = this.#ids.pop()!;
    const lastScore = this.#scores.pop()!;
    if (at === this.#ids.length) return;
    this.#ids[at] = lastId;
    this.#scores[at] = lastScore;
    this.#position.set(lastId, at);
    this.#siftDown(this.#siftUp(at));
  }

  clear(): void {
    this.#ids.length = 0;
    this.#scores.length = 0;
    this.#position.clear();
  }

  #swap(i: number, j: number): void {
    const ids = this.#ids;
    const scores = this.#scores;
    const id = ids[i]!;
    const score = scores[i]!;
    ids[i] = ids[j]!;
    scores[i] = scores[j]!;
    ids[j] = id;
    scores[j] = score;
    this.#position.set(ids[i]!, i);
    this.#position.set(id, j);
  }

  #siftUp(start: number): number {
    let i = start;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (compareFairScores(this.#scores[i]!, this.#scores[parent]!) >= 0) break;
      this.#swap(i, parent);
      i = parent;
    }
    return i;
  }

  #siftDown(start: number): void {
    const n = this.#ids.length;
    let i = start;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= n) return;
      const right = left + 1;
      const child =
        right < n && compareFairScores(this.#scores[right]!, this.#scores[left]!) < 0 ? right : left;
      if (compareFairScores(this.#scores[child]!, this.#scores[i]!) >= 0) return;
      this.#swap(i, child);
      i = child;
    }
  }
}
