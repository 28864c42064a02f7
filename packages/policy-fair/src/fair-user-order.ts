import { keptJobOrder, keptUserOrder, versionedOrder } from '@rackwise/policy-kit';
import type { ClusterView, JobView, PolicyContext, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import type { FairConfig } from './fair-config.js';
import {
  type FairScore,
  compareFairScores,
  hasGroupTables,
  hasWaitingWork,
  runningOf,
  scoreFairGroups,
  scoreGroup,
  servedJobs,
  userRunning,
} from './internal/fair-share.js';
import { resolveFairConfig } from './internal/resolve-fair-config.js';

/**
 * The Hadoop Fair Scheduler's order (FairShareComparator; NAS §II, ShuffleWatcher §2.2):
 * groups below their minimum share come first, by running / minimum share; then the
 * rest by running / weight — the group furthest below its weighted fair share first.
 * Ties go to the group whose first job was submitted earlier, then to the lower user id
 * (or the earlier queue or job). Running tasks and demand count the slot kind offered
 * (maps and reduces together for a container).
 *
 * Groups with no waiting task for the kind are left out; so are such jobs inside a group.
 * Computed once per kind and `ClusterView.stateVersion`; per-user and per-job orders on a
 * host that keeps `UserView.version` are kept between states, rescoring only the users
 * that changed (`keptUserOrder`), or the jobs of those users, moving only the jobs whose
 * standing changed (`keptJobOrder`).
 */
export function createFairUserOrder(config?: Partial<FairConfig>, _context?: PolicyContext): UserOrder {
  const resolved = resolveFairConfig(config ?? {});
  const fresh = versionedOrder(
    resolved.name,
    (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] => {
      const entries: { key: string; jobs: readonly JobView[]; score: FairScore }[] = [];
      scoreFairGroups(view, kind, resolved, (prefix, id, jobs, score) => {
        entries.push({ key: `${prefix}:${id}`, jobs: servedJobs(jobs, kind, resolved), score: { ...score } });
      });
      entries.sort((a, b) => compareFairScores(a.score, b.score));
      return entries.map((e) => ({ key: e.key, jobs: e.jobs }));
    },
  );
  const tables = hasGroupTables(resolved);
  if (resolved.groupBy === 'job')
    return keptJobOrder<FairScore>(
      {
        score: (job, kind, group, spare) => {
          if (!hasWaitingWork(group, kind)) return undefined;
          const score = spare ?? { needy: false, ratio: 0, first: 0, rank: job.id };
          score.rank = job.id;
          scoreGroup('job', job.id, group, undefined, kind, resolved, tables, score);
          return score;
        },
        jobs: (job) => [job],
        compare: compareFairScores,
        // Without per-job tables a job's score is running / weight, its submit time and its
        // id: while it waits, only its running tasks move it.
        ...(tables ? {} : { held: runningOf }),
      },
      fresh,
    );
  if (resolved.groupBy !== 'user') return fresh;
  return keptUserOrder<KeptFairScore>(
    {
      score: (user, _view, kind, previous) => {
        // One pass over the user's jobs: those with waiting work, handed out by `jobs`, and
        // of those the ones with a ready reduce (in FIFO job order, where they keep it).
        const ready: JobView[] | undefined = resolved.jobOrder === 'fifo' ? [] : undefined;
        const served = servedJobs(user.jobs, kind, resolved, ready);
        if (served.length === 0) return undefined;
        const score = previous ?? { needy: false, ratio: 0, first: 0, rank: user.id, served, ready };
        score.served = served;
        score.ready = ready;
        scoreGroup('user', user.id, user.jobs, userRunning(user, kind), kind, resolved, tables, score);
        return score;
      },
      jobs: (_user, _kind, score) => score.served,
      readyReduces: (score) => score.ready,
      compare: compareFairScores,
    },
    fresh,
  );
}

/** A user's kept score, with its jobs that have waiting work (found while scoring). */
interface KeptFairScore extends FairScore {
  served: readonly JobView[];
  /** Of `served`, those with a ready reduce, in order; undefined where not found. */
  ready: readonly JobView[] | undefined;
}
