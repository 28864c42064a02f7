import { EvidenceEntries, evidenceDetailOf, evidenceList } from '@rackwise/policy-kit';
import { classifyShuffleByRatio } from '@rackwise/predictor';
import type {
  ClusterView,
  Decision,
  JobId,
  JobView,
  PolicyContext,
  RackId,
  SchedulerPolicyV1,
  ServiceGroup,
  SlotKind,
  SlotOffer,
} from '@rackwise/types';
import { JobPlans } from './internal/job-plans.js';
import { LocalityWait } from './internal/locality-wait.js';
import { DELAY_SHUFFLE, WAIT_FOR_LOCALITY, nassChoose } from './internal/nass-order.js';
import { NetSat } from './internal/net-sat.js';
import { earliestWindowJobs } from './internal/starvation-window.js';
import {
  type ShuffleWatcherConfig,
  type ShuffleWatcherOptions,
  resolveShuffleWatcherConfig,
} from './shufflewatcher-config.js';
import { type ShuffleWatcherWaitingGroup, shuffleWatcherEvidence } from './shufflewatcher-evidence.js';

/** A user's candidate jobs, and those of them past slowstart with a waiting reduce. */
interface Candidates {
  readonly jobs: readonly JobView[];
  /** Undefined where not found (a group cut afresh). */
  readonly reduceJobs: readonly JobView[] | undefined;
}

/** A group's candidates for each slot kind, as of its version. */
interface KeptCandidates {
  readonly version: number;
  readonly jobs: (Candidates | undefined)[];
}

/** Whether a job is past slowstart with a waiting reduce (what `reduceAvailable` asks first). */
const reduceWaiting = (job: JobView): boolean => job.reducesReady && job.waitingReduces().length > 0;

/** Candidates with their jobs that may have a reduce to launch. */
function candidatesOf(jobs: readonly JobView[]): Candidates {
  return { jobs, reduceJobs: Object.freeze(jobs.filter(reduceWaiting)) };
}

/**
 * Each user-order group's candidate jobs — those with a task the slot could run, of the
 * earliest starvation window, in arrival order — kept under the group object while the
 * order hands it out with the same `ServiceGroup.version` (which moves with everything
 * the candidates read: pending maps, waiting reduces, readiness). One set per slot kind:
 * the reduce ramp-up does not change them (in a container a job with a pending map is a
 * candidate for it; one without is not held back by the ramp-up; a reduce slot is never
 * capped). Groups without a version are cut afresh.
 */
class GroupCandidates {
  readonly #kept = new WeakMap<ServiceGroup, KeptCandidates>();

  of(
    group: ServiceGroup,
    view: ClusterView,
    kind: SlotKind,
    cut: (group: ServiceGroup) => readonly JobView[],
  ): Candidates {
    const version = group.version;
    if (version === undefined || view.stateVersion === undefined)
      return { jobs: cut(group), reduceJobs: undefined };
    let entry = this.#kept.get(group);
    if (entry === undefined || entry.version !== version) {
      entry = { version, jobs: [] };
      this.#kept.set(group, entry);
    }
    const at = kind === 'map' ? 0 : kind === 'reduce' ? 1 : 2;
    let jobs = entry.jobs[at];
    if (jobs === undefined) {
      jobs = candidatesOf(Object.freeze(cut(group)));
      entry.jobs[at] = jobs;
    }
    return jobs;
  }
}

/** What SAMP and SARP decided for one active job, for logs and explanations. */
export interface ShuffleWatcherJobState {
  /** SAMP's `PreferredMapRacks` (Fig. 4); undefined when SAMP is off. */
  readonly preferredMapRacks: readonly RackId[] | undefined;
  /** SAMP's `TentativeReducesPerRack` (Fig. 4, line 9). */
  readonly tentativeReducesPerRack: readonly number[];
  /** SARP's `PreferredReducesPerRack` from the intermediate data (Fig. 6), once computed. */
  readonly preferredReducesPerRack: readonly number[] | undefined;
}

/** A ShuffleWatcher policy: the v1 contract plus a look at its resolved configuration and job plans. */
export interface ShuffleWatcherPolicy extends SchedulerPolicyV1 {
  /** The configuration in force, defaults filled in. */
  readonly config: ShuffleWatcherConfig;
  /** SAMP / SARP state of an active job, undefined if the policy holds none for it. */
  jobState(job: JobId): ShuffleWatcherJobState | undefined;
}

/**
 * ShuffleWatcher (Ahmad et al., USENIX ATC '14) on any fairness policy: NASS (§3.1,
 * Fig. 3) orders the selected user's maps and reduces by the network load NetSat reads;
 * SAMP (§3.2, Fig. 4) picks each job's preferred map racks at submission; SARP (§3.3,
 * Fig. 6) sets how many of a job's reduces each rack should run; a starvation window
 * (§3.4) puts a user's older jobs first.
 *
 * The user is the first group of `config.userOrder` that has a task the offered slot
 * runs; under strict fairness (`relaxedLocality: false`) that user always gets a task.
 * Under relaxed locality (SW-relaxed) a user whose turn goes to maps but has none local
 * enough is passed over, as Delay scheduling does, until it has waited long enough.
 *
 * Decisions carry `nass/<saturated|unsaturated>-<category>` reason codes (Fig. 3 lines:
 * `map-preferred-rack` 4/16, `map-node-local` and `map-rack-local` 5/17, `map-any` 6/18,
 * `reduce-light` 7, `reduce-heavy-sarp` 8/13, `reduce-heavy` 14, `reduce-any` 9/15), or
 * pass with `shufflewatcher/locality-wait`, `shufflewatcher/no-launchable-task` or (with
 * `delayReducesInSplitSlots`) `nass/saturated-reduce-delayed`.
 *
 * In containers, a reduce of a job with maps still to launch is only available while
 * running reduces hold fewer than `⌊reduceRampupLimit × containers⌋` containers, so
 * reduces cannot take every container from the maps they wait for.
 *
 * Deterministic: ties go to job arrival order and rack id; `context.random` is not drawn.
 *
 * @throws Error naming the option when the configuration is invalid (see
 *   {@link resolveShuffleWatcherConfig}).
 */
export function createShuffleWatcherPolicy(
  options: ShuffleWatcherOptions,
  context: PolicyContext,
): ShuffleWatcherPolicy {
  const config = resolveShuffleWatcherConfig(options);
  if (typeof context !== 'object' || context === null) {
    throw new Error('shufflewatcher: context must be a PolicyContext with a random source');
  }
  const netSat = new NetSat(config.nwSaturationThreshold, config.netSatScope);
  const plans = new JobPlans(config);
  const wait = config.relaxedLocality === false ? undefined : new LocalityWait(config.relaxedLocality);
  const heavy = { mediumAbove: config.shuffleHeavyRatio, heavyAbove: config.shuffleHeavyRatio };
  const candidates = new GroupCandidates();

  const assign = (offer: SlotOffer, view: ClusterView): Decision => {
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
    const isHeavy = (job: JobView): boolean =>
      classifyShuffleByRatio(view.predictor.ratio(job), heavy) === 'heavy';
    const saturated = netSat.saturated(view.network, view.topology, offer.node, view.now);
    const rack = view.topology.rackOf(offer.node);
    let waited = false;
    /** The group's launchable jobs of its earliest window, kept with the group (see `candidates`). */
    const windowJobs = (group: ServiceGroup): readonly JobView[] => {
      // Usually every job of the group has a task the slot runs: then the group's own list.
      const ready = group.jobs.every(launchable) ? group.jobs : group.jobs.filter(launchable);
      return ready.length === 0 ? ready : earliestWindowJobs(ready, config.starvationWindow);
    };
    for (const group of config.userOrder.order(view, offer.kind)) {
      const { jobs, reduceJobs } = candidates.of(group, view, offer.kind, windowJobs);
      if (jobs.length === 0) continue;
      const allowed = wait === undefined ? 2 : wait.allowed(group.key, view.now);
      const choice = nassChoose({
        view,
        node: offer.node,
        rack,
        saturated,
        jobs,
        reduceJobs,
        maps,
        reduces,
        allowed,
        plans,
        isHeavy,
        reduceAvailable,
        delayReduces: config.delayReducesInSplitSlots && offer.kind === 'reduce',
      });
      if (choice === undefined) continue;
      if (choice === DELAY_SHUFFLE) return { type: 'pass', reason: 'nass/saturated-reduce-delayed' };
      if (choice === WAIT_FOR_LOCALITY) {
        wait?.skipped(group.key, view.now);
        waited = true;
        waiting?.add(() => ({
          group: group.key,
          jobs: evidenceList(jobs, detail ?? 'full').map((j) => j.id),
          jobCount: jobs.length,
        }));
        continue;
      }
      if (choice.task.kind === 'map') wait?.launched(group.key, choice.level);
      return {
        type: 'launch',
        task: choice.task,
        reason: `nass/${saturated ? 'saturated' : 'unsaturated'}-${choice.rule}`,
      };
    }
    return {
      type: 'pass',
      reason: waited ? 'shufflewatcher/locality-wait' : 'shufflewatcher/no-launchable-task',
    };
  };

  // Groups that waited for locality at the current offer, kept only when evidence is asked for.
  const detail = evidenceDetailOf(context);
  let waiting: EvidenceEntries<ShuffleWatcherWaitingGroup> | undefined;
  const explained = (offer: SlotOffer, view: ClusterView): Decision => {
    waiting = new EvidenceEntries(detail ?? 'full');
    const decision = assign(offer, view);
    const saturated = netSat.saturated(view.network, view.topology, offer.node, view.now);
    const evidence = shuffleWatcherEvidence(decision, offer, view, saturated, config, plans, waiting);
    waiting = undefined;
    return { ...decision, evidence };
  };

  const policy: ShuffleWatcherPolicy = {
    specificationVersion: 'v1',
    name: config.name,
    config,
    assign: detail === undefined ? assign : explained,
    onJobSubmitted(job: JobView, view: ClusterView): void {
      if (plans.enabled) plans.plan(job, view);
    },
    onJobCompleted(job: JobView): void {
      plans.forget(job.id);
    },
    jobState(job: JobId): ShuffleWatcherJobState | undefined {
      const plan = plans.peek(job);
      if (plan === undefined) return undefined;
      return {
        preferredMapRacks: plan.preferredMapRacks,
        tentativeReducesPerRack: plan.tentative,
        preferredReducesPerRack: plan.fromIntermediateData,
      };
    },
  };
  return policy;
}
