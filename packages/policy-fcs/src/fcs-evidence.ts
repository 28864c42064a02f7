import type { DecisionEvidence, PreemptionRequest } from '@rackwise/types';

/** A job's remaining work as FCS ranked it (§4): `T_rs` and `R_left`. */
export interface FcsJobWorkEvidence {
  readonly [key: string]: number;
  readonly job: number;
  /** `T_rs = (M_left / M_rate) × T_mavg` (an ordering key; `Infinity` before any map completed). */
  readonly T_rs: number;
  /** `R_left = R_total − R_done`, bytes. */
  readonly R_left: number;
}

/**
 * Evidence of a launch in a reduce slot (Algorithm 2): which rule launched it, the job's
 * remaining work and its rank in `L_rem`; for a migration, the delay count against `D`.
 */
export interface FcsLaunchEvidence extends DecisionEvidence {
  readonly algorithm: 'fcs-algorithm-2';
  /** `resume-local` (preempted from this node), `first-launch` (never launched, or killed), `migrate`. */
  readonly rule: 'resume-local' | 'first-launch' | 'migrate';
  readonly work: FcsJobWorkEvidence;
  /** Position of the job in `L_rem` (0 = least remaining work). */
  readonly rank: number;
  /** Migration only: offers the reduce was passed over (`r.migration`) and `D`. */
  readonly delays: number | null;
  readonly migrationDelay: number;
}

/**
 * Evidence of a map launch: the map went to the group the fairness order put first that
 * had a map for the slot.
 */
export interface FcsMapEvidence extends DecisionEvidence {
  readonly algorithm: 'fairness-order';
  readonly userOrder: string;
  readonly group: string;
  /** Position of the group in the order. */
  readonly rank: number;
}

/**
 * Evidence of one preemption (Algorithm 1): the requester's demand and remaining work, the
 * victim job's, and why the reduce was preemptable (`IsPreemptable` of §4).
 */
export interface FcsPreemptionEvidence extends DecisionEvidence {
  readonly algorithm: 'fcs-algorithm-1';
  readonly requester: FcsJobWorkEvidence;
  /** `Demand(J_i)`: the requester's waiting reduces. */
  readonly demand: number;
  /** Free reduce slots left to the requester when it was examined. */
  readonly available: number;
  readonly victim: FcsJobWorkEvidence;
  /** Which rule of line 7 held: `T_rs` larger, or equal `T_rs` and `R_left` larger. */
  readonly comparison: 'larger-T_rs' | 'equal-T_rs-larger-R_left';
  /** The victim reduce's `E_slack`, below `slacknessBound`. */
  readonly slackness: number;
  readonly slacknessBound: number;
  /** Its progress `C_pctg`, at most `maxPreemptableProgress`. */
  readonly progress: number;
  readonly maxPreemptableProgress: number;
  /** Seconds since its last launch, at least `newReduceGrace`. */
  readonly sinceLaunch: number;
  readonly newReduceGrace: number;
}

/** A preemption request of FCS: `evidence` only when the host asked for it. */
export interface FcsPreemptionRequest extends PreemptionRequest {
  readonly evidence?: FcsPreemptionEvidence;
}
