import type {
  Decision,
  DecisionEvidence,
  NodeId,
  RandomSource,
  SlotKind,
  SlotOffer,
  TaskRef,
} from '@rackwise/types';
import type { DecisionRecord } from '../run-metrics.js';
import type { Engine } from './engine.js';
import { heartbeatSchedule } from './heartbeat-schedule.js';
import { HeartbeatSweep, type Heartbeats } from './heartbeat-sweep.js';
import { HeartbeatTimers } from './heartbeat-timers.js';
import { SLOT_CONTAINER, SLOT_MAP, SLOT_REDUCE, launchRefusal } from './launch-check.js';

/** What the offer protocol counts. */
export interface OfferCounts {
  readonly offers: number;
  readonly launches: number;
  readonly passes: number;
  /** Wall-clock milliseconds inside the policy's `assign` (benchmarks only). */
  readonly policyMillis: number;
  readonly heartbeats: number;
}

/**
 * The offer protocol (engine README, "Offer protocol"): node heartbeats, offer rounds of
 * a node's free slots, the policy's decisions checked and carried out, and the decision
 * log. A node is offered a slot only while a task it could run waits.
 */
export class OfferRounds {
  readonly heartbeats: Heartbeats;
  /** Nodes whose slots were freed by a batch of kills or preemptions, offered once it is over. */
  readonly nodesToOffer: number[] = [];
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
    private readonly engine: Engine,
    private readonly decisionLimit: number,
    heartbeatRandom: RandomSource,
  ) {
    this.#container = engine.topology.slotModel === 'container';
    const { heartbeatInterval, heartbeatPhases, heartbeatJitter } = engine.parameters;
    const schedule = heartbeatSchedule(
      engine.nodeCount,
      heartbeatInterval,
      heartbeatPhases,
      heartbeatJitter,
      heartbeatRandom,
    );
    const wants = (node: number) => this.wantsOffer(node);
    this.heartbeats =
      heartbeatJitter === 0
        ? new HeartbeatSweep(schedule, engine.queue, wants)
        : new HeartbeatTimers(schedule, engine.queue, wants);
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
    const engine = this.engine;
    const n = engine.nodeCount;
    const free = engine.slots.freeSlotsBy;
    const maps = engine.backlog.waitingMaps > 0 || (engine.duplicationWanted && engine.slots.runningMaps > 0);
    if (this.#container)
      return free[SLOT_CONTAINER * n + node]! > 0 && (maps || engine.backlog.waitingReduces > 0);
    return (free[node]! > 0 && maps) || (free[n + node]! > 0 && engine.backlog.waitingReduces > 0);
  }

  /** The node's heartbeat of stamp `stamp` is due. */
  heartbeat(node: number, stamp: number): void {
    if (!this.heartbeats.fire(node, stamp)) return;
    const engine = this.engine;
    this.#heartbeatCount++;
    if (this.wantsOffer(node)) this.round(node);
    this.heartbeats.advance(node, engine.now);
  }

  /** New work waits: the nodes that could take it are offered at their next heartbeats. */
  workArrived(): void {
    this.heartbeats.wakeAll(this.engine.now);
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
    const engine = this.engine;
    const n = engine.nodeCount;
    const free = engine.slots.freeSlotsBy;
    if (this.#container) {
      const index = SLOT_CONTAINER * n + node;
      while (free[index]! > 0 && this.wantsOffer(node)) {
        if (!this.#offer(node, SLOT_CONTAINER)) break;
      }
    } else {
      while (
        free[node]! > 0 &&
        (engine.backlog.waitingMaps > 0 || (engine.duplicationWanted && engine.slots.runningMaps > 0))
      ) {
        if (!this.#offer(node, SLOT_MAP)) break;
      }
      while (free[n + node]! > 0 && engine.backlog.waitingReduces > 0) {
        if (!this.#offer(node, SLOT_REDUCE)) break;
      }
    }
    if (this.wantsOffer(node)) this.heartbeats.wake(node, engine.now);
  }

  /** One offer; returns whether the policy launched something. */
  #offer(node: number, slot: number): boolean {
    const engine = this.engine;
    const policy = engine.policy;
    const offer = this.#offers[slot]!;
    offer.node = node as NodeId;
    this.#offerCount++;
    let decision: Decision;
    const started = performance.now();
    try {
      decision = policy.assign(offer as SlotOffer, engine.view);
      this.#policyMillis += performance.now() - started;
    } catch (error) {
      throw new Error(
        `policy "${policy.name}" threw in assign (node ${node}, ${offer.kind} offer, t=${engine.now}): ${(error as Error).message}`,
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
    const decisions = this.engine.decisions;
    if (decisions.length >= this.decisionLimit) return;
    const now = this.engine.now;
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
      `policy "${this.engine.policy.name}" decision refused at t=${this.engine.now}: launch ${what} on node ${node} (${this.#offers[slot]!.kind} offer): ${reason}`,
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
    const engine = this.engine;
    const refusal = launchRefusal(engine, task, duplicate, node, slot);
    if (refusal !== undefined) this.#refuse(task, node, slot, duplicate, refusal);
    const job = engine.jobs[task.job]!;
    this.#log(node, this.#offers[slot]!.kind, reason, task, duplicate, evidence);
    this.#launches++;
    if (task.kind === 'map') engine.maps.launch(job, task.index, node, duplicate);
    else engine.reduces.launch(job, task.index, node);
  }
}
