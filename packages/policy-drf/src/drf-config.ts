import type { ResourceVector } from '@rackwise/types';

/** What DRF shares the cluster among: users (`user:<id>`), queues (`queue:<name>`) or jobs (`job:<id>`). */
export type DrfGroupBy = 'user' | 'queue' | 'job';

/** Configuration of {@link createDrfPolicy} and {@link createDrfUserOrder}. Defaults: {@link DRF_DEFAULTS}. */
export interface DrfConfig {
  /** Name the policy reports. */
  readonly name: string;
  readonly groupBy: DrfGroupBy;
  /** Weight of a group by key (weighted DRF: dominant share / weight); missing keys weigh `defaultWeight`. */
  readonly weights: Readonly<Record<string, number>>;
  readonly defaultWeight: number;
  /**
   * Demand of a task whose job gives none: a component of `job.mapDemand` /
   * `job.reduceDemand` that is not a finite number > 0 is taken from here.
   */
  readonly defaultDemand: ResourceVector;
  /** Count slots (map, reduce or container) as a resource next to vcores and memory. */
  readonly countSlots: boolean;
  /**
   * Launch only tasks whose demand fits the node's resources left by its running tasks
   * (a task always fits an otherwise idle node, so an oversized job still runs).
   */
  readonly checkFit: boolean;
  /**
   * Under the container slot model, the share of containers that reduces of jobs with
   * maps still to launch may hold (MapReduce AM's reduce ramp-up limit, 0.5). Unused with
   * split slots.
   */
  readonly reduceRampupLimit: number;
}

/**
 * DRF as ShuffleWatcher §4.2 ran it: per-user dominant shares over CPU, memory and slots,
 * equal weights; tasks without a measured demand take one vcore and 1024 MiB.
 */
export const DRF_DEFAULTS: DrfConfig = Object.freeze({
  name: 'drf',
  groupBy: 'user',
  weights: Object.freeze({}),
  defaultWeight: 1,
  defaultDemand: Object.freeze({ vcores: 1, memoryMb: 1024 }),
  countSlots: true,
  checkFit: true,
  reduceRampupLimit: 0.5,
});
