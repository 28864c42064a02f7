import { createShufflePredictor } from '@rackwise/predictor';
import type {
  ClusterView,
  Decision,
  NodeId,
  PreemptionRequest,
  SchedulerPolicy,
  Seconds,
  ShufflePredictor,
  SlotKind,
  SlotOffer,
  TopologyView,
} from '@rackwise/types';
import type { HostEvent, TaskCopy } from './host-events.js';
import { applyEvent } from './internal/apply-event.js';
import { type HostState, type HostStateSettings, createHostState } from './internal/host-state.js';
import { checkNode, checkTime, refuse } from './internal/validate-event.js';

/** How a host state is set up; every field but `topology` has a default. */
export interface ClusterStateOptions {
  /** The cluster: usually {@link topologyFromLabels} or {@link createHostTopology}. */
  readonly topology: TopologyView;
  /** The host's own shuffle predictor; default `createShufflePredictor()` of @rackwise/predictor. */
  readonly predictor?: ShufflePredictor;
  /** Slowstart: completed-map fraction before a job's reduces may launch. Default 0.05 (Hadoop). */
  readonly mapCompletionThreshold?: number;
  /** Seconds between the host's link samples (the window of one `links` event). Default 1. */
  readonly monitorInterval?: Seconds;
  /** Link samples kept for `recentRackUtilisation`. Default 600. */
  readonly historyLength?: number;
  /** Offers kept in `decisions` (the most recent). Default 1,000; 0 keeps none. */
  readonly decisionLimit?: number;
  /** The clock before the first event. Default 0. */
  readonly startTime?: Seconds;
}

/** One offer made through {@link ClusterState.offer} and what the policy answered. */
export interface OfferRecord {
  readonly time: Seconds;
  readonly node: NodeId;
  readonly kind: SlotKind;
  readonly policy: string;
  readonly decision: Decision;
}

/**
 * A cluster's state kept from the host's own events, and the `ClusterView` of it that
 * every rackwise policy accepts. Events are checked whole before anything changes: a
 * refused one throws a `HostEventError` and leaves the state as it was.
 */
export interface ClusterState {
  /** The live view to hand to policies (valid between events). */
  readonly view: ClusterView;
  readonly now: Seconds;
  /** The most recent offers made through `offer`, oldest first. */
  readonly decisions: readonly OfferRecord[];
  /**
   * Applies one event. Returns the map copies the host should kill (when a map with
   * several copies finished, the others; usually none).
   */
  apply(event: HostEvent): readonly TaskCopy[];
  /**
   * Reports every later event to the policy's hooks (`onJobSubmitted`, `onTaskStarted`,
   * `onTaskCompleted`, `onJobCompleted`, `onTick`) and asks its extensions (which copy of
   * a duplicated map to keep, which reduces to preempt on a `tick`).
   */
  attach(policy: SchedulerPolicy): void;
  /**
   * Asks a policy what to run in a free slot of `kind` on `node`, at `time` (default now),
   * and records the decision. It starts nothing: the host launches what it decides to and
   * reports a `start` event.
   */
  offer(policy: SchedulerPolicy, node: NodeId, kind: SlotKind, time?: Seconds): Decision;
  /** Preemption requests of the attached policies at the latest `tick` (FCS). */
  readonly preemptions: readonly PreemptionRequest[];
}

const fraction = (v: unknown): v is number => typeof v === 'number' && v >= 0 && v <= 1;

/** The options with their defaults, each checked; throws an `Error` naming the one at fault. */
function readOptions(options: ClusterStateOptions): HostStateSettings & { readonly decisionLimit: number } {
  const topology = options?.topology;
  if (topology === undefined || typeof topology.rackOf !== 'function') {
    throw new Error('createClusterState: topology must be a TopologyView');
  }
  const threshold = options.mapCompletionThreshold ?? 0.05;
  if (!fraction(threshold))
    throw new Error(`createClusterState: mapCompletionThreshold must be in [0, 1], got ${String(threshold)}`);
  const interval = options.monitorInterval ?? 1;
  if (!(typeof interval === 'number' && Number.isFinite(interval) && interval > 0)) {
    throw new Error(
      `createClusterState: monitorInterval must be a positive number of seconds, got ${String(interval)}`,
    );
  }
  const history = options.historyLength ?? 600;
  const limit = options.decisionLimit ?? 1000;
  for (const [name, value] of [
    ['historyLength', history],
    ['decisionLimit', limit],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new Error(`createClusterState: ${name} must be an integer >= 0, got ${String(value)}`);
  }
  const start = options.startTime ?? 0;
  if (!(typeof start === 'number' && Number.isFinite(start)))
    throw new Error('createClusterState: startTime must be a finite number');
  return {
    topology,
    predictor: options.predictor ?? createShufflePredictor(),
    mapCompletionThreshold: threshold,
    monitorInterval: interval,
    historyLength: history,
    startTime: start,
    decisionLimit: limit,
  };
}

/**
 * Creates an empty state over a topology. Throws an `Error` naming the option at fault.
 *
 * @example
 * const state = createClusterState({ topology: topologyFromLabels(nodes) });
 * state.apply({ type: 'submit', time: 0, job: { id: 0, user: 1, maps, reduces: 2 } });
 * const decision = state.offer(policy, node, 'container');
 */
export function createClusterState(options: ClusterStateOptions): ClusterState {
  const settings = readOptions(options);
  const state = createHostState(settings);
  const decisions: OfferRecord[] = [];
  return {
    view: state.view,
    get now() {
      return state.now;
    },
    decisions,
    get preemptions() {
      return state.preemptions;
    },
    apply: (event) => applyEvent(state, event),
    attach(policy) {
      if (policy === null || typeof policy !== 'object' || typeof policy.assign !== 'function') {
        throw new Error('attach: policy must be a SchedulerPolicy');
      }
      state.policies.push(policy);
    },
    offer(policy, node, kind, time = state.now) {
      const decision = offerSlot(state, policy, { node, kind }, time);
      if (settings.decisionLimit > 0) {
        if (decisions.length >= settings.decisionLimit) decisions.shift();
        decisions.push({ time, node, kind, policy: policy.name, decision });
      }
      return decision;
    },
  };
}

/** Checks an offer like an event (time, node, a free slot of the kind), then asks the policy. */
function offerSlot(state: HostState, policy: SchedulerPolicy, offer: SlotOffer, time: Seconds): Decision {
  const { node, kind } = offer;
  const event = { type: 'offer', time, node, kind };
  checkTime(event, state.now);
  checkNode(event, 'node', node, state.topology);
  const k = ['map', 'reduce', 'container'].indexOf(kind);
  if (k < 0 || state.topology.slotsOf(node, kind) === 0) {
    refuse(event, 'kind', `${String(kind)}: node ${node} has no slots of that kind`);
  }
  if (state.view.freeSlots(node, kind) === 0) refuse(event, 'node', `${node} has no free ${kind} slot`);
  state.now = time;
  return policy.assign({ node, kind }, state.view);
}
