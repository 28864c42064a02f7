import { executionSlackness, reduceWorkFraction } from '@rackwise/estimators';
import type { Fraction, JobId, JobView, ReduceTaskView, Seconds } from '@rackwise/types';

/** What FCS keeps of one reduce between calls. */
export interface ReduceRecord {
  /** `T_svc` of the spells that ended (preempted ones). */
  serviceSeconds: Seconds;
  /** Start of the current spell; NaN while not running. */
  runningSince: Seconds;
  /** Last (re)launch. */
  lastLaunch: Seconds;
  /** `r.migration` of Algorithm 2: offers it was passed over since it was preempted. */
  delays: number;
  /** When it was last preempted (Algorithm 2 line 9: oldest first). */
  preemptedAt: Seconds;
}

/** Why a running reduce may or may not be preempted (§4, `IsPreemptable`). */
export type PreemptableVerdict = 'preemptable' | 'newly-launched' | 'past-progress-limit' | 'slackness-bound';

/** The numbers `IsPreemptable` looked at. */
export interface PreemptableCheck {
  readonly verdict: PreemptableVerdict;
  /** `E_slack = T_total / T_est`. */
  readonly slackness: number;
  /** `C_pctg`. */
  readonly progress: Fraction;
  /** Seconds since its last (re)launch. */
  readonly sinceLaunch: Seconds;
}

/** The limits of `IsPreemptable` (FCS §4). */
export interface PreemptableLimits {
  readonly slacknessBound: number;
  readonly maxPreemptableProgress: Fraction;
  readonly newReduceGrace: Seconds;
  readonly shuffleProgressWeight: Fraction;
}

/**
 * A reduce's `C_pctg`: its shuffle progress (fetched over its partition, the partition
 * extrapolated from the completed maps' share) and reduce-phase progress, weighted as
 * Hadoop reports them (`reduceWorkFraction`).
 */
export function reduceProgress(job: JobView, reduce: ReduceTaskView, shuffleWeight: Fraction): Fraction {
  const completedMaps = job.count('map', 'completed');
  let fetched = 0;
  if (reduce.reduceProgress > 0) fetched = 1;
  else if (completedMaps > 0 && reduce.availableBytes > 0) {
    const partition = (reduce.availableBytes * job.mapCount) / completedMaps;
    fetched = Math.min(1, reduce.fetchedBytes / partition);
  } else if (completedMaps === job.mapCount) fetched = 1;
  return reduceWorkFraction(fetched, Math.min(1, Math.max(0, reduce.reduceProgress)), shuffleWeight);
}

/** Per-reduce records of FCS: service time, launch time, migration delays. */
export class ReduceRecords {
  readonly #records = new Map<JobId, Map<number, ReduceRecord>>();

  /** The record of a reduce, created empty when first asked. */
  of(job: JobId, index: number): ReduceRecord {
    let byIndex = this.#records.get(job);
    if (byIndex === undefined) {
      byIndex = new Map();
      this.#records.set(job, byIndex);
    }
    let record = byIndex.get(index);
    if (record === undefined) {
      record = {
        serviceSeconds: 0,
        runningSince: Number.NaN,
        lastLaunch: Number.NaN,
        delays: 0,
        preemptedAt: Number.NaN,
      };
      byIndex.set(index, record);
    }
    return record;
  }

  started(job: JobId, index: number, now: Seconds): void {
    const record = this.of(job, index);
    record.runningSince = now;
    record.lastLaunch = now;
    record.delays = 0;
  }

  preempted(job: JobId, index: number, now: Seconds): void {
    const record = this.of(job, index);
    if (!Number.isNaN(record.runningSince)) record.serviceSeconds += Math.max(0, now - record.runningSince);
    record.runningSince = Number.NaN;
    record.preemptedAt = now;
    record.delays = 0;
  }

  completed(job: JobId, index: number): void {
    this.#records.get(job)?.delete(index);
  }

  jobCompleted(job: JobId): void {
    this.#records.delete(job);
  }

  /**
   * `IsPreemptable` of §4 for a running reduce: not newly launched (within
   * `newReduceGrace` of its last launch), progress not over `maxPreemptableProgress`, and
   * execution slackness below `slacknessBound`.
   */
  check(job: JobView, reduce: ReduceTaskView, now: Seconds, limits: PreemptableLimits): PreemptableCheck {
    const record = this.of(job.id, reduce.index);
    const first = reduce.startTime ?? now;
    const lastLaunch = Number.isNaN(record.lastLaunch) ? first : record.lastLaunch;
    const sinceLaunch = Math.max(0, now - lastLaunch);
    const progress = reduceProgress(job, reduce, limits.shuffleProgressWeight);
    const spell = Number.isNaN(record.runningSince) ? sinceLaunch : Math.max(0, now - record.runningSince);
    const totalTime = Math.max(0, now - first);
    const slackness = executionSlackness({
      totalTime,
      serviceTime: Math.min(totalTime, record.serviceSeconds + spell),
      completed: progress,
    });
    let verdict: PreemptableVerdict = 'preemptable';
    if (sinceLaunch < limits.newReduceGrace) verdict = 'newly-launched';
    else if (progress > limits.maxPreemptableProgress) verdict = 'past-progress-limit';
    else if (slackness >= limits.slacknessBound) verdict = 'slackness-bound';
    return { verdict, slackness, progress, sinceLaunch };
  }
}
