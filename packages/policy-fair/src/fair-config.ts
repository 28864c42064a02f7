/**
 * What the Fair Scheduler shares slots among (Hadoop Fair Scheduler; ShuffleWatcher §2.2
 * uses users, NAS §IV jobs, Hadoop pools queues):
 * - `user`: one group per user (`user:<id>`);
 * - `queue`: one group per pool, the job's queue (`queue:<name>`);
 * - `job`: one group per job (`job:<id>`).
 */
export type FairGroupBy = 'user' | 'queue' | 'job';

/** How a group orders its own jobs: submission order (`fifo`) or fewest running tasks first (`fair`). */
export type FairJobOrder = 'fifo' | 'fair';

/** Configuration of {@link createFairPolicy} and {@link createFairUserOrder}. Defaults: {@link FAIR_DEFAULTS}. */
export interface FairConfig {
  /** Name the policy reports. */
  readonly name: string;
  readonly groupBy: FairGroupBy;
  /** Order of the jobs inside a group. Hadoop's default pool scheduling mode is FIFO. */
  readonly jobOrder: FairJobOrder;
  /** Weight of a group by key (`user:3`, `queue:prod`, `job:7`); missing keys weigh `defaultWeight`. */
  readonly weights: Readonly<Record<string, number>>;
  /** Weight of a group absent from `weights`. */
  readonly defaultWeight: number;
  /**
   * Minimum share of a group by key, in slots of the kind offered (the same number for
   * map, reduce and container slots). A group below its minimum share (and demanding
   * more) is served before every group at or above it.
   */
  readonly minShares: Readonly<Record<string, number>>;
  /**
   * Under the container slot model, the share of containers that reduces of jobs with
   * maps still to launch may hold (MapReduce AM's reduce ramp-up limit, 0.5). Unused with
   * split slots.
   */
  readonly reduceRampupLimit: number;
}

/** Hadoop Fair Scheduler defaults: per-user shares, equal weights, no minimum shares, FIFO inside a user. */
export const FAIR_DEFAULTS: FairConfig = Object.freeze({
  name: 'fair',
  groupBy: 'user',
  jobOrder: 'fifo',
  weights: Object.freeze({}),
  defaultWeight: 1,
  minShares: Object.freeze({}),
  reduceRampupLimit: 0.5,
});
