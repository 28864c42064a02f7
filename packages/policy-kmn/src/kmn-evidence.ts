import type { RackPlacementEvidence } from '@rackwise/policy-kit';

/** Evidence of an extra copy's launch, built only on request. */
export interface KmnCopyEvidence {
  readonly [key: string]: number | string | null | readonly number[];
  readonly kind: 'copy';
  /** Rack of the original and of the copy (drawn at random). */
  readonly fromRack: number;
  readonly toRack: number;
  /** Extra copies of the job still to launch after this one. */
  readonly copiesLeft: number;
}

/** Evidence of an original map or a reduce launch: its rack and the job's maps per rack. */
export type KmnPlacementEvidence = RackPlacementEvidence;

/** What KMN records of a launch decision. */
export type KmnEvidence = KmnCopyEvidence | KmnPlacementEvidence;

/**
 * One choice between a map's two copies, made when the first finishes: the balance
 * (eq. 10 Skew by map counts, reduces round-robin) of the job's chosen copies with each.
 */
export interface KmnChoice {
  readonly job: number;
  readonly map: number;
  readonly time: number;
  readonly finishedRack: number;
  readonly runningRack: number;
  readonly keptRack: number;
  readonly skewKeepingFinished: number | null;
  readonly skewKeepingRunning: number | null;
  /** The job's maps per rack once the choice is made. */
  readonly mapsPerRack: readonly number[];
}

/** KMN's counters. */
export interface KmnStatistics {
  readonly copiesLaunched: number;
  /** Maps whose extra copy's output is used. */
  readonly copiesChosen: number;
  /** Choices made while the kept copy was still running. */
  readonly chosenWhileRunning: number;
}
