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

/** A group's standing for a slot kind: its running tasks of the kind and its jobs waiting for one. */
function standingOf(group: ServiceGroup, kind: SlotKind, share: number): GroupStanding {
  let running = 0;
  const waiting: number[] = [];
  for (const job of group.jobs) {
    running += runningFor(job, kind);
    if (waitsFor(job, kind)) waiting.push(job.id);
  }
  return { group: group.key, share, running, waitingJobs: waiting };
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
    const standing = standingOf(g, offer.kind, share(g));
    for (const job of standing.waitingJobs) {
      if (chosen !== undefined && job === chosen.job && !found) {
        found = true;
        group = g.key;
      } else if (!found) {
        skipped.push({ job, why: `${g.key} had no task for this ${offer.kind} slot` });
      }
    }
    standings.push(standing);
  }
  return assembled(decision, offer, view, group, shareMeasure, standings, skipped);
}

/** The evidence of a decision from the standings and the jobs passed over. */
function assembled(
  decision: Decision,
  offer: SlotOffer,
  view: ClusterView,
  group: string | undefined,
  shareMeasure: string,
  groups: readonly GroupStanding[],
  skipped: readonly SkippedJob[],
): BaselineEvidence {
  const chosen = decision.type === 'launch' ? decision.task : undefined;
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
    groups,
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

/** What one group of an order contributes to the evidence of an offer of a kind. */
interface GroupFacts {
  readonly version: number;
  readonly kind: SlotKind;
  readonly standing: GroupStanding;
  /** Its jobs with a task waiting for the kind, as `SkippedJob`s (the why names the group and kind). */
  readonly waiting: readonly SkippedJob[];
}

/** The standings of one order array on one cluster state, and every waiting job as skipped. */
interface StateFacts {
  readonly view: ClusterView;
  readonly version: number;
  readonly kind: SlotKind;
  readonly groups: readonly ServiceGroup[];
  readonly standings: readonly GroupStanding[];
  readonly facts: readonly GroupFacts[];
  /** Every group's waiting jobs, in serving order: the skipped list of a pass. */
  allWaiting: readonly SkippedJob[] | undefined;
}

/**
 * {@link baselineEvidence} kept between offers: while the cluster state
 * (`ClusterView.stateVersion`) and the order's array stay, every offer of the kind shares
 * one frozen list of standings; a group the order keeps between states (one with a
 * `ServiceGroup.version`) is looked at once for as long as the order hands it out. Only
 * the jobs ahead of the chosen one are gathered per offer. `share` must read only the
 * group's jobs and the cluster's slot totals (what a group's version covers). Without a
 * `stateVersion`, every offer is explained afresh by `baselineEvidence`.
 */
class KeptEvidence {
  readonly #groups = new WeakMap<ServiceGroup, GroupFacts>();
  #state: StateFacts | undefined;

  constructor(
    private readonly share: (group: ServiceGroup, offer: SlotOffer, view: ClusterView) => number,
    private readonly shareMeasure: string,
  ) {}

  explain(
    decision: Decision,
    offer: SlotOffer,
    view: ClusterView,
    groups: readonly ServiceGroup[],
  ): BaselineEvidence {
    const version = view.stateVersion;
    if (version === undefined) {
      return baselineEvidence(
        decision,
        offer,
        view,
        groups,
        (g) => this.share(g, offer, view),
        this.shareMeasure,
      );
    }
    const state = this.#stateFor(view, version, offer, groups);
    const chosen = decision.type === 'launch' ? decision.task : undefined;
    let group: string | undefined;
    let skipped: readonly SkippedJob[] | undefined;
    if (chosen !== undefined) {
      const ahead: SkippedJob[] = [];
      for (let g = 0; g < state.facts.length && skipped === undefined; g++) {
        const waiting = state.facts[g]!.waiting;
        for (const job of waiting) {
          if (job.job === chosen.job) {
            group = groups[g]!.key;
            skipped = ahead;
            break;
          }
          ahead.push(job);
        }
      }
    }
    if (skipped === undefined) {
      // Nothing chosen (or a job not waiting): every waiting job was passed over.
      state.allWaiting ??= Object.freeze(state.facts.flatMap((f) => f.waiting));
      skipped = state.allWaiting;
    }
    return assembled(decision, offer, view, group, this.shareMeasure, state.standings, skipped);
  }

  #stateFor(
    view: ClusterView,
    version: number,
    offer: SlotOffer,
    groups: readonly ServiceGroup[],
  ): StateFacts {
    const kept = this.#state;
    if (
      kept !== undefined &&
      kept.view === view &&
      kept.version === version &&
      kept.kind === offer.kind &&
      kept.groups === groups
    ) {
      return kept;
    }
    const facts = groups.map((g) => this.#factsOf(g, offer, view));
    const state: StateFacts = {
      view,
      version,
      kind: offer.kind,
      groups,
      standings: Object.freeze(facts.map((f) => f.standing)),
      facts,
      allWaiting: undefined,
    };
    this.#state = state;
    return state;
  }

  #factsOf(group: ServiceGroup, offer: SlotOffer, view: ClusterView): GroupFacts {
    const version = group.version;
    const kept = version === undefined ? undefined : this.#groups.get(group);
    if (kept !== undefined && kept.version === version && kept.kind === offer.kind) return kept;
    const standing = standingOf(group, offer.kind, this.share(group, offer, view));
    Object.freeze(standing.waitingJobs);
    Object.freeze(standing);
    const why = `${group.key} had no task for this ${offer.kind} slot`;
    const facts: GroupFacts = {
      version: version ?? Number.NaN,
      kind: offer.kind,
      standing,
      waiting: Object.freeze(standing.waitingJobs.map((job) => Object.freeze({ job, why }))),
    };
    if (version !== undefined) this.#groups.set(group, facts);
    return facts;
  }
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
  const kept = new KeptEvidence(share, shareMeasure);
  return {
    ...policy,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const decision = policy.assign(offer, view);
      const evidence = kept.explain(decision, offer, view, order.order(view, offer.kind));
      return { ...decision, evidence };
    },
  };
}
