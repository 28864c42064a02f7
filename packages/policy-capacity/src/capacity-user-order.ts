import { versionedOrder, waitsFor } from '@rackwise/policy-kit';
import type { ClusterView, JobView, PolicyContext, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import type { CapacityConfig } from './capacity-config.js';
import { maximumSlots, queueOf } from './internal/queue-of.js';
import { QueueTally, kindIndex } from './internal/queue-tally.js';
import { type ResolvedCapacityConfig, resolveCapacityConfig } from './internal/resolve-capacity-config.js';

function runningOf(job: JobView, kind: SlotKind): number {
  return (
    (kind !== 'reduce' ? job.count('map', 'running') : 0) +
    (kind !== 'map' ? job.count('reduce', 'running') : 0)
  );
}

/** One queue with waiting work for a kind: its group, its used / guaranteed slots, its place in the configuration. */
interface QueueStanding {
  readonly key: string;
  readonly jobs: readonly JobView[];
  readonly used: number;
  readonly rank: number;
}

/**
 * The queues in serving order from each queue's waiting jobs and running tasks of the
 * kind: the most under-served first, ties in configuration order; a queue without waiting
 * jobs or at its maximum is left out.
 */
function serveQueues(
  config: ResolvedCapacityConfig,
  total: number,
  standing: (q: number) => { jobs: readonly JobView[]; used: number } | undefined,
): ServiceGroup[] {
  const entries: QueueStanding[] = [];
  config.queues.forEach((queue, rank) => {
    const queued = standing(rank);
    if (queued === undefined) return;
    const { jobs, used } = queued;
    if (used >= maximumSlots(queue, total)) return;
    entries.push({ key: `queue:${queue.name}`, jobs, used: used / (queue.capacity * total), rank });
  });
  entries.sort((a, b) => a.used - b.used || a.rank - b.rank);
  return entries.map((e) => ({ key: e.key, jobs: e.jobs }));
}

/** Capacity's queue order, and the running reduces of each queue it counts on the way. */
export interface CapacityOrder {
  readonly order: UserOrder;
  /**
   * Running reduces of the queue at configuration index `q` on the view's state, or
   * undefined where the order keeps no tally (the caller counts them).
   */
  runningReduces(view: ClusterView, q: number): number | undefined;
}

/**
 * The order of {@link createCapacityUserOrder} for a resolved configuration. On a host
 * that keeps `ClusterView.stateVersion` and `UserView.version`, what it counts over the
 * active jobs (each queue's running tasks and waiting jobs) is kept between states by
 * `QueueTally`, which looks again only at the jobs of the users that moved; each kind's
 * order is then sorted over the queues alone, once per state. A group's `jobs` is the
 * tally's live list, valid during the call (the `UserOrder` contract). Elsewhere every
 * call counts afresh (`versionedOrder`).
 */
export function capacityOrder(resolved: ResolvedCapacityConfig): CapacityOrder {
  const fresh = versionedOrder(
    resolved.name,
    (view: ClusterView, kind: SlotKind): readonly ServiceGroup[] => {
      const jobsOf = new Map<string, JobView[]>(resolved.queues.map((q) => [q.name, []]));
      for (const job of view.activeJobs()) jobsOf.get(queueOf(job, resolved))!.push(job);
      return serveQueues(resolved, view.totalSlots(kind), (q) => {
        const all = jobsOf.get(resolved.queues[q]!.name)!;
        const jobs = all.filter((j) => waitsFor(j, kind));
        if (jobs.length === 0) return undefined;
        return { jobs, used: all.reduce((sum, j) => sum + runningOf(j, kind), 0) };
      });
    },
  );
  const tally = new QueueTally(resolved);
  let view: ClusterView | undefined;
  let version = Number.NaN;
  const answers: (readonly ServiceGroup[] | undefined)[] = [undefined, undefined, undefined];
  const order: UserOrder = Object.freeze({
    name: resolved.name,
    order(current: ClusterView, kind: SlotKind): readonly ServiceGroup[] {
      const k = kindIndex(kind);
      const stamp = current.stateVersion;
      if (current === view && stamp === version && answers[k] !== undefined) return answers[k];
      if (!tally.refresh(current)) return fresh.order(current, kind);
      if (current !== view || stamp !== version) {
        view = current;
        version = stamp!;
        answers.fill(undefined);
      }
      let answer = answers[k];
      if (answer === undefined) {
        const groups = serveQueues(resolved, current.totalSlots(kind), (q) => {
          const jobs = tally.waiting(kind, q);
          if (jobs.length === 0) return undefined;
          const maps = kind !== 'reduce' ? tally.runningMaps(q) : 0;
          return { jobs, used: maps + (kind !== 'map' ? tally.runningReduces(q) : 0) };
        });
        answer = Object.freeze(groups.map((group) => Object.freeze(group)));
        answers[k] = answer;
      }
      return answer;
    },
  });
  return {
    order,
    runningReduces: (current, q) => (tally.refresh(current) ? tally.runningReduces(q) : undefined),
  };
}

/**
 * The Hadoop Capacity Scheduler's queue order (FCS §5 "HCS"): queues with waiting work
 * for the slot kind, the most under-served first — lowest used / guaranteed slots,
 * where guaranteed = capacity × the cluster's slots of that kind; ties in configuration
 * order. A queue holding its maximum (`maximumCapacity` × slots, but always at least one
 * slot) is left out, so idle capacity is lent to other queues only up to their maximum.
 * Inside a queue, jobs are FIFO. Groups are keyed `queue:<name>`. Computed once per kind
 * and `ClusterView.stateVersion`; on a host that keeps `UserView.version`, the queues'
 * running tasks and waiting jobs are kept between states, counted again only for the
 * users that moved.
 */
export function createCapacityUserOrder(
  config?: Partial<CapacityConfig>,
  _context?: PolicyContext,
): UserOrder {
  return capacityOrder(resolveCapacityConfig(config)).order;
}
