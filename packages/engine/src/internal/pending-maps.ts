import { EMPTY } from './task-states.js';
import type { MapTask } from './task-views.js';
import { removeIndexed } from './typed-arrays.js';

/**
 * A job's pending maps: all of them in a dense list with swap-remove and position
 * indices, and (built on first use) by node and by rack of their block's replicas, so a
 * policy finds a node- or rack-local map without a scan. The order inside a list is
 * therefore arbitrary but deterministic.
 */
export class PendingMaps {
  /** Every pending map. */
  readonly all: MapTask[];
  readonly #positionAll: Int32Array;
  #byNode: (MapTask[] | undefined)[] | undefined;
  #byRack: (MapTask[] | undefined)[] | undefined;
  /** Per replica slot (map × replication + k): the map's place in its node's list, −1 if none. */
  #positionNode: Int32Array | undefined;
  /** Per replica slot: the map's place in its rack's list (first replica in a rack only), −1 if none. */
  #positionRack: Int32Array | undefined;

  constructor(
    maps: readonly MapTask[],
    private readonly replicas: Int32Array,
    private readonly replication: number,
    private readonly rackOfNode: Int32Array,
    private readonly nodeCount: number,
    private readonly rackCount: number,
  ) {
    this.all = maps.slice();
    this.#positionAll = new Int32Array(maps.length);
    for (let i = 0; i < maps.length; i++) this.#positionAll[i] = i;
  }

  onNode(node: number): readonly MapTask[] {
    if (this.#byNode === undefined) this.#buildLocalityIndex();
    return this.#byNode![node] ?? EMPTY;
  }

  onRack(rack: number): readonly MapTask[] {
    if (this.#byRack === undefined) this.#buildLocalityIndex();
    return this.#byRack![rack] ?? EMPTY;
  }

  /** Takes map i out of every list (it launches). */
  remove(i: number): void {
    removeIndexed(this.all, this.#positionAll, i);
    if (this.#byNode === undefined) return;
    const rep = this.replication;
    const replicas = this.replicas;
    const base = i * rep;
    const positionNode = this.#positionNode!;
    const positionRack = this.#positionRack!;
    const rackOf = this.rackOfNode;
    for (let k = 0; k < rep; k++) {
      const node = replicas[base + k]!;
      if (node < 0) continue;
      const list: MapTask[] = this.#byNode[node]!;
      const position = positionNode[base + k]!;
      const moved: MapTask = list.pop()!;
      if (moved.index !== i) {
        list[position] = moved;
        const movedBase: number = moved.index * rep;
        for (let j = 0; j < rep; j++) {
          if (replicas[movedBase + j] === node) {
            positionNode[movedBase + j] = position;
            break;
          }
        }
      }
      positionNode[base + k] = -1;
      const rackPosition = positionRack[base + k]!;
      if (rackPosition < 0) continue;
      const rack: number = rackOf[node]!;
      const rackList: MapTask[] = this.#byRack![rack]!;
      const movedRack: MapTask = rackList.pop()!;
      if (movedRack.index !== i) {
        rackList[rackPosition] = movedRack;
        const movedBase: number = movedRack.index * rep;
        for (let j = 0; j < rep; j++) {
          const other = replicas[movedBase + j]!;
          if (other >= 0 && positionRack[movedBase + j]! >= 0 && rackOf[other] === rack) {
            positionRack[movedBase + j] = rackPosition;
            break;
          }
        }
      }
      positionRack[base + k] = -1;
    }
  }

  #buildLocalityIndex(): void {
    const rep = this.replication;
    const replicas = this.replicas;
    const byNode: (MapTask[] | undefined)[] = new Array(this.nodeCount);
    const byRack: (MapTask[] | undefined)[] = new Array(this.rackCount);
    const slots = this.#positionAll.length * rep;
    const positionNode = new Int32Array(slots).fill(-1);
    const positionRack = new Int32Array(slots).fill(-1);
    const rackOf = this.rackOfNode;
    for (const task of this.all) {
      const base = task.index * rep;
      for (let k = 0; k < rep; k++) {
        const node = replicas[base + k]!;
        if (node < 0) continue;
        let list = byNode[node];
        if (list === undefined) {
          list = [];
          byNode[node] = list;
        }
        positionNode[base + k] = list.length;
        list.push(task);
        const rack = rackOf[node]!;
        let dup = false;
        for (let j = 0; j < k; j++) {
          const other = replicas[base + j]!;
          if (other >= 0 && rackOf[other] === rack) dup = true;
        }
        if (dup) continue;
        let rackList = byRack[rack];
        if (rackList === undefined) {
          rackList = [];
          byRack[rack] = rackList;
        }
        positionRack[base + k] = rackList.length;
        rackList.push(task);
      }
    }
    this.#byNode = byNode;
    this.#byRack = byRack;
    this.#positionNode = positionNode;
    this.#positionRack = positionRack;
  }
}
