import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowNetwork } from './flow-network-types.js';
import { BundledFlowNetwork } from './internal/bundled-flow-network.js';
import {
  BETWEEN_SOLVES,
  type BetweenSolves,
  PerFlowNetwork,
  type SolverKernel,
} from './internal/per-flow-network.js';
import { RecoveryTailFlowNetwork, type RecoveryTailParameters } from './internal/recovery-tail-network.js';
import { StartBurstFlowNetwork, type StartBurstParameters } from './internal/start-burst-network.js';
import { describe, requireNonNegativeFinite, requirePositiveFinite } from './internal/validate.js';

/** Options of a flow network. */
export interface FlowNetworkOptions {
  /**
   * Capacity of every link, in bytes per second (each positive and finite); a flow's
   * links are indices into this array. `Topology.linkCapacitiesBytesPerSecond()` gives it.
   * Copied: later changes to the array have no effect.
   */
  readonly capacities: Float64Array;
  /**
   * Minimum simulated time between two solves (0 = exact: every batch of changes is
   * solved). With an interval, a `solve()` sooner than `interval` after the previous one
   * is deferred to that time (`nextEventTime` reports it); until then flows added since
   * wait at rate 0 and capacity freed by ended flows stays unused. Default 0.
   */
  readonly resolveInterval?: Seconds;
  /**
   * With a `resolveInterval`, what flows added between two solves get: `'idle'` (default)
   * — rate 0 until the deferred solve; `'residual'` — at once, max-min fair among
   * themselves over the capacity the solved flows leave on their links (capacity freed
   * by ended flows included), every solved flow keeping its rate until the deferred
   * solve; never loads a link past its capacity. `'share'` — at once, what they would
   * likely get at the next solve: on each link the larger of what the solved flows leave
   * and, per new flow, the link's fair level at the last solve times its flows then over
   * its flows now (where it was no bottleneck, an equal share of its capacity among its
   * flows now), max-min among the new flows over that; a link may carry more than it
   * delivers until the next solve (the solved flows keep their rates). Only the per-flow
   * model offers them.
   */
  readonly betweenSolves?: BetweenSolves;
  /**
   * With `betweenSolves: 'residual'` and a `resolveInterval`, solve only once the changes
   * since the last solve have moved some link's shares by more than this fraction of its
   * capacity (0, the default: every change is solved at the interval). A link's drift is
   * the capacity flows that left it freed and nobody took, on a link that was saturated,
   * plus what new flows over it got below their estimated fair share (the link's level at
   * the last solve). Where many flows share a link one change moves little and solves are
   * skipped; where few do, every change is solved as before. Only the per-flow model.
   */
  readonly resolveTolerance?: number;
  /** A flow is complete when at most this many bytes remain (default 1e-3). */
  readonly completionTolerance?: Bytes;
  /**
   * How flows enter the solver (both exact max-min, same answers to floating tolerance):
   * `'per-flow'` (default) solves every flow on its own; `'bundled'` solves one weighted
   * entity per path — the flows over the same links, which max-min gives the same rate —
   * and tracks their completions on the bundle's virtual clock, so a rate change costs
   * one update per path. Bundles pay when many flows share a path for long; on the
   * FB-2010 shuffle at nas-sim scale they hold 1.5–3 flows and cost more than they save.
   */
  readonly model?: FlowModel;
  /**
   * The goodput a link delivers when `flows` flows cross it, bytes per second, at most
   * its `capacity` — a congestion-loss model such as `incastEffectiveCapacity`. Absent
   * (default): a link delivers its full capacity however many flows share it (fluid).
   */
  readonly effectiveCapacity?: (link: number, capacity: number, flows: number) => number;
  /**
   * Where the per-flow model's full solves run: `'webassembly'` (default) — progressive
   * filling compiled to WebAssembly, the same rates and loads as JavaScript's to the bit,
   * used where the runtime has WebAssembly (JavaScript otherwise), a loss model's
   * `effectiveCapacity` applied to each link before each solve; `'javascript'` — the solver in JavaScript, the oracle the compiled one is
   * tested against. Nothing a run produces depends on it, only its cost.
   */
  readonly kernel?: SolverKernel;
  /**
   * Flows that start together lose their initial window past what a port holds: of the
   * flows added at one instant, those past `burstHeldFlows` on some link of theirs send
   * nothing for `rtoMinSeconds`, then start (the congestion-cost term's start stall).
   * Absent (default): every flow gets its share at the next solve.
   */
  readonly startBurst?: StartBurstParameters;
  /**
   * Flows that end on a congested port wait for recovery: a flow whose path, as it ends,
   * has a saturated link carrying more flows than its port holds windows for is reported
   * complete `tailRtos × rtoMinSeconds` later, its bytes delivered and its links freed at
   * once (`RecoveryTailFlowNetwork`). Per-flow model only. Absent (default): a flow is
   * reported as its last byte arrives.
   */
  readonly recoveryTail?: RecoveryTailParameters;
}

export type { BetweenSolves, RecoveryTailParameters, SolverKernel, StartBurstParameters };
export { BETWEEN_SOLVES };

/** The two ways `createFlowNetwork` solves flows; see `FlowNetworkOptions.model`. */
export type FlowModel = 'bundled' | 'per-flow';

export type { FlowNetwork, FlowNetworkStats } from './flow-network-types.js';

/**
 * Two instants closer than this are one instant to a flow network, seconds: a flow whose
 * finish is within it of `now` completes at `now`, and a deferred solve due within it
 * runs. A driver that adds flows at times of its own (arrivals) should take those within
 * it of `now` at `now` too: two networks that compute one finish a few ulps apart then
 * still see the arrival and the completion at one instant, and solve them together.
 */
export { TIME_TOLERANCE } from './internal/solve-schedule.js';

/** Default `completionTolerance`, bytes. */
export const DEFAULT_COMPLETION_TOLERANCE: Bytes = 1e-3;

/**
 * Creates an empty flow network at time 0 over the given links. Refuses bad options with
 * an `Error` naming the option.
 *
 * Exact max-min fairness by progressive filling with a heap over links, struct-of-arrays
 * flow storage, and an indexed heap of completion times (docs/architecture.md §3 "Network").
 */
export function createFlowNetwork(options: FlowNetworkOptions): FlowNetwork {
  const network = withRecoveryTail(createFluidNetwork(options), options);
  const burst = options.startBurst;
  if (burst === undefined) return network;
  requireFigures(
    'flowNetwork.startBurst',
    burst,
    { bufferBytes: 'bytes', mssBytes: 'bytes', rtoMinSeconds: 'seconds', initialWindowSegments: 'segments' },
    { rttSeconds: 'seconds' },
  );
  return new StartBurstFlowNetwork(
    network,
    Float64Array.from(options.capacities),
    burst,
    options.completionTolerance ?? DEFAULT_COMPLETION_TOLERANCE,
  );
}

/** Refuses, by name, a figure of `name` that is not positive (`positive`) or not at least 0 (`nonNegative`), with its unit. */
function requireFigures(
  name: string,
  figures: object,
  positive: Readonly<Record<string, string>>,
  nonNegative: Readonly<Record<string, string>>,
): void {
  const value = (key: string): unknown => (figures as Record<string, unknown>)[key];
  for (const [key, unit] of Object.entries(positive))
    requirePositiveFinite(`${name}.${key}`, value(key), unit);
  for (const [key, unit] of Object.entries(nonNegative))
    requireNonNegativeFinite(`${name}.${key}`, value(key), unit);
}

/** The fluid network wrapped in its recovery tail, where the options ask for one. */
function withRecoveryTail(network: FlowNetwork, options: FlowNetworkOptions): FlowNetwork {
  const tail = options.recoveryTail;
  if (tail === undefined) return network;
  if (!(network instanceof PerFlowNetwork))
    throw new Error("flowNetwork.recoveryTail needs model 'per-flow'");
  requireFigures(
    'flowNetwork.recoveryTail',
    tail,
    { bufferBytes: 'bytes', mssBytes: 'bytes', rtoMinSeconds: 'seconds', windowSegments: 'segments' },
    { rttSeconds: 'seconds', tailRtos: 'RTO_min' },
  );
  if (!(tail.saturatedShare > 0 && tail.saturatedShare <= 1)) {
    throw new Error(
      `flowNetwork.recoveryTail.saturatedShare must be a share of a link's goodput in (0, 1], got ${describe(tail.saturatedShare)}`,
    );
  }
  return new RecoveryTailFlowNetwork(network, options.capacities, tail, options.effectiveCapacity);
}

function createFluidNetwork(options: FlowNetworkOptions): FlowNetwork {
  if (typeof options !== 'object' || options === null) {
    throw new Error(`flow network options must be an object, got ${describe(options)}`);
  }
  const { capacities } = options;
  if (!(capacities instanceof Float64Array)) {
    throw new Error(
      `flowNetwork.capacities must be a Float64Array of bytes per second, got ${describe(capacities)}`,
    );
  }
  for (let l = 0; l < capacities.length; l++) {
    requirePositiveFinite(`flowNetwork.capacities[${l}]`, capacities[l], 'bytes per second');
  }
  const resolveInterval = requireNonNegativeFinite(
    'flowNetwork.resolveInterval',
    options.resolveInterval ?? 0,
    'seconds',
  );
  const tolerance = requirePositiveFinite(
    'flowNetwork.completionTolerance',
    options.completionTolerance ?? DEFAULT_COMPLETION_TOLERANCE,
    'bytes',
  );
  const effective = options.effectiveCapacity;
  if (effective !== undefined && typeof effective !== 'function') {
    throw new Error(`flowNetwork.effectiveCapacity must be a function, got ${describe(effective)}`);
  }
  const betweenSolves = options.betweenSolves ?? 'idle';
  if (!BETWEEN_SOLVES.includes(betweenSolves)) {
    throw new Error(
      `flowNetwork.betweenSolves must be one of ${BETWEEN_SOLVES.join(', ')}, got ${describe(betweenSolves)}`,
    );
  }
  const resolveTolerance = options.resolveTolerance ?? 0;
  if (typeof resolveTolerance !== 'number' || !(resolveTolerance >= 0 && resolveTolerance < 1)) {
    throw new Error(
      `flowNetwork.resolveTolerance must be a fraction of a link's capacity in [0, 1), got ${describe(resolveTolerance)}`,
    );
  }
  if (resolveTolerance > 0 && !(betweenSolves === 'residual' && resolveInterval > 0)) {
    throw new Error(
      "flowNetwork.resolveTolerance needs betweenSolves 'residual' and a resolveInterval above 0",
    );
  }
  const kernel = options.kernel ?? 'webassembly';
  if (kernel !== 'webassembly' && kernel !== 'javascript') {
    throw new Error(`flowNetwork.kernel must be 'webassembly' or 'javascript', got ${describe(kernel)}`);
  }
  const model = options.model ?? 'per-flow';
  if (resolveTolerance > 0 && model !== 'per-flow') {
    throw new Error("flowNetwork.resolveTolerance needs model 'per-flow'");
  }
  if (model === 'bundled') {
    if (betweenSolves !== 'idle' && resolveInterval > 0) {
      throw new Error(`flowNetwork.betweenSolves '${betweenSolves}' needs model 'per-flow'`);
    }
    return new BundledFlowNetwork(capacities, resolveInterval, tolerance, effective);
  }
  if (model === 'per-flow') {
    return new PerFlowNetwork(
      capacities,
      resolveInterval,
      tolerance,
      effective,
      betweenSolves,
      resolveTolerance,
      kernel,
    );
  }
  throw new Error(`flowNetwork.model must be 'bundled' or 'per-flow', got ${describe(model)}`);
}

/**
 * The drift tolerance a flow network takes under these settings: `resolveTolerance` where
 * it applies (residual rates between solves, a `resolveInterval`, the per-flow model), else 0.
 */
export function effectiveResolveTolerance(settings: {
  readonly resolveTolerance?: number;
  readonly resolveInterval?: number;
  readonly betweenSolves?: string;
  readonly flowModel?: string;
}): number {
  const applies =
    settings.betweenSolves === 'residual' &&
    (settings.resolveInterval ?? 0) > 0 &&
    (settings.flowModel ?? 'per-flow') === 'per-flow';
  return applies ? (settings.resolveTolerance ?? 0) : 0;
}
