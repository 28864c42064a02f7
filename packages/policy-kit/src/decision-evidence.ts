import type {
  ClusterView,
  Decision,
  DecisionEvidence,
  EvidenceDetail,
  JobView,
  PolicyContext,
  SchedulerPolicy,
  ServiceGroup,
  SlotKind,
  SlotOffer,
  UserOrder,
} from '@rackwise/types';
import { EVIDENCE_LIST_LIMIT, EVIDENCE_RIVALS, evidenceDetailOf, evidenceList } from './evidence-detail.js';
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
  /** How many of its active jobs have a task waiting for a slot of this kind. */
  readonly waiting: number;
  /**
   * Those jobs: all of them in `full` evidence, the first {@link EVIDENCE_LIST_LIMIT} in
   * `bounded` evidence.
   */
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
 * locality, the group it came from and its place in the serving order, the groups around
 * it with their shares, and the jobs ahead of it that were passed over. `bounded` evidence
 * (the default) names the chosen group and its nearest rivals — the
 * {@link EVIDENCE_RIVALS} groups served just before and just after it (for a pass, the
 * groups served first) — and the first jobs passed over; `full` evidence lists every group
 * and every job passed over. The counts are the same in both.
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
  /** Its position in the serving order (0: served first). */
  readonly rank?: number;
  /** What `share` means for this policy (`running / weight`, `dominant share`…). */
  readonly shareMeasure: string;
  /** Groups in the order at the offer. */
  readonly groupCount: number;
  /** Position in the serving order of `groups[0]`. */
  readonly groupsFrom: number;
  /** Groups in the order the policy served them, from position `groupsFrom` on. */
  readonly groups: readonly GroupStanding[];
  /** Jobs served before the chosen one that had waiting work but nothing for this slot (the first of them, when bounded). */
  readonly skipped: readonly SkippedJob[];
  /** How many jobs were passed over in all. */
  readonly skippedCount: number;
}

/** Tasks of a job holding a slot of the kind (both kinds for a container). */
function runningFor(job: JobView, kind: SlotKind): number {
  return (
    (kind !== 'reduce' ? job.count('map', 'running') : 0) +
    (kind !== 'map' ? job.count('reduce', 'running') : 0)
  );
}

/** What one group of an order contributes to the evidence of an offer of a kind, in both details. */
interface GroupFacts {
  readonly version: number;
  readonly kind: SlotKind;
  readonly full: GroupStanding;
  /** The standing with its waiting jobs cut to the first few (the same object when they are few). */
  readonly bounded: GroupStanding;
  /** Its jobs with a task waiting for the kind, as `SkippedJob`s (the why names the group and kind). */
  readonly waiting: readonly SkippedJob[];
}

/** A group's facts for a slot kind: its running tasks of the kind and its jobs waiting for one. */
function factsOf(group: ServiceGroup, kind: SlotKind, share: number): GroupFacts {
  let running = 0;
  const waitingJobs: number[] = [];
  for (const job of group.jobs) {
    running += runningFor(job, kind);
    if (waitsFor(job, kind)) waitingJobs.push(job.id);
  }
  const full: GroupStanding = Object.freeze({
    group: group.key,
    share,
    running,
    waiting: waitingJobs.length,
    waitingJobs: Object.freeze(waitingJobs),
  });
  const few = evidenceList(waitingJobs, 'bounded');
  const why = `${group.key} had no task for this ${kind} slot`;
  return {
    version: group.version ?? Number.NaN,
    kind,
    full,
    bounded: few === waitingJobs ? full : Object.freeze({ ...full, waitingJobs: Object.freeze(few) }),
    waiting: Object.freeze(waitingJobs.map((job) => Object.freeze({ job, why }))),
  };
}

/** The facts of the groups of one order array on one cluster state, filled as offers reach them. */
interface StateFacts {
  readonly view: ClusterView;
  readonly version: number | undefined;
  readonly kind: SlotKind;
  readonly groups: readonly ServiceGroup[];
  readonly facts: (GroupFacts | undefined)[];
  /** Every group's full standing, once a `full` offer needed them. */
  standings: readonly GroupStanding[] | undefined;
}

/**
 * Baseline evidence kept between offers: while the cluster state
 * (`ClusterView.stateVersion`) and the order's array stay, the offers of a kind share the
 * facts of each group they reached; a group the order keeps between states (one with a
 * `ServiceGroup.version`) is looked at once for as long as the order hands it out. An
 * offer looks at the groups up to the chosen one's nearest rivals (every group for a pass,
 * or for `full` evidence). `share` must read only the group's jobs and the cluster's slot
 * totals (what a group's version covers). Without a `stateVersion`, every offer looks
 * afresh.
 */
class KeptEvidence {
  readonly #groups = new WeakMap<ServiceGroup, GroupFacts>();
  #state: StateFacts | undefined;

  constructor(
    private readonly share: (group: ServiceGroup, offer: SlotOffer, view: ClusterView) => number,
    private readonly shareMeasure: string,
    private readonly detail: EvidenceDetail,
  ) {}

  explain(
    decision: Decision,
    offer: SlotOffer,
    view: ClusterView,
    groups: readonly ServiceGroup[],
  ): BaselineEvidence {
    const state = this.#stateFor(view, offer, groups);
    const full = this.detail === 'full';
    const chosen = decision.type === 'launch' ? decision.task : undefined;
    const skipped: SkippedJob[] = [];
    let skippedCount = 0;
    let rank: number | undefined;
    for (let g = 0; g < groups.length && rank === undefined; g++) {
      const waiting = this.#facts(state, g, offer, view).waiting;
      let ahead = waiting.length;
      if (chosen !== undefined) {
        for (let j = 0; j < waiting.length; j++) {
          if (waiting[j]!.job === chosen.job) {
            ahead = j;
            rank = g;
            break;
          }
        }
      }
      skippedCount += ahead;
      for (let j = 0; j < ahead && (full || skipped.length < EVIDENCE_LIST_LIMIT); j++)
        skipped.push(waiting[j]!);
    }
    const from = full ? 0 : Math.max(0, (rank ?? 0) - EVIDENCE_RIVALS);
    const to = full
      ? groups.length
      : Math.min(groups.length, (rank ?? EVIDENCE_RIVALS) + EVIDENCE_RIVALS + 1);
    let standings: readonly GroupStanding[];
    if (full) {
      state.standings ??= Object.freeze(groups.map((_, g) => this.#facts(state, g, offer, view).full));
      standings = state.standings;
    } else {
      const window: GroupStanding[] = [];
      for (let g = from; g < to; g++) window.push(this.#facts(state, g, offer, view).bounded);
      standings = window;
    }
    const group = rank === undefined ? undefined : groups[rank]!.key;
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
      ...(group === undefined ? {} : { group, rank: rank! }),
      shareMeasure: this.shareMeasure,
      groupCount: groups.length,
      groupsFrom: from,
      groups: standings,
      skipped,
      skippedCount,
    };
  }

  #stateFor(view: ClusterView, offer: SlotOffer, groups: readonly ServiceGroup[]): StateFacts {
    const version = view.stateVersion;
    const kept = this.#state;
    if (
      kept !== undefined &&
      version !== undefined &&
      kept.view === view &&
      kept.version === version &&
      kept.kind === offer.kind &&
      kept.groups === groups
    ) {
      return kept;
    }
    const state: StateFacts = {
      view,
      version,
      kind: offer.kind,
      groups,
      facts: new Array<GroupFacts | undefined>(groups.length),
      standings: undefined,
    };
    this.#state = state;
    return state;
  }

  #facts(state: StateFacts, g: number, offer: SlotOffer, view: ClusterView): GroupFacts {
    const known = state.facts[g];
    if (known !== undefined) return known;
    const group = state.groups[g]!;
    const version = group.version;
    let facts = version === undefined ? undefined : this.#groups.get(group);
    if (facts === undefined || facts.version !== version || facts.kind !== offer.kind) {
      facts = factsOf(group, offer.kind, this.share(group, offer, view));
      if (version !== undefined) this.#groups.set(group, facts);
    }
    state.facts[g] = facts;
    return facts;
  }
}

/**
 * Builds a baseline policy's evidence for `decision`, from the groups in the order it
 * served them and its own share measure, `bounded` unless `detail` asks for `full`. Call
 * it only when the host asked for evidence (`PolicyContext.recordEvidence`), before the
 * decision is carried out.
 */
export function baselineEvidence(
  decision: Decision,
  offer: SlotOffer,
  view: ClusterView,
  groups: readonly ServiceGroup[],
  share: (group: ServiceGroup) => number,
  shareMeasure: string,
  detail: EvidenceDetail = 'bounded',
): BaselineEvidence {
  return new KeptEvidence((g) => share(g), shareMeasure, detail).explain(decision, offer, view, groups);
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
 * decision carrying its {@link BaselineEvidence}, `bounded` or `full` as the context asks
 * (`PolicyContext.evidenceDetail`). The share defaults to the share of the offered kind's
 * slots a group holds ({@link slotShare}).
 */
export function withBaselineEvidence<Policy extends SchedulerPolicy>(
  policy: Policy,
  order: UserOrder,
  context: PolicyContext | undefined,
  share: (group: ServiceGroup, offer: SlotOffer, view: ClusterView) => number = (g, offer, view) =>
    slotShare(g, offer.kind, view),
  shareMeasure = 'share of slots held',
): Policy {
  const detail = evidenceDetailOf(context);
  if (detail === undefined) return policy;
  const kept = new KeptEvidence(share, shareMeasure, detail);
  return {
    ...policy,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const decision = policy.assign(offer, view);
      const evidence = kept.explain(decision, offer, view, order.order(view, offer.kind));
      return { ...decision, evidence };
    },
  };
}
