/**
 * A user MTS skipped at an offer (`D_i^m` grew): none of its jobs had a data-local,
 * shuffle-qualified map. In wait mode (`maxWait` set, §IV-A) it also carries
 * `waitedSeconds` — seconds since the user's first skip after its last launch — and
 * `maxWaitSeconds`, the `maxWait` after which the locality requirement lifts; when present
 * these decide, not `skips` against `maxSkips`. (They are left to the index signature, not
 * declared optional, so the type reads the same with or without `exactOptionalPropertyTypes`.)
 */
export interface NasSkippedGroup {
  readonly [key: string]: string | number | readonly number[];
  /** User-order group key (`user:3`). */
  readonly group: string;
  /** Its jobs with a pending map, all passed over. */
  readonly jobs: readonly number[];
  /** `D_i^m` after this skip, and the `D^m` that lifts the locality requirement. */
  readonly skips: number;
  readonly maxSkips: number;
}
