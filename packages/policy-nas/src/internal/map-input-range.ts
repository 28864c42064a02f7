import type { JobId, JobView } from '@rackwise/types';

/** Indices of a job's maps of least and of greatest input (the first of each, by index). */
export interface MapInputRange {
  readonly smallest: number;
  readonly largest: number;
}

/**
 * The maps of least and greatest input of each job, found once per job: a map's input
 * never changes. The predictor's `mapOutput(job, map)` is `ratio(job) × map.inputBytes`
 * (the `ShufflePredictor` contract), so at any moment no map of a job has a predicted
 * output below its smallest map's or above its largest map's, and no map costs less
 * than its smallest at the same locality. MTS prices those two maps to pass over a job
 * none of whose maps can win, or to stop scanning one whose best is found. Indices, not
 * views, are kept: a view is valid only during the call that returned it.
 */
export class MapInputRanges {
  private readonly ranges = new Map<JobId, MapInputRange>();

  /** The job's range, found on the first ask (one look at each of its maps). */
  of(job: JobView): MapInputRange {
    let range = this.ranges.get(job.id);
    if (range === undefined) {
      let smallest = 0;
      let largest = 0;
      let least = Number.POSITIVE_INFINITY;
      let most = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < job.mapCount; i++) {
        const input = job.map(i).inputBytes;
        if (input < least) {
          least = input;
          smallest = i;
        }
        if (input > most) {
          most = input;
          largest = i;
        }
      }
      range = { smallest, largest };
      this.ranges.set(job.id, range);
    }
    return range;
  }

  /** Drops a completed job's range. */
  forget(job: JobId): void {
    this.ranges.delete(job);
  }
}
