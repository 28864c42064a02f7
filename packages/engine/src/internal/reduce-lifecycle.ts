import {
  type PredictionErrorSummary,
  type PredictionErrorTracker,
  createPredictionErrorTracker,
} from '@rackwise/predictor';
import type { NodeId } from '@rackwise/types';
import type { ClusterView, RandomSource, SchedulerPolicy, ShufflePredictor } from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { AttemptTable } from './attempt-table.js';
import type { Backlog } from './backlog.js';
import { type ComputeHost, startComputePhase } from './compute-phase.js';
import type { JobState } from './job-state.js';
import {
  completeReduce,
  computedReduce,
  endShuffle,
  keepOutputOn,
  noteLaunch,
  placeReduceData,
  setReduceAttempt,
  shiftPendingWeight,
  startReduce,
} from './job-transitions.js';
import { outputPipeline } from './output-pipeline.js';
import type { OutstandingOutput } from './outstanding-output.js';
import type {
  ArrivalCalls,
  FetchCalls,
  OfferCalls,
  ReduceCalls,
  TimerCalls,
  TransferCalls,
} from './part-calls.js';
import type { SlotLedger } from './slot-ledger.js';
import {
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
  SUSPENDED,
} from './task-states.js';

/** What the reduce lifecycle reads and calls. */
export interface ReduceLifecycleHost extends ComputeHost {
  readonly attempts: AttemptTable;
  readonly jobs: readonly (JobState | undefined)[];
  readonly parameters: EngineParameters;
  readonly nodeCount: number;
  readonly rackOfNode: Int32Array;
  readonly policy: SchedulerPolicy;
  readonly view: ClusterView;
  readonly predictor: ShufflePredictor;
  /** Draws the output pipeline's nodes. */
  readonly outputRandom: RandomSource;
  /** Map output not fetched yet, per node. */
  readonly outstanding: Pick<OutstandingOutput, 'add'>;
  readonly slots: Pick<SlotLedger, 'occupy' | 'vacate'>;
  readonly backlog: Pick<Backlog, 'reduceTaken'>;
  readonly offers: Pick<OfferCalls, 'round'>;
  readonly transfers: Pick<TransferCalls, 'start'>;
  readonly timers: TimerCalls;
  readonly arrivals: ArrivalCalls;
  readonly fetcher: Pick<FetchCalls, 'startPolling' | 'fill'>;
}

/**
 * A reduce attempt from launch to finish (docs/architecture.md §3): it shuffles (the fetcher
 * pulls its partition of every map output), computes, then writes its output (an HDFS pipeline
 * with `replicateOutput`). A reduce resumed after a work-conserving preemption restores its
 * state, brings its fetched data to its new node and continues where it stopped.
 */
export class ReduceLifecycle implements ReduceCalls {
  #migrations = 0;
  /** The predictor's ratio against the true one, at each job's first reduce launch. */
  readonly #predictorError: PredictionErrorTracker = createPredictionErrorTracker();

  constructor(private readonly host: ReduceLifecycleHost) {}

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
    keepOutputOn(job, node, output, this.host.nodeCount);
    this.host.outstanding.add(node, output * job.pendingWeight);
  }

  /** Without a network: reduce r starts (+1) or stops (−1) having fetched what exists. */
  shiftPendingWeight(job: JobState, r: number, sign: number): void {
    if (job.shuffle !== undefined) return;
    const weight = job.reduceWeight(r);
    shiftPendingWeight(job, weight, sign);
    const onNode = job.outputOnNode;
    if (onNode === undefined) return;
    const outstanding = this.host.outstanding;
    for (const n of job.outputNodes) outstanding.add(n, -(sign * weight * onNode[n]!));
  }

  launch(job: JobState, r: number, node: number): void {
    const host = this.host;
    const attempts = host.attempts;
    const wasSuspended = job.reduceState[r] === SUSPENDED;
    if (!wasSuspended) this.shiftPendingWeight(job, r, 1);
    const previous = job.reduceNode[r]!;
    const previousRack = wasSuspended ? host.rackOfNode[previous]! : -1;
    const first = startReduce(job, r, node, host.rackOfNode[node]!, previousRack, host.now);
    host.backlog.reduceTaken();
    if (first && job.inputBytes > 0) {
      this.#predictorError.record(host.predictor.ratio(job), job.shuffleBytes / job.inputBytes);
    }
    noteLaunch(job, host.now);
    const a = attempts.allocate(job.index, r, KIND_REDUCE, node, host.now);
    setReduceAttempt(job, r, a);
    const task = job.reduces[r]!;
    host.slots.occupy(a, node, KIND_REDUCE, task, job.userState);
    host.timers.start();
    host.policy.onTaskStarted?.({ task, node: node as NodeId }, host.view);

    if (wasSuspended) {
      if (previous !== node) this.#migrations++;
      const restore = host.parameters.preemptionOverhead;
      if (restore > 0) {
        startComputePhase(host, a, PHASE_RESTORE, restore, EVENT_RESTORE_DONE);
        return;
      }
    }
    this.#resumeData(a, job, r, wasSuspended);
  }

  /** A resumed reduce finished restoring its state: it continues where it was preempted. */
  restoreDone(a: number): void {
    const attempts = this.host.attempts;
    const job = this.host.jobs[attempts.job[a]!]!;
    this.#resumeData(a, job, attempts.task[a]!, true);
  }

  /**
   * Brings a reduce's fetched data to its node (a migration re-fetches it over the
   * network) and continues its work.
   */
  #resumeData(a: number, job: JobState, r: number, wasSuspended: boolean): void {
    const host = this.host;
    const node = host.attempts.node[a]!;
    if (wasSuspended) {
      // Its fetched data stays where it was fetched (a migration cut short leaves it there).
      const dataNode = job.reduceDataNode[r]!;
      const bytes = job.reduceFetchedBytes(r);
      if (dataNode >= 0 && dataNode !== node && bytes > 0) {
        host.attempts.enter(a, PHASE_MIGRATE);
        if (host.transfers.start(FLOW_MIGRATION, a, dataNode, node, bytes) >= 0) return;
      }
    }
    placeReduceData(job, r, node);
    this.continueWork(a, job, r);
  }

  /** The reduce's data is on its node: it writes, computes or shuffles, by what is left. */
  continueWork(a: number, job: JobState, r: number): void {
    if (job.reduceProgress[r]! >= 1) this.#startWrite(a, job, r);
    else if (job.reduceShuffleDone[r] === 1) this.startCompute(a, job, r);
    else {
      this.host.attempts.enter(a, PHASE_SHUFFLE);
      if (job.shuffle !== undefined) {
        this.host.fetcher.startPolling(job.shuffle, r);
        this.host.fetcher.fill(a, job, r, job.shuffle);
      } else if (job.completedMapCount === job.mapCount) this.startCompute(a, job, r);
    }
  }

  /** The shuffle is over: the reduce computes what is left of its work. */
  startCompute(a: number, job: JobState, r: number): void {
    const p = this.host.parameters;
    endShuffle(job, r, this.host.now);
    const done = job.reduceProgress[r]!;
    const recorded = job.spec.recorded?.reduceSeconds;
    const full =
      recorded === undefined
        ? p.reduceOverhead + (job.reduceWeight(r) * job.shuffleBytes) / p.reduceRate
        : recorded[r]!;
    startComputePhase(this.host, a, PHASE_REDUCE_COMPUTE, full * (1 - done), EVENT_REDUCE_DONE);
  }

  computeDone(a: number): void {
    const attempts = this.host.attempts;
    const job = this.host.jobs[attempts.job[a]!]!;
    const r = attempts.task[a]!;
    computedReduce(job, r);
    this.#startWrite(a, job, r);
  }

  /**
   * Writes the reduce's output: with `replicateOutput`, an HDFS pipeline from the node to
   * a node of another rack, then to another node of that rack (and on to random nodes for
   * more replicas); the reduce finishes when every pipeline hop has delivered.
   */
  #startWrite(a: number, job: JobState, r: number): void {
    const host = this.host;
    const p = host.parameters;
    const bytes = job.reduceWeight(r) * job.outputBytes;
    if (!p.replicateOutput || p.outputReplication < 2 || bytes <= p.completionTolerance) {
      this.finish(a, job, r);
      return;
    }
    const attempts = host.attempts;
    attempts.enter(a, PHASE_WRITE);
    const chain = outputPipeline(attempts.node[a]!, p.outputReplication, host.rackOfNode, host.outputRandom);
    attempts.clearWrites(a);
    for (let k = 0; k + 1 < chain.length; k++) {
      const rec = host.transfers.start(FLOW_OUTPUT, a, chain[k]!, chain[k + 1]!, bytes);
      if (rec >= 0) attempts.addWrite(a, rec);
    }
    if (attempts.pendingWrites[a] === 0) this.finish(a, job, r);
  }

  finish(a: number, job: JobState, r: number): void {
    const host = this.host;
    const node = host.attempts.node[a]!;
    completeReduce(job, r);
    const shuffle = job.shuffle;
    shuffle?.finish(r);
    host.slots.vacate(a, job.userState);
    host.policy.onTaskCompleted?.({ task: job.reduces[r]!, node: node as NodeId }, host.view);
    if (job.done) host.arrivals.complete(job);
    host.offers.round(node);
  }
}
