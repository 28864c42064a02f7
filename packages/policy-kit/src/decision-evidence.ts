import type {
  ClusterView,
  Decision,
  DecisionEvidence,
  JobView,
  PolicyContext,
  SchedulerPolicy,
  ServiceGroup,
  SlotKind,
  SlotOffer,
  UserOrder,
} from '@rackwise/types';
import { waitsFor } from './waits-for.js';

/** One group (user, queue or job) of a fairness order as it stood at an offer. */
export interface GroupStanding {
  readonly [key: string]: string | number | readonly number[];
  /** Group key (`user:3`, `queue:prod`). */
  readonly group: string;
  /** The quantity the policy orders groups by (a share of the cluster, a dominant share…). */
  readonly share: number;
  /** Tasks of the group holding slots of the offered kind. */
  readonly running: number;
  /** Its active jobs with a task waiting for a slot of this kind. */
  readonly waitingJobs: readonly number[];
}

/** A job passed over at an offer, and why. */
export interface SkippedJob {
  readonly [key: string]: string | number;
  readonly job: number;
  readonly why: string;
}

/**
 * What a baseline policy (FIFO, Fair, Capacity, DRF) saw when it decided: the task and its
 * locality, the group it came from, every group's share in serving order, and the jobs
 * ahead of it that were passed over.
 */
export interface BaselineEvidence extends DecisionEvidence {
  /** The launched task's job, or absent for a pass. */
  readonly job?: number;
  /** `map:3` or `reduce:0`. */
  readonly task?: string;
  /** The rule that picked the task: `node-local`, `rack-local`, `remote` or `reduce`. */
  readonly locality?: string;
  readonly node: number;
  readonly rack: number;
  /** Group the task came from. */
  readonly group?: string;
  /** What `share` means for this policy (`running / weight`, `dominant share`…). */
  readonly shareMeasure: string;
  /** Groups in the order the policy served them. */
  readonly groups: readonly GroupStanding[];
  /** Jobs served before the chosen one that had waiting work but nothing for this slot. */
  readonly skipped: readonly SkippedJob[];
}

/** Tasks of a job holding a slot of the kind (both kinds for a container). */
function runningFor(job: JobView, kind: SlotKind): number {
  return (
    (kind !== 'reduce' ? job.count('map', 'running') : 0) +
    (kind !== 'map' ? job.count('reduce', 'running') : 0)
  );
}

/**
 * Builds a baseline policy's evidence for `decision`, from the groups in the order it
 * served them and its own share measure. Call it only when the host asked for evidence
 * (`PolicyContext.recordEvidence`), before the decision is carried out.
 */
export function baselineEvidence(
  decision: Decision,
  offer: SlotOffer,
  view: ClusterView,
  groups: readonly ServiceGroup[],
  share: (group: ServiceGroup) => number,
  shareMeasure: string,
): BaselineEvidence {
  const chosen = decision.type === 'launch' ? decision.task : undefined;
  const standings: GroupStanding[] = [];
  const skipped: SkippedJob[] = [];
  let group: string | undefined;
  let found = false;
  for (const g of groups) {
    let running = 0;
    const waiting: number[] = [];
    for (const job of g.jobs) {
      running += runningFor(job, offer.kind);
      if (!waitsFor(job, offer.kind)) continue;
      waiting.push(job.id);
      if (chosen !== undefined && job.id === chosen.job && !found) {
        found = true;
        group = g.key;
      } else if (!found) {
        skipped.push({ job: job.id, why: `${g.key} had no task for this ${offer.kind} slot` });
      }
    }
    standings.push({ group: g.key, share: share(g), running, waitingJobs: waiting });
  }
  return {
    ...(chosen === undefined
      ? {}
      : {
          job: chosen.job,
          task: `${chosen.kind}:${chosen.index}`,
          locality: decision.reason.slice(decision.reason.indexOf('/') + 1),
        }),
    node: offer.node,
    rack: view.topology.rackOf(offer.node),
    ...(group === undefined ? {} : { group }),
    shareMeasure,
    groups: standings,
    skipped,
  };
}

/** Share of the offered slot kind's slots a group's running tasks hold. */
export function slotShare(group: ServiceGroup, kind: SlotKind, view: ClusterView): number {
  let running = 0;
  for (const job of group.jobs) running += runningFor(job, kind);
  const total = view.totalSlots(
    kind === 'reduce' ? 'reduce' : view.topology.slotModel === 'split' ? 'map' : 'container',
  );
  return total > 0 ? running / total : 0;
}

/**
 * The policy as is, or — when its context asks for evidence — the same policy with each
 * decision carrying its {@link BaselineEvidence}. The share defaults to the share of the
 * offered kind's slots a group holds ({@link slotShare}).
 */
export function withBaselineEvidence<Policy extends SchedulerPolicy>(
  policy: Policy,
  order: UserOrder,
  context: PolicyContext | undefined,
  share: (group: ServiceGroup, offer: SlotOffer, view: ClusterView) => number = (g, offer, view) =>
    slotShare(g, offer.kind, view),
  shareMeasure = 'share of slots held',
): Policy {
  if (context?.recordEvidence !== true) return policy;
  return {
    ...policy,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const decision = policy.assign(offer, view);
      const groups = order.order(view, offer.kind);
      const evidence = baselineEvidence(
        decision,
        offer,
        view,
        groups,
        (g) => share(g, offer, view),
        shareMeasure,
      );
      return { ...decision, evidence };
    },
  };
}
