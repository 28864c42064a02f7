import type { TimeSeries } from '../run-metrics.js';

/** Collects the time series of a run (DESIGN §7), one sample every `interval` while busy. */
export class SeriesRecorder {
  readonly time: number[] = [];
  readonly crossRackRate: number[] = [];
  readonly crossRackShuffleRate: number[] = [];
  readonly runningMaps: number[] = [];
  readonly runningReduces: number[] = [];
  readonly pendingMaps: number[] = [];
  readonly waitingReduces: number[] = [];

  constructor(readonly interval: number) {}

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
    };
  }
}
