import { evidenceDetailOf } from '@rackwise/policy-kit';
import type {
  Bytes,
  ClusterView,
  Decision,
  JobId,
  JobView,
  PolicyContext,
  RackId,
  SchedulerPolicyV1,
  SlotOffer,
} from '@rackwise/types';
import { decide } from './internal/algorithm-1.js';
import { waitingReduceCount } from './internal/job-facts.js';
import { createNasPolicyState, mapOutputSpace, refreshThreshold } from './internal/nas-policy-state.js';
import type { NasConfig } from './nas-config.js';
import { nasEvidence } from './nas-evidence.js';
import { SkippedGroups } from './nas-skipped-group.js';

/** Read-only look into a NAS instance's state, for tests, logs and reports. */
export interface NasInspection {
  /** The `TrafficThreshold` MTS enforces now (eq. 3 or the operator's); `Infinity` when unbounded. */
  trafficThreshold(): Bytes;
  /** `D_i^m` of a user, by its user-order group key (`user:3`). */
  mapSkips(groupKey: string): number;
  /** `D_i^r` of a user, by its user-order group key. */
  reduceSkips(groupKey: string): number;
  /** Whether CR-RTS tagged the job's waiting reduces *delayed*. */
  isDelayed(job: JobId): boolean;
  /** Racks on which CR-RTS ran and which were not seen uncongested since, ascending. */
  crRtsRacks(): readonly RackId[];
}

/** A NAS scheduler: the v1 policy contract plus {@link NasInspection}. */
export interface NasPolicy extends SchedulerPolicyV1 {
  readonly inspect: NasInspection;
}

/**
 * Creates the NAS scheduler — NAS §III, Algorithm 1: a map request goes to MTS
 * (Algorithm 2); a reduce request goes to CA-RTS (Algorithm 3) when the requesting
 * node's rack is below `congestionThreshold`, else to CR-RTS (Algorithm 4).
 *
 * A generic container (`container` offer) is first a reduce request when a reduce may
 * take it — fewer than `containerReduceShare` of all containers hold reduces, or no map
 * is pending anywhere — and a map request when no reduce launched. Missing options take
 * {@link NAS_DEFAULTS}; `userOrder` is required. The policy uses no randomness.
 *
 * @throws Error naming the option when the configuration is invalid or unknown.
 */
export function createNasPolicy(config: Partial<NasConfig> | undefined, context: PolicyContext): NasPolicy {
  // NAS makes no random choice; the context only asks for evidence.
  const detail = evidenceDetailOf(context);
  const state = createNasPolicyState(config);
  const resolved = state.config;
  const policy: NasPolicy = {
    specificationVersion: 'v1',
    name: resolved.name,
    tickInterval: resolved.trafficThresholdInterval,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      refreshThreshold(state, view, false);
      if (detail !== undefined) {
        const skipped = new SkippedGroups(detail);
        const space = mapOutputSpace(state, view, offer.node);
        const decision = decide(state, { view, node: offer.node, kind: offer.kind, skipped });
        return { ...decision, evidence: nasEvidence(decision, view, offer.node, state, space, skipped) };
      }
      return decide(state, { view, node: offer.node, kind: offer.kind });
    },
    onJobSubmitted(): void {
      state.nextRefresh = Number.NEGATIVE_INFINITY;
    },
    onJobCompleted(job: JobView): void {
      state.delayed.delete(job.id);
      state.mapInputs.forget(job.id);
    },
    onTaskStarted(event, view): void {
      if (event.task.kind === 'reduce' && waitingReduceCount(view.job(event.task.job)) === 0) {
        state.delayed.delete(event.task.job);
      }
    },
    onTick(view: ClusterView): void {
      refreshThreshold(state, view, true);
    },
    inspect: {
      trafficThreshold: () =>
        resolved.useTrafficThreshold ? state.trafficThreshold : Number.POSITIVE_INFINITY,
      mapSkips: (key) => state.mapSkips.count(key),
      reduceSkips: (key) => state.reduceSkips.count(key),
      isDelayed: (job) => state.delayed.has(job),
      crRtsRacks: () => [...state.crRtsRacks].sort((a, b) => a - b),
    },
  };
  return policy;
}
