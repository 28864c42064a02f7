import { trafficThresholdFromView } from '@rackwise/estimators';
import { GroupJobsWhere, evidenceDetailOf, hasReadyReduce } from '@rackwise/policy-kit';
import type {
  Bytes,
  ClusterView,
  Decision,
  JobId,
  JobView,
  NodeId,
  PolicyContext,
  RackId,
  SchedulerPolicyV1,
  SlotOffer,
} from '@rackwise/types';
import { scheduleReduceCaRts } from './internal/ca-rts.js';
import { scheduleReduceCrRts } from './internal/cr-rts.js';
import { scheduleReduceInOrder } from './internal/fair-reduce.js';
import { pass, rackLoad, shuffleClassOf, waitingReduceCount } from './internal/job-facts.js';
import { MapGroupCache } from './internal/map-groups.js';
import { MapInputRanges } from './internal/map-input-range.js';
import { LazySpaceRequest, scheduleMap } from './internal/mts.js';
import type { NasState, TaskRequest } from './internal/nas-state.js';
import { PendingMapWatch } from './internal/pending-maps.js';
import { ReduceNums } from './internal/reduce-num-on-rack.js';
import { resolveNasConfig } from './internal/resolve-config.js';
import { SkipCounters } from './internal/skip-counters.js';
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
  const resolved = resolveNasConfig(config);
  const state: NasState = {
    config: resolved,
    mapSkips: new SkipCounters(resolved.maxMapSkips, resolved.maxWait),
    reduceSkips: new SkipCounters(resolved.maxReduceSkips, resolved.maxWait),
    delayed: new Set(),
    crRtsRacks: new Set(),
    mapInputs: new MapInputRanges(),
    readyReduces: new GroupJobsWhere(hasReadyReduce),
    reduceNums: new ReduceNums(),
    trafficThreshold: resolved.trafficThreshold ?? Number.POSITIVE_INFINITY,
  };
  let nextRefresh = Number.NEGATIVE_INFINITY;

  /** Eq. 3 over the active jobs, every `trafficThresholdInterval` seconds (§III-C). */
  const refreshThreshold = (view: ClusterView, force: boolean): void => {
    if (resolved.trafficThreshold !== undefined || !resolved.useTrafficThreshold) return;
    if (!force && view.now < nextRefresh) return;
    state.trafficThreshold = trafficThresholdFromView(view);
    nextRefresh = view.now + resolved.trafficThresholdInterval;
  };

  /** Algorithm 2 line 1: TrafficThreshold minus the predicted output of the maps running on the node. */
  const mapOutputSpace = (view: ClusterView, node: NodeId): Bytes => {
    if (!resolved.useTrafficThreshold) return Number.POSITIVE_INFINITY;
    let used = 0;
    for (const map of view.runningMapsOn(node)) used += view.predictor.mapOutput(view.job(map.job), map);
    return state.trafficThreshold - used;
  };

  /** Whether CR-RTS's map pause holds on the node; racks seen uncongested again leave it. */
  const pauseActive = (view: ClusterView, node: NodeId): boolean => {
    if (!resolved.useCrRts || state.crRtsRacks.size === 0) return false;
    for (const rack of state.crRtsRacks) {
      if (rackLoad(view, rack) < resolved.congestionThreshold) state.crRtsRacks.delete(rack);
    }
    if (resolved.mapPauseScope === 'cluster') return state.crRtsRacks.size > 0;
    return state.crRtsRacks.has(view.topology.rackOf(node));
  };

  /** Whether the pause, where it holds, holds this job's maps (`mapPauseJobs`, §III-E). */
  const pausedByCrRts = (job: JobView, view: ClusterView): boolean => {
    if (shuffleClassOf(job, view, resolved.shuffleClassThresholds) === 'light') return false;
    if (resolved.mapPauseJobs === 'predicted') return view.predictor.isPredicted(job);
    if (resolved.mapPauseJobs === 'before-slowstart') return !job.reducesReady;
    return true;
  };

  const pendingMaps = new PendingMapWatch();
  const anyPendingMap = (view: ClusterView): boolean => pendingMaps.any(view);

  const mapGroups = new MapGroupCache(resolved.userOrder, pausedByCrRts);
  const mapRequest = (request: TaskRequest): Decision => {
    const { view, node } = request;
    const paused = pauseActive(view, node);
    // With no pending map anywhere, MTS's walk finds no job and skips no user.
    if (!anyPendingMap(view)) return pass('mts/no-pending-map');
    return scheduleMap(
      state,
      new LazySpaceRequest(request, mapGroups.groups(view, request.kind, paused), mapOutputSpace),
    );
  };

  /** Algorithm 1 lines 3–7. */
  const reduceRequest = (request: TaskRequest): Decision => {
    const rack = request.view.topology.rackOf(request.node);
    const congested = rackLoad(request.view, rack) >= resolved.congestionThreshold;
    if (!congested) state.crRtsRacks.delete(rack);
    if (congested && resolved.useCrRts) {
      state.crRtsRacks.add(rack);
      return scheduleReduceCrRts(state, request);
    }
    return resolved.useCaRts ? scheduleReduceCaRts(state, request) : scheduleReduceInOrder(state, request);
  };

  /** Whether a reduce may take a generic container (see `containerReduceShare`). */
  const reduceMayTakeContainer = (view: ClusterView): boolean => {
    const cap = Math.floor(resolved.containerReduceShare * view.totalSlots('container'));
    if (view.runningCount('reduce') < cap) return true;
    return !anyPendingMap(view);
  };

  /** Algorithm 1: one request, by the offered slot kind. */
  const decide = (request: TaskRequest): Decision => {
    if (request.kind === 'map') return mapRequest(request);
    if (request.kind === 'reduce') return reduceRequest(request);
    if (reduceMayTakeContainer(request.view)) {
      const decision = reduceRequest(request);
      if (decision.type === 'launch') return decision;
    }
    return mapRequest(request);
  };

  const policy: NasPolicy = {
    specificationVersion: 'v1',
    name: resolved.name,
    tickInterval: resolved.trafficThresholdInterval,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      refreshThreshold(view, false);
      if (detail !== undefined) {
        const skipped = new SkippedGroups(detail);
        const space = mapOutputSpace(view, offer.node);
        const decision = decide({ view, node: offer.node, kind: offer.kind, skipped });
        return { ...decision, evidence: nasEvidence(decision, view, offer.node, state, space, skipped) };
      }
      return decide({ view, node: offer.node, kind: offer.kind });
    },
    onJobSubmitted(): void {
      nextRefresh = Number.NEGATIVE_INFINITY;
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
      refreshThreshold(view, true);
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
