import { EvidenceEntries, evidenceList } from '@rackwise/policy-kit';
import { classifyShuffleByRatio } from '@rackwise/predictor';
import type { ClusterView, Decision, JobView, RackId, ServiceGroup, SlotOffer } from '@rackwise/types';
import { type ShuffleWatcherWaitingGroup, shuffleWatcherEvidence } from '../shufflewatcher-evidence.js';
import { DELAY_SHUFFLE, WAIT_FOR_LOCALITY, nassChoose } from './nass-order.js';
import type { ShuffleWatcherState } from './shufflewatcher-state.js';
import { earliestWindowJobs } from './starvation-window.js';

/** What one offer asks of every group: the task kinds the slot runs and what NASS reads. */
interface OfferFacts {
  readonly maps: boolean;
  readonly reduces: boolean;
  /** Whether a job is past slowstart with a waiting reduce the reduce ramp-up lets launch. */
  readonly reduceAvailable: (job: JobView) => boolean;
  readonly isHeavy: (job: JobView) => boolean;
  readonly saturated: boolean;
  readonly rack: RackId;
  /** The group's launchable jobs of its earliest window (see `GroupCandidates`). */
  readonly windowJobs: (group: ServiceGroup) => readonly JobView[];
}

/** The offer's facts, read once before the user order is walked. */
function offerFacts(state: ShuffleWatcherState, offer: SlotOffer, view: ClusterView): OfferFacts {
  const { config } = state;
  const maps = offer.kind !== 'reduce';
  const reduces = offer.kind !== 'map';
  const earlyReduces =
    offer.kind !== 'container' ||
    view.runningCount('reduce') < Math.floor(config.reduceRampupLimit * view.totalSlots('container'));
  const reduceAvailable = (job: JobView): boolean =>
    job.reducesReady &&
    job.waitingReduces().length > 0 &&
    (earlyReduces || job.count('map', 'pending') === 0);
  const launchable = (job: JobView): boolean =>
    (maps && job.count('map', 'pending') > 0) || (reduces && reduceAvailable(job));
  return {
    maps,
    reduces,
    reduceAvailable,
    isHeavy: (job) => classifyShuffleByRatio(view.predictor.ratio(job), state.heavy) === 'heavy',
    saturated: state.netSat.saturated(view.network, view.topology, offer.node, view.now),
    rack: view.topology.rackOf(offer.node),
    windowJobs: (group) => {
      // Usually every job of the group has a task the slot runs: then the group's own list.
      const ready = group.jobs.every(launchable) ? group.jobs : group.jobs.filter(launchable);
      return ready.length === 0 ? ready : earliestWindowJobs(ready, config.starvationWindow);
    },
  };
}

/**
 * One offer: the first group of the user order with a task the slot runs gets NASS's
 * choice among its candidate jobs; under relaxed locality a group waiting for a local
 * map is passed over.
 */
export function assignNass(state: ShuffleWatcherState, offer: SlotOffer, view: ClusterView): Decision {
  const { config, wait } = state;
  const facts = offerFacts(state, offer, view);
  let waited = false;
  for (const group of config.userOrder.order(view, offer.kind)) {
    const { jobs, reduceJobs } = state.candidates.of(group, view, offer.kind, facts.windowJobs);
    if (jobs.length === 0) continue;
    const allowed = wait === undefined ? 2 : wait.allowed(group.key, view.now);
    const choice = nassChoose({
      view,
      node: offer.node,
      rack: facts.rack,
      saturated: facts.saturated,
      jobs,
      reduceJobs,
      maps: facts.maps,
      reduces: facts.reduces,
      allowed,
      plans: state.plans,
      isHeavy: facts.isHeavy,
      reduceAvailable: facts.reduceAvailable,
      delayReduces: config.delayReducesInSplitSlots && offer.kind === 'reduce',
    });
    if (choice === undefined) continue;
    if (choice === DELAY_SHUFFLE) return { type: 'pass', reason: 'nass/saturated-reduce-delayed' };
    if (choice === WAIT_FOR_LOCALITY) {
      wait?.skipped(group.key, view.now);
      waited = true;
      state.waiting?.add(() => ({
        group: group.key,
        jobs: evidenceList(jobs, state.detail ?? 'full').map((j) => j.id),
        jobCount: jobs.length,
      }));
      continue;
    }
    if (choice.task.kind === 'map') wait?.launched(group.key, choice.level);
    return {
      type: 'launch',
      task: choice.task,
      reason: `nass/${facts.saturated ? 'saturated' : 'unsaturated'}-${choice.rule}`,
    };
  }
  return {
    type: 'pass',
    reason: waited ? 'shufflewatcher/locality-wait' : 'shufflewatcher/no-launchable-task',
  };
}

/** {@link assignNass} with `ShuffleWatcherEvidence`, when the host asked for evidence. */
export function assignNassExplained(
  state: ShuffleWatcherState,
  offer: SlotOffer,
  view: ClusterView,
): Decision {
  const waiting = new EvidenceEntries<ShuffleWatcherWaitingGroup>(state.detail ?? 'full');
  state.waiting = waiting;
  const decision = assignNass(state, offer, view);
  const saturated = state.netSat.saturated(view.network, view.topology, offer.node, view.now);
  const evidence = shuffleWatcherEvidence(
    decision,
    offer,
    view,
    saturated,
    state.config,
    state.plans,
    waiting,
  );
  state.waiting = undefined;
  return { ...decision, evidence };
}
