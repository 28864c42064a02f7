import {
  availableBandwidth,
  crossRackTransferRates,
  duplicateFinishTime,
  estimateShadowTime,
  shuffleLinkLoads,
} from '@rackwise/estimators';
import { roundRobinReduceQuota } from '@rackwise/policy-kit';
import type { ClusterView, JobView, MapTaskView, RackId, Seconds } from '@rackwise/types';
import type { ShadowBandwidthReading } from '../shadow-config.js';
import type { DuplicateCopy, ShadowJob } from './shadow-job.js';

/** The eq. 11–13 quantities of one model decision. */
export interface ModelDecision {
  readonly keepCopy: boolean;
  /** Eq. 11 puts the copy's finish at or before `T`: chosen directly, as one that finished before `T`. */
  readonly beforeT: boolean;
  readonly originalsDoneAt: Seconds;
  readonly predictedFinish: Seconds;
  readonly inputBandwidth: number;
  readonly totalWith: Seconds;
  readonly totalWithout: Seconds;
}

/** Uplink and downlink bandwidth each rack offers the model (see `ShadowBandwidthReading`). */
function rackBandwidth(view: ClusterView, reading: ShadowBandwidthReading): { up: number[]; down: number[] } {
  const { topology, network } = view;
  const up: number[] = [];
  const down: number[] = [];
  for (let r = 0; r < topology.rackCount; r += 1) {
    const rack = r as RackId;
    const upCapacity = topology.rackUplinkCapacity(rack);
    const downCapacity = topology.rackDownlinkCapacity(rack);
    up.push(
      reading === 'capacity'
        ? upCapacity
        : availableBandwidth(upCapacity, network.rackUtilisation(rack, 'up')),
    );
    down.push(
      reading === 'capacity'
        ? downCapacity
        : availableBandwidth(downCapacity, network.rackUtilisation(rack, 'down')),
    );
  }
  return { up, down };
}

/**
 * `B_iu` of one copy (Fig. 9): the job's unresolved copies that read across racks share
 * the rack links max-min fairly; Infinity when the copy reads inside its rack.
 */
function copyInputBandwidth(
  state: ShadowJob,
  map: number,
  bandwidth: { up: number[]; down: number[] },
): number {
  const reads: { from: RackId; to: RackId }[] = [];
  let index = -1;
  for (const [other, copy] of state.copies) {
    if (copy.crossRackBytes <= 0) continue;
    if (other === map) index = reads.length;
    reads.push({ from: copy.sourceRack, to: copy.to });
  }
  if (index < 0) return Number.POSITIVE_INFINITY;
  return crossRackTransferRates(reads, bandwidth.up, bandwidth.down)[index]!;
}

/**
 * Shadow §4.3 when an original finishes while its copy still runs: eq. 13 with and
 * without the copy. `T` is the moment the job's last original finishes — now if this
 * was the last, otherwise estimated as the latest start of the outstanding originals
 * plus this map's run time `R_j` (the maps read equal blocks). A copy eq. 11 expects to
 * finish by `T` is kept directly ("choosing such a duplicated task can benefit the later
 * Shuffle phase without slowing down the Map phase"); any other is kept when it makes
 * the estimated map + shuffle time strictly shorter.
 */
export function decideByModel(
  job: JobView,
  map: MapTaskView,
  copy: DuplicateCopy,
  state: ShadowJob,
  view: ClusterView,
  reading: ShadowBandwidthReading,
): ModelDecision {
  const now = view.now;
  const runtime = Math.max(0, now - (state.originalStart.get(map.index) ?? now));
  let originalsDoneAt = now;
  for (const other of state.outstanding) {
    if (other === map.index) continue;
    originalsDoneAt = Math.max(originalsDoneAt, (state.originalStart.get(other) ?? now) + runtime);
  }
  const bandwidth = rackBandwidth(view, reading);
  const inputBandwidth = copyInputBandwidth(state, map.index, bandwidth);
  const outputBytes = view.predictor.mapOutput(job, map);
  const withCopy = state.mapsPerRack;
  const withoutCopy = withCopy.slice();
  withoutCopy[copy.to] = withoutCopy[copy.to]! - 1;
  withoutCopy[copy.from] = withoutCopy[copy.from]! + 1;
  const reducers = reducersPerRack(job, withCopy, view);
  const timing = {
    crossRackInputBytes: copy.crossRackBytes,
    inputBandwidth,
    runtime,
    startTime: copy.start,
  };
  const total = (counts: readonly number[], chosen: readonly (typeof timing)[]): Seconds =>
    estimateShadowTime(
      originalsDoneAt,
      chosen,
      shuffleLinkLoads(
        counts.map((c) => c * outputBytes),
        reducers,
      ).up,
      bandwidth.up,
    ).total;
  const totalWith = total(withCopy, [timing]);
  const totalWithout = total(withoutCopy, []);
  const predictedFinish = duplicateFinishTime(timing);
  const beforeT = predictedFinish <= originalsDoneAt;
  return {
    keepCopy: beforeT || totalWith < totalWithout,
    beforeT,
    originalsDoneAt,
    predictedFinish,
    inputBandwidth,
    totalWith,
    totalWithout,
  };
}

/** Reduces per rack: where they run once launched, else the round-robin quotas of §4.2. */
function reducersPerRack(job: JobView, mapsPerRack: readonly number[], view: ClusterView): number[] {
  const launched = Array.from({ length: view.topology.rackCount }, (_, r) => job.reducesOnRack(r as RackId));
  return launched.some((h) => h > 0) ? launched : roundRobinReduceQuota(mapsPerRack, job.reduceCount);
}
