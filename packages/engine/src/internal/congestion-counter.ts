import type { NetworkMonitor } from './network-monitor.js';
import type { RunCounters } from './run-counters.js';

/**
 * DESIGN §7 congestion metrics from each monitor sample: upward crossings of the
 * threshold by a rack link's utilisation (occurrences), link-seconds at or above it, and
 * the share of nodes whose outstanding map output exceeds NAS's TrafficThreshold.
 */
export class CongestionCounter {
  readonly #above: Uint8Array;

  constructor(
    private readonly racks: number,
    private readonly threshold: number,
    private readonly nodeThreshold: number | undefined,
    private readonly counters: RunCounters,
  ) {
    this.#above = new Uint8Array(2 * racks);
  }

  /** Counts one sample taken `interval` seconds after the previous one. */
  sample(monitor: NetworkMonitor, outstanding: Float64Array, interval: number): void {
    const counters = this.counters;
    const above = this.#above;
    for (let r = 0; r < this.racks; r++) {
      for (let d = 0; d < 2; d++) {
        const i = 2 * r + d;
        if (monitor.utilisation(r, d === 0) >= this.threshold) {
          counters.congestedLinkSeconds += interval;
          if (above[i] === 0) counters.congestionOccurrences++;
          above[i] = 1;
        } else {
          above[i] = 0;
        }
      }
    }
    const nodeThreshold = this.nodeThreshold;
    if (nodeThreshold === undefined) return;
    let congested = 0;
    for (let n = 0; n < outstanding.length; n++) if (outstanding[n]! > nodeThreshold) congested++;
    counters.congestedNodeShareSum += congested / outstanding.length;
    counters.congestedNodeSamples++;
  }

  /** Sampling stops while the cluster is idle: the next sample starts a new crossing. */
  reset(): void {
    this.#above.fill(0);
  }
}
