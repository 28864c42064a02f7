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
  TaskEvent,
} from '@rackwise/types';
import { chooseCopy, mapFinished, shadowStatistics } from './internal/copy-choice.js';
import { duplicateFor } from './internal/duplicate-launch.js';
import { createShadowState, forgetShadowJob, shadowJobOf } from './internal/shadow-state.js';
import { SHADOW_DEFAULTS, type ShadowConfig } from './shadow-config.js';
import type { ShadowSelection, ShadowStatistics } from './shadow-evidence.js';

/** The Shadow policy: a scheduler policy with the duplication extension and its records. */
export interface ShadowPolicy extends SchedulerPolicy {
  readonly duplication: DuplicationExtensionV1;
  /** Counters of duplicates and of the time model (Figs. 16–19). */
  statistics(): ShadowStatistics;
  /** Every task-selection outcome so far, in order. */
  selections(): readonly ShadowSelection[];
  /** The statistics as flat numbers, for reports (`shadow.chosenEarly`, …). */
  reportMetrics(): Record<string, number>;
}

/**
 * Shadow (Wu et al., IEEE TBD 2019) on any fairness order. Originals are placed by
 * Delay's locality (§5.2, `rackLocalityDelay`). When a job's last original map has
 * launched (its last wave, §4.4), Algorithm 1 plans duplicates from the rack holding the
 * most of its maps to the one holding the fewest until they differ by at most one or the
 * threshold is reached; each duplicate launches on the first free map slot of its target
 * rack, copying a running original with an input replica on that node or rack first, else
 * a random one (§4.2). Reduces are dealt round-robin over the racks holding the job's
 * maps, most maps first (§4.2). Task selection (§4.3): a copy that finishes before its
 * original is used at once (early choice); when the original finishes first, a copy
 * eq. 11 expects to finish by `T` is used, any other only if eq. 13 — `B_iu` as in
 * Fig. 9 — says it shortens the map + shuffle time.
 *
 * Reason codes: `shadow/node-local`, `shadow/rack-local`, `shadow/remote`,
 * `shadow/duplicate-local`, `shadow/duplicate-rack-local`, `shadow/duplicate-remote`,
 * `shadow/reduce-round-robin`, `shadow/reduce-waited`; passes `shadow/skip`,
 * `shadow/reduce-quota`, `shadow/no-pending`. Selection outcomes
 * (`shadow/early-choice`, `shadow/chosen-before-t`, `shadow/chosen-by-model`,
 * `shadow/killed-by-model`) are in
 * `selections()`.
 */
export function createShadowPolicy(
  config: Partial<ShadowConfig> | undefined,
  context: PolicyContext,
): ShadowPolicy {
  const state = createShadowState(config, context);
  const { config: resolved } = state;
  const placement = delayPlacementSteps({
    prefix: 'shadow',
    waits: state.waits,
    gate: state.gate,
    rampupLimit: resolved.reduceRampupLimit,
    evidence: state.evidence,
    mapsPerRack: (job, view) => shadowJobOf(state, job, view).mapsPerRack,
    onOriginal: (job, task, node, view) => {
      const kept = shadowJobOf(state, job, view);
      kept.originalNode.set(task.index, node);
      kept.originalStart.set(task.index, view.now);
      kept.outstanding.add(task.index);
    },
  });
  const beforeMaps = (offer: SlotOffer, view: ClusterView) => duplicateFor(state, offer, view);
  const statistics = () => shadowStatistics(state);
  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      return serveInOrder(resolved.userOrder, offer, view, {
        reduce: placement.reduce,
        readyReduces: state.readyReduces,
        ...(resolved.duplicate ? { beforeMaps } : {}),
        map: placement.map,
        idle: 'shadow/no-pending',
      });
    },
    onTaskCompleted: (event: TaskEvent, view: ClusterView) => mapFinished(state, event, view),
    onJobCompleted: (job: JobView) => forgetShadowJob(state, job),
    duplication: { chooseCopy: (map, completedOn, view) => chooseCopy(state, map, completedOn, view) },
    statistics,
    selections: () => state.records,
    reportMetrics: () => ({ ...statistics() }) as unknown as Record<string, number>,
  } satisfies ShadowPolicy;
}

/**
 * Registry entry of {@link createShadowPolicy}. Its defaults carry no `userOrder`: a
 * registry passes one (Fair's) in the configuration, and creation without one throws.
 */
export const shadowPolicy: PolicyDefinition<ShadowConfig> = Object.freeze({
  name: 'shadow',
  summary:
    'Shadow: duplicate maps from the most to the least loaded rack, keep a copy by the eq. 13 time model',
  defaults: SHADOW_DEFAULTS,
  create: createShadowPolicy,
});
