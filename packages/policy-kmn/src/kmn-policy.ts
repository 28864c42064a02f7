import { delayPlacementSteps, serveInOrder } from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  DuplicationExtensionV1,
  JobView,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
} from '@rackwise/types';
import { chooseCopy, kmnStatistics } from './internal/copy-choice.js';
import { copyFor } from './internal/extra-copies.js';
import { createKmnState, forgetKmnJob, kmnJobOf } from './internal/kmn-state.js';
import { KMN_DEFAULTS, type KmnConfig } from './kmn-config.js';
import type { KmnChoice, KmnStatistics } from './kmn-evidence.js';

/** The KMN policy: a scheduler policy with the duplication extension and its records. */
export interface KmnPolicy extends SchedulerPolicy {
  readonly duplication: DuplicationExtensionV1;
  statistics(): KmnStatistics;
  /** Every choice between two copies so far, in order. */
  choices(): readonly KmnChoice[];
  /** The statistics as flat numbers, for reports. */
  reportMetrics(): Record<string, number>;
}

/**
 * KMN (Venkataraman et al., OSDI 2014) as Shadow §6.3 compares against it, for general
 * (non-sampling) jobs: originals placed with Delay's locality; once a job's last original
 * has launched, `round(extraRatio × maps)` extra copies of randomly chosen running maps
 * go to racks drawn at random (uniformly, seeded) — "KMN launches additional tasks on
 * random locations"; when a map's first copy finishes, the copy kept is the one that
 * leaves the job's maps per rack best balanced (lowest eq. 10 Skew by counts, reduces
 * round-robin), the finished one on a tie. Reduces as Shadow's (round-robin over the
 * racks holding maps), so the two differ only in where copies go and how one is chosen.
 *
 * Reason codes: `kmn/node-local`, `kmn/rack-local`, `kmn/remote`, `kmn/copy`,
 * `kmn/reduce-round-robin`, `kmn/reduce-waited`; passes `kmn/skip`, `kmn/reduce-quota`,
 * `kmn/no-pending`.
 */
export function createKmnPolicy(config: Partial<KmnConfig> | undefined, context: PolicyContext): KmnPolicy {
  const state = createKmnState(config, context);
  const { config: resolved } = state;
  const placement = delayPlacementSteps({
    prefix: 'kmn',
    waits: state.waits,
    gate: state.gate,
    rampupLimit: resolved.reduceRampupLimit,
    evidence: state.evidence,
    mapsPerRack: (job, view) => kmnJobOf(state, job, view).mapsPerRack,
    onOriginal: (job, task, node, view) => {
      const kept = kmnJobOf(state, job, view);
      kept.originalRack.set(task.index, view.topology.rackOf(node));
      kept.originalNode.set(task.index, node);
    },
  });
  const beforeMaps = (offer: SlotOffer, view: ClusterView) => copyFor(state, offer, view);
  const statistics = () => kmnStatistics(state);
  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      return serveInOrder(resolved.userOrder, offer, view, {
        reduce: placement.reduce,
        readyReduces: state.readyReduces,
        beforeMaps,
        map: placement.map,
        idle: 'kmn/no-pending',
      });
    },
    onJobCompleted: (job: JobView) => forgetKmnJob(state, job),
    duplication: { chooseCopy: (map, completedOn, view) => chooseCopy(state, map, completedOn, view) },
    statistics,
    choices: () => state.records,
    reportMetrics: () => ({ ...statistics() }) as unknown as Record<string, number>,
  } satisfies KmnPolicy;
}

/** Registry entry of {@link createKmnPolicy}; a registry passes the `userOrder`. */
export const kmnPolicy: PolicyDefinition<KmnConfig> = Object.freeze({
  name: 'kmn',
  summary: 'KMN for general jobs: 15 % extra map copies at random racks, the best-balanced copy kept',
  defaults: KMN_DEFAULTS,
  create: createKmnPolicy,
});
