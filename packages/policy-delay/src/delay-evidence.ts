import type { DecisionEvidence } from '@rackwise/types';

/** A job Delay passed over at an offer: it waits for locality. */
export interface DelaySkippedJob {
  readonly [key: string]: string | number;
  readonly job: number;
  readonly why: string;
  /** Its wait after this offer: offers skipped (`by: 'skips'`) or seconds waited. */
  readonly waited: number;
}

/**
 * What Delay saw when it decided (`decision.evidence`, when the host asked for it): the
 * task and its locality level, how long its job had waited against the two thresholds,
 * and the jobs passed over because they wait for locality (`bounded` evidence, the default,
 * names the first few and counts them all; `full` lists them all).
 */
export interface DelayEvidence extends DecisionEvidence {
  readonly job?: number;
  /** The group (user, queue) of the order the launched job came from. */
  readonly group?: string;
  readonly task?: string;
  readonly locality?: string;
  readonly node: number;
  readonly rack: number;
  /** `skips` (offers) or `time` (seconds). */
  readonly measure: string;
  /** The launched job's wait before this offer, in `measure`. */
  readonly waited?: number;
  /** Waits after which rack-local, then any, locality is allowed. */
  readonly thresholds: readonly number[];
  /** The jobs passed over because they wait for locality: all of them in `full` evidence, the first few in `bounded`. */
  readonly skipped: readonly DelaySkippedJob[];
  /** How many jobs were passed over. */
  readonly skippedCount: number;
}
