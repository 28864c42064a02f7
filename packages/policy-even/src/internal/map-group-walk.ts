import { type JobStep, stepJobs } from '@rackwise/policy-kit';
import type { ClusterView, JobView, ServiceGroup, SlotOffer } from '@rackwise/types';
import { type EvenState, type PassedOnRack, launchedOf } from './even-state.js';
import { RACK_FULL, launchMap, mapFor, overShare, refuse } from './rack-share.js';

/** The jobs a walk on the rack met over their share, kept for the group's current version. */
function passedOnRack(state: EvenState, group: ServiceGroup, version: number, rack: number): PassedOnRack {
  let kept = state.overShareKept.get(group);
  if (kept === undefined || kept.version !== version) {
    kept = { version, racks: [] };
    state.overShareKept.set(group, kept);
  }
  let passed = kept.racks[rack];
  if (passed === undefined) {
    passed = { next: 0, jobs: [], entries: [] };
    kept.racks[rack] = passed;
  }
  return passed;
}

/**
 * A group's map walk, as `mapFor` over its jobs would answer, but passing at once the
 * jobs already met over their share on the rack: while the order hands out the group
 * with the same version, a job's pending maps stay as they are and its counts only
 * grow, so a job once over its share on a rack stays so, and only its refusal time,
 * one number, is looked at again.
 */
export function mapGroup(
  state: EvenState,
  group: ServiceGroup,
  offer: SlotOffer,
  view: ClusterView,
): JobStep {
  const version = group.version;
  if (version === undefined || view.stateVersion === undefined) {
    return stepJobs(group.jobs, (job: JobView, o, v) => mapFor(state, job, o, v), offer, view);
  }
  const rack = view.topology.rackOf(offer.node);
  const passed = passedOnRack(state, group, version, rack);
  const { jobs: heldJobs, entries } = passed;
  for (let i = 0; i < entries.length; i++) {
    const answer = refuse(state, heldJobs[i]!, entries[i]!, offer, view);
    if (answer !== RACK_FULL) return answer;
  }
  let held = entries.length > 0;
  const jobs = group.jobs;
  for (; passed.next < jobs.length; passed.next++) {
    const job = jobs[passed.next]!;
    if (job.count('map', 'pending') === 0) continue;
    const entry = launchedOf(state, job, view);
    if (!overShare(job, entry, rack)) return launchMap(state, job, entry, offer, view, false);
    heldJobs.push(job);
    entries.push(entry);
    held = true;
    const answer = refuse(state, job, entry, offer, view);
    if (answer !== RACK_FULL) {
      passed.next++;
      return answer;
    }
  }
  return held ? RACK_FULL : undefined;
}
