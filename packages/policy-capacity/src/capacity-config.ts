/** One queue of the Capacity Scheduler. */
export interface CapacityQueue {
  /** The queue name jobs carry in `job.queue`. */
  readonly name: string;
  /** Guaranteed share of the cluster's slots of each kind, in (0, 1]. */
  readonly capacity: number;
  /**
   * Most of the cluster's slots of a kind the queue may hold when others leave theirs
   * idle, in [capacity, 1]. Default 1 (it may borrow everything idle).
   */
  readonly maximumCapacity?: number;
}

/**
 * What happens to a job whose queue is not configured:
 * - `default`: it is served as part of `defaultQueue`;
 * - `error`: the policy throws an `Error` naming the job, its queue and the known queues
 *   (when the job is submitted, or at the latest when it is first ordered).
 */
export type UnknownQueueRule = 'default' | 'error';

/** Configuration of {@link createCapacityPolicy}. Defaults: {@link CAPACITY_DEFAULTS}. */
export interface CapacityConfig {
  /** Name the policy reports. */
  readonly name: string;
  /** The queues; capacities must sum to at most 1. */
  readonly queues: readonly CapacityQueue[];
  readonly unknownQueue: UnknownQueueRule;
  /**
   * Queue that takes jobs of unknown queues under `unknownQueue: 'default'`; must be
   * configured. Absent: the queue named `default` if there is one, else the first queue.
   */
  readonly defaultQueue?: string;
  /**
   * Under the container slot model, the share of containers that reduces of jobs with
   * maps still to launch may hold (MapReduce AM's reduce ramp-up limit, 0.5). Unused with
   * split slots.
   */
  readonly reduceRampupLimit: number;
}

/**
 * One queue, `default`, holding the whole cluster: Hadoop's out-of-the-box Capacity
 * Scheduler, which then schedules FIFO. The FCS paper (§5) does not list its queues;
 * experiments configure them.
 */
export const CAPACITY_DEFAULTS: CapacityConfig = Object.freeze({
  name: 'capacity',
  queues: Object.freeze([Object.freeze({ name: 'default', capacity: 1 })]),
  unknownQueue: 'default',
  reduceRampupLimit: 0.5,
});
