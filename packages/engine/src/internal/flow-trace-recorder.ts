import type { FlowKind, FlowStatus, FlowTraceRecord } from '@rackwise/flow-replay';
import type { AttemptTable } from './attempt-table.js';
import type { FlowRecords } from './flow-records.js';

/** Engine flow kinds (`FLOW_*` in task-states) by number. */
const KIND_NAMES: readonly FlowKind[] = ['input', 'shuffle', 'output', 'migration'];

/**
 * Keeps what a flow trace needs of each live flow — its sequence number in start order
 * and the links it crosses — and hands every flow to the listener when it ends. Only
 * built when a run asks for a flow trace, so an untraced run pays nothing.
 */
export class FlowTraceRecorder {
  #next = 0;
  readonly #ids: number[] = [];
  readonly #links: number[][] = [];

  constructor(private readonly listener: (flow: FlowTraceRecord) => void) {}

  /** Flow record `rec` started over the first `links` links of `path`. */
  started(rec: number, path: Int32Array, links: number): void {
    this.#ids[rec] = this.#next++;
    const crossed = new Array<number>(links);
    for (let k = 0; k < links; k++) crossed[k] = path[k]!;
    this.#links[rec] = crossed;
  }

  /** Flow record `rec` ended at `now` after delivering `delivered` bytes (call before the record is freed). */
  ended(
    rec: number,
    status: FlowStatus,
    delivered: number,
    now: number,
    flows: FlowRecords,
    attempts: AttemptTable,
  ): void {
    const a = flows.attempt[rec]!;
    this.listener({
      id: this.#ids[rec]!,
      start: flows.startTime[rec]!,
      source: flows.source[rec]!,
      destination: flows.destination[rec]!,
      bytes: flows.bytes[rec]!,
      kind: KIND_NAMES[flows.kind[rec]!]!,
      job: attempts.job[a]!,
      task: attempts.task[a]!,
      status,
      end: now,
      delivered,
      links: this.#links[rec]!,
    });
  }
}
