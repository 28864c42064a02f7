import type { NodeId } from '@rackwise/types';
import type { ClusterView, SchedulerPolicy } from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { AttemptTable } from './attempt-table.js';
import type { Backlog } from './backlog.js';
import { type ComputeHost, startComputePhase } from './compute-phase.js';
import type { JobState } from './job-state.js';
import {
  LOCAL,
  RACK_LOCAL,
  REMOTE,
  completeMap,
  countDuplicate,
  countPlacement,
  endMap,
  readyReduces,
  setMapCopies,
  standMap,
  startMap,
} from './job-transitions.js';
import type { OutstandingOutput } from './outstanding-output.js';
import type {
  ArrivalCalls,
  FetchCalls,
  MapCalls,
  OfferCalls,
  ReduceCalls,
  TimerCalls,
  TransferCalls,
} from './part-calls.js';
import type { SlotLedger } from './slot-ledger.js';
import type { StateVersion } from './state-version.js';
import {
  EVENT_MAP_DONE,
  FLOW_MAP_INPUT,
  KIND_MAP,
  PHASE_MAP_COMPUTE,
  PHASE_READ,
  PHASE_SHUFFLE,
} from './task-states.js';

/** What the map lifecycle counts: launches by locality, and duplicates. */
export interface MapCounts {
  /** Original map launches by where their input was: on the node, in its rack, elsewhere. */
  readonly localMaps: number;
  readonly rackLocalMaps: number;
  readonly remoteMaps: number;
  readonly duplicatesLaunched: number;
  /** Duplicates whose output the shuffle used (finished first or chosen). */
  readonly duplicatesChosen: number;
  /** Copies the policy chose before they finished. */
  readonly duplicatesChosenEarly: number;
  /** Copies killed because another copy won, with their slot-seconds and input read. */
  readonly copiesKilled: number;
  readonly killedSlotSeconds: number;
  readonly killedInputBytes: number;
}

/** What the map lifecycle reads and calls. */
export interface MapLifecycleHost extends ComputeHost {
  readonly attempts: AttemptTable;
  readonly jobs: readonly (JobState | undefined)[];
  readonly parameters: EngineParameters;
  readonly rackOfNode: Int32Array;
  readonly policy: SchedulerPolicy;
  readonly view: ClusterView;
  /** Whether the policy duplicates maps: offers go on while maps run. */
  readonly duplicationWanted: boolean;
  /** Map output not fetched yet, per node. */
  readonly outstanding: Pick<OutstandingOutput, 'add'>;
  readonly slots: Pick<SlotLedger, 'occupy' | 'vacate' | 'runningMaps'>;
  readonly backlog: Pick<Backlog, 'mapTaken' | 'reducesReady'>;
  readonly changes: Pick<StateVersion, 'touch'>;
  readonly offers: OfferCalls;
  readonly transfers: Pick<TransferCalls, 'start' | 'cancel'>;
  readonly timers: TimerCalls;
  readonly arrivals: ArrivalCalls;
  readonly reduces: Pick<ReduceCalls, 'keepOutput' | 'startCompute'>;
  readonly fetcher: Pick<FetchCalls, 'outputsChanged'>;
}

/**
 * A map attempt from launch to finish (docs/architecture.md §3): it reads its block from the
 * nearest replica unless one is on its node, computes, and leaves its output on its node for
 * the shuffle. Duplicates of a running map race; the first to finish (or the copy the policy
 * chooses) wins and the others are killed.
 */
export class MapLifecycle implements MapCalls {
  #localMaps = 0;
  #rackLocalMaps = 0;
  #remoteMaps = 0;
  #duplicatesLaunched = 0;
  #duplicatesChosen = 0;
  #duplicatesChosenEarly = 0;
  #copiesKilled = 0;
  #killedSlotSeconds = 0;
  #killedInputBytes = 0;

  constructor(private readonly host: MapLifecycleHost) {}

  /** What the maps' launches and duplicates counted so far. */
  get counts(): MapCounts {
    return {
      localMaps: this.#localMaps,
      rackLocalMaps: this.#rackLocalMaps,
      remoteMaps: this.#remoteMaps,
      duplicatesLaunched: this.#duplicatesLaunched,
      duplicatesChosen: this.#duplicatesChosen,
      duplicatesChosenEarly: this.#duplicatesChosenEarly,
      copiesKilled: this.#copiesKilled,
      killedSlotSeconds: this.#killedSlotSeconds,
      killedInputBytes: this.#killedInputBytes,
    };
  }

  launch(job: JobState, i: number, node: number, duplicate: boolean): void {
    const host = this.host;
    const attempts = host.attempts;
    const a = attempts.allocate(job.index, i, KIND_MAP, node, host.now);
    if (duplicate) {
      attempts.markDuplicate(a);
      this.#duplicatesLaunched++;
      countDuplicate(job);
    } else {
      startMap(job, i, host.now);
      host.backlog.mapTaken();
    }
    attempts.prependCopy(a, job.mapAttempt[i]!);
    setMapCopies(job, i, a);
    const task = job.maps[i]!;
    host.slots.occupy(a, node, KIND_MAP, task, job.userState);
    host.timers.start();
    // A policy that duplicates maps is offered slots while maps run.
    if (host.duplicationWanted && host.slots.runningMaps === 1) host.offers.workArrived();

    const bytes = job.mapInputBytes(i);
    let source = -1;
    if (bytes > 0 && !job.hasReplicaOn(i, node)) source = this.#nearestReplica(job, i, node);
    if (!duplicate) {
      if (source < 0) {
        countPlacement(job, LOCAL);
        this.#localMaps++;
      } else if (host.rackOfNode[source] === host.rackOfNode[node]) {
        countPlacement(job, RACK_LOCAL);
        this.#rackLocalMaps++;
      } else {
        countPlacement(job, REMOTE);
        this.#remoteMaps++;
      }
    }
    host.policy.onTaskStarted?.({ task, node: node as NodeId }, host.view);
    if (source >= 0) {
      attempts.readFrom(a, source);
      const rec = host.transfers.start(FLOW_MAP_INPUT, a, source, node, bytes);
      if (rec >= 0) return;
    }
    this.startCompute(a, job, i);
  }

  /** The replica to read from: one in the node's rack if any, else the first listed. */
  #nearestReplica(job: JobState, i: number, node: number): number {
    const rackOfNode = this.host.rackOfNode;
    const rep = job.replication;
    const rack = rackOfNode[node];
    let first = -1;
    for (let k = 0; k < rep; k++) {
      const replica = job.replicas[i * rep + k]!;
      if (replica < 0) continue;
      if (rackOfNode[replica] === rack) return replica;
      if (first < 0) first = replica;
    }
    return first;
  }

  /** The block is on the node: the map computes. */
  startCompute(a: number, job: JobState, i: number): void {
    const p = this.host.parameters;
    const recorded = job.spec.recorded?.mapSeconds;
    startComputePhase(
      this.host,
      a,
      PHASE_MAP_COMPUTE,
      recorded === undefined ? p.mapOverhead + job.mapInputBytes(i) / p.mapRate : recorded[i]!,
      EVENT_MAP_DONE,
    );
  }

  computeDone(a: number): void {
    const host = this.host;
    const attempts = host.attempts;
    const job = host.jobs[attempts.job[a]!]!;
    const i = attempts.task[a]!;
    const node = attempts.node[a]!;
    const head = job.mapAttempt[i]!;
    if (head === a && attempts.nextCopy[a] === -1) {
      this.#finish(job, i, a);
      return;
    }
    // Several copies run: the policy may choose which one's output the shuffle uses.
    let kept = a;
    const duplication = host.policy.duplication;
    if (duplication !== undefined && attempts.chosen[a] === 0) {
      const answer = duplication.chooseCopy(job.maps[i]!, node as NodeId, host.view);
      if (answer !== undefined && answer !== node) {
        kept = -1;
        for (let c = head; c >= 0; c = attempts.nextCopy[c]!) if (attempts.node[c] === answer) kept = c;
        if (kept < 0) {
          throw new Error(
            `policy "${host.policy.name}" duplication.chooseCopy returned node ${String(answer)} for map ${i} of job ${job.id}, which runs no copy of it`,
          );
        }
      }
    }
    const killed: number[] = [];
    for (let c = head; c >= 0; c = attempts.nextCopy[c]!) if (c !== kept) killed.push(c);
    for (const c of killed) this.#killCopy(job, i, c);
    if (kept === a) {
      this.#finish(job, i, a);
    } else {
      attempts.choose(kept);
      this.#duplicatesChosenEarly++;
    }
    host.offers.offerCollected();
  }

  #killCopy(job: JobState, i: number, a: number): void {
    const host = this.host;
    const attempts = host.attempts;
    // Unlink from the map's copy list.
    let c = job.mapAttempt[i]!;
    if (c === a) setMapCopies(job, i, attempts.nextCopy[a]!);
    else {
      while (attempts.nextCopy[c] !== a) c = attempts.nextCopy[c]!;
      attempts.unlinkCopy(c, a);
    }
    if (attempts.phase[a] === PHASE_READ) {
      const rec = attempts.flow[a]!;
      if (rec >= 0) this.#killedInputBytes += host.transfers.cancel(rec);
    } else if (attempts.inputSource[a]! >= 0) {
      this.#killedInputBytes += job.mapInputBytes(i);
    }
    this.#copiesKilled++;
    this.#killedSlotSeconds += host.now - attempts.start[a]!;
    host.offers.nodesToOffer.push(attempts.node[a]!);
    host.slots.vacate(a, job.userState);
  }

  #finish(job: JobState, i: number, a: number): void {
    const host = this.host;
    const attempts = host.attempts;
    const node = attempts.node[a]!;
    if (attempts.duplicate[a] === 1) this.#duplicatesChosen++;
    endMap(job, i);
    host.slots.vacate(a, job.userState);
    const mapPhaseOver = this.#outputReady(job, i, node);
    host.policy.onTaskCompleted?.({ task: job.maps[i]!, node: node as NodeId }, host.view);
    if (job.reduceCount === 0 && mapPhaseOver) host.arrivals.complete(job);
    host.offers.round(node);
  }

  /**
   * Map i of a job whose maps stand for its parents' tasks (`recorded.mapsFromParents`):
   * already done when the job is submitted, its output on `node`, where the parent task
   * ran — it takes no slot and no time and is never offered.
   */
  completeStanding(job: JobState, i: number, node: number): void {
    standMap(job, i, this.host.now);
    this.host.backlog.mapTaken();
    this.#outputReady(job, i, node);
  }

  /** Map i's output is on `node`: counts it, readies reduces, feeds the shuffle. Returns whether the map phase is over. */
  #outputReady(job: JobState, i: number, node: number): boolean {
    const host = this.host;
    const output = completeMap(job, i, node, host.rackOfNode[node]!, host.now);
    const mapPhaseOver = job.completedMapCount === job.mapCount;
    if (job.reduceCount > 0) {
      if (output > 0) {
        if (job.shuffle !== undefined) host.outstanding.add(node, output);
        else host.reduces.keepOutput(job, node, output);
      }
      if (!job.reducesReady && job.completedMapCount >= job.reducesNeeded) {
        readyReduces(job);
        host.changes.touch(job.userState);
        host.backlog.reducesReady(job.pendingReduceCount + job.suspendedReduceCount);
        host.offers.workArrived();
      }
      const shuffle = job.shuffle;
      if (shuffle !== undefined) {
        if (output > 0) shuffle.addOutput(node, output, host.now);
        if (output > 0 || mapPhaseOver) host.fetcher.outputsChanged(job, shuffle, mapPhaseOver, node);
      } else if (mapPhaseOver) {
        // No network: fetches are instant, so every reduce in its shuffle starts computing.
        const attempts = host.attempts;
        const running = job.runningReduceList;
        for (let k = running.length - 1; k >= 0; k--) {
          const r = running[k]!.index;
          const ra = job.reduceAttempt[r]!;
          if (attempts.phase[ra] === PHASE_SHUFFLE) host.reduces.startCompute(ra, job, r);
        }
      }
    }
    return mapPhaseOver;
  }
}
