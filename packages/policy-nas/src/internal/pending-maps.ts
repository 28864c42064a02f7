import type { ClusterView, JobView, UserId } from '@rackwise/types';

const hasPendingMap = (job: JobView): boolean => job.count('map', 'pending') > 0;

/**
 * Whether some active job has a pending map, kept per cluster state: pending maps change
 * only when a map launches or a job arrives, both of which move `stateVersion` and the
 * job's user's `UserView.version`. A new state looks again only at the users whose
 * version moved. Without a `stateVersion`, every call looks at every active job.
 */
export class PendingMapWatch {
  private view: ClusterView | undefined;
  private version: number | undefined;
  private answer = false;
  private readonly byUser = new Map<UserId, { version: number; pending: boolean }>();

  /** Whether some active job of the view has a pending map. */
  any(view: ClusterView): boolean {
    const version = view.stateVersion;
    if (version === undefined) return view.activeJobs().some(hasPendingMap);
    if (view === this.view && version === this.version) return this.answer;
    if (view !== this.view) this.byUser.clear();
    this.view = view;
    this.version = version;
    this.answer = this.fromUsers(view);
    return this.answer;
  }

  private fromUsers(view: ClusterView): boolean {
    for (const user of view.activeUsers()) {
      const version = user.version;
      if (version === undefined) return view.activeJobs().some(hasPendingMap);
      let entry = this.byUser.get(user.id);
      if (entry === undefined) {
        entry = { version: Number.NaN, pending: false };
        this.byUser.set(user.id, entry);
      }
      if (entry.version !== version) {
        entry.version = version;
        entry.pending = user.jobs.some(hasPendingMap);
      }
      if (entry.pending) return true;
    }
    return false;
  }
}
