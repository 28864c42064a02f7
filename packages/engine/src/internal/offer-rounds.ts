import type { Topology } from '@rackwise/topology';
import type {
  ClusterView,
  Decision,
  DecisionEvidence,
  NodeId,
  RandomSource,
  SchedulerPolicy,
  SlotKind,
  SlotOffer,
  TaskRef,
} from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { DecisionRecord } from '../simulation-result.js';
import type { Backlog } from './backlog.js';
import type { EventQueue } from './event-queue.js';
import { heartbeatSchedule } from './heartbeat-schedule.js';
import { HeartbeatSweep, type Heartbeats } from './heartbeat-sweep.js';
import { HeartbeatTimers } from './heartbeat-timers.js';
import type { LaunchContext } from './launch-check.js';
import { SLOT_CONTAINER, SLOT_MAP, SLOT_REDUCE, launchRefusal } from './launch-check.js';
import type { MapCalls, OfferCalls, ReduceCalls } from './part-calls.js';
import type { SlotLedger } from './slot-ledger.js';

/** What the offer protocol counts. */
export interface OfferCounts {
  readonly offers: number;
  readonly launches: number;
  readonly passes: number;
  /** Wall-clock milliseconds inside the policy's `assign` (benchmarks only). */
  readonly policyMillis: number;
  readonly heartbeats: number;
}

/** What the offer protocol reads and calls. */
export interface OfferRoundsHost extends LaunchContext {
  readonly now: number;
  readonly topology: Topology;
  readonly parameters: EngineParameters;
  readonly policy: SchedulerPolicy;
  readonly view: ClusterView;
  readonly queue: EventQueue;
  /** Whether the policy duplicates maps: offers go on while maps run. */
  readonly duplicationWanted: boolean;
  readonly slots: Pick<SlotLedger, 'freeSlotsBy' | 'runningMaps'>;
  readonly backlog: Pick<Backlog, 'waitingMaps' | 'waitingReduces'>;
  readonly maps: Pick<MapCalls, 'launch'>;
  readonly reduces: Pick<ReduceCalls, 'launch'>;
}

/**
 * The offer protocol (docs/architecture.md §3, "Scheduling protocol"): node heartbeats,
 * offer rounds of a node's free slots, the policy's decisions checked and carried out, and
 * the decision log. A node is offered a slot only while a task it could run waits.
 */
export class OfferRounds implements OfferCalls {
  readonly heartbeats: Heartbeats;
  /** Nodes whose slots were freed by a batch of kills or preemptions, offered once it is over. */
  readonly nodesToOffer: number[] = [];
  /** The decisions logged, up to the run's limit. */
  readonly decisions: DecisionRecord[] = [];
  readonly #offers: { node: NodeId; kind: SlotKind }[] = [
    { node: 0 as NodeId, kind: 'map' },
    { node: 0 as NodeId, kind: 'reduce' },
    { node: 0 as NodeId, kind: 'container' },
  ];
  readonly #container: boolean;
  #offerCount = 0;
  #launches = 0;
  #passes = 0;
  #policyMillis = 0;
  #heartbeatCount = 0;

  constructor(
    private readonly host: OfferRoundsHost,
    private readonly decisionLimit: number,
    heartbeatRandom: RandomSource,
  ) {
    this.#container = host.topology.slotModel === 'container';
    const { heartbeatInterval, heartbeatPhases, heartbeatJitter } = host.parameters;
    const schedule = heartbeatSchedule(
      host.nodeCount,
      heartbeatInterval,
      heartbeatPhases,
      heartbeatJitter,
      heartbeatRandom,
    );
    const wants = (node: number) => this.wantsOffer(node);
    this.heartbeats =
      heartbeatJitter === 0
        ? new HeartbeatSweep(schedule, host.queue, wants)
        : new HeartbeatTimers(schedule, host.queue, wants);
  }

  /** What the offer protocol counted so far. */
  get counts(): OfferCounts {
    return {
      offers: this.#offerCount,
      launches: this.#launches,
      passes: this.#passes,
      policyMillis: this.#policyMillis,
      heartbeats: this.#heartbeatCount,
    };
  }

  /** Whether the node has a free slot and some task waits that it could run. */
  wantsOffer(node: number): boolean {
    const host = this.host;
    const n = host.nodeCount;
    const free = host.slots.freeSlotsBy;
    const maps = host.backlog.waitingMaps > 0 || (host.duplicationWanted && host.slots.runningMaps > 0);
    if (this.#container)
      return free[SLOT_CONTAINER * n + node]! > 0 && (maps || host.backlog.waitingReduces > 0);
    return (free[node]! > 0 && maps) || (free[n + node]! > 0 && host.backlog.waitingReduces > 0);
  }

  /** The node's heartbeat of stamp `stamp` is due. */
  heartbeat(node: number, stamp: number): void {
    if (!this.heartbeats.fire(node, stamp)) return;
    const host = this.host;
    this.#heartbeatCount++;
    if (this.wantsOffer(node)) this.round(node);
    this.heartbeats.advance(node, host.now);
  }

  /** New work waits: the nodes that could take it are offered at their next heartbeats. */
  workArrived(): void {
    this.heartbeats.wakeAll(this.host.now);
  }

  /**
   * A job was submitted (its arrival handled in full): with `offerOnSubmit`, every node
   * that could run its tasks makes an offer round at once, in node order; else as
   * {@link workArrived}.
   */
  jobSubmitted(): void {
    const host = this.host;
    if (host.parameters.offerOnSubmit !== true) {
      this.heartbeats.wakeAll(host.now);
      return;
    }
    for (let node = 0; node < host.nodeCount; node++) if (this.wantsOffer(node)) this.round(node);
  }

  /** Offers the nodes collected in `nodesToOffer`. */
  offerCollected(): void {
    const nodes = this.nodesToOffer;
    while (nodes.length > 0) this.round(nodes.pop()!);
  }

  /**
   * Offers the node's free slots, one at a time, until the policy passes (per slot kind)
   * or nothing waits that the slot could run; then keeps the node's heartbeat armed if it
   * still has a free slot and work waits.
   */
  round(node: number): void {
    const host = this.host;
    const n = host.nodeCount;
    const free = host.slots.freeSlotsBy;
    if (this.#container) {
      const index = SLOT_CONTAINER * n + node;
      while (free[index]! > 0 && this.wantsOffer(node)) {
        if (!this.#offer(node, SLOT_CONTAINER)) break;
      }
    } else {
      while (
        free[node]! > 0 &&
        (host.backlog.waitingMaps > 0 || (host.duplicationWanted && host.slots.runningMaps > 0))
      ) {
        if (!this.#offer(node, SLOT_MAP)) break;
      }
      while (free[n + node]! > 0 && host.backlog.waitingReduces > 0) {
        if (!this.#offer(node, SLOT_REDUCE)) break;
      }
    }
    if (this.wantsOffer(node)) this.heartbeats.wake(node, host.now);
  }

  /** One offer; returns whether the policy launched something. */
  #offer(node: number, slot: number): boolean {
    const host = this.host;
    const policy = host.policy;
    const offer = this.#offers[slot]!;
    offer.node = node as NodeId;
    this.#offerCount++;
    let decision: Decision;
    const started = performance.now();
    try {
      decision = policy.assign(offer as SlotOffer, host.view);
      this.#policyMillis += performance.now() - started;
    } catch (error) {
      throw new Error(
        `policy "${policy.name}" threw in assign (node ${node}, ${offer.kind} offer, t=${host.now}): ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (decision === null || typeof decision !== 'object') {
      throw new Error(
        `policy "${policy.name}" returned ${String(decision)} from assign (node ${node}, ${offer.kind} offer); expected { type: 'launch' | 'pass', … }`,
      );
    }
    if (decision.type === 'pass') {
      this.#passes++;
      this.#log(node, offer.kind, decision.reason, undefined, false, decision.evidence);
      return false;
    }
    if (decision.type !== 'launch') {
      throw new Error(
        `policy "${policy.name}" returned a decision of type ${JSON.stringify((decision as { type: unknown }).type)} (node ${node}); expected 'launch' or 'pass'`,
      );
    }
    this.#launch(decision.task, decision.duplicate === true, decision.reason, node, slot, decision.evidence);
    return true;
  }

  #log(
    node: number,
    slot: SlotKind,
    reason: string,
    task: TaskRef | undefined,
    duplicate: boolean,
    evidence: DecisionEvidence | undefined,
  ): void {
    const decisions = this.decisions;
    if (decisions.length >= this.decisionLimit) return;
    const now = this.host.now;
    const record: DecisionRecord =
      task === undefined
        ? { time: now, node: node as NodeId, slot, decision: 'pass', reason: String(reason) }
        : {
            time: now,
            node: node as NodeId,
            slot,
            decision: 'launch',
            task: { job: task.job, kind: task.kind, index: task.index },
            ...(duplicate ? { duplicate: true } : {}),
            reason: String(reason),
          };
    decisions.push(evidence === undefined ? record : { ...record, evidence });
  }

  #refuse(task: TaskRef, node: number, slot: number, duplicate: boolean, reason: string): never {
    const what =
      task !== null && typeof task === 'object'
        ? `${duplicate ? 'duplicate of ' : ''}${String(task.kind)} ${String(task.index)} of job ${String(task.job)}`
        : `task ${String(task)}`;
    throw new Error(
      `policy "${this.host.policy.name}" decision refused at t=${this.host.now}: launch ${what} on node ${node} (${this.#offers[slot]!.kind} offer): ${reason}`,
    );
  }

  /** Checks a launch decision against the state (docs/architecture.md §2) and carries it out. */
  #launch(
    task: TaskRef,
    duplicate: boolean,
    reason: string,
    node: number,
    slot: number,
    evidence?: DecisionEvidence,
  ): void {
    const host = this.host;
    const refusal = launchRefusal(host, task, duplicate, node, slot);
    if (refusal !== undefined) this.#refuse(task, node, slot, duplicate, refusal);
    const job = host.jobs[task.job]!;
    this.#log(node, this.#offers[slot]!.kind, reason, task, duplicate, evidence);
    this.#launches++;
    if (task.kind === 'map') host.maps.launch(job, task.index, node, duplicate);
    else host.reduces.launch(job, task.index, node);
  }
}
