import { type EvidenceEntries, evidenceDetailOf } from '@rackwise/policy-kit';
import type { EvidenceDetail, PolicyContext } from '@rackwise/types';
import {
  type ShuffleWatcherConfig,
  type ShuffleWatcherOptions,
  resolveShuffleWatcherConfig,
} from '../shufflewatcher-config.js';
import type { ShuffleWatcherWaitingGroup } from '../shufflewatcher-evidence.js';
import { GroupCandidates } from './group-candidates.js';
import { JobPlans } from './job-plans.js';
import { LocalityWait } from './locality-wait.js';
import { NetSat } from './net-sat.js';

/** The state one ShuffleWatcher instance keeps between offers; the step functions change it. */
export interface ShuffleWatcherState {
  readonly config: ShuffleWatcherConfig;
  /** NetSat, the network load NASS reads (§3.1). */
  readonly netSat: NetSat;
  /** SAMP's and SARP's plan of each active job (§3.2–3.3). */
  readonly plans: JobPlans;
  /** Each user's wait for locality under SW-relaxed; `undefined` under strict fairness. */
  readonly wait: LocalityWait | undefined;
  /** The predictor's ratio above which a job is shuffle-heavy. */
  readonly heavy: { readonly mediumAbove: number; readonly heavyAbove: number };
  /** Each group's candidate jobs per slot kind, kept for its version. */
  readonly candidates: GroupCandidates;
  /** How much evidence the host asked for; `undefined` when none. */
  readonly detail: EvidenceDetail | undefined;
  /** Groups that waited for locality at the current offer, kept only when evidence is asked for. */
  waiting: EvidenceEntries<ShuffleWatcherWaitingGroup> | undefined;
}

/**
 * A fresh ShuffleWatcher state over a validated configuration.
 * @throws Error naming the option when the configuration or the context is invalid.
 */
export function createShuffleWatcherState(
  options: ShuffleWatcherOptions,
  context: PolicyContext,
): ShuffleWatcherState {
  const config = resolveShuffleWatcherConfig(options);
  if (typeof context !== 'object' || context === null) {
    throw new Error('shufflewatcher: context must be a PolicyContext with a random source');
  }
  return {
    config,
    netSat: new NetSat(config.nwSaturationThreshold, config.netSatScope),
    plans: new JobPlans(config),
    wait: config.relaxedLocality === false ? undefined : new LocalityWait(config.relaxedLocality),
    heavy: { mediumAbove: config.shuffleHeavyRatio, heavyAbove: config.shuffleHeavyRatio },
    candidates: new GroupCandidates(),
    detail: evidenceDetailOf(context),
    waiting: undefined,
  };
}
