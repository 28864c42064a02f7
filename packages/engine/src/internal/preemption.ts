import type { TaskRef } from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { AttemptTable } from './attempt-table.js';
import type { Backlog } from './backlog.js';
import type { JobState } from './job-state.js';
import {
  preemptReduce,
  progressReduce,
  requeueReduce,
  resetReduce,
  suspendReduce,
} from './job-transitions.js';
import type { OutstandingOutput } from './outstanding-output.js';
import type { FetchCalls, OfferCalls, PreemptCalls, ReduceCalls, TransferCalls } from './part-calls.js';
import type { SlotLedger } from './slot-ledger.js';
import { PHASE_MIGRATE, PHASE_REDUCE_COMPUTE, PHASE_SHUFFLE, PHASE_WRITE, RUNNING } from './task-states.js';

/** What preemption counts. */
export interface PreemptionCounts {
  readonly preemptions: number;
  readonly kills: number;
  /** Shuffle bytes in-flight fetches delivered before a preemption and the reduce did not keep. */
  readonly droppedFetchBytes: number;
}

/** What preemption reads and calls. */
export interface PreemptionHost {
  readonly now: number;
  readonly attempts: AttemptTable;
  readonly jobs: readonly (JobState | undefined)[];
  readonly parameters: EngineParameters;
  readonly rackOfNode: Int32Array;
  readonly policy: { readonly name: string };
  /** Map output not fetched yet, per node. */
  readonly outstanding: Pick<OutstandingOutput, 'add'>;
  readonly slots: Pick<SlotLedger, 'vacate'>;
  readonly backlog: Pick<Backlog, 'reduceReturned'>;
  readonly offers: Pick<OfferCalls, 'nodesToOffer'>;
  readonly transfers: Pick<TransferCalls, 'cancel'>;
  readonly fetcher: Pick<FetchCalls, 'cancelAll'>;
  readonly reduces: Pick<ReduceCalls, 'shiftPendingWeight'>;
}

/**
 * Preempts running reduces (FCS): suspended with their state (`kill` false: what a reduce
 * fetched and computed is kept for its resumption), or killed back to pending. Its
 * transfers in flight are cancelled and its node is offered again once the tick's
 * requests are all carried out.
 */
export class Preemption implements PreemptCalls {
  #preemptions = 0;
  #kills = 0;
  #droppedFetchBytes = 0;

  constructor(private readonly host: PreemptionHost) {}

  /** What preemption counted so far. */
  get counts(): PreemptionCounts {
    return { preemptions: this.#preemptions, kills: this.#kills, droppedFetchBytes: this.#droppedFetchBytes };
  }

  /** Preempts one running reduce; refuses a task that is not one. */
  preempt(task: TaskRef, reason: string, kill: boolean): void {
    const host = this.host;
    const policy = host.policy.name;
    const job = task !== null && typeof task === 'object' ? host.jobs[task.job] : undefined;
    const r = task?.index;
    if (
      job === undefined ||
      task.kind !== 'reduce' ||
      !(Number.isInteger(r) && r >= 0 && r < job.reduceCount) ||
      job.reduceState[r] !== RUNNING
    ) {
      throw new Error(
        `policy "${policy}" preemption refused at t=${host.now}: ${task === null || typeof task !== 'object' ? String(task) : `${String(task.kind)} ${String(task.index)} of job ${String(task.job)}`} is not a running reduce (reason ${reason})`,
      );
    }
    const attempts = host.attempts;
    const a = job.reduceAttempt[r]!;
    const node = attempts.node[a]!;
    const phase = attempts.phase[a];
    const shuffle = job.shuffle;
    if (phase === PHASE_MIGRATE) {
      host.transfers.cancel(attempts.flow[a]!);
    } else if (phase === PHASE_SHUFFLE && shuffle !== undefined) {
      this.#droppedFetchBytes += host.fetcher.cancelAll(
        a,
        job,
        r,
        shuffle,
        kill ? 'drop' : host.parameters.preemptedFetches,
      );
    } else if (phase === PHASE_REDUCE_COMPUTE) {
      const length = attempts.phaseLength[a]!;
      const elapsed = length > 0 ? Math.min(1, (host.now - attempts.phaseStart[a]!) / length) : 1;
      progressReduce(job, r, elapsed);
    } else if (phase === PHASE_WRITE) {
      const base = a * attempts.fetchSlots;
      for (let k = 0; k < attempts.pendingWrites[a]!; k++) host.transfers.cancel(attempts.fetches[base + k]!);
      attempts.clearWrites(a);
    }
    this.#preemptions++;
    preemptReduce(job, r);
    if (kill) {
      this.#kills++;
      this.#reset(job, r);
      host.reduces.shiftPendingWeight(job, r, -1);
      requeueReduce(job, r, node, host.rackOfNode[node]!);
    } else {
      suspendReduce(job, r);
    }
    host.backlog.reduceReturned();
    host.offers.nodesToOffer.push(node);
    host.slots.vacate(a, job.userState);
  }

  /** Kill-based preemption: the reduce loses what it fetched and computed. */
  #reset(job: JobState, r: number): void {
    const host = this.host;
    resetReduce(job, r);
    const shuffle = job.shuffle;
    if (shuffle === undefined) return;
    const cursors = shuffle.cursors[r];
    if (cursors !== undefined) {
      const weight = job.reduceWeight(r);
      for (let s = 0; s < shuffle.sourceCount; s++) {
        const k = cursors[s]!;
        if (k > 0) host.outstanding.add(shuffle.nodeOfSource[s]!, weight * shuffle.bytes(s, 0, k));
      }
      for (let s = 0; s < shuffle.sourceCount; s++) {
        const held = shuffle.takeHeld(r, s);
        if (held > 0) host.outstanding.add(shuffle.nodeOfSource[s]!, held);
      }
    }
    shuffle.restart(r);
  }
}
