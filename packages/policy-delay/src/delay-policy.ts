import type { JobId, JobView, PolicyContext, PolicyDefinition, SchedulerPolicy } from '@rackwise/types';
import { DELAY_DEFAULTS, type DelayConfig } from './delay-config.js';
import { createDelayState } from './internal/delay-state.js';
import { assignInOrder } from './internal/order-walk.js';

/** The Delay policy: a scheduler policy that also tells how long each job has waited. */
export interface DelayPolicy extends SchedulerPolicy {
  /** Offers a job was passed over since its last launch (`by: 'skips'`; 0 for unknown jobs). Never above `maxSkips + rackMaxSkips`. */
  skipCount(job: JobId): number;
}

/**
 * Delay scheduling (Zaharia et al., EuroSys 2010) on top of any fairness order — NAS §II
 * and §IV ("Delay", D = 135; 5 s in the cluster experiment), ShuffleWatcher §4.2 (relaxed
 * fairness), Shadow §6 (`rackLocalityDelay`). For a map slot it walks the `userOrder`;
 * the first job with a pending map launches its node-local map if it has one, a rack-local
 * one once it waited `maxSkips` offers (or `nodeLocalityWait` s), any once it waited
 * `rackMaxSkips` more (or `rackLocalityWait` s); otherwise it is skipped (its counter
 * grows) and the next job is asked. A launch resets the job's wait and remembers its
 * level, as `j.level` in the paper. Reduces are not delayed: a reduce slot goes to the
 * first job past slowstart with a waiting reduce. With `relaxedLevel: 'reset'` every launch
 * returns the job to node level.
 *
 * Reason codes: `delay/node-local`, `delay/rack-local`, `delay/remote`, `delay/reduce`;
 * passes `delay/skip` (jobs waited for locality) or `delay/no-pending`. Deterministic.
 */
export function createDelayPolicy(config?: Partial<DelayConfig>, context?: PolicyContext): DelayPolicy {
  const state = createDelayState(config, context);
  return {
    specificationVersion: 'v1',
    name: state.config.name,
    assign: (offer, view) => assignInOrder(state, offer, view),
    onJobCompleted(job: JobView): void {
      state.waits.delete(job.id);
    },
    skipCount: (job: JobId): number => state.waits.get(job)?.skips ?? 0,
  } satisfies DelayPolicy;
}

/**
 * Registry entry of {@link createDelayPolicy}. Its defaults carry no `userOrder`: a
 * registry passes one (Fair's) in the configuration, and creation without one throws.
 */
export const delayPolicy: PolicyDefinition<DelayConfig> = Object.freeze({
  name: 'delay',
  summary: 'Delay scheduling: node, then rack locality with a skip count or wait time, on any fairness order',
  defaults: DELAY_DEFAULTS,
  create: createDelayPolicy,
});
