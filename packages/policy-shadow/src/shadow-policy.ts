import { planDuplicates } from '@rackwise/estimators';
import {
  ActiveJobsWhere,
  GroupJobsWhere,
  createLocalityWaits,
  createRackReduceGate,
  delayPlacementSteps,
  hasReadyReduce,
  serveInOrder,
} from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  DuplicationExtensionV1,
  JobId,
  JobView,
  MapTaskView,
  NodeId,
  PolicyContext,
  PolicyDefinition,
  RackId,
  SchedulerPolicy,
  SlotOffer,
  TaskEvent,
  TaskRef,
} from '@rackwise/types';
import { pickDuplicate } from './internal/pick-duplicate.js';
import { resolveShadowConfig } from './internal/resolve-config.js';
import { ShadowJob } from './internal/shadow-job.js';
import { decideByModel } from './internal/task-selection.js';
import { SHADOW_DEFAULTS, type ShadowConfig } from './shadow-config.js';
import type { ShadowEvidence, ShadowSelection, ShadowStatistics } from './shadow-evidence.js';

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
  const resolved = resolveShadowConfig(config);
  const { userOrder } = resolved;
  const evidence = context.recordEvidence === true;
  const waits = createLocalityWaits(resolved);
  const gate = createRackReduceGate(resolved.reduceRackWait);
  const readyReduces = new GroupJobsWhere(hasReadyReduce);
  const jobs = new Map<JobId, ShadowJob>();
  const records: ShadowSelection[] = [];
  const counts = {
    launched: 0,
    early: 0,
    beforeTPredicted: 0,
    model: 0,
    killed: 0,
    beforeT: 0,
    errorSum: 0,
    errors: 0,
  };

  const stateOf = (job: JobView, view: ClusterView): ShadowJob => {
    let state = jobs.get(job.id);
    if (state === undefined) {
      state = new ShadowJob(view.topology.rackCount, job.reduceCount);
      jobs.set(job.id, state);
    }
    return state;
  };

  const launch = (task: TaskRef, reason: string, proof?: ShadowEvidence): Decision =>
    evidence && proof !== undefined
      ? { type: 'launch', task, reason, evidence: proof }
      : { type: 'launch', task, reason };

  /** Algorithm 1 once the job's last original launched (§4.4: duplicates in the last wave only). */
  const planOf = (job: JobView, state: ShadowJob) => {
    if (state.moves === undefined && job.count('map', 'pending') === 0) {
      const cap = Math.min(resolved.maxDuplicates, Math.floor(resolved.maxDuplicateRatio * job.mapCount));
      state.moves = planDuplicates(state.mapsPerRack, { maxDuplicates: cap }).moves.slice();
    }
    return state.moves;
  };

  /**
   * The jobs `duplicateFor` may plan or place a copy for, in submission order: every map
   * launched, or copies still planned (a map that failed after the plan). A plan is made
   * only for a job already listed, so none is missed; a job whose plan ran out stays
   * listed until its user's state moves, and the walk passes over it.
   */
  const mayDuplicate = new ActiveJobsWhere(
    (job) => job.count('map', 'pending') === 0 || (jobs.get(job.id)?.moves?.length ?? 0) > 0,
  );

  const duplicateFor = (offer: SlotOffer, view: ClusterView): Decision | undefined => {
    const rack = view.topology.rackOf(offer.node);
    for (const job of mayDuplicate.of(view)) {
      const state = jobs.get(job.id);
      if (state === undefined) continue;
      const moves = planOf(job, state);
      if (moves === undefined) continue;
      for (let k = 0; k < moves.length; k += 1) {
        const move = moves[k]!;
        if (move.to !== rack) continue;
        const pick = pickDuplicate(job, state, move.from, offer.node, view.topology, context.random);
        moves.splice(k, 1);
        k -= 1;
        if (pick === undefined) continue;
        const before = evidence ? state.mapsPerRack.slice() : undefined;
        const skewBefore = evidence ? state.skew() : null;
        const replicaRack = view.topology.rackOf(pick.map.replicaNodes[0] ?? offer.node);
        state.copies.set(pick.map.index, {
          node: offer.node,
          from: move.from,
          to: rack,
          start: view.now,
          crossRackBytes: pick.locality === 'remote' ? pick.map.inputBytes : 0,
          sourceRack: replicaRack,
        });
        state.mapsPerRack[move.from] = state.mapsPerRack[move.from]! - 1;
        state.mapsPerRack[rack] = state.mapsPerRack[rack]! + 1;
        counts.launched += 1;
        const decision = launch(
          pick.map,
          `shadow/duplicate-${pick.locality}`,
          before === undefined
            ? undefined
            : {
                kind: 'duplicate',
                fromRack: move.from,
                toRack: rack,
                mapsPerRackBefore: before,
                mapsPerRackAfter: state.mapsPerRack.slice(),
                skewBefore,
                skewAfter: state.skew(),
              },
        );
        return { ...decision, duplicate: true } as Decision;
      }
    }
    return undefined;
  };

  const placement = delayPlacementSteps({
    prefix: 'shadow',
    waits,
    gate,
    rampupLimit: resolved.reduceRampupLimit,
    evidence,
    mapsPerRack: (job, view) => stateOf(job, view).mapsPerRack,
    onOriginal: (job, task, node, view) => {
      const state = stateOf(job, view);
      state.originalNode.set(task.index, node);
      state.originalStart.set(task.index, view.now);
      state.outstanding.add(task.index);
    },
  });

  const select = (map: MapTaskView, completedOn: NodeId, view: ClusterView): NodeId | undefined => {
    const job = view.job(map.job);
    const state = jobs.get(map.job);
    const copy = state?.copies.get(map.index);
    if (state === undefined || copy === undefined) return undefined;
    const allLaunched = job.count('map', 'pending') === 0;
    const base = {
      job: map.job as number,
      map: map.index,
      time: view.now,
      fromRack: copy.from,
      toRack: copy.to,
    };
    if (completedOn === copy.node) {
      // The copy finished first: chosen at once, its original dropped (§4.3 early choice).
      state.copies.delete(map.index);
      counts.early += 1;
      state.chosenFinish.push(view.now);
      state.originalResolved(map.index, view.now, allLaunched);
      records.push({ ...base, outcome: 'early-choice' });
      return undefined;
    }
    const decision = decideByModel(job, map, copy, state, view, resolved.bandwidth);
    state.copies.delete(map.index);
    state.originalResolved(map.index, view.now, allLaunched);
    records.push({
      ...base,
      outcome: decision.beforeT
        ? 'chosen-before-t'
        : decision.keepCopy
          ? 'chosen-by-model'
          : 'killed-by-model',
      originalsDoneAt: decision.originalsDoneAt,
      predictedFinish: decision.predictedFinish,
      crossRackInputBytes: copy.crossRackBytes,
      inputBandwidth: decision.inputBandwidth,
      totalWith: decision.totalWith,
      totalWithout: decision.totalWithout,
    });
    if (decision.keepCopy) {
      if (decision.beforeT) counts.beforeTPredicted += 1;
      else counts.model += 1;
      state.predictions.set(map.index, { finish: decision.predictedFinish, start: copy.start });
      return copy.node;
    }
    counts.killed += 1;
    state.mapsPerRack[copy.to] = state.mapsPerRack[copy.to]! - 1;
    state.mapsPerRack[copy.from] = state.mapsPerRack[copy.from]! + 1;
    return undefined;
  };

  const statistics = (): ShadowStatistics => ({
    duplicatesLaunched: counts.launched,
    duplicatesChosen: counts.early + counts.beforeTPredicted + counts.model,
    chosenEarly: counts.early,
    chosenBeforeT: counts.beforeTPredicted,
    chosenByModel: counts.model,
    killedByModel: counts.killed,
    finishedBeforeT: counts.beforeT,
    predictionErrorMean: counts.errors === 0 ? Number.NaN : counts.errorSum / counts.errors,
    predictionErrors: counts.errors,
  });

  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      return serveInOrder(userOrder, offer, view, {
        reduce: placement.reduce,
        readyReduces,
        ...(resolved.duplicate ? { beforeMaps: duplicateFor } : {}),
        map: placement.map,
        idle: 'shadow/no-pending',
      });
    },
    onTaskCompleted(event: TaskEvent, view: ClusterView): void {
      if (event.task.kind !== 'map') return;
      const state = jobs.get(event.task.job);
      if (state === undefined) return;
      const index = event.task.index;
      const prediction = state.predictions.get(index);
      if (prediction !== undefined) {
        // A copy the model chose just finished: eq. 11 against its real finish (Fig. 19).
        state.predictions.delete(index);
        state.chosenFinish.push(view.now);
        const ran = view.now - prediction.start;
        if (ran > 0) {
          counts.errorSum += Math.abs(prediction.finish - view.now) / ran;
          counts.errors += 1;
        }
        return;
      }
      if (state.originalNode.get(index) === event.node && !state.copies.has(index)) {
        state.originalResolved(index, view.now, view.job(event.task.job).count('map', 'pending') === 0);
      }
    },
    onJobCompleted(job: JobView): void {
      const state = jobs.get(job.id);
      if (state !== undefined) {
        const done = state.originalsDoneAt ?? Number.POSITIVE_INFINITY;
        counts.beforeT += state.chosenFinish.filter((t) => t <= done).length;
      }
      jobs.delete(job.id);
      waits.forget(job.id);
      gate.forget(job.id);
    },
    duplication: { chooseCopy: select },
    statistics,
    selections: () => records,
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
