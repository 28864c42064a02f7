import { evidenceDetailOf } from '@rackwise/policy-kit';
import type { ClusterView, EvidenceDetail, JobId, JobView, PolicyContext } from '@rackwise/types';
import type { DelayConfig } from '../delay-config.js';
import type { JobWait } from './locality-wait.js';
import { type ResolvedDelayConfig, resolveDelayConfig } from './resolve-delay-config.js';

/** The state one Delay instance keeps between offers; the step functions change it. */
export interface DelayState {
  readonly config: ResolvedDelayConfig;
  /** How much evidence the host asked for; `undefined` when none. */
  readonly detail: EvidenceDetail | undefined;
  /** Waits to earn rack-local, then any locality: `[maxSkips, rackMaxSkips]` or the two locality waits. */
  readonly thresholds: [number, number];
  /** The most a skip counter reaches: `maxSkips + rackMaxSkips`. */
  readonly maxCount: number;
  /** Each job's wait for locality, from the first offer it met. */
  readonly waits: Map<JobId, JobWait>;
}

/** A fresh Delay state over a validated configuration. */
export function createDelayState(
  config: Partial<DelayConfig> | undefined,
  context: PolicyContext | undefined,
): DelayState {
  const detail = evidenceDetailOf(context);
  const resolved = resolveDelayConfig(config);
  return {
    config: resolved,
    detail,
    thresholds:
      resolved.by === 'skips'
        ? [resolved.maxSkips, resolved.rackMaxSkips]
        : [resolved.nodeLocalityWait, resolved.rackLocalityWait],
    maxCount: resolved.maxSkips + resolved.rackMaxSkips,
    waits: new Map(),
  };
}

/** The job's wait, made the first time Delay meets it. */
export function waitOf(state: DelayState, job: JobView): JobWait {
  let wait = state.waits.get(job.id);
  if (wait === undefined) {
    wait = { level: 0, skips: 0, waitingSince: undefined };
    state.waits.set(job.id, wait);
  }
  return wait;
}

/** How long the job has waited, in the configured measure: offers skipped or seconds. */
export function waited(state: DelayState, wait: JobWait, view: ClusterView): number {
  if (state.config.by === 'skips') return wait.skips;
  return wait.waitingSince === undefined ? 0 : view.now - wait.waitingSince;
}
