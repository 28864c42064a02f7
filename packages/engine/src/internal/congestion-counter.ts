import type { Bytes, ClusterView, JobId } from '@rackwise/types';
import type { AttemptTable } from './attempt-table.js';
import type { JobState } from './job-state.js';
import type { NetworkMonitor } from './network-monitor.js';
import { growFloat64 } from './typed-arrays.js';

/**
 * MTS's own congested-node test (NAS §III-C, Fig. 3(e)): a node is congested when the
 * predicted output of the maps running on it (Algorithm 2 line 1's quantity) exceeds the
 * TrafficThreshold in force at that moment, computed by `threshold` from the live view.
 */
export interface LiveNodeThreshold {
  readonly view: ClusterView;
  readonly threshold: (view: ClusterView) => Bytes;
  /** The engine's running maps: per node their attempts, in `view.runningMapsOn`'s order. */
  readonly running: RunningMaps;
}

/** Where the running maps' jobs and inputs are read without going through their views. */
export interface RunningMaps {
  readonly nodeMapAttempts: readonly (readonly number[])[];
  readonly attempts: Pick<AttemptTable, 'job' | 'task'>;
  readonly jobs: readonly (Pick<JobState, 'mapInputBytes'> | undefined)[];
}

/**
 * docs/architecture.md §7 congestion metrics from each monitor sample: occurrences of a rack
 * link's utilisation entering congestion (with hysteresis, and as raw upward crossings), per
 * rack and in total; link-seconds at or above the threshold, per rack and in total; the share
 * of nodes whose outstanding map output exceeds a fixed TrafficThreshold; and, when given, the
 * share of nodes over MTS's live TrafficThreshold on MTS's own quantity.
 */
export class CongestionCounter {
  readonly #episode: Uint8Array;
  readonly #above: Uint8Array;
  /** Occurrences (with hysteresis) per rack, uplink and downlink together. */
  readonly rackOccurrences: Float64Array;
  /** Congested link-seconds per rack, uplink and downlink together. */
  readonly rackLinkSeconds: Float64Array;
  #occurrences = 0;
  #crossings = 0;
  #linkSeconds = 0;
  #nodeShareSum = 0;
  #nodeSamples = 0;
  #liveShareSum = 0;
  #liveSamples = 0;
  /** Each job's predicted output ratio, read once per live sample (`#ratioSample`). */
  #ratio: Float64Array = new Float64Array(0);
  #ratioSample: Float64Array = new Float64Array(0);
  #sample = 0;

  constructor(
    private readonly racks: number,
    private readonly threshold: number,
    private readonly nodeThreshold: number | undefined,
    private readonly hysteresis = 0,
    private readonly live: LiveNodeThreshold | undefined = undefined,
  ) {
    this.#episode = new Uint8Array(2 * racks);
    this.#above = new Uint8Array(2 * racks);
    this.rackOccurrences = new Float64Array(racks);
    this.rackLinkSeconds = new Float64Array(racks);
  }

  /** Occurrences of congestion (with hysteresis) over every rack link. */
  get occurrences(): number {
    return this.#occurrences;
  }

  /** Upward crossings of the congestion threshold, without hysteresis. */
  get crossings(): number {
    return this.#crossings;
  }

  /** Link-seconds at or above the threshold over every rack link. */
  get linkSeconds(): number {
    return this.#linkSeconds;
  }

  /** Mean share of nodes over the fixed TrafficThreshold; NaN when not measured. */
  get nodeShare(): number {
    return this.#nodeSamples > 0 ? this.#nodeShareSum / this.#nodeSamples : Number.NaN;
  }

  /** Mean share of nodes over the live TrafficThreshold; NaN when not measured. */
  get liveNodeShare(): number {
    return this.#liveSamples > 0 ? this.#liveShareSum / this.#liveSamples : Number.NaN;
  }

  /** Counts one sample taken `interval` seconds after the previous one. */
  sample(monitor: NetworkMonitor, outstanding: Float64Array, interval: number): void {
    for (let r = 0; r < this.racks; r++) {
      for (let d = 0; d < 2; d++) this.#link(r, 2 * r + d, monitor.utilisation(r, d === 0), interval);
    }
    this.#nodes(outstanding);
    this.#liveNodes(outstanding.length);
  }

  #link(rack: number, i: number, utilisation: number, interval: number): void {
    if (utilisation >= this.threshold) {
      this.#linkSeconds += interval;
      this.rackLinkSeconds[rack]! += interval;
      if (this.#above[i] === 0) this.#crossings++;
      this.#above[i] = 1;
      if (this.#episode[i] === 0) {
        this.#occurrences++;
        this.rackOccurrences[rack]! += 1;
      }
      this.#episode[i] = 1;
      return;
    }
    this.#above[i] = 0;
    if (utilisation < this.threshold - this.hysteresis) this.#episode[i] = 0;
  }

  #nodes(outstanding: Float64Array): void {
    const nodeThreshold = this.nodeThreshold;
    if (nodeThreshold === undefined) return;
    let congested = 0;
    for (let n = 0; n < outstanding.length; n++) if (outstanding[n]! > nodeThreshold) congested++;
    this.#nodeShareSum += congested / outstanding.length;
    this.#nodeSamples++;
  }

  #liveNodes(nodes: number): void {
    const live = this.live;
    if (live === undefined) return;
    const view = live.view;
    const threshold = live.threshold(view);
    let congested = 0;
    if (view.runningCount('map') === 0) {
      // No map runs (a shuffle-only drain): every node's predicted output is 0.
      if (0 > threshold) congested = nodes;
    } else {
      // A map's predicted output is `ratio(job) × input` (the `ShufflePredictor`
      // contract): each job's ratio is read once per sample, the sums are the same.
      // The maps are read from the engine's tables, not their views: the same maps in the
      // same order, so the same sums, without a view object per map.
      const sample = ++this.#sample;
      const { nodeMapAttempts, attempts, jobs } = live.running;
      const jobOf = attempts.job;
      const taskOf = attempts.task;
      for (let n = 0; n < nodes; n++) {
        let output = 0;
        const running = nodeMapAttempts[n]!;
        for (let k = 0; k < running.length; k++) {
          const a = running[k]!;
          const j = jobOf[a]!;
          if (this.#ratioSample[j] !== sample) {
            if (j >= this.#ratioSample.length) this.#growRatios(j);
            this.#ratioSample[j] = sample;
            this.#ratio[j] = view.predictor.ratio(view.job(j as JobId));
          }
          output += this.#ratio[j]! * jobs[j]!.mapInputBytes(taskOf[a]!);
        }
        if (output > threshold) congested++;
      }
    }
    this.#liveShareSum += congested / nodes;
    this.#liveSamples++;
  }

  #growRatios(job: number): void {
    const size = Math.max(2 * this.#ratio.length, job + 1, 64);
    this.#ratio = growFloat64(this.#ratio, size);
    this.#ratioSample = growFloat64(this.#ratioSample, size);
  }

  /** Sampling stops while the cluster is idle: the next sample starts a new occurrence. */
  reset(): void {
    this.#above.fill(0);
    this.#episode.fill(0);
  }
}
