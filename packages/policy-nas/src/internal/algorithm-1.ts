import type { ClusterView, Decision } from '@rackwise/types';
import { scheduleReduceCaRts } from './ca-rts.js';
import { scheduleReduceCrRts } from './cr-rts.js';
import { scheduleReduceInOrder } from './fair-reduce.js';
import { pass, rackLoad } from './job-facts.js';
import { pauseActive } from './map-pause.js';
import { LazySpaceRequest, scheduleMap } from './mts.js';
import type { NasPolicyState } from './nas-policy-state.js';
import type { TaskRequest } from './nas-state.js';

/** Algorithm 1 line 2: a map request goes to MTS, with the CR-RTS pause where it holds. */
export function mapRequest(state: NasPolicyState, request: TaskRequest): Decision {
  const { view, node } = request;
  const paused = pauseActive(state, view, node);
  // With no pending map anywhere, MTS's walk finds no job and skips no user.
  if (!state.pendingMaps.any(view)) return pass('mts/no-pending-map');
  return scheduleMap(
    state,
    new LazySpaceRequest(request, state.mapGroups.groups(view, request.kind, paused), state.spaceOf),
  );
}

/** Algorithm 1 lines 3–7. */
export function reduceRequest(state: NasPolicyState, request: TaskRequest): Decision {
  const config = state.config;
  const rack = request.view.topology.rackOf(request.node);
  const congested = rackLoad(request.view, rack) >= config.congestionThreshold;
  if (!congested) state.crRtsRacks.delete(rack);
  if (congested && config.useCrRts) {
    state.crRtsRacks.add(rack);
    return scheduleReduceCrRts(state, request);
  }
  return config.useCaRts ? scheduleReduceCaRts(state, request) : scheduleReduceInOrder(state, request);
}

/** Whether a reduce may take a generic container (see `containerReduceShare`). */
export function reduceMayTakeContainer(state: NasPolicyState, view: ClusterView): boolean {
  const cap = Math.floor(state.config.containerReduceShare * view.totalSlots('container'));
  if (view.runningCount('reduce') < cap) return true;
  return !state.pendingMaps.any(view);
}

/** Algorithm 1: one request, by the offered slot kind. */
export function decide(state: NasPolicyState, request: TaskRequest): Decision {
  if (request.kind === 'map') return mapRequest(state, request);
  if (request.kind === 'reduce') return reduceRequest(state, request);
  if (reduceMayTakeContainer(state, request.view)) {
    const decision = reduceRequest(state, request);
    if (decision.type === 'launch') return decision;
  }
  return mapRequest(state, request);
}
