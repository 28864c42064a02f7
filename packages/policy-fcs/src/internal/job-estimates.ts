import {
  type RemainingWork,
  compareRemainingWork,
  mapCompletionRate,
  remainingReduceData,
  remainingShuffleTime,
} from '@rackwise/estimators';
import type { Bytes, ClusterView, JobId, JobView, Seconds } from '@rackwise/types';

/** A job's remaining work as FCS estimates it (§4), with the inputs of each estimate. */
export interface JobEstimate extends RemainingWork {
  readonly job: JobId;
  readonly M_left: number;
  readonly M_rate: number;
  readonly T_mavg: Seconds;
  readonly R_total: Bytes;
  readonly R_done: Bytes;
}

/** What the policy learns of a job's maps from the lifecycle hooks. */
interface MapHistory {
  /** First map launch (the start of `M_rate`). */
  firstMapStart: Seconds;
  /** Sum of the execution times of its completed maps. */
  completedMapSeconds: Seconds;
  completedMaps: number;
}

/**
 * Keeps, per job, what `T_rs` needs beyond the view (first map launch, execution time of
 * completed maps) and computes FCS's estimates (§4), cached per simulated instant.
 */
export class JobEstimates {
  readonly #history = new Map<JobId, MapHistory>();
  readonly #cache = new Map<JobId, JobEstimate>();
  #cachedAt = Number.NaN;

  #historyOf(job: JobView): MapHistory {
    let history = this.#history.get(job.id);
    if (history === undefined) {
      history = { firstMapStart: Number.NaN, completedMapSeconds: 0, completedMaps: 0 };
      this.#history.set(job.id, history);
    }
    return history;
  }

  /** A map of `job` started at `now`. */
  mapStarted(job: JobView, now: Seconds): void {
    const history = this.#historyOf(job);
    if (Number.isNaN(history.firstMapStart)) history.firstMapStart = now;
    this.#cache.delete(job.id);
  }

  /** A map of `job` that started at `startTime` completed at `now`. */
  mapCompleted(job: JobView, startTime: Seconds | undefined, now: Seconds): void {
    const history = this.#historyOf(job);
    if (startTime !== undefined && now >= startTime) {
      history.completedMapSeconds += now - startTime;
      history.completedMaps += 1;
    }
    this.#cache.delete(job.id);
  }

  /** Something of `job` changed (a reduce ended, was preempted): recompute its estimate. */
  invalidate(job: JobId): void {
    this.#cache.delete(job);
  }

  jobCompleted(job: JobId): void {
    this.#history.delete(job);
    this.#cache.delete(job);
  }

  /** The job's estimate now. */
  of(job: JobView, view: ClusterView): JobEstimate {
    if (view.now !== this.#cachedAt) {
      this.#cache.clear();
      this.#cachedAt = view.now;
    }
    let estimate = this.#cache.get(job.id);
    if (estimate === undefined) {
      estimate = this.#compute(job, view.now);
      this.#cache.set(job.id, estimate);
    }
    return estimate;
  }

  #compute(job: JobView, now: Seconds): JobEstimate {
    const history = this.#historyOf(job);
    const completed = job.count('map', 'completed');
    const M_left = job.mapCount - completed;
    // T_mavg: mean execution time of the maps that completed or are running.
    let seconds = history.completedMapSeconds;
    let counted = history.completedMaps;
    for (const map of job.runningMaps()) {
      if (map.startTime === undefined) continue;
      seconds += Math.max(0, now - map.startTime);
      counted += 1;
    }
    const T_mavg = counted > 0 ? seconds / counted : 0;
    const since = Number.isNaN(history.firstMapStart) ? job.submitTime : history.firstMapStart;
    const M_rate = mapCompletionRate(completed, Math.min(since, now), now);
    const T_rs = remainingShuffleTime({ remainingMaps: M_left, mapRate: M_rate, meanMapTime: T_mavg });
    // R_total: the completed maps' output extrapolated to every map (exact once all are done).
    const R_total = completed > 0 ? (job.completedMapOutputBytes * job.mapCount) / completed : 0;
    const R_done = Math.min(R_total, reducedBytes(job, R_total));
    return {
      job: job.id,
      remainingShuffleTime: T_rs,
      remainingReduceData: remainingReduceData(R_total, R_done),
      M_left,
      M_rate,
      T_mavg,
      R_total,
      R_done,
    };
  }
}

/**
 * `R_done`: intermediate data the job's reduces have reduced — the completed reduces'
 * partitions and the reduce-phase progress of running and suspended ones, partitions
 * taken even (`R_total / reduces`).
 */
function reducedBytes(job: JobView, total: Bytes): Bytes {
  if (job.reduceCount === 0 || total === 0) return 0;
  let partitions = job.count('reduce', 'completed');
  for (const reduce of job.runningReduces()) partitions += reduce.reduceProgress;
  for (const reduce of job.waitingReduces()) {
    if (reduce.state !== 'suspended') break; // suspended ones come first
    partitions += reduce.reduceProgress;
  }
  return (partitions * total) / job.reduceCount;
}

/**
 * FCS's order by remaining work (Algorithm 1 line 7, Algorithm 2 line 2): by `T_rs`, ties
 * by `R_left`, and — where the paper has nothing more — by submission (job id), so the
 * order is total and deterministic. Negative when `a` has less work left.
 */
export function compareEstimates(a: JobEstimate, b: JobEstimate): number {
  return compareRemainingWork(a, b) || a.job - b.job;
}

/**
 * Algorithm 1 line 7: job `j` has more remaining work than the requester `i` —
 * `T_rs(j) > T_rs(i)`, or equal `T_rs` and `R_left(j) > R_left(i)`. Strict: equal work
 * never preempts.
 */
export function hasMoreWork(j: JobEstimate, i: JobEstimate): boolean {
  return compareRemainingWork(j, i) > 0;
}
