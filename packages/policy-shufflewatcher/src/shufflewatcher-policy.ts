import type { ClusterView, JobId, JobView, PolicyContext, RackId, SchedulerPolicyV1 } from '@rackwise/types';
import { assignNass, assignNassExplained } from './internal/nass-offer.js';
import { createShuffleWatcherState } from './internal/shufflewatcher-state.js';
import type { ShuffleWatcherConfig, ShuffleWatcherOptions } from './shufflewatcher-config.js';

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
  const state = createShuffleWatcherState(options, context);
  const { config, plans } = state;
  const policy: ShuffleWatcherPolicy = {
    specificationVersion: 'v1',
    name: config.name,
    config,
    assign:
      state.detail === undefined
        ? (offer, view) => assignNass(state, offer, view)
        : (offer, view) => assignNassExplained(state, offer, view),
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
