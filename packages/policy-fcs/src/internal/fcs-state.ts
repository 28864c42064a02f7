import type { PolicyContext } from '@rackwise/types';
import type { FcsConfig } from '../fcs-config.js';
import { JobEstimates } from './job-estimates.js';
import { ReduceJobs } from './reduce-jobs.js';
import { ReduceRecords } from './reduce-records.js';
import { resolveFcsConfig } from './resolve-fcs-config.js';

/** The state one FCS instance keeps between offers and ticks; the step functions change it. */
export interface FcsState {
  readonly config: FcsConfig;
  /** Whether decisions and preemptions carry FCS evidence. */
  readonly withEvidence: boolean;
  /** Each job's `T_rs` and `R_left` inputs (§3). */
  readonly estimates: JobEstimates;
  /** Each reduce's launches, preemptions and passes (Algorithms 1 and 2). */
  readonly records: ReduceRecords;
  /** Jobs with a reduce demand or a running reduce, kept between states by their users' versions. */
  readonly reduceJobs: ReduceJobs;
}

/**
 * A fresh FCS state over a validated configuration.
 * @throws Error naming the option when the configuration is invalid.
 */
export function createFcsState(
  config: Partial<FcsConfig> | undefined,
  context: PolicyContext | undefined,
): FcsState {
  const resolved = resolveFcsConfig(config);
  const estimates = new JobEstimates();
  return {
    config: resolved,
    withEvidence: context?.recordEvidence === true,
    estimates,
    records: new ReduceRecords(),
    reduceJobs: new ReduceJobs(estimates),
  };
}
