import type { Seconds, UserOrder } from '@rackwise/types';

/** Count a job's wait for locality in offers it was passed over (`skips`) or in seconds (`time`). */
export type DelayWaitMeasure = 'skips' | 'time';

/**
 * What a job may do after a launch below node locality (see the README):
 * - `kept` (default): it keeps the level it launched at (`j.level` of Zaharia et al.'s
 *   Algorithm 2; their Algorithm 1 resets the skip count only on a local launch), so it
 *   launches rack-local or remote again without waiting until a node-local launch brings
 *   it back to node level;
 * - `reset`: every launch sends it back to node level, and it waits D again before the
 *   next non-local map ("a job that cannot launch a local task is delayed", read per task).
 */
export type DelayRelaxedLevel = 'kept' | 'reset';

/** Configuration of {@link createDelayPolicy}. Defaults: {@link DELAY_DEFAULTS}. */
export interface DelayConfig {
  /** Name the policy reports. */
  readonly name: string;
  /**
   * The fairness order delay scheduling refines (Fair's in Hadoop, NAS §IV and
   * ShuffleWatcher §4.2). Required: it has no default, the user picks the base.
   */
  readonly userOrder?: UserOrder;
  readonly by: DelayWaitMeasure;
  /**
   * D (`by: 'skips'`): offers a job may be passed over waiting for a node-local slot
   * before it may launch a rack-local map. NAS §IV: D = 135.
   */
  readonly maxSkips: number;
  /**
   * Further offers a job may be passed over waiting for a rack-local slot before it may
   * launch any map (`by: 'skips'`). 0 (the default) relaxes straight to any map after D,
   * as NAS's single skip count does — rack-local still preferred over remote.
   */
  readonly rackMaxSkips: number;
  /**
   * Seconds a job may wait for a node-local slot before it may launch a rack-local map
   * (`by: 'time'`). NAS §IV cluster experiment: 5 s ("as in [39]").
   */
  readonly nodeLocalityWait: Seconds;
  /**
   * Further seconds a job may wait for a rack-local slot before it may launch any map
   * (`by: 'time'`). Shadow §6 set only this one (`rackLocalityDelay`): use
   * `nodeLocalityWait: 0` with it.
   */
  readonly rackLocalityWait: Seconds;
  /**
   * Under the container slot model, the share of containers that reduces of jobs with
   * maps still to launch may hold (MapReduce AM's reduce ramp-up limit, 0.5). Unused with
   * split slots.
   */
  readonly reduceRampupLimit: number;
  /** Whether a job keeps its relaxed locality level after a non-local launch. Default `kept`. */
  readonly relaxedLevel: DelayRelaxedLevel;
}

/**
 * Delay scheduling as NAS §IV simulated it: skip count D = 135, straight to any map after
 * D. The wait-time settings (5 s to node locality, then any) apply with `by: 'time'`.
 */
export const DELAY_DEFAULTS: DelayConfig = Object.freeze({
  name: 'delay',
  by: 'skips',
  maxSkips: 135,
  rackMaxSkips: 0,
  nodeLocalityWait: 5,
  rackLocalityWait: 0,
  reduceRampupLimit: 0.5,
  relaxedLevel: 'kept',
});
