import type { Topology } from '@rackwise/topology';
import type { NodeId, SlotKind } from '@rackwise/types';
import type { AttemptTable } from './attempt-table.js';
import { SLOT_CONTAINER } from './launch-check.js';
import type { StateVersion } from './state-version.js';
import { KIND_MAP } from './task-states.js';
import type { MapTask, ReduceTask } from './task-views.js';
import { growInt32 } from './typed-arrays.js';
import type { UserState } from './user-state.js';

/** What the slot ledger reads from the rest of the engine. */
export interface SlotLedgerHost {
  /** The simulated time: a vacated slot's held seconds end now. */
  readonly now: number;
  /** The attempts: a vacated slot's node, kind and launch time are read there. */
  readonly attempts: Pick<AttemptTable, 'node' | 'kind' | 'start' | 'release'>;
  /** Where a task's start or end is reported as a change of its user. */
  readonly changes: Pick<StateVersion, 'touch'>;
}

const KINDS: readonly SlotKind[] = ['map', 'reduce', 'container'];

/**
 * The cluster's slots: free slots per node and kind, the tasks running on each node, the
 * running counts and the slot-seconds held. Only `occupy` and `vacate` change them.
 */
export class SlotLedger {
  /** Free slots, index `kind × nodeCount + node` (kind 0 map, 1 reduce, 2 container). */
  readonly freeSlotsBy: Int32Array;
  /** Slots of each kind in the whole cluster (nodes may differ). */
  readonly totalSlotsBy: Int32Array;
  /** Every slot of the cluster, of all kinds. */
  readonly totalSlots: number;
  readonly nodeMaps: MapTask[][] = [];
  readonly nodeMapAttempts: number[][] = [];
  readonly nodeReduces: ReduceTask[][] = [];
  readonly nodeReduceAttempts: number[][] = [];
  readonly #nodeCount: number;
  readonly #container: boolean;
  #runningMaps = 0;
  #runningReduces = 0;
  #mapSlotSeconds = 0;
  #reduceSlotSeconds = 0;
  /** Each running attempt's position in its node's list, by attempt index. */
  #position: Int32Array = new Int32Array(64);

  constructor(
    topology: Topology,
    private readonly host: SlotLedgerHost,
  ) {
    const nodes = topology.nodeCount;
    this.#nodeCount = nodes;
    this.#container = topology.slotModel === 'container';
    this.totalSlotsBy = new Int32Array(3);
    this.freeSlotsBy = new Int32Array(3 * nodes);
    let totalSlots = 0;
    for (let k = 0; k < 3; k++) {
      for (let n = 0; n < nodes; n++) {
        const s = topology.slotsOf(n as NodeId, KINDS[k]!);
        this.freeSlotsBy[k * nodes + n] = s;
        this.totalSlotsBy[k]! += s;
        totalSlots += s;
      }
    }
    this.totalSlots = totalSlots;
    for (let n = 0; n < nodes; n++) {
      this.nodeMaps.push([]);
      this.nodeMapAttempts.push([]);
      this.nodeReduces.push([]);
      this.nodeReduceAttempts.push([]);
    }
  }

  /** Maps running (original attempts and duplicates). */
  get runningMaps(): number {
    return this.#runningMaps;
  }

  /** Reduces running. */
  get runningReduces(): number {
    return this.#runningReduces;
  }

  /** Seconds map slots were held, over the attempts that ended. */
  get mapSlotSeconds(): number {
    return this.#mapSlotSeconds;
  }

  /** Seconds reduce slots were held, over the attempts that ended. */
  get reduceSlotSeconds(): number {
    return this.#reduceSlotSeconds;
  }

  /** Puts attempt a of a task in a slot of the node. */
  occupy(a: number, node: number, kind: number, task: MapTask | ReduceTask, user: UserState): void {
    this.host.changes.touch(user);
    this.freeSlotsBy[this.#slotOf(kind) * this.#nodeCount + node]!--;
    if (a >= this.#position.length) this.#position = growInt32(this.#position, 2 * (a + 1));
    if (kind === KIND_MAP) {
      const list = this.nodeMaps[node]!;
      this.#position[a] = list.length;
      list.push(task as MapTask);
      this.nodeMapAttempts[node]!.push(a);
      this.#runningMaps++;
      user.runningMaps++;
    } else {
      const list = this.nodeReduces[node]!;
      this.#position[a] = list.length;
      list.push(task as ReduceTask);
      this.nodeReduceAttempts[node]!.push(a);
      this.#runningReduces++;
      user.runningReduces++;
    }
  }

  /** Frees the attempt's slot and entry (its pending events become stale). */
  vacate(a: number, user: UserState): void {
    const host = this.host;
    host.changes.touch(user);
    const attempts = host.attempts;
    const node = attempts.node[a]!;
    const kind = attempts.kind[a]!;
    this.freeSlotsBy[this.#slotOf(kind) * this.#nodeCount + node]!++;
    const position = this.#position[a]!;
    const tasks = kind === KIND_MAP ? this.nodeMaps[node]! : this.nodeReduces[node]!;
    const ids = kind === KIND_MAP ? this.nodeMapAttempts[node]! : this.nodeReduceAttempts[node]!;
    const lastTask = tasks.pop()!;
    const lastId = ids.pop()!;
    if (lastId !== a) {
      (tasks as (MapTask | ReduceTask)[])[position] = lastTask;
      ids[position] = lastId;
      this.#position[lastId] = position;
    }
    const held = host.now - attempts.start[a]!;
    if (kind === KIND_MAP) {
      this.#runningMaps--;
      user.runningMaps--;
      this.#mapSlotSeconds += held;
    } else {
      this.#runningReduces--;
      user.runningReduces--;
      this.#reduceSlotSeconds += held;
    }
    attempts.release(a);
  }

  #slotOf(kind: number): number {
    return this.#container ? SLOT_CONTAINER : kind;
  }
}
