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

/** What the policy learns of a job's maps from the lifecycle hooks, and its estimate as last computed. */
interface JobSlot {
  /** First map launch (the start of `M_rate`). */
  firstMapStart: Seconds;
  /** Sum of the execution times of its completed maps. */
  completedMapSeconds: Seconds;
  completedMaps: number;
  /**
   * The estimate as last computed, valid while `at` is the view's `now` (NaN once its job
   * moved); one object per job, written again by each computation — callers read it
   * during their call only.
   */
  readonly estimate: Writable<JobEstimate>;
  at: Seconds;
  /** What the estimate reads of the job's state, kept while the job does not move (see `JobEstimates.moved`). */
  state: JobState | undefined;
}

/**
 * What an estimate reads of a job's maps: their counts, the running ones' start times and
 * the completed ones' output, which move only with a task of the job starting or ending
 * (`UserView.version` covers them). Reduce progress, which a host may move with the clock,
 * is read afresh.
 */
interface JobState {
  readonly completed: number;
  readonly M_left: number;
  /** Start times of the running maps that have one, in the job's order. */
  readonly starts: readonly Seconds[];
  readonly R_total: Bytes;
}

/**
 * Keeps, per job, what `T_rs` needs beyond the view (first map launch, execution time of
 * completed maps) and computes FCS's estimates (§4), cached per simulated instant: an
 * estimate is computed on the first call at an instant and answered from memory at that
 * instant until its job's maps or reduces move (the lifecycle hooks invalidate it).
 */
export class JobEstimates {
  readonly #slots = new Map<JobId, JobSlot>();
  #tracking = false;

  #slotOf(job: JobId): JobSlot {
    let slot = this.#slots.get(job);
    if (slot === undefined) {
      slot = {
        firstMapStart: Number.NaN,
        completedMapSeconds: 0,
        completedMaps: 0,
        estimate: {
          job,
          remainingShuffleTime: 0,
          remainingReduceData: 0,
          M_left: 0,
          M_rate: 0,
          T_mavg: 0,
          R_total: 0,
          R_done: 0,
        },
        at: Number.NaN,
        state: undefined,
      };
      this.#slots.set(job, slot);
    }
    return slot;
  }

  /** A map of `job` started at `now`. */
  mapStarted(job: JobView, now: Seconds): void {
    const slot = this.#slotOf(job.id);
    if (Number.isNaN(slot.firstMapStart)) slot.firstMapStart = now;
    slot.at = Number.NaN;
  }

  /** A map of `job` that started at `startTime` completed at `now`. */
  mapCompleted(job: JobView, startTime: Seconds | undefined, now: Seconds): void {
    const slot = this.#slotOf(job.id);
    if (startTime !== undefined && now >= startTime) {
      slot.completedMapSeconds += now - startTime;
      slot.completedMaps += 1;
    }
    slot.at = Number.NaN;
  }

  /** Something of `job` changed (a reduce ended, was preempted): recompute its estimate. */
  invalidate(job: JobId): void {
    const slot = this.#slots.get(job);
    if (slot !== undefined) slot.at = Number.NaN;
  }

  jobCompleted(job: JobId): void {
    this.#slots.delete(job);
  }

  /**
   * Whether the caller tells {@link moved} of every job whose user's `version` moved (a
   * task of the job started or ended): then what an estimate reads of a job's maps is
   * kept between computations. Turned off, nothing kept is trusted.
   */
  tracking(on: boolean): void {
    if (!on && this.#tracking) for (const slot of this.#slots.values()) slot.state = undefined;
    this.#tracking = on;
  }

  /** The job's state may have changed since its last estimate. */
  moved(job: JobId): void {
    const slot = this.#slots.get(job);
    if (slot !== undefined) slot.state = undefined;
  }

  /** The job's estimate now. */
  of(job: JobView, view: ClusterView): JobEstimate {
    const slot = this.#slotOf(job.id);
    const now = view.now;
    if (slot.at !== now) {
      let state = this.#tracking ? slot.state : undefined;
      if (state === undefined) {
        state = stateOf(job);
        if (this.#tracking) slot.state = state;
      }
      compute(job, slot, state, now, slot.estimate);
      slot.at = now;
    }
    return slot.estimate;
  }
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** What an estimate reads of the job's state now. */
function stateOf(job: JobView): JobState {
  const completed = job.count('map', 'completed');
  const starts: Seconds[] = [];
  for (const map of job.runningMaps()) if (map.startTime !== undefined) starts.push(map.startTime);
  // R_total: the completed maps' output extrapolated to every map (exact once all are done).
  const R_total = completed > 0 ? (job.completedMapOutputBytes * job.mapCount) / completed : 0;
  return { completed, M_left: job.mapCount - completed, starts, R_total };
}

/** Computes the job's estimate at `now` into `out`, from its state and map history. */
function compute(
  job: JobView,
  history: JobSlot,
  state: JobState,
  now: Seconds,
  out: Writable<JobEstimate>,
): void {
  // T_mavg: mean execution time of the maps that completed or are running.
  let seconds = history.completedMapSeconds;
  let counted = history.completedMaps;
  for (const start of state.starts) {
    seconds += Math.max(0, now - start);
    counted += 1;
  }
  const T_mavg = counted > 0 ? seconds / counted : 0;
  const since = Number.isNaN(history.firstMapStart) ? job.submitTime : history.firstMapStart;
  const M_rate = mapCompletionRate(state.completed, Math.min(since, now), now);
  const T_rs = remainingShuffleTime({ remainingMaps: state.M_left, mapRate: M_rate, meanMapTime: T_mavg });
  const { R_total } = state;
  const R_done = Math.min(R_total, reducedBytes(job, R_total));
  out.remainingShuffleTime = T_rs;
  out.remainingReduceData = remainingReduceData(R_total, R_done);
  out.M_left = state.M_left;
  out.M_rate = M_rate;
  out.T_mavg = T_mavg;
  out.R_total = R_total;
  out.R_done = R_done;
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
