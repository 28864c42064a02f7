import type { JobStep } from '@rackwise/policy-kit';
import type { ClusterView, Decision, JobView, MapTaskView, SlotOffer } from '@rackwise/types';
import type { EvenEvidence } from '../even-evidence.js';
import { type EvenState, type LaunchedMaps, launchedOf } from './even-state.js';

/** The answer for a job over its share on the offered rack: one object, as walks pass many such jobs. */
export const RACK_FULL = Object.freeze({ held: 'even/rack-full' });

/** Whether the job holds its share of maps on the rack already (it may then only overflow). */
export function overShare(job: JobView, entry: LaunchedMaps, rack: number): boolean {
  const racks = entry.counts.length;
  const floor = Math.floor(job.mapCount / racks);
  const mine = entry.counts[rack]!;
  return !(mine < floor || (mine === floor && entry.above < job.mapCount % racks));
}

/** A job over its share on the rack met by a walk: held back, or its map when it waited long enough. */
export function refuse(
  state: EvenState,
  job: JobView,
  entry: LaunchedMaps,
  offer: SlotOffer,
  view: ClusterView,
): JobStep {
  const since = entry.refusedSince;
  if (Number.isNaN(since)) entry.refusedSince = view.now;
  if (Number.isNaN(since) || view.now - since < state.config.overflowWait) return RACK_FULL;
  return launchMap(state, job, entry, offer, view, true);
}

/** Launches the job's map on the offered node (node-local, rack-local, then first pending) and counts it. */
export function launchMap(
  state: EvenState,
  job: JobView,
  entry: LaunchedMaps,
  offer: SlotOffer,
  view: ClusterView,
  overflow: boolean,
): Decision {
  const counts = entry.counts;
  const rack = view.topology.rackOf(offer.node);
  const racks = counts.length;
  entry.refusedSince = Number.NaN;
  let task: MapTaskView | undefined;
  let reason = 'even/map';
  if (state.config.preferLocal) {
    task = job.pendingMapsOnNode(offer.node)[0];
    reason = 'even/map-node-local';
    if (task === undefined) {
      task = job.pendingMapsOnRack(rack)[0];
      reason = 'even/map-rack-local';
    }
  }
  if (task === undefined) {
    task = job.pendingMaps()[0]!;
    reason = 'even/map';
  }
  if (overflow) reason = 'even/map-overflow';
  const mine = counts[rack]!;
  counts[rack] = mine + 1;
  if (mine === Math.floor(job.mapCount / racks)) entry.above++;
  const proof: EvenEvidence | undefined = state.evidence
    ? { kind: 'map', rack, mapsPerRack: counts.slice(), rackShare: Math.ceil(job.mapCount / racks) }
    : undefined;
  return proof === undefined
    ? { type: 'launch', task, reason }
    : { type: 'launch', task, reason, evidence: proof };
}

/** One job's map step: its map within the rack's share, held back over it, nothing without pending maps. */
export function mapFor(state: EvenState, job: JobView, offer: SlotOffer, view: ClusterView): JobStep {
  if (job.count('map', 'pending') === 0) return undefined;
  const entry = launchedOf(state, job, view);
  if (overShare(job, entry, view.topology.rackOf(offer.node))) return refuse(state, job, entry, offer, view);
  return launchMap(state, job, entry, offer, view, false);
}
