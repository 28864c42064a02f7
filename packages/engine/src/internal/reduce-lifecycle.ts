import {
  type PredictionErrorSummary,
  type PredictionErrorTracker,
  createPredictionErrorTracker,
} from '@rackwise/predictor';
import type { NodeId } from '@rackwise/types';
import type { Engine } from './engine.js';
import type { JobState } from './job-state.js';
import { outputPipeline } from './output-pipeline.js';
import {
  COMPLETED,
  EVENT_REDUCE_DONE,
  EVENT_RESTORE_DONE,
  FLOW_MIGRATION,
  FLOW_OUTPUT,
  KIND_REDUCE,
  PHASE_MIGRATE,
  PHASE_REDUCE_COMPUTE,
  PHASE_RESTORE,
  PHASE_SHUFFLE,
  PHASE_WRITE,
  RUNNING,
  SUSPENDED,
} from './task-states.js';

/**
 * A reduce attempt from launch to finish (docs/architecture.md §3): it shuffles (the fetcher
 * pulls its partition of every map output), computes, then writes its output (an HDFS pipeline
 * with `replicateOutput`). A reduce resumed after a work-conserving preemption restores its
 * state, brings its fetched data to its new node and continues where it stopped.
 */
export class ReduceLifecycle {
  #migrations = 0;
  /** The predictor's ratio against the true one, at each job's first reduce launch. */
  readonly #predictorError: PredictionErrorTracker = createPredictionErrorTracker();

  constructor(private readonly engine: Engine) {}

  /** Suspended reduces resumed on another node. */
  get migrations(): number {
    return this.#migrations;
  }

  /** How far the predicted shuffle ratios were from the true ones. */
  predictorError(): PredictionErrorSummary {
    return this.#predictorError.summary();
  }

  /**
   * Without a network a reduce fetches instantly once launched: output stays outstanding
   * only for the share of the reduces not launched yet.
   */
  keepOutput(job: JobState, node: number, output: number): void {
    let onNode = job.outputOnNode;
    if (onNode === undefined) {
      onNode = new Float64Array(this.engine.nodeCount);
      job.outputOnNode = onNode;
    }
    if (onNode[node] === 0) job.outputNodes.push(node);
    onNode[node]! += output;
    this.engine.outstanding[node]! += output * job.pendingWeight;
  }

  /** Without a network: reduce r starts (+1) or stops (−1) having fetched what exists. */
  shiftPendingWeight(job: JobState, r: number, sign: number): void {
    if (job.shuffle !== undefined) return;
    const weight = job.reduceWeight(r);
    job.pendingWeight -= sign * weight;
    const onNode = job.outputOnNode;
    if (onNode === undefined) return;
    const outstanding = this.engine.outstanding;
    for (const n of job.outputNodes) outstanding[n]! -= sign * weight * onNode[n]!;
  }

  launch(job: JobState, r: number, node: number): void {
    const engine = this.engine;
    const attempts = engine.attempts;
    const wasSuspended = job.reduceState[r] === SUSPENDED;
    if (!wasSuspended) this.shiftPendingWeight(job, r, 1);
    job.removeWaiting(r);
    if (wasSuspended) job.suspendedReduceCount--;
    else job.pendingReduceCount--;
    engine.backlog.reduceTaken();
    job.reduceState[r] = RUNNING;
    job.runningReduceCount++;
    job.addRunningReduce(r);
    const previous = job.reduceNode[r]!;
    job.reduceNode[r] = node;
    const rack = engine.rackOfNode[node]!;
    if (wasSuspended) {
      const previousRack = engine.rackOfNode[previous]!;
      if (previousRack !== rack) {
        job.reducesOnRackCount[previousRack]!--;
        job.reducesOnRackCount[rack]!++;
      }
    } else {
      job.reducesOnRackCount[rack]!++;
    }
    if (job.reduceFirstLaunched[r] === 0) {
      job.reduceFirstLaunched[r] = 1;
      job.reduceStart[r] = engine.now;
      if (!Number.isNaN(job.mapPhaseEnd)) job.reduceWaitSum += engine.now - job.mapPhaseEnd;
      if (job.firstReduceTime === undefined) {
        job.firstReduceTime = engine.now;
        job.mapProgressAtFirstReduce = job.completedMapCount / job.mapCount;
        if (job.inputBytes > 0) {
          this.#predictorError.record(engine.predictor.ratio(job), job.shuffleBytes / job.inputBytes);
        }
      }
    }
    if (Number.isNaN(job.firstLaunchTime)) job.firstLaunchTime = engine.now;
    const a = attempts.allocate(job.index, r, KIND_REDUCE, node, engine.now);
    job.reduceAttempt[r] = a;
    const task = job.reduces[r]!;
    engine.slots.occupy(a, node, KIND_REDUCE, task, job.userState);
    engine.timers.start();
    engine.policy.onTaskStarted?.({ task, node: node as NodeId }, engine.view);

    if (wasSuspended) {
      if (previous !== node) this.#migrations++;
      const restore = engine.parameters.preemptionOverhead;
      if (restore > 0) {
        engine.startCompute(a, PHASE_RESTORE, restore, EVENT_RESTORE_DONE);
        return;
      }
    }
    this.#resumeData(a, job, r, wasSuspended);
  }

  /** A resumed reduce finished restoring its state: it continues where it was preempted. */
  restoreDone(a: number): void {
    const attempts = this.engine.attempts;
    const job = this.engine.jobs[attempts.job[a]!]!;
    this.#resumeData(a, job, attempts.task[a]!, true);
  }

  /**
   * Brings a reduce's fetched data to its node (a migration re-fetches it over the
   * network) and continues its work.
   */
  #resumeData(a: number, job: JobState, r: number, wasSuspended: boolean): void {
    const engine = this.engine;
    const node = engine.attempts.node[a]!;
    if (wasSuspended) {
      // Its fetched data stays where it was fetched (a migration cut short leaves it there).
      const dataNode = job.reduceDataNode[r]!;
      const bytes = job.reduceFetchedBytes(r);
      if (dataNode >= 0 && dataNode !== node && bytes > 0) {
        engine.attempts.phase[a] = PHASE_MIGRATE;
        if (engine.transfers.start(FLOW_MIGRATION, a, dataNode, node, bytes) >= 0) return;
      }
    }
    job.reduceDataNode[r] = node;
    this.continueWork(a, job, r);
  }

  /** The reduce's data is on its node: it writes, computes or shuffles, by what is left. */
  continueWork(a: number, job: JobState, r: number): void {
    if (job.reduceProgress[r]! >= 1) this.#startWrite(a, job, r);
    else if (job.reduceShuffleDone[r] === 1) this.startCompute(a, job, r);
    else {
      this.engine.attempts.phase[a] = PHASE_SHUFFLE;
      if (job.shuffle !== undefined) {
        this.engine.fetcher.startPolling(job.shuffle, r);
        this.engine.fetcher.fill(a, job, r, job.shuffle);
      } else if (job.completedMapCount === job.mapCount) this.startCompute(a, job, r);
    }
  }

  /** The shuffle is over: the reduce computes what is left of its work. */
  startCompute(a: number, job: JobState, r: number): void {
    const p = this.engine.parameters;
    if (job.reduceShuffleDone[r] === 0 && job.reducePreemptions[r] === 0) {
      job.shufflePhaseSum += this.engine.now - job.reduceStart[r]!;
      job.shufflePhaseCount++;
    }
    job.reduceShuffleDone[r] = 1;
    const done = job.reduceProgress[r]!;
    const recorded = job.spec.recorded?.reduceSeconds;
    const full =
      recorded === undefined
        ? p.reduceOverhead + (job.reduceWeight(r) * job.shuffleBytes) / p.reduceRate
        : recorded[r]!;
    this.engine.startCompute(a, PHASE_REDUCE_COMPUTE, full * (1 - done), EVENT_REDUCE_DONE);
  }

  computeDone(a: number): void {
    const attempts = this.engine.attempts;
    const job = this.engine.jobs[attempts.job[a]!]!;
    const r = attempts.task[a]!;
    job.reduceProgress[r] = 1;
    this.#startWrite(a, job, r);
  }

  /**
   * Writes the reduce's output: with `replicateOutput`, an HDFS pipeline from the node to
   * a node of another rack, then to another node of that rack (and on to random nodes for
   * more replicas); the reduce finishes when every pipeline hop has delivered.
   */
  #startWrite(a: number, job: JobState, r: number): void {
    const engine = this.engine;
    const p = engine.parameters;
    const bytes = job.reduceWeight(r) * job.outputBytes;
    if (!p.replicateOutput || p.outputReplication < 2 || bytes <= p.completionTolerance) {
      this.finish(a, job, r);
      return;
    }
    const attempts = engine.attempts;
    attempts.phase[a] = PHASE_WRITE;
    const chain = outputPipeline(
      attempts.node[a]!,
      p.outputReplication,
      engine.rackOfNode,
      engine.outputRandom,
    );
    attempts.pendingWrites[a] = 0;
    for (let k = 0; k + 1 < chain.length; k++) {
      const rec = engine.transfers.start(FLOW_OUTPUT, a, chain[k]!, chain[k + 1]!, bytes);
      if (rec >= 0) {
        attempts.fetches[a * attempts.fetchSlots + attempts.pendingWrites[a]!] = rec;
        attempts.pendingWrites[a]!++;
      }
    }
    if (attempts.pendingWrites[a] === 0) this.finish(a, job, r);
  }

  finish(a: number, job: JobState, r: number): void {
    const engine = this.engine;
    const node = engine.attempts.node[a]!;
    job.reduceState[r] = COMPLETED;
    job.runningReduceCount--;
    job.completedReduceCount++;
    job.removeRunningReduce(r);
    job.reduceAttempt[r] = -1;
    job.reduceProgress[r] = 1;
    const shuffle = job.shuffle;
    if (shuffle !== undefined) {
      shuffle.cursors[r] = undefined;
      shuffle.removeHungry(r);
    }
    engine.slots.vacate(a, job.userState);
    engine.policy.onTaskCompleted?.({ task: job.reduces[r]!, node: node as NodeId }, engine.view);
    if (job.done) engine.arrivals.complete(job);
    engine.offers.round(node);
  }
}
