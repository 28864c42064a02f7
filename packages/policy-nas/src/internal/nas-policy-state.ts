import { trafficThresholdFromView } from '@rackwise/estimators';
import { GroupJobsWhere, hasReadyReduce } from '@rackwise/policy-kit';
import type { Bytes, ClusterView, NodeId } from '@rackwise/types';
import type { NasConfig } from '../nas-config.js';
import { MapGroupCache } from './map-groups.js';
import { MapInputRanges } from './map-input-range.js';
import { pausedByCrRts } from './map-pause.js';
import type { NasState } from './nas-state.js';
import { PendingMapWatch } from './pending-maps.js';
import { ReduceNums } from './reduce-num-on-rack.js';
import { resolveNasConfig } from './resolve-config.js';
import { SkipCounters } from './skip-counters.js';

/** What a NAS instance keeps besides the algorithms' own state: the request routing's caches. */
export interface NasPolicyState extends NasState {
  /** When eq. 3 is next due; −∞ makes the next offer refresh it. */
  nextRefresh: number;
  /** Whether any map is pending anywhere, kept between offers. */
  readonly pendingMaps: PendingMapWatch;
  /** The user order's groups with their pausable maps, kept between offers. */
  readonly mapGroups: MapGroupCache;
  /** {@link mapOutputSpace} over this state, made once for MTS's lazy requests. */
  readonly spaceOf: (view: ClusterView, node: NodeId) => Bytes;
}

/**
 * A fresh NAS state over a validated configuration.
 * @throws Error naming the option when the configuration is invalid or unknown.
 */
export function createNasPolicyState(config: Partial<NasConfig> | undefined): NasPolicyState {
  const resolved = resolveNasConfig(config);
  const state: NasPolicyState = {
    config: resolved,
    mapSkips: new SkipCounters(resolved.maxMapSkips, resolved.maxWait),
    reduceSkips: new SkipCounters(resolved.maxReduceSkips, resolved.maxWait),
    delayed: new Set(),
    crRtsRacks: new Set(),
    mapInputs: new MapInputRanges(),
    readyReduces: new GroupJobsWhere(hasReadyReduce),
    reduceNums: new ReduceNums(),
    trafficThreshold: resolved.trafficThreshold ?? Number.POSITIVE_INFINITY,
    nextRefresh: Number.NEGATIVE_INFINITY,
    pendingMaps: new PendingMapWatch(),
    mapGroups: new MapGroupCache(resolved.userOrder, (job, view) => pausedByCrRts(resolved, job, view)),
    spaceOf: (view, node) => mapOutputSpace(state, view, node),
  };
  return state;
}

/** Eq. 3 over the active jobs, every `trafficThresholdInterval` seconds (§III-C). */
export function refreshThreshold(state: NasPolicyState, view: ClusterView, force: boolean): void {
  const config = state.config;
  if (config.trafficThreshold !== undefined || !config.useTrafficThreshold) return;
  if (!force && view.now < state.nextRefresh) return;
  state.trafficThreshold = trafficThresholdFromView(view);
  state.nextRefresh = view.now + config.trafficThresholdInterval;
}

/** Algorithm 2 line 1: TrafficThreshold minus the predicted output of the maps running on the node. */
export function mapOutputSpace(state: NasState, view: ClusterView, node: NodeId): Bytes {
  if (!state.config.useTrafficThreshold) return Number.POSITIVE_INFINITY;
  let used = 0;
  for (const map of view.runningMapsOn(node)) used += view.predictor.mapOutput(view.job(map.job), map);
  return state.trafficThreshold - used;
}
