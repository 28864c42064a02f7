import type { NodeId } from '@rackwise/types';
import type { Engine } from './engine.js';
import type { JobState } from './job-state.js';
import {
  COMPLETED,
  EVENT_MAP_DONE,
  FLOW_MAP_INPUT,
  KIND_MAP,
  PHASE_MAP_COMPUTE,
  PHASE_READ,
  PHASE_SHUFFLE,
  RUNNING,
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

/**
 * A map attempt from launch to finish (docs/architecture.md §3): it reads its block from the
 * nearest replica unless one is on its node, computes, and leaves its output on its node for
 * the shuffle. Duplicates of a running map race; the first to finish (or the copy the policy
 * chooses) wins and the others are killed.
 */
export class MapLifecycle {
  #localMaps = 0;
  #rackLocalMaps = 0;
  #remoteMaps = 0;
  #duplicatesLaunched = 0;
  #duplicatesChosen = 0;
  #duplicatesChosenEarly = 0;
  #copiesKilled = 0;
  #killedSlotSeconds = 0;
  #killedInputBytes = 0;

  constructor(private readonly engine: Engine) {}

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
    const engine = this.engine;
    const attempts = engine.attempts;
    const a = attempts.allocate(job.index, i, KIND_MAP, node, engine.now);
    if (duplicate) {
      attempts.duplicate[a] = 1;
      this.#duplicatesLaunched++;
      job.duplicatesLaunched++;
    } else {
      job.removePending(i);
      engine.backlog.mapTaken();
      job.mapState[i] = RUNNING;
      job.runningMapCount++;
      job.addRunningMap(i);
      job.mapStart[i] = engine.now;
      if (Number.isNaN(job.firstLaunchTime)) job.firstLaunchTime = engine.now;
    }
    attempts.nextCopy[a] = job.mapAttempt[i]!;
    job.mapAttempt[i] = a;
    const task = job.maps[i]!;
    engine.slots.occupy(a, node, KIND_MAP, task, job.userState);
    engine.timers.start();
    // A policy that duplicates maps is offered slots while maps run.
    if (engine.duplicationWanted && engine.slots.runningMaps === 1) engine.offers.workArrived();

    const bytes = job.mapInputBytes(i);
    let source = -1;
    if (bytes > 0 && !job.hasReplicaOn(i, node)) source = this.#nearestReplica(job, i, node);
    if (!duplicate) {
      if (source < 0) {
        job.localMaps++;
        this.#localMaps++;
      } else if (engine.rackOfNode[source] === engine.rackOfNode[node]) {
        job.rackLocalMaps++;
        this.#rackLocalMaps++;
      } else {
        job.remoteMaps++;
        this.#remoteMaps++;
      }
    }
    engine.policy.onTaskStarted?.({ task, node: node as NodeId }, engine.view);
    if (source >= 0) {
      attempts.inputSource[a] = source;
      attempts.phase[a] = PHASE_READ;
      const rec = engine.transfers.start(FLOW_MAP_INPUT, a, source, node, bytes);
      if (rec >= 0) return;
    }
    this.startCompute(a, job, i);
  }

  /** The replica to read from: one in the node's rack if any, else the first listed. */
  #nearestReplica(job: JobState, i: number, node: number): number {
    const rackOfNode = this.engine.rackOfNode;
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
    const p = this.engine.parameters;
    const recorded = job.spec.recorded?.mapSeconds;
    this.engine.startCompute(
      a,
      PHASE_MAP_COMPUTE,
      recorded === undefined ? p.mapOverhead + job.mapInputBytes(i) / p.mapRate : recorded[i]!,
      EVENT_MAP_DONE,
    );
  }

  computeDone(a: number): void {
    const engine = this.engine;
    const attempts = engine.attempts;
    const job = engine.jobs[attempts.job[a]!]!;
    const i = attempts.task[a]!;
    const node = attempts.node[a]!;
    const head = job.mapAttempt[i]!;
    if (head === a && attempts.nextCopy[a] === -1) {
      this.#finish(job, i, a);
      return;
    }
    // Several copies run: the policy may choose which one's output the shuffle uses.
    let kept = a;
    const duplication = engine.policy.duplication;
    if (duplication !== undefined && attempts.chosen[a] === 0) {
      const answer = duplication.chooseCopy(job.maps[i]!, node as NodeId, engine.view);
      if (answer !== undefined && answer !== node) {
        kept = -1;
        for (let c = head; c >= 0; c = attempts.nextCopy[c]!) if (attempts.node[c] === answer) kept = c;
        if (kept < 0) {
          throw new Error(
            `policy "${engine.policy.name}" duplication.chooseCopy returned node ${String(answer)} for map ${i} of job ${job.id}, which runs no copy of it`,
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
      attempts.chosen[kept] = 1;
      this.#duplicatesChosenEarly++;
    }
    engine.offers.offerCollected();
  }

  #killCopy(job: JobState, i: number, a: number): void {
    const engine = this.engine;
    const attempts = engine.attempts;
    // Unlink from the map's copy list.
    let c = job.mapAttempt[i]!;
    if (c === a) job.mapAttempt[i] = attempts.nextCopy[a]!;
    else {
      while (attempts.nextCopy[c] !== a) c = attempts.nextCopy[c]!;
      attempts.nextCopy[c] = attempts.nextCopy[a]!;
    }
    if (attempts.phase[a] === PHASE_READ) {
      const rec = attempts.flow[a]!;
      if (rec >= 0) this.#killedInputBytes += engine.transfers.cancel(rec);
    } else if (attempts.inputSource[a]! >= 0) {
      this.#killedInputBytes += job.mapInputBytes(i);
    }
    this.#copiesKilled++;
    this.#killedSlotSeconds += engine.now - attempts.start[a]!;
    engine.offers.nodesToOffer.push(attempts.node[a]!);
    engine.slots.vacate(a, job.userState);
  }

  #finish(job: JobState, i: number, a: number): void {
    const engine = this.engine;
    const attempts = engine.attempts;
    const node = attempts.node[a]!;
    if (attempts.duplicate[a] === 1) this.#duplicatesChosen++;
    job.mapAttempt[i] = -1;
    job.runningMapCount--;
    job.removeRunningMap(i);
    engine.slots.vacate(a, job.userState);
    const mapPhaseOver = this.#outputReady(job, i, node);
    engine.policy.onTaskCompleted?.({ task: job.maps[i]!, node: node as NodeId }, engine.view);
    if (job.reduceCount === 0 && mapPhaseOver) engine.arrivals.complete(job);
    engine.offers.round(node);
  }

  /**
   * Map i of a job whose maps stand for its parents' tasks (`recorded.mapsFromParents`):
   * already done when the job is submitted, its output on `node`, where the parent task
   * ran — it takes no slot and no time and is never offered.
   */
  completeStanding(job: JobState, i: number, node: number): void {
    job.removePending(i);
    this.engine.backlog.mapTaken();
    job.mapStart[i] = this.engine.now;
    this.#outputReady(job, i, node);
  }

  /** Map i's output is on `node`: counts it, readies reduces, feeds the shuffle. Returns whether the map phase is over. */
  #outputReady(job: JobState, i: number, node: number): boolean {
    const engine = this.engine;
    job.mapState[i] = COMPLETED;
    job.mapOutputNode[i] = node;
    job.completedMapCount++;
    const output = job.trueMapOutput(i);
    job.completedMapInputBytes += job.mapInputBytes(i);
    job.completedMapOutputBytes += output;
    job.outputOnRack[engine.rackOfNode[node]!]! += output;

    const mapPhaseOver = job.completedMapCount === job.mapCount;
    if (mapPhaseOver) job.mapPhaseEnd = engine.now;
    if (job.reduceCount > 0) {
      if (output > 0) {
        if (job.shuffle !== undefined) engine.outstanding[node]! += output;
        else engine.reduces.keepOutput(job, node, output);
      }
      if (!job.reducesReady && job.completedMapCount >= job.reducesNeeded) {
        job.reducesReady = true;
        engine.changes.touch(job.userState);
        engine.backlog.reducesReady(job.pendingReduceCount + job.suspendedReduceCount);
        engine.offers.workArrived();
      }
      const shuffle = job.shuffle;
      if (shuffle !== undefined) {
        if (output > 0) shuffle.addOutput(node, output, engine.now);
        if (output > 0 || mapPhaseOver) engine.fetcher.outputsChanged(job, shuffle, mapPhaseOver, node);
      } else if (mapPhaseOver) {
        // No network: fetches are instant, so every reduce in its shuffle starts computing.
        const attempts = engine.attempts;
        const running = job.runningReduceList;
        for (let k = running.length - 1; k >= 0; k--) {
          const r = running[k]!.index;
          const ra = job.reduceAttempt[r]!;
          if (attempts.phase[ra] === PHASE_SHUFFLE) engine.reduces.startCompute(ra, job, r);
        }
      }
    }
    return mapPhaseOver;
  }
}
