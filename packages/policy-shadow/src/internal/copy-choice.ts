import type { ClusterView, MapTaskView, NodeId, TaskEvent } from '@rackwise/types';
import type { ShadowStatistics } from '../shadow-evidence.js';
import type { ShadowState } from './shadow-state.js';
import { decideByModel } from './task-selection.js';

/**
 * Task selection (§4.3), asked when one copy of a duplicated map finishes: the copy that
 * finished first is used at once (early choice); when the original finished first, a copy
 * eq. 11 expects to finish by `T` is kept, any other only if eq. 13 says it shortens the
 * map + shuffle time. Returns the node whose copy runs on, or `undefined` to use the
 * finished one.
 */
export function chooseCopy(
  state: ShadowState,
  map: MapTaskView,
  completedOn: NodeId,
  view: ClusterView,
): NodeId | undefined {
  const job = view.job(map.job);
  const kept = state.jobs.get(map.job);
  const copy = kept?.copies.get(map.index);
  if (kept === undefined || copy === undefined) return undefined;
  const { counts } = state;
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
    kept.copies.delete(map.index);
    counts.early += 1;
    kept.chosenFinish.push(view.now);
    kept.originalResolved(map.index, view.now, allLaunched);
    state.records.push({ ...base, outcome: 'early-choice' });
    return undefined;
  }
  const decision = decideByModel(job, map, copy, kept, view, state.config.bandwidth);
  kept.copies.delete(map.index);
  kept.originalResolved(map.index, view.now, allLaunched);
  state.records.push({
    ...base,
    outcome: decision.beforeT ? 'chosen-before-t' : decision.keepCopy ? 'chosen-by-model' : 'killed-by-model',
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
    kept.predictions.set(map.index, { finish: decision.predictedFinish, start: copy.start });
    return copy.node;
  }
  counts.killed += 1;
  kept.mapsPerRack[copy.to] = kept.mapsPerRack[copy.to]! - 1;
  kept.mapsPerRack[copy.from] = kept.mapsPerRack[copy.from]! + 1;
  return undefined;
}

/**
 * A map finished: a copy the model chose is measured against eq. 11 (Fig. 19); an
 * original finishing with no copy left counts towards `T`.
 */
export function mapFinished(state: ShadowState, event: TaskEvent, view: ClusterView): void {
  if (event.task.kind !== 'map') return;
  const kept = state.jobs.get(event.task.job);
  if (kept === undefined) return;
  const index = event.task.index;
  const prediction = kept.predictions.get(index);
  if (prediction !== undefined) {
    // A copy the model chose just finished: eq. 11 against its real finish (Fig. 19).
    kept.predictions.delete(index);
    kept.chosenFinish.push(view.now);
    const ran = view.now - prediction.start;
    if (ran > 0) {
      state.counts.errorSum += Math.abs(prediction.finish - view.now) / ran;
      state.counts.errors += 1;
    }
    return;
  }
  if (kept.originalNode.get(index) === event.node && !kept.copies.has(index)) {
    kept.originalResolved(index, view.now, view.job(event.task.job).count('map', 'pending') === 0);
  }
}

/** Shadow's counters as `ShadowStatistics`. */
export function shadowStatistics({ counts }: ShadowState): ShadowStatistics {
  return {
    duplicatesLaunched: counts.launched,
    duplicatesChosen: counts.early + counts.beforeTPredicted + counts.model,
    chosenEarly: counts.early,
    chosenBeforeT: counts.beforeTPredicted,
    chosenByModel: counts.model,
    killedByModel: counts.killed,
    finishedBeforeT: counts.beforeT,
    predictionErrorMean: counts.errors === 0 ? Number.NaN : counts.errorSum / counts.errors,
    predictionErrors: counts.errors,
  };
}
