import type { Fraction, Seconds, UserOrder } from '@rackwise/types';

/**
 * How a preempted reduce gives up its slot (FCS §3.1, §5.2.2):
 * - `work-conserving`: the Preemptive ReduceTask — it keeps its fetched segments and its
 *   reduce progress, and resumes (on its node, or migrated after `migrationDelay` offers);
 * - `kill`: Hadoop's kill-based preemption — its fetched bytes and progress are lost and it
 *   starts again from scratch on any node.
 */
export type FcsPreemptionMode = 'work-conserving' | 'kill';

/**
 * What `Demand(J_i)` of Algorithm 1 counts:
 * - `waiting`: every reduce of the job without a slot — pending and suspended (Hadoop's
 *   demand, the literal reading);
 * - `launchable`: only the reduces a slot freed on another node could take under
 *   Algorithm 2 — pending ones and suspended ones already past `D` delays. A suspended
 *   reduce below `D` only resumes on its own node, so preempting elsewhere for it frees a
 *   slot it may not take.
 */
export type FcsDemand = 'waiting' | 'launchable';

/** Configuration of {@link createFcsPolicy}. Defaults: {@link FCS_DEFAULTS} (the paper's values). */
export interface FcsConfig {
  /** Name the policy reports (`fcs`, `fcs-kill`, `fcs-no-migration`). */
  readonly name: string;
  /**
   * The independent fairness policy that schedules maps (§4: "MapTasks are scheduled
   * under independent scheduling policies, such as max-min fair sharing"): Fair's order
   * in the paper. Required; it has no default.
   */
  readonly userOrder: UserOrder;
  readonly preemptionMode: FcsPreemptionMode;
  /**
   * Upper bound of a reduce's execution slackness `E_slack` (§4): once it is reached the
   * reduce is no longer preemptable. "5 by default".
   */
  readonly slacknessBound: number;
  /** A reduce whose progress `C_pctg` has gone over this is not preemptable (§4: 70 %). */
  readonly maxPreemptableProgress: Fraction;
  /**
   * A reduce (re)launched less than this many seconds ago is "newly launched" and not
   * preemptable (§4 gives no length). 3 s, Hadoop 1's shortest TaskTracker heartbeat:
   * the first progress report of the new attempt.
   */
  readonly newReduceGrace: Seconds;
  /**
   * `D` of Algorithm 2 (line 11): a preempted reduce passed over more than `D` times
   * migrates to the node that offers. §4 derives it as `−M · ln((1 − L) / (1 + (1 − L)))`
   * (`migrationDelay` of `@rackwise/estimators`); §5.2.1 settles on 60. `Infinity`
   * never migrates.
   */
  readonly migrationDelay: number;
  /** Migrate at all (`false`: `fcs-no-migration`, the baseline of Fig. 6). */
  readonly migration: boolean;
  /**
   * Weight of the shuffle in a reduce's progress `C_pctg` (the rest is its reduce phase).
   * Hadoop reports the copy phase as the first third of a reduce's progress.
   */
  readonly shuffleProgressWeight: Fraction;
  /** What `Demand(J_i)` counts; see {@link FcsDemand}. */
  readonly demand: FcsDemand;
  /** Seconds between the checks of Algorithm 1 (the host's tick). Hadoop 1's heartbeat: 3 s; 1 s here, the engine's heartbeat. */
  readonly tickInterval: Seconds;
}

/** The configuration every field of which has a default: all but `userOrder`. */
export type FcsDefaults = Omit<FcsConfig, 'userOrder'>;

/** The paper's defaults (§4, §5.2.1): work-conserving, `E_slack` ≤ 5, 70 %, `D` = 60. */
export const FCS_DEFAULTS: FcsDefaults = Object.freeze({
  name: 'fcs',
  preemptionMode: 'work-conserving',
  slacknessBound: 5,
  maxPreemptableProgress: 0.7,
  newReduceGrace: 3,
  migrationDelay: 60,
  migration: true,
  shuffleProgressWeight: 1 / 3,
  demand: 'launchable',
  tickInterval: 1,
});
