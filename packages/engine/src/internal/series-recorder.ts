import type { TimeSeries } from '@rackwise/metrics';

/**
 * Collects the time series of a run (docs/architecture.md §7), one sample every `interval`
 * while busy.
 */
export class SeriesRecorder {
  readonly time: number[] = [];
  readonly crossRackRate: number[] = [];
  readonly crossRackShuffleRate: number[] = [];
  readonly runningMaps: number[] = [];
  readonly runningReduces: number[] = [];
  readonly pendingMaps: number[] = [];
  readonly waitingReduces: number[] = [];
  readonly congestedLinks: number[] = [];
  /** Per rack, the rate on its uplink at each sample. */
  readonly rackUplinkRate: number[][];

  constructor(
    readonly interval: number,
    rackCount = 0,
  ) {
    this.rackUplinkRate = Array.from({ length: rackCount }, () => []);
  }

  /**
   * The rack links at a sample: `uplinkRates[r]` is rack r's uplink rate, `congested` how
   * many rack links (up and down) were at or above the congestion threshold.
   */
  recordLinks(uplinkRates: ArrayLike<number>, congested: number): void {
    for (let r = 0; r < this.rackUplinkRate.length; r++) this.rackUplinkRate[r]!.push(uplinkRates[r] ?? 0);
    this.congestedLinks.push(congested);
  }

  record(
    time: number,
    crossRack: number,
    crossRackShuffle: number,
    runningMaps: number,
    runningReduces: number,
    pendingMaps: number,
    waitingReduces: number,
  ): void {
    this.time.push(time);
    this.crossRackRate.push(crossRack);
    this.crossRackShuffleRate.push(crossRackShuffle);
    this.runningMaps.push(runningMaps);
    this.runningReduces.push(runningReduces);
    this.pendingMaps.push(pendingMaps);
    this.waitingReduces.push(waitingReduces);
  }

  toSeries(): TimeSeries {
    return {
      interval: this.interval,
      time: this.time,
      crossRackRate: this.crossRackRate,
      crossRackShuffleRate: this.crossRackShuffleRate,
      runningMaps: this.runningMaps,
      runningReduces: this.runningReduces,
      pendingMaps: this.pendingMaps,
      waitingReduces: this.waitingReduces,
      congestedLinks: this.congestedLinks,
      rackUplinkRate: this.rackUplinkRate,
    };
  }
}
