import { taskCountSkew } from '@rackwise/estimators';
import { roundRobinReduceQuota } from '@rackwise/policy-kit';
import type { ClusterView, JobView, MapTaskView, NodeId, RackId } from '@rackwise/types';
import type { KmnStatistics } from '../kmn-evidence.js';
import type { KmnState } from './kmn-state.js';

/** Eq. 10 Skew by map counts with the reduces dealt round-robin; null when no link is used. */
function skewOf(job: JobView, mapsPerRack: readonly number[]): number | null {
  return taskCountSkew(mapsPerRack, roundRobinReduceQuota(mapsPerRack, job.reduceCount)) ?? null;
}

/**
 * When a map's first copy finishes: keeps the copy that leaves the job's maps per rack
 * best balanced (lowest Skew), the finished one on a tie. Returns the node whose copy
 * runs on, or `undefined` to use the finished one.
 */
export function chooseCopy(
  state: KmnState,
  map: MapTaskView,
  completedOn: NodeId,
  view: ClusterView,
): NodeId | undefined {
  const job = view.job(map.job);
  const kept = state.jobs.get(map.job);
  const running = map.runningOn.find((node) => node !== completedOn);
  if (kept === undefined || running === undefined) return undefined;
  const topology = view.topology;
  const finishedRack = topology.rackOf(completedOn);
  const runningRack = topology.rackOf(running);
  const original = kept.originalRack.get(map.index) ?? finishedRack;
  // The counts hold the map at its original's rack; try it at each copy's rack.
  const at = (rack: RackId): number[] => {
    const counts = kept.mapsPerRack.slice();
    counts[original] = counts[original]! - 1;
    counts[rack] = counts[rack]! + 1;
    return counts;
  };
  const keepFinished = at(finishedRack);
  const keepRunning = at(runningRack);
  const skewFinished = skewOf(job, keepFinished);
  const skewRunning = skewOf(job, keepRunning);
  const switchToRunning = (skewRunning ?? 1) < (skewFinished ?? 1);
  const chosen = switchToRunning ? keepRunning : keepFinished;
  kept.mapsPerRack.splice(0, chosen.length, ...chosen);
  const keptRack = switchToRunning ? runningRack : finishedRack;
  if ((switchToRunning ? running : completedOn) !== kept.originalNode.get(map.index))
    state.counts.chosen += 1;
  if (switchToRunning) state.counts.whileRunning += 1;
  state.records.push({
    job: map.job,
    map: map.index,
    time: view.now,
    finishedRack,
    runningRack,
    keptRack,
    skewKeepingFinished: skewFinished,
    skewKeepingRunning: skewRunning,
    mapsPerRack: chosen.slice(),
  });
  return switchToRunning ? running : undefined;
}

/** KMN's counters as `KmnStatistics`. */
export function kmnStatistics({ counts }: KmnState): KmnStatistics {
  return {
    copiesLaunched: counts.launched,
    copiesChosen: counts.chosen,
    chosenWhileRunning: counts.whileRunning,
  };
}
