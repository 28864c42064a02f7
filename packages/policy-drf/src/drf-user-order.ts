import { keptUserOrder, versionedOrder, waitsFor } from '@rackwise/policy-kit';
import type { ClusterView, JobView, PolicyContext, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import type { DrfConfig } from './drf-config.js';
import { dominantShare } from './internal/dominant-share.js';
import { resolveDrfConfig } from './internal/resolve-drf-config.js';

/** A group's standing in the DRF order. */
interface DrfScore {
  share: number;
  first: number;
  readonly key: string;
}

/** Lowest weighted dominant share first, then the earlier first job, then the key. */
function compareDrfScores(a: DrfScore, b: DrfScore): number {
  return a.share - b.share || a.first - b.first || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/**
 * Dominant Resource Fairness order (Ghodsi et al., NSDI 2011; ShuffleWatcher §2.2, §4.2):
 * groups with waiting work for the slot kind, lowest dominant share / weight first; ties
 * go to the group whose first job was submitted earlier. Inside a group, jobs are FIFO.
 * Computed once per kind and `ClusterView.stateVersion`; per-user orders on a host that
 * keeps `UserView.version` are kept between states, rescoring only the users that changed
 * (`keptUserOrder`).
 */
export function createDrfUserOrder(config?: Partial<DrfConfig>, _context?: PolicyContext): UserOrder {
  const resolved = resolveDrfConfig(config);
  const keyOf = (job: JobView): string =>
    resolved.groupBy === 'user'
      ? `user:${job.user}`
      : resolved.groupBy === 'queue'
        ? `queue:${job.queue}`
        : `job:${job.id}`;
  const shareOf = (key: string, jobs: readonly JobView[], view: ClusterView): number =>
    dominantShare(jobs, view, resolved.defaultDemand, resolved.countSlots) /
    (resolved.weights[key] ?? resolved.defaultWeight);
  const fresh = versionedOrder(
    resolved.name,
    (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] => {
      const groups = new Map<string, JobView[]>();
      for (const job of view.activeJobs()) {
        const key = keyOf(job);
        const jobs = groups.get(key);
        if (jobs === undefined) groups.set(key, [job]);
        else jobs.push(job);
      }
      const entries: { jobs: JobView[]; score: DrfScore }[] = [];
      for (const [key, all] of groups) {
        const jobs = all.filter((j) => waitsFor(j, kind));
        if (jobs.length === 0) continue;
        entries.push({ jobs, score: { key, share: shareOf(key, all, view), first: all[0]!.submitTime } });
      }
      entries.sort((a, b) => compareDrfScores(a.score, b.score));
      return entries.map((e) => ({ key: e.score.key, jobs: e.jobs }));
    },
  );
  if (resolved.groupBy !== 'user') return fresh;
  return keptUserOrder<KeptDrfScore>(
    {
      score: (user, view, kind, previous) => {
        // One pass over the user's jobs: those with waiting work, handed out by `jobs`.
        const served: JobView[] = [];
        for (const job of user.jobs) if (waitsFor(job, kind)) served.push(job);
        if (served.length === 0) return undefined;
        const score = previous ?? { key: `user:${user.id}`, share: 0, first: 0, served };
        score.served = served;
        score.share = shareOf(score.key, user.jobs, view);
        score.first = user.jobs[0]!.submitTime;
        return score;
      },
      jobs: (_user, _kind, score) => score.served,
      compare: compareDrfScores,
    },
    fresh,
  );
}

/** A user's kept score, with its jobs that have waiting work (found while scoring). */
interface KeptDrfScore extends DrfScore {
  served: readonly JobView[];
}
