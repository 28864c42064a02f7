import { EvidenceEntries, evidenceList } from '@rackwise/policy-kit';
import type { EvidenceDetail, JobView } from '@rackwise/types';

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
  /** Its jobs with a pending map, all passed over (the first few in `bounded` evidence). */
  readonly jobs: readonly number[];
  /** How many jobs it had with a pending map. */
  readonly jobCount: number;
  /** `D_i^m` after this skip, and the `D^m` that lifts the locality requirement. */
  readonly skips: number;
  readonly maxSkips: number;
}

/**
 * The users MTS skipped at one offer, kept as the host asked: every user and job for
 * `full` evidence; for `bounded`, the first users with their first jobs, and how many.
 */
export class SkippedGroups extends EvidenceEntries<NasSkippedGroup> {
  constructor(private readonly listDetail: EvidenceDetail) {
    super(listDetail);
  }

  /** One more user skipped; `facts` are read only when the user is kept. */
  skip(
    key: string,
    jobs: readonly JobView[],
    facts: () => { skips: number; maxSkips: number; waitedSeconds?: number; maxWaitSeconds?: number },
  ): void {
    this.add(() => ({
      group: key,
      jobs: evidenceList(jobs, this.listDetail).map((j) => j.id),
      jobCount: jobs.length,
      ...facts(),
    }));
  }
}
