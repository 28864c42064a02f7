import { versionedOrder } from '@rackwise/policy-kit';
import type { ClusterView, JobView, PolicyContext, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import type { FairConfig } from './fair-config.js';
import { FairOrderIndex } from './internal/fair-order-index.js';
import { type FairScore, compareFairScores, scoreFairGroups, servedJobs } from './internal/fair-share.js';
import { resolveFairConfig } from './internal/resolve-fair-config.js';

const KINDS: readonly SlotKind[] = ['map', 'reduce', 'container'];

/**
 * The Hadoop Fair Scheduler's order (FairShareComparator; NAS §II, ShuffleWatcher §2.2):
 * groups below their minimum share come first, by running / minimum share; then the
 * rest by running / weight — the group furthest below its weighted fair share first.
 * Ties go to the group whose first job was submitted earlier, then to the lower user id
 * (or the earlier queue or job). Running tasks and demand count the slot kind offered
 * (maps and reduces together for a container).
 *
 * Groups with no waiting task for the kind are left out; so are such jobs inside a group.
 * Computed once per kind and `ClusterView.stateVersion`; per-user orders on a host that
 * keeps `UserView.version` are kept between states, rescoring only the users that changed
 * (`FairOrderIndex`).
 */
export function createFairUserOrder(config?: Partial<FairConfig>, _context?: PolicyContext): UserOrder {
  const resolved = resolveFairConfig(config ?? {});
  const compute = (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] => {
    const entries: { key: string; jobs: readonly JobView[]; score: FairScore }[] = [];
    scoreFairGroups(view, kind, resolved, (prefix, id, jobs, score) => {
      entries.push({ key: `${prefix}:${id}`, jobs: servedJobs(jobs, kind, resolved), score: { ...score } });
    });
    entries.sort((a, b) => compareFairScores(a.score, b.score));
    return entries.map((e) => ({ key: e.key, jobs: e.jobs }));
  };
  const fresh = versionedOrder(resolved.name, compute);
  if (resolved.groupBy !== 'user') return fresh;
  return incrementalOrder(resolved, fresh);
}

/** Per-user orders kept by `FairOrderIndex` per kind, falling back to `fresh` where it cannot. */
function incrementalOrder(config: FairConfig, fresh: UserOrder): UserOrder {
  let view: ClusterView | undefined;
  let indexes: (FairOrderIndex | undefined)[] = [undefined, undefined, undefined];
  const versions = [Number.NaN, Number.NaN, Number.NaN];
  const answers: (readonly ServiceGroup[] | undefined)[] = [undefined, undefined, undefined];
  return Object.freeze({
    name: fresh.name,
    order(current: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
      const version = current.stateVersion;
      if (version === undefined) return fresh.order(current, kind);
      if (current !== view) {
        // Another host: its users' versions say nothing of what was kept.
        view = current;
        indexes = [undefined, undefined, undefined];
        versions.fill(Number.NaN);
      }
      const k = KINDS.indexOf(kind);
      if (versions[k] === version) return answers[k]!;
      let index = indexes[k];
      if (index === undefined) indexes[k] = index = new FairOrderIndex(kind, config);
      const answer = index.refresh(current) ?? fresh.order(current, kind);
      versions[k] = version;
      answers[k] = answer;
      return answer;
    },
  });
}
