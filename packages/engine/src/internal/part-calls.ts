import type { TaskRef } from '@rackwise/types';
import type { PreemptedFetches } from '../engine-parameters.js';
import type { JobShuffle } from './job-shuffle.js';
import type { JobState } from './job-state.js';

// The calls the engine's parts make on one another, each part's own narrow interface
// (docs/architecture.md §3). A part names in its host only the calls it makes; `Engine`
// wires each to the one part that implements it.

/** Jobs leaving the cluster (`JobArrivals`). */
export interface ArrivalCalls {
  /** The job's last task finished. */
  complete(job: JobState): void;
}

/** The offer protocol (`OfferRounds`). */
export interface OfferCalls {
  /** Nodes whose slots a batch of kills or preemptions freed, offered once it is over. */
  readonly nodesToOffer: number[];
  /** New work waits: the nodes that could take it are offered at their next heartbeats. */
  workArrived(): void;
  /** A job was submitted: offered at once with `offerOnSubmit`, else as `workArrived`. */
  jobSubmitted(): void;
  /** Offers the nodes collected in `nodesToOffer`. */
  offerCollected(): void;
  /** Offers the node's free slots. */
  round(node: number): void;
}

/** Map attempts (`MapLifecycle`). */
export interface MapCalls {
  launch(job: JobState, i: number, node: number, duplicate: boolean): void;
  /** The map's block is on its node: it computes. */
  startCompute(a: number, job: JobState, i: number): void;
  /** A map standing for a parent's task is done at submission, its output on `node`. */
  completeStanding(job: JobState, i: number, node: number): void;
}

/** Reduce attempts (`ReduceLifecycle`). */
export interface ReduceCalls {
  launch(job: JobState, r: number, node: number): void;
  /** Without a network: map output on `node` kept for the reduces not launched yet. */
  keepOutput(job: JobState, node: number, output: number): void;
  /** Without a network: reduce r starts (+1) or stops (−1) having fetched what exists. */
  shiftPendingWeight(job: JobState, r: number, sign: number): void;
  /** The shuffle is over: the reduce computes. */
  startCompute(a: number, job: JobState, r: number): void;
  /** The reduce's data is on its node: it writes, computes or shuffles, by what is left. */
  continueWork(a: number, job: JobState, r: number): void;
  finish(a: number, job: JobState, r: number): void;
}

/** Flows over the network (`Transfers`). */
export interface TransferCalls {
  /** Starts a transfer for attempt a; −1 when it was instant, else its flow record. */
  start(kind: number, a: number, source: number, destination: number, bytes: number): number;
  /** Fills flow record `rec` and adds its flow over the first `links` links of `path`. */
  startOn(
    kind: number,
    a: number,
    source: number,
    destination: number,
    bytes: number,
    path: Int32Array,
    links: number,
    rec: number,
  ): void;
  /** Removes a flow early; returns the bytes it delivered. */
  cancel(rec: number): number;
}

/** The shuffle's fetches (`ShuffleFetcher`). */
export interface FetchCalls {
  outputsChanged(job: JobState, shuffle: JobShuffle, mapPhaseOver: boolean, node: number): void;
  startPolling(shuffle: JobShuffle, r: number): void;
  fill(a: number, job: JobState, r: number, shuffle: JobShuffle): void;
  fetchDone(rec: number, a: number, job: JobState, r: number, shuffle: JobShuffle): void;
  /** Cancels the reduce's fetches; returns the bytes delivered and not kept. */
  cancelAll(a: number, job: JobState, r: number, shuffle: JobShuffle, keep: PreemptedFetches): number;
}

/** The periodic events (`Timers`). */
export interface TimerCalls {
  /** Arms every timer that is not armed yet. */
  start(): void;
}

/** Reduce preemption (`Preemption`). */
export interface PreemptCalls {
  preempt(task: TaskRef, reason: string, kill: boolean): void;
}
