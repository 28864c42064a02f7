import type { JobId, JobView } from '@rackwise/types';

/** Indices of a job's maps of least and of greatest input (the first of each, by index). */
export interface MapInputRange {
  readonly smallest: number;
  readonly largest: number;
  /** The inputs of those two maps (kept with the range: MTS reads them for every job it prices). */
  readonly leastInput: number;
  readonly mostInput: number;
  /**
   * −1 when every map has the same input; the index of the one map whose input differs
   * from all the others' (such as a last, shorter block); −2 otherwise.
   */
  readonly odd: number;
}

/**
 * The maps of least and greatest input of each job, found once per job: a map's input
 * never changes. The predictor's `mapOutput(job, map)` is `ratio(job) × map.inputBytes`
 * (the `ShufflePredictor` contract), so at any moment no map of a job has a predicted
 * output below its smallest map's or above its largest map's, and no map costs less
 * than its smallest at the same locality. MTS prices those two maps to pass over a job
 * none of whose maps can win, or to stop scanning one whose best is found. It also notes
 * a job whose maps all read one input but for at most one (a last, shorter block), so
 * that it knows when every pending map reads the same (`pendingInput`). Indices, not
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
      range = {
        smallest,
        largest,
        leastInput: job.mapCount === 0 ? 0 : job.map(smallest).inputBytes,
        mostInput: job.mapCount === 0 ? 0 : job.map(largest).inputBytes,
        odd: oddMap(job, smallest, largest),
      };
      this.ranges.set(job.id, range);
    }
    return range;
  }

  /**
   * The input every pending map of the job reads, when they all read the same; else
   * undefined. A job whose maps all read one input qualifies, and so does one with a
   * single other map once that map is no longer pending (its state is read each time).
   * A caller that already holds the job's `range` passes it.
   */
  pendingInput(job: JobView, range: MapInputRange = this.of(job)): number | undefined {
    const { smallest, largest, odd } = range;
    if (odd === -1) return job.map(smallest).inputBytes;
    if (odd < 0 || job.map(odd).state === 'pending') return undefined;
    return job.map(odd === smallest ? largest : smallest).inputBytes;
  }

  /** Drops a completed job's range. */
  forget(job: JobId): void {
    this.ranges.delete(job);
  }
}

/** `MapInputRange.odd` of a job whose maps of least and greatest input are given. */
function oddMap(job: JobView, smallest: number, largest: number): number {
  // A job without maps has none pending: nothing to say.
  if (job.mapCount === 0) return -2;
  const least = job.map(smallest).inputBytes;
  const most = job.map(largest).inputBytes;
  if (least === most) return -1;
  let atLeast = 0;
  let atMost = 0;
  for (let i = 0; i < job.mapCount; i++) {
    const input = job.map(i).inputBytes;
    if (input === least) atLeast++;
    else if (input === most) atMost++;
    else return -2;
  }
  if (atLeast === 1) return smallest;
  if (atMost === 1) return largest;
  return -2;
}
