import type { EvidenceEntries } from '@rackwise/policy-kit';
import { classifyShuffleByRatio } from '@rackwise/predictor';
import type { ClusterView, Decision, DecisionEvidence, SlotOffer } from '@rackwise/types';
import type { JobPlans } from './internal/job-plans.js';
import type { ShuffleWatcherConfig } from './shufflewatcher-config.js';

/** A user ShuffleWatcher's relaxed locality held back at an offer (it waits for a better node). */
export interface ShuffleWatcherWaitingGroup {
  readonly [key: string]: string | number | readonly number[];
  readonly group: string;
  /** Its jobs it held back (the first few in `bounded` evidence). */
  readonly jobs: readonly number[];
  /** How many jobs it held back. */
  readonly jobCount: number;
}

/**
 * What ShuffleWatcher saw when it decided (`decision.evidence`, when the host asked for
 * it): NetSat for the offered rack against `nwSaturationThreshold` (§3.1), the launched
 * job's traffic estimate — its `ShuffleInputRatio`, predicted shuffle bytes and class —
 * and the racks SAMP / SARP chose for it (Fig. 4, 6) beside the offered rack; and the
 * users held back waiting for locality (`bounded` evidence, the default: the first few,
 * with how many; `full`: all of them).
 */
export interface ShuffleWatcherEvidence extends DecisionEvidence {
  readonly node: number;
  /** The offered (and, on a launch, chosen) rack. */
  readonly rack: number;
  readonly saturated: boolean;
  readonly nwSaturationThreshold: number;
  /** The offered rack's uplink and downlink utilisation at the latest sample. */
  readonly rackUtilisation: readonly number[];
  readonly job?: number;
  readonly task?: string;
  readonly shuffleInputRatio?: number;
  readonly predictedShuffleBytes?: number;
  readonly shuffleHeavy?: boolean;
  /** SAMP's `PreferredMapRacks` of the job (absent when SAMP is off). */
  readonly preferredMapRacks?: readonly number[];
  /** Whether the offered rack is among them. */
  readonly inPreferredRack?: boolean;
  /** SARP's reduces per rack for the job, once computed (else SAMP's tentative ones). */
  readonly reducesPerRack?: readonly number[];
  readonly reducesOnRack?: number;
  readonly waiting: readonly ShuffleWatcherWaitingGroup[];
  /** How many users were held back. */
  readonly waitingCount: number;
}

/** Builds {@link ShuffleWatcherEvidence} for a decision, from the policy's own plans. */
export function shuffleWatcherEvidence(
  decision: Decision,
  offer: SlotOffer,
  view: ClusterView,
  saturated: boolean,
  config: ShuffleWatcherConfig,
  plans: JobPlans,
  waiting: EvidenceEntries<ShuffleWatcherWaitingGroup>,
): ShuffleWatcherEvidence {
  const rack = view.topology.rackOf(offer.node);
  const base = {
    node: offer.node,
    rack,
    saturated,
    nwSaturationThreshold: config.nwSaturationThreshold,
    rackUtilisation: [view.network.rackUtilisation(rack, 'up'), view.network.rackUtilisation(rack, 'down')],
    waiting: waiting.entries,
    waitingCount: waiting.count,
  };
  if (decision.type !== 'launch') return base;
  const job = view.job(decision.task.job);
  const ratio = view.predictor.ratio(job);
  const plan = plans.peek(job.id);
  const heavy = { mediumAbove: config.shuffleHeavyRatio, heavyAbove: config.shuffleHeavyRatio };
  return {
    ...base,
    job: job.id,
    task: `${decision.task.kind}:${decision.task.index}`,
    shuffleInputRatio: ratio,
    predictedShuffleBytes: view.predictor.shuffleBytes(job),
    shuffleHeavy: classifyShuffleByRatio(ratio, heavy) === 'heavy',
    ...(plan?.preferredMapRacks === undefined
      ? {}
      : {
          preferredMapRacks: plan.preferredMapRacks,
          inPreferredRack: plan.preferredMapRacks.includes(rack),
        }),
    ...(plan === undefined ? {} : { reducesPerRack: plan.fromIntermediateData ?? plan.tentative }),
    reducesOnRack: job.reducesOnRack(rack),
  };
}
