import type { FlowNetwork, Topology } from '@rackwise/topology';
import type { NodeId } from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { AttemptTable } from './attempt-table.js';
import type { FlowRecords } from './flow-records.js';
import type { FlowTraceRecorder } from './flow-trace-recorder.js';
import type { JobState } from './job-state.js';
import { countCrossRackInput, countCrossRackShuffle, placeReduceData } from './job-transitions.js';
import type { FetchCalls, MapCalls, ReduceCalls, TransferCalls } from './part-calls.js';
import { FLOW_MAP_INPUT, FLOW_MIGRATION, FLOW_OUTPUT, FLOW_SHUFFLE } from './task-states.js';

/** What the transfers read and call. */
export interface TransfersHost {
  readonly now: number;
  readonly topology: Topology;
  readonly parameters: EngineParameters;
  readonly rackOfNode: Int32Array;
  readonly attempts: AttemptTable;
  readonly jobs: readonly (JobState | undefined)[];
  readonly network: FlowNetwork | undefined;
  readonly flows: FlowRecords;
  /** Present when the run records a flow trace. */
  readonly flowTrace: FlowTraceRecorder | undefined;
  readonly maps: Pick<MapCalls, 'startCompute'>;
  readonly reduces: Pick<ReduceCalls, 'continueWork' | 'finish'>;
  readonly fetcher: Pick<FetchCalls, 'fetchDone'>;
}

/**
 * The engine's transfers: a flow started for an attempt (map input, shuffle fetch,
 * migration, output replication), cancelled or delivered, and every byte counted by
 * kind, cross-rack bytes apart. A delivered flow hands its attempt back to the phase that
 * waited for it.
 */
export class Transfers implements TransferCalls {
  readonly #path4 = new Int32Array(4);
  /** Scratch paths of exactly 0 … 4 links (the network reads `links.length`). */
  readonly #paths = [0, 1, 2, 3, 4].map((n) => new Int32Array(n));
  /** The network's completion callback: the flow's tag is its record. */
  readonly take: (flow: number, tag: number) => void;
  /** Bytes over the network by flow kind (map input, shuffle, output, migration). */
  readonly #totalBytes = new Float64Array(4);
  /** Bytes over rack links by flow kind. */
  readonly #crossRackBytes = new Float64Array(4);
  #delivered = 0;

  constructor(private readonly host: TransfersHost) {
    this.take = (_flow, tag) => this.#done(tag);
  }

  /** Bytes moved between nodes, by flow kind (a copy). */
  totalBytes(): Float64Array {
    return this.#totalBytes.slice();
  }

  /** Bytes moved over rack links, by flow kind (a copy). */
  crossRackBytes(): Float64Array {
    return this.#crossRackBytes.slice();
  }

  /** Flows delivered (each an event of the run). */
  get delivered(): number {
    return this.#delivered;
  }

  /**
   * Starts a transfer of `bytes` from `source` to `destination` on behalf of attempt a.
   * Without a network (or within one node) it is instant: the bytes are counted and −1 is
   * returned. Otherwise returns the flow record.
   */
  start(kind: number, a: number, source: number, destination: number, bytes: number): number {
    const host = this.host;
    const network = host.network;
    const job = host.jobs[host.attempts.job[a]!]!;
    if (network === undefined || source === destination || bytes <= host.parameters.completionTolerance) {
      this.account(kind, source, destination, bytes, job);
      return -1;
    }
    const links = host.topology.flowPath(source as NodeId, destination as NodeId, this.#path4);
    const rec = host.flows.allocate();
    this.startOn(kind, a, source, destination, bytes, this.#path4, links, rec);
    if (kind !== FLOW_OUTPUT) host.attempts.setFlow(a, rec);
    return rec;
  }

  /**
   * Fills flow record `rec` and adds its flow over the first `links` links of `path`.
   * `source` and `destination` are the nodes the bytes are counted between.
   */
  startOn(
    kind: number,
    a: number,
    source: number,
    destination: number,
    bytes: number,
    path: Int32Array,
    links: number,
    rec: number,
  ): void {
    const host = this.host;
    const flows = host.flows;
    const crossRack = host.rackOfNode[source] !== host.rackOfNode[destination];
    flows.fill(rec, kind, a, source, destination, bytes, host.now, crossRack);
    let exactPath: Int32Array = path;
    if (links !== path.length) {
      const exact = this.#paths[links]!;
      for (let k = 0; k < links; k++) exact[k] = path[k]!;
      exactPath = exact;
    }
    flows.setNetworkFlow(rec, host.network!.addFlow(exactPath, bytes, rec));
    host.flowTrace?.started(rec, path, links);
  }

  /** Removes a flow early; counts the bytes it delivered; returns them. */
  cancel(rec: number): number {
    const host = this.host;
    const flows = host.flows;
    const remaining = host.network!.removeFlow(flows.networkFlow[rec]!);
    const delivered = Math.max(0, flows.bytes[rec]! - remaining);
    host.flowTrace?.ended(rec, 'cancelled', delivered, host.now, flows, host.attempts);
    const a = flows.attempt[rec]!;
    this.account(
      flows.kind[rec]!,
      flows.source[rec]!,
      flows.destination[rec]!,
      delivered,
      host.jobs[host.attempts.job[a]!]!,
    );
    host.attempts.clearFlow(a, rec);
    flows.free(rec);
    return delivered;
  }

  /** Counts bytes moved between two nodes by kind, and cross-rack shuffle and input per job. */
  account(kind: number, source: number, destination: number, bytes: number, job: JobState): void {
    if (source === destination || bytes <= 0) return;
    const host = this.host;
    this.#totalBytes[kind]! += bytes;
    const sourceRack = host.rackOfNode[source]!;
    const destinationRack = host.rackOfNode[destination]!;
    if (sourceRack === destinationRack) return;
    this.#crossRackBytes[kind]! += bytes;
    if (kind === FLOW_SHUFFLE) {
      countCrossRackShuffle(job, sourceRack, destinationRack, bytes);
    } else if (kind === FLOW_MAP_INPUT) {
      countCrossRackInput(job, bytes);
    }
  }

  /** A flow delivered: counted, then its attempt goes on. */
  #done(rec: number): void {
    const host = this.host;
    this.#delivered++;
    const flows = host.flows;
    const attempts = host.attempts;
    const a = flows.attempt[rec]!;
    const kind = flows.kind[rec]!;
    const job = host.jobs[attempts.job[a]!]!;
    host.flowTrace?.ended(rec, 'done', flows.bytes[rec]!, host.now, flows, attempts);
    this.account(kind, flows.source[rec]!, flows.destination[rec]!, flows.bytes[rec]!, job);
    attempts.clearFlow(a, rec);
    switch (kind) {
      case FLOW_MAP_INPUT: {
        flows.free(rec);
        host.maps.startCompute(a, job, attempts.task[a]!);
        return;
      }
      case FLOW_MIGRATION: {
        flows.free(rec);
        const r = attempts.task[a]!;
        placeReduceData(job, r, attempts.node[a]!);
        host.reduces.continueWork(a, job, r);
        return;
      }
      case FLOW_SHUFFLE: {
        host.fetcher.fetchDone(rec, a, job, attempts.task[a]!, job.shuffle!);
        return;
      }
      default: {
        // Output replication: one pipeline hop delivered.
        const left = attempts.unlistWrite(a, rec);
        flows.free(rec);
        if (left === 0) host.reduces.finish(a, job, attempts.task[a]!);
      }
    }
  }
}
