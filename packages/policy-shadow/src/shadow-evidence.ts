import type { RackPlacementEvidence } from '@rackwise/policy-kit';

/**
 * Evidence of a duplicate launch (Shadow §4.2, Algorithm 1), built only when the host asks
 * (`PolicyContext.recordEvidence`).
 */
export interface ShadowDuplicateEvidence {
  readonly [key: string]: number | string | null | readonly number[];
  readonly kind: 'duplicate';
  /** Rack of the original (the most loaded when planned) and of the copy (the least). */
  readonly fromRack: number;
  readonly toRack: number;
  /** The job's maps per rack (originals and chosen copies) before and after this duplicate. */
  readonly mapsPerRackBefore: readonly number[];
  readonly mapsPerRackAfter: readonly number[];
  /** Eq. 10 in the count form of §4.2 (reduces dealt round-robin), before and after. */
  readonly skewBefore: number | null;
  readonly skewAfter: number | null;
}

/** Evidence of an original map or a reduce launch: its rack and the job's maps per rack. */
export type ShadowPlacementEvidence = RackPlacementEvidence;

/** What Shadow records of a launch decision. */
export type ShadowEvidence = ShadowDuplicateEvidence | ShadowPlacementEvidence;

/**
 * One task-selection outcome (§4.3), kept by the policy for every map that had a copy:
 * `early-choice` — the duplicate finished first and is used; `chosen-before-t` — the
 * original finished first and eq. 11 puts the duplicate's finish by `T`, so it is used;
 * `chosen-by-model` / `killed-by-model` — otherwise eq. 13 kept the duplicate / the
 * original. The eq. 11–13 quantities are those of the decision.
 */
export interface ShadowSelection {
  readonly job: number;
  readonly map: number;
  readonly outcome: 'early-choice' | 'chosen-before-t' | 'chosen-by-model' | 'killed-by-model';
  readonly time: number;
  readonly fromRack: number;
  readonly toRack: number;
  /** `T` (estimated when the original finished before the job's other originals). */
  readonly originalsDoneAt?: number;
  /** Eq. 11 finish time of the copy, `start + D_ij / B_iu + R_j`. */
  readonly predictedFinish?: number;
  /** `D_ij` bytes and `B_iu` bits per second of the copy's input read. */
  readonly crossRackInputBytes?: number;
  readonly inputBandwidth?: number;
  /** Eq. 13 totals with and without the copy. */
  readonly totalWith?: number;
  readonly totalWithout?: number;
}

/** Shadow's own counters, for reports (Figs. 16–19). */
export interface ShadowStatistics {
  readonly duplicatesLaunched: number;
  /** Duplicates used by the shuffle (early, or by the model). */
  readonly duplicatesChosen: number;
  /** Duplicates chosen because they finished first (§4.3's early choice). */
  readonly chosenEarly: number;
  /** Duplicates used because eq. 11 put their finish by `T` (their originals finished first). */
  readonly chosenBeforeT: number;
  /** Duplicates chosen by eq. 13 while still running. */
  readonly chosenByModel: number;
  /** Duplicates whose originals eq. 13 kept. */
  readonly killedByModel: number;
  /** Chosen duplicates that finished before `T`, the moment the job's last original finished. */
  readonly finishedBeforeT: number;
  /** |eq. 11 − real finish| / real run time of each copy chosen by the model; mean and count. */
  readonly predictionErrorMean: number;
  readonly predictionErrors: number;
}
