import type { ClusterView, JobView, ServiceGroup, SlotKind } from '@rackwise/types';

/** A user's candidate jobs, and those of them past slowstart with a waiting reduce. */
export interface Candidates {
  readonly jobs: readonly JobView[];
  /** Undefined where not found (a group cut afresh). */
  readonly reduceJobs: readonly JobView[] | undefined;
}

/** A group's candidates for each slot kind, as of its version. */
interface KeptCandidates {
  readonly version: number;
  readonly jobs: (Candidates | undefined)[];
}

/** Whether a job is past slowstart with a waiting reduce (what `reduceAvailable` asks first). */
const reduceWaiting = (job: JobView): boolean => job.reducesReady && job.waitingReduces().length > 0;

/** Candidates with their jobs that may have a reduce to launch. */
function candidatesOf(jobs: readonly JobView[]): Candidates {
  return { jobs, reduceJobs: Object.freeze(jobs.filter(reduceWaiting)) };
}

/**
 * Each user-order group's candidate jobs — those with a task the slot could run, of the
 * earliest starvation window, in arrival order — kept under the group object while the
 * order hands it out with the same `ServiceGroup.version` (which moves with everything
 * the candidates read: pending maps, waiting reduces, readiness). One set per slot kind:
 * the reduce ramp-up does not change them (in a container a job with a pending map is a
 * candidate for it; one without is not held back by the ramp-up; a reduce slot is never
 * capped). Groups without a version are cut afresh.
 */
export class GroupCandidates {
  readonly #kept = new WeakMap<ServiceGroup, KeptCandidates>();

  of(
    group: ServiceGroup,
    view: ClusterView,
    kind: SlotKind,
    cut: (group: ServiceGroup) => readonly JobView[],
  ): Candidates {
    const version = group.version;
    if (version === undefined || view.stateVersion === undefined)
      return { jobs: cut(group), reduceJobs: undefined };
    let entry = this.#kept.get(group);
    if (entry === undefined || entry.version !== version) {
      entry = { version, jobs: [] };
      this.#kept.set(group, entry);
    }
    const at = kind === 'map' ? 0 : kind === 'reduce' ? 1 : 2;
    let jobs = entry.jobs[at];
    if (jobs === undefined) {
      jobs = candidatesOf(Object.freeze(cut(group)));
      entry.jobs[at] = jobs;
    }
    return jobs;
  }
}
