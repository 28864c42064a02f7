import type { Topology } from '@rackwise/topology';
import type { NodeId, RackId } from '@rackwise/types';
import type { EngineParameters, PreemptedFetches } from '../engine-parameters.js';
import type { AttemptTable } from './attempt-table.js';
import type { EventQueue } from './event-queue.js';
import type { FlowRecords } from './flow-records.js';
import type { JobShuffle } from './job-shuffle.js';
import type { JobState } from './job-state.js';
import { creditFetch } from './job-transitions.js';
import type { OutstandingOutput } from './outstanding-output.js';
import type { FetchCalls, ReduceCalls, TransferCalls } from './part-calls.js';
import { EVENT_SHUFFLE_POLL, FLOW_SHUFFLE, PHASE_SHUFFLE } from './task-states.js';

/** What the fetcher needs from the engine. */
export interface FetchHost {
  readonly attempts: AttemptTable;
  readonly flows: FlowRecords;
  readonly parameters: EngineParameters;
  readonly outstanding: Pick<OutstandingOutput, 'add'>;
  readonly rackOfNode: Int32Array;
  readonly topology: Topology;
  /** Starts fetch flows (`startOn`) and cancels them, counting what they delivered. */
  readonly transfers: Pick<TransferCalls, 'startOn' | 'cancel'>;
  /** A reduce whose shuffle is over computes. */
  readonly reduces: Pick<ReduceCalls, 'startCompute'>;
  /** The simulated time, and the queue a poll wake (`mapEventPoll`) goes on. */
  readonly now: number;
  readonly queue: Pick<EventQueue, 'push'>;
}

/** Slack on poll times computed as origin + k × interval. */
const POLL_SLACK = 1e-9;

/**
 * The reduce side of the shuffle (docs/architecture.md §3): each running reduce keeps up to
 * `parallelCopies` fetches in flight; a fetch is one flow pulling, from one source, the
 * reduce's partition of up to `mapsPerFetch` map outputs it has not fetched yet.
 *
 * - `fetchSource: 'node'` (Hadoop): a source is one node; the flow crosses that node's
 *   NIC, the rack links if the racks differ, and the reducer's NIC.
 * - `fetchSource: 'rack'` (coarse, for day-long traces): a source is a whole rack; one
 *   flow gathers the outputs of all its nodes (up to `mapsPerFetch` per node), crossing
 *   that rack's uplink, the reducer rack's downlink and the reducer's NIC — or only the
 *   reducer's NIC within its own rack. Source NICs are not modelled.
 *
 * Outputs on the reducer's own node are read directly (no flow). A reduce with an idle
 * fetcher and nothing to fetch is "hungry" and is woken when new outputs appear (or, with
 * `shuffleStart: 'maps-done'`, when the job's last map completes).
 *
 * With `mapEventPoll` P > 0 a reduce knows only the outputs that completed by its last
 * poll for map-completion events — at the time its attempt began to shuffle and every P
 * seconds after (Hadoop's EventFetcher sleeps 1 s between polls) — so outputs that
 * appear within one interval are fetched together, and a hungry reduce is woken at its
 * next poll instead of at once.
 */
export class ShuffleFetcher implements FetchCalls {
  readonly #rackMode: boolean;
  readonly #afterMaps: boolean;
  /** `mapEventPoll`: seconds between a reduce's polls for new outputs (0: it knows each at once). */
  readonly #poll: number;
  readonly #path = new Int32Array(4);
  readonly #path3 = new Int32Array(3);
  readonly #path1 = new Int32Array(1);
  #wake = new Int32Array(64);

  constructor(private readonly host: FetchHost) {
    this.#rackMode = host.parameters.fetchSource === 'rack';
    this.#afterMaps = host.parameters.shuffleStart === 'maps-done';
    this.#poll = host.parameters.mapEventPoll;
  }

  /** Reduce r's attempt begins (or resumes) its shuffle now: its polls start. */
  startPolling(shuffle: JobShuffle, r: number): void {
    shuffle.pollFrom[r] = this.host.now;
    shuffle.pollArmed[r] = -1;
  }

  /** The time of reduce r's last poll (Infinity without polls: it knows every output). */
  #known(shuffle: JobShuffle, r: number): number {
    const poll = this.#poll;
    if (poll === 0) return Number.POSITIVE_INFINITY;
    const now = this.host.now;
    const from = shuffle.pollFrom[r]!;
    return this.#pollAt(from, Math.floor((now - from) / poll + POLL_SLACK), now);
  }

  /**
   * The time of poll k of a shuffle begun at `from`: now when it falls now up to rounding.
   * Its time may compute a few ulps before now; a poll armed there would be an event before
   * now, and one that knew outputs only up to there would wait for itself, for ever.
   */
  #pollAt(from: number, k: number, now: number): number {
    const at = from + k * this.#poll;
    return Math.abs(at - now) <= POLL_SLACK * this.#poll ? now : at;
  }

  /** Arms reduce r's wake at its next poll (now if a poll falls now), unless one is armed. */
  #armPoll(a: number, shuffle: JobShuffle, r: number): void {
    const now = this.host.now;
    if (shuffle.pollArmed[r]! >= now) return;
    const poll = this.#poll;
    const from = shuffle.pollFrom[r]!;
    const at = this.#pollAt(from, Math.ceil((now - from) / poll - POLL_SLACK), now);
    shuffle.pollArmed[r] = at;
    this.host.queue.push(at, EVENT_SHUFFLE_POLL, a, this.host.attempts.generation[a]!);
  }

  /** Attempt a's poll wake: it fetches what it learnt, if it still shuffles. */
  pollDue(a: number, job: JobState, r: number, shuffle: JobShuffle): void {
    shuffle.pollArmed[r] = -1;
    if (this.host.attempts.phase[a] === PHASE_SHUFFLE) this.fill(a, job, r, shuffle);
  }

  /** Parts one fetch record may hold. */
  static partsPerFetch(topology: Topology, parameters: EngineParameters): number {
    if (parameters.fetchSource !== 'rack') return 1;
    let most = 1;
    for (let r = 0; r < topology.rackCount; r++) most = Math.max(most, topology.nodesOf(r as RackId).length);
    return most;
  }

  /**
   * New output on `node` (or the map phase ended): wakes the job's hungry reduces — those
   * with a free fetcher. A hungry reduce had every unit with outputs it has not claimed
   * busy, so the only unit that can give it a fetch now is the one of `node`: it is
   * offered that unit alone (what the round-robin scan would find, without the scan).
   * The end of the map phase wakes each with a full `fill` (it may finish its shuffle).
   */
  outputsChanged(job: JobState, shuffle: JobShuffle, mapPhaseOver: boolean, node: number): void {
    if (this.#afterMaps && !mapPhaseOver) return;
    const count = shuffle.hungryCount;
    if (count === 0) return;
    if (this.#wake.length < count) this.#wake = new Int32Array(count * 2);
    const wake = this.#wake;
    const hungry = shuffle.hungry;
    for (let k = 0; k < count; k++) wake[k] = hungry[k]!;
    const attempts = this.host.attempts;
    if (this.#poll > 0) {
      for (let k = 0; k < count; k++) {
        const r = wake[k]!;
        const a = job.reduceAttempt[r]!;
        if (a >= 0 && attempts.phase[a] === PHASE_SHUFFLE) this.#armPoll(a, shuffle, r);
      }
      return;
    }
    const full = mapPhaseOver || this.#afterMaps;
    const unit = this.#rackMode ? this.host.rackOfNode[node]! : shuffle.sourceOfNode[node]!;
    for (let k = 0; k < count; k++) {
      const r = wake[k]!;
      const a = job.reduceAttempt[r]!;
      if (a < 0 || attempts.phase[a] !== PHASE_SHUFFLE) continue;
      if (full || unit < 0) this.fill(a, job, r, shuffle);
      else this.#offerUnit(a, job, r, shuffle, unit);
    }
  }

  /** Starts a fetch of hungry reduce r from unit u if it holds outputs r has not claimed and is not busy. */
  #offerUnit(a: number, job: JobState, r: number, shuffle: JobShuffle, u: number): void {
    const cursors = shuffle.cursorsOf(r);
    if (!this.#pending(u, cursors, shuffle, Number.POSITIVE_INFINITY) || this.#busy(a, u)) return;
    const units = this.#rackMode ? this.host.topology.rackCount : shuffle.sourceCount;
    shuffle.pointer[r] = u + 1 === units ? 0 : u + 1;
    this.#fetch(a, job, r, shuffle, cursors, u, Number.POSITIVE_INFINITY);
    if (this.host.attempts.fetchCount[a]! >= this.host.parameters.parallelCopies) shuffle.removeHungry(r);
  }

  /** Whether attempt a has a fetch in flight from source unit u. */
  #busy(a: number, u: number): boolean {
    const attempts = this.host.attempts;
    const base = a * attempts.fetchSlots;
    const count = attempts.fetchCount[a]!;
    for (let k = 0; k < count; k++) if (this.host.flows.unit[attempts.fetches[base + k]!] === u) return true;
    return false;
  }

  /** Outputs not yet claimed (`cursors`) on the source nodes attempt a is fetching from. */
  #unclaimedBusy(a: number, shuffle: JobShuffle, cursors: Int32Array): number {
    const attempts = this.host.attempts;
    const base = a * attempts.fetchSlots;
    const count = attempts.fetchCount[a]!;
    let outputs = 0;
    for (let k = 0; k < count; k++) {
      const u = this.host.flows.unit[attempts.fetches[base + k]!]!;
      outputs += shuffle.outputs[u]! - cursors[u]!;
    }
    return outputs;
  }

  /** Whether source unit u holds outputs reduce r has not claimed and knows of (completed by `known`). */
  #pending(u: number, cursors: Int32Array, shuffle: JobShuffle, known: number): boolean {
    if (!this.#rackMode) return this.#pendingSource(u, cursors, shuffle, known);
    for (const s of shuffle.rackSources[u]!) if (this.#pendingSource(s, cursors, shuffle, known)) return true;
    return false;
  }

  #pendingSource(s: number, cursors: Int32Array, shuffle: JobShuffle, known: number): boolean {
    const from = cursors[s]!;
    if (from >= shuffle.outputs[s]!) return false;
    return known === Number.POSITIVE_INFINITY || shuffle.knownEnd(s, from, 1, known) > from;
  }

  /** Starts fetches until `parallelCopies` are in flight or nothing is left to fetch. */
  fill(a: number, job: JobState, r: number, shuffle: JobShuffle): void {
    const host = this.host;
    const attempts = host.attempts;
    const parallel = host.parameters.parallelCopies;
    const mapsDone = job.completedMapCount === job.mapCount;
    const known = this.#known(shuffle, r);
    if (!this.#afterMaps || mapsDone) {
      const cursors = shuffle.cursorsOf(r);
      const units = this.#rackMode ? host.topology.rackCount : shuffle.sourceCount;
      while (attempts.fetchCount[a]! < parallel && shuffle.claimed[r]! < shuffle.totalOutputs) {
        // Nothing to find when every unclaimed output is on a unit already being fetched from.
        if (
          !this.#rackMode &&
          this.#unclaimedBusy(a, shuffle, cursors) === shuffle.totalOutputs - shuffle.claimed[r]!
        ) {
          break;
        }
        let u = -1;
        let pointer = shuffle.pointer[r]! % units;
        for (let step = 0; step < units; step++) {
          const candidate = pointer;
          pointer = pointer + 1 === units ? 0 : pointer + 1;
          if (this.#pending(candidate, cursors, shuffle, known) && !this.#busy(a, candidate)) {
            u = candidate;
            break;
          }
        }
        shuffle.pointer[r] = pointer;
        if (u < 0) break;
        this.#fetch(a, job, r, shuffle, cursors, u, known);
      }
    }
    if (attempts.fetchCount[a]! < parallel) {
      shuffle.addHungry(r);
      // Outputs it has not learnt of yet: its next poll fetches them.
      if (shuffle.lastOutputTime > known && shuffle.claimed[r]! < shuffle.totalOutputs)
        this.#armPoll(a, shuffle, r);
    } else shuffle.removeHungry(r);
    if (attempts.fetchCount[a] === 0 && mapsDone && shuffle.fetchedOutputs[r] === shuffle.totalOutputs) {
      shuffle.removeHungry(r);
      host.reduces.startCompute(a, job, r);
    }
  }

  /** Claims the outputs of unit u this reduce has not fetched and starts their flow. */
  #fetch(
    a: number,
    job: JobState,
    r: number,
    shuffle: JobShuffle,
    cursors: Int32Array,
    u: number,
    known: number,
  ): void {
    const host = this.host;
    const flows = host.flows;
    const attempts = host.attempts;
    const node = attempts.node[a]!;
    const weight = job.reduceWeight(r);
    const perFetch = host.parameters.mapsPerFetch;
    const rec = flows.allocate();
    let parts = 0;
    let bytes = 0;
    let representative = -1;
    const rackSources = this.#rackMode ? shuffle.rackSources[u]! : undefined;
    const sourceCount = rackSources === undefined ? 1 : rackSources.length;
    for (let i = 0; i < sourceCount; i++) {
      const s = rackSources === undefined ? u : rackSources[i]!;
      const from = cursors[s]!;
      const source = shuffle.nodeOfSource[s]!;
      const local = source === node;
      const most = local ? shuffle.outputs[s]! - from : Math.min(shuffle.outputs[s]! - from, perFetch);
      const k =
        known === Number.POSITIVE_INFINITY || most <= 0
          ? most
          : shuffle.knownEnd(s, from, most, known) - from;
      if (k <= 0) continue;
      // Bytes of output `from` a cut fetch delivered already (`preemptedFetches: 'bytes'`).
      const held = shuffle.held === undefined ? 0 : shuffle.takeHeld(r, s);
      const partBytes = weight * shuffle.bytes(s, from, from + k) - held;
      cursors[s] = from + k;
      shuffle.claimed[r]! += k;
      if (local) {
        this.#credit(job, r, shuffle, s, k, partBytes);
        continue;
      }
      flows.setPart(rec, parts, s, from, k, partBytes);
      parts++;
      bytes += partBytes;
      if (representative < 0) representative = source;
    }
    if (parts === 0) {
      flows.free(rec);
      return;
    }
    flows.setFetch(rec, u, parts);
    let links: number;
    let path: Int32Array;
    if (!this.#rackMode) {
      links = host.topology.flowPath(representative as NodeId, node as NodeId, this.#path);
      path = this.#path;
    } else if (u === host.rackOfNode[node]) {
      this.#path1[0] = host.topology.nicDownLink(node as NodeId);
      links = 1;
      path = this.#path1;
    } else {
      this.#path3[0] = host.topology.rackUpLink(u as RackId);
      this.#path3[1] = host.topology.rackDownLink(host.rackOfNode[node]! as RackId);
      this.#path3[2] = host.topology.nicDownLink(node as NodeId);
      links = 3;
      path = this.#path3;
    }
    host.transfers.startOn(FLOW_SHUFFLE, a, representative, node, bytes, path, links, rec);
    attempts.addFetch(a, rec);
  }

  /** A fetch flow delivered: the parts are fetched, then the reduce fetches on. */
  fetchDone(rec: number, a: number, job: JobState, r: number, shuffle: JobShuffle): void {
    const host = this.host;
    const flows = host.flows;
    const partBase = rec * 3 * flows.partsPerRecord;
    const bytesBase = rec * flows.partsPerRecord;
    for (let p = 0; p < flows.partCount[rec]!; p++) {
      const s = flows.parts[partBase + 3 * p]!;
      const k = flows.parts[partBase + 3 * p + 2]!;
      // What the fetch claimed: its outputs' sizes do not change while it is in flight.
      this.#credit(job, r, shuffle, s, k, flows.partBytes[bytesBase + p]!);
    }
    host.attempts.unlistFetch(a, rec);
    flows.free(rec);
    this.fill(a, job, r, shuffle);
  }

  /**
   * Cancels every fetch in flight of attempt a (a preemption). What each had delivered is
   * taken in the order of its outputs: under `segments` the outputs it delivered whole are
   * fetched; under `bytes` so are they, and the bytes of the output cut short are held for
   * that output's next fetch; under `drop` nothing is kept. What is not kept becomes
   * unclaimed again. Returns the delivered bytes not kept.
   */
  cancelAll(a: number, job: JobState, r: number, shuffle: JobShuffle, keep: PreemptedFetches): number {
    const host = this.host;
    const attempts = host.attempts;
    const flows = host.flows;
    const tolerance = host.parameters.completionTolerance;
    const weight = job.reduceWeight(r);
    const cursors = shuffle.cursorsOf(r);
    const base = a * attempts.fetchSlots;
    let dropped = 0;
    for (let k = attempts.fetchCount[a]! - 1; k >= 0; k--) {
      const rec = attempts.fetches[base + k]!;
      // The record stays readable until it is allocated again.
      let delivered = host.transfers.cancel(rec);
      const partBase = rec * 3 * flows.partsPerRecord;
      const bytesBase = rec * flows.partsPerRecord;
      for (let p = 0; p < flows.partCount[rec]!; p++) {
        const s = flows.parts[partBase + 3 * p]!;
        const from = flows.parts[partBase + 3 * p + 1]!;
        const count = flows.parts[partBase + 3 * p + 2]!;
        const partBytes = flows.partBytes[bytesBase + p]!;
        // Bytes of the first output held before this fetch (`bytes`): the part moves the rest.
        const before = weight * shuffle.bytes(s, from, from + count) - partBytes;
        let whole = 0;
        let kept = 0;
        if (keep !== 'drop') {
          whole =
            delivered >= partBytes - tolerance
              ? count
              : wholeOutputs(shuffle, s, from, count, weight, before, delivered + tolerance);
          kept =
            whole === 0 ? 0 : Math.min(partBytes, weight * shuffle.bytes(s, from, from + whole) - before);
          if (keep === 'bytes' && whole < count) {
            const cut = Math.max(0, delivered - kept);
            shuffle.hold(r, s, (whole === 0 ? before : 0) + cut);
            kept += cut;
          }
        }
        dropped += Math.max(0, Math.min(delivered, partBytes) - kept);
        delivered = Math.max(0, delivered - partBytes);
        cursors[s] = from + whole;
        shuffle.claimed[r]! -= count - whole;
        this.#credit(job, r, shuffle, s, whole, kept);
      }
    }
    attempts.clearFetches(a);
    shuffle.removeHungry(r);
    return dropped;
  }

  /** Reduce r holds `outputs` more outputs of source s, `bytes` more bytes: no longer outstanding there. */
  #credit(job: JobState, r: number, shuffle: JobShuffle, s: number, outputs: number, bytes: number): void {
    shuffle.fetchedOutputs[r]! += outputs;
    creditFetch(job, r, bytes);
    this.host.outstanding.add(shuffle.nodeOfSource[s]!, -bytes);
  }
}

/**
 * How many of the `count` outputs from `from` of source s a cut fetch delivered whole,
 * taken in order: its bytes, past the `before` it held of the first, are at most `delivered`.
 */
function wholeOutputs(
  shuffle: JobShuffle,
  s: number,
  from: number,
  count: number,
  weight: number,
  before: number,
  delivered: number,
): number {
  let whole = 0;
  while (whole < count && weight * shuffle.bytes(s, from, from + whole + 1) - before <= delivered) whole++;
  return whole;
}
