import type { ReduceTask } from './task-views.js';
import { appendIndexed, removeIndexed } from './typed-arrays.js';

/**
 * One job's reduces waiting for a slot, pending and suspended, as `JobView.waitingReduces`
 * hands them: the suspended ones first (they resume before a pending one starts), each
 * block in no particular order. Every reduce's position in the list is kept, so a launch
 * takes its reduce out in O(1).
 */
export class WaitingReduces {
  /** The suspended reduces, then the pending ones. */
  readonly list: ReduceTask[];
  /** How many of the list's first reduces are suspended. */
  #suspended = 0;
  /** Each reduce's position in the list, by its index. */
  readonly #position: Int32Array;

  /** All the job's reduces, pending, in index order. */
  constructor(reduces: readonly ReduceTask[]) {
    this.list = reduces.slice();
    this.#position = new Int32Array(reduces.length);
    for (let i = 0; i < reduces.length; i++) this.#position[i] = i;
  }

  /** Takes `task` out (it launches); `suspended` says which block it is in. */
  remove(task: ReduceTask, suspended: boolean): void {
    const list = this.list;
    const position = this.#position;
    const r = task.index;
    let p = position[r]!;
    if (suspended) {
      // Keep suspended ones first: move r to the end of the suspended block, then shrink it.
      const boundary = --this.#suspended;
      if (p !== boundary) {
        const other = list[boundary]!;
        list[p] = other;
        position[other.index] = p;
        list[boundary] = task;
        p = boundary;
      }
    }
    position[r] = p;
    removeIndexed(list, position, r);
  }

  /** Appends a pending reduce. */
  addPending(task: ReduceTask): void {
    appendIndexed(this.list, this.#position, task);
  }

  /** Inserts a suspended reduce at the end of the suspended block. */
  addSuspended(task: ReduceTask): void {
    const list = this.list;
    const boundary = this.#suspended++;
    if (boundary < list.length) {
      const displaced = list[boundary]!;
      this.#position[displaced.index] = list.length;
      list.push(displaced);
      list[boundary] = task;
    } else {
      list.push(task);
    }
    this.#position[task.index] = boundary;
  }
}
