import type {
  ClusterView,
  Decision,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
} from '@rackwise/types';
import { FAIR_DEFAULTS, type FairConfig } from './fair-config.js';
import { type FairEntry, compareFairEntries, fairEntries } from './internal/fair-share.js';
import { earlyReduceAllowed, pickTask } from './internal/pick-task.js';
import { resolveFairConfig } from './internal/resolve-fair-config.js';

/**
 * The Hadoop Fair Scheduler without delay scheduling (NAS §II and §IV "Fair",
 * ShuffleWatcher §2.2 and §4.2): a free slot goes to the group furthest below its fair
 * share ({@link createFairUserOrder}); inside the group, to its first job (FIFO, or the
 * job with fewest running tasks) that can use it — a waiting reduce once the job passed
 * slowstart (`job.reducesReady`), else its map nearest the node (node-local, rack-local,
 * then any). Works under split slots (map and reduce shares apart) and containers.
 *
 * Reason codes: `fair/node-local`, `fair/rack-local`, `fair/remote`, `fair/reduce`;
 * passes `fair/no-pending`. Deterministic; the context is not used.
 */
export function createFairPolicy(config?: Partial<FairConfig>, _context?: PolicyContext): SchedulerPolicy {
  const resolved = resolveFairConfig(config ?? {});
  const launchFrom = (entry: FairEntry, offer: SlotOffer, view: ClusterView): Decision | undefined => {
    const early = earlyReduceAllowed(offer, view, resolved.reduceRampupLimit);
    for (const job of entry.jobs) {
      const pick = pickTask(job, offer, view, early);
      if (pick !== undefined) return { type: 'launch', task: pick.task, reason: `fair/${pick.rule}` };
    }
    return undefined;
  };
  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const entries = fairEntries(view, offer.kind, resolved);
      // The most deserving group almost always takes the slot: find it without sorting.
      let best: FairEntry | undefined;
      for (const entry of entries)
        if (best === undefined || compareFairEntries(entry, best) < 0) best = entry;
      if (best !== undefined) {
        const decision = launchFrom(best, offer, view);
        if (decision !== undefined) return decision;
        for (const entry of entries.sort(compareFairEntries)) {
          const next = entry === best ? undefined : launchFrom(entry, offer, view);
          if (next !== undefined) return next;
        }
      }
      return { type: 'pass', reason: 'fair/no-pending' };
    },
  } satisfies SchedulerPolicy;
}

/** Registry entry of {@link createFairPolicy}. */
export const fairPolicy: PolicyDefinition<FairConfig> = Object.freeze({
  name: 'fair',
  summary: 'Hadoop Fair Scheduler: per-user fair shares with weights and minimum shares',
  defaults: FAIR_DEFAULTS,
  create: createFairPolicy,
});
