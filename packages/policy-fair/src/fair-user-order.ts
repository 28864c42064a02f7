import type { ClusterView, JobView, PolicyContext, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import type { FairConfig } from './fair-config.js';
import { groupJobs, runningOf, waitingOf } from './internal/fair-share.js';
import { resolveFairConfig } from './internal/resolve-fair-config.js';

interface Entry {
  readonly key: string;
  readonly jobs: readonly JobView[];
  readonly running: number;
  readonly needy: boolean;
  /** running / min(minShare, demand) for needy groups, running / weight otherwise. */
  readonly ratio: number;
  readonly first: number;
}

/**
 * The Hadoop Fair Scheduler's order (FairShareComparator; NAS §II, ShuffleWatcher §2.2):
 * groups below their minimum share come first, by running / minimum share; then the
 * rest by running / weight — the group furthest below its weighted fair share first.
 * Ties go to the group whose first job was submitted earlier. Running tasks and demand
 * count the slot kind offered (maps and reduces together for a container).
 *
 * Groups with no waiting task for the kind are left out; so are such jobs inside a group.
 */
export function createFairUserOrder(config?: Partial<FairConfig>, _context?: PolicyContext): UserOrder {
  const resolved = resolveFairConfig(config ?? {});
  return Object.freeze({
    name: resolved.name,
    order(view: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
      const entries: Entry[] = [];
      for (const [key, all] of groupJobs(view, resolved.groupBy)) {
        let running = 0;
        let waiting = 0;
        const jobs: JobView[] = [];
        for (const job of all) {
          running += runningOf(job, kind);
          const w = waitingOf(job, kind);
          waiting += w;
          if (w > 0) jobs.push(job);
        }
        if (waiting === 0) continue;
        const minShare = Math.min(resolved.minShares[key] ?? 0, running + waiting);
        const needy = running < minShare;
        const ratio = needy
          ? running / Math.max(minShare, 1)
          : running / (resolved.weights[key] ?? resolved.defaultWeight);
        if (resolved.jobOrder === 'fair') jobs.sort((a, b) => runningOf(a, kind) - runningOf(b, kind));
        entries.push({ key, jobs, running, needy, ratio, first: all[0]!.submitTime });
      }
      entries.sort(
        (a, b) =>
          Number(b.needy) - Number(a.needy) ||
          a.ratio - b.ratio ||
          a.first - b.first ||
          (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
      return entries.map((e) => ({ key: e.key, jobs: e.jobs }));
    },
  });
}
