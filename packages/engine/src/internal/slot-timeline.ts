import type { Topology } from '@rackwise/topology';
import type { NodeId, SlotAvailability } from '@rackwise/types';
import type { EventQueue } from './event-queue.js';
import { SLOT_CONTAINER } from './launch-check.js';
import type { OfferCalls } from './part-calls.js';
import type { SlotLedger } from './slot-ledger.js';
import { EVENT_SLOTS } from './task-states.js';

/** What the slot timeline reads and calls. */
export interface SlotTimelineHost {
  readonly topology: Topology;
  readonly nodeCount: number;
  readonly queue: EventQueue;
  readonly slots: Pick<SlotLedger, 'freeSlotsBy'>;
  readonly offers: Pick<OfferCalls, 'round'>;
}

/**
 * Containers appearing and disappearing at given times (`Workload.slotTimeline`): entries
 * at time 0 set the nodes' slots before anything runs, later ones are events. A node
 * losing slots keeps its running tasks (its free count may go below zero, so nothing
 * launches there until enough end); a node gaining slots is offered them at once.
 */
export class SlotTimeline {
  readonly #capacity: Int32Array;
  readonly #entries: readonly SlotAvailability[];

  constructor(
    private readonly host: SlotTimelineHost,
    entries: readonly SlotAvailability[],
  ) {
    const nodes = host.nodeCount;
    this.#capacity = new Int32Array(nodes);
    for (let n = 0; n < nodes; n++) this.#capacity[n] = host.topology.slotsOf(n as NodeId, 'container');
    this.#entries = entries;
    entries.forEach((e, i) => {
      if (e.time <= 0) this.#set(e.node, e.containers);
      else host.queue.push(e.time, EVENT_SLOTS, i, 0);
    });
  }

  /** Entry `i` of the timeline is due. */
  due(i: number): void {
    const e = this.#entries[i]!;
    if (this.#set(e.node, e.containers) > 0) this.host.offers.round(e.node);
  }

  /** Sets the node's slots; returns how many it gained (negative: lost). */
  #set(node: number, containers: number): number {
    const change = containers - this.#capacity[node]!;
    this.#capacity[node] = containers;
    this.host.slots.freeSlotsBy[SLOT_CONTAINER * this.host.nodeCount + node]! += change;
    return change;
  }
}

/** Refuses a timeline that is not container slots within each node's, in time order, a node once per instant. */
export function validateSlotTimeline(entries: unknown, topology: Topology): void {
  if (!Array.isArray(entries))
    throw new Error(`workload.slotTimeline must be an array, got ${typeof entries}`);
  if (entries.length > 0 && topology.slotModel !== 'container')
    throw new Error(`workload.slotTimeline needs the container slot model, got '${topology.slotModel}'`);
  let last = 0;
  const atLast = new Set<number>();
  entries.forEach((e: SlotAvailability, i) => {
    const where = `workload.slotTimeline[${i}]`;
    if (e === null || typeof e !== 'object') throw new Error(`${where} must be { time, node, containers }`);
    if (!(typeof e.time === 'number' && Number.isFinite(e.time) && e.time >= last))
      throw new Error(
        `${where}.time must be a finite number of seconds >= ${last} (time order), got ${e.time}`,
      );
    if (e.time > last) atLast.clear();
    last = e.time;
    if (!(Number.isInteger(e.node) && e.node >= 0 && e.node < topology.nodeCount))
      throw new Error(`${where}.node must be a node id in 0 … ${topology.nodeCount - 1}, got ${e.node}`);
    // A node gaining slots is offered them at once: one entry per node and instant.
    if (atLast.has(e.node)) throw new Error(`${where}: node ${e.node} has another entry at ${e.time} s`);
    atLast.add(e.node);
    const most = topology.slotsOf(e.node as NodeId, 'container');
    if (!(Number.isInteger(e.containers) && e.containers >= 0 && e.containers <= most))
      throw new Error(
        `${where}.containers must be an integer in 0 … ${most} (the node's slots), got ${e.containers}`,
      );
  });
}
