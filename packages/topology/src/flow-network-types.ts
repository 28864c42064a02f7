// The contract every flow network meets (per-flow, bundled, two-tier) and the counters it
// keeps. A leaf: the implementations and `createFlowNetwork` import it, it imports none of them.
import type { Bytes, Seconds } from '@rackwise/types';

/** Counters a benchmark reads. */
export interface FlowNetworkStats {
  /** Solves performed (a `solve()` with nothing changed, or deferred, is not one). */
  readonly solves: number;
  /** Flows whose rate changed, summed over all solves. */
  readonly rateChanges: number;
  /** Flows ever added, zero-size ones included. */
  readonly flowsAdded: number;
  /** Most flows in the solver at once. */
  readonly peakActiveFlows: number;
  /** Sum over solves of flows in the solver at the solve (mean = this / solves). */
  readonly activeFlowsAtSolves: number;
  /** Most bundles (paths with flows) in the solver at once; the per-flow model counts flows. */
  readonly peakActiveBundles: number;
  /** Sum over solves of bundles in the solver at the solve; the per-flow model counts flows. */
  readonly activeBundlesAtSolves: number;
  /**
   * Solves of only the drifted links' flows (`resolveTolerance`), not counted in `solves`;
   * 0 without a tolerance.
   */
  readonly localSolves: number;
  /** Sum over local solves of the flows each one solved. */
  readonly flowsAtLocalSolves: number;
  /** Wall-clock milliseconds spent in `solve` (for benchmarks only). */
  readonly solveMillis: number;
}

/**
 * Flows sharing links max-min fairly (progressive filling), advanced in time without
 * stepping: rates change only when flows are added or removed, and the next completion
 * follows from the rates (docs/architecture.md §3 "Network").
 *
 * Protocol of a host's event loop: `advanceTo(t)` (every flow delivers rate × elapsed),
 * then any number of `addFlow` / `removeFlow` / `takeCompleted`, then one `solve()`;
 * the next interesting time is `nextEventTime()`.
 *
 * Invariants: no link carries more than its capacity; after an exact solve every flow has
 * a saturated link on which no flow gets more (max-min fairness); a completed flow has
 * delivered exactly its size (to the completion tolerance).
 */
export interface FlowNetwork {
  /** The time the network has been advanced to. */
  readonly now: Seconds;
  /** Flows added and not yet taken as complete or removed (zero-size ones included). */
  readonly activeFlowCount: number;
  readonly stats: FlowNetworkStats;
  /**
   * Starts a flow of `bytes` over `links` (up to 4 link indices, no repeats). `tag` is the
   * host's own number, handed back on completion. A flow smaller than the completion
   * tolerance, or with no links (source = destination), never enters the solver: it is
   * reported by the next `takeCompleted`. Otherwise it has rate 0 until the next solve.
   * Returns the flow id; ids of completed or removed flows are reused.
   */
  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number;
  /** Removes a flow early (a killed task); returns the bytes it still had to send. */
  removeFlow(flow: number): Bytes;
  /** Moves the clock forward to `time` (≥ now): every active flow delivers rate × elapsed. O(1). */
  advanceTo(time: Seconds): void;
  /**
   * Recomputes max-min fair rates after the changes since the last solve (or defers to
   * `last solve + resolveInterval` when an interval is set). Touches only flows whose
   * rate changes. A no-op when nothing changed.
   */
  solve(): void;
  /**
   * Earliest time something happens: a flow completes at current rates, or a deferred
   * solve is due; `now` while zero-size flows wait to be taken; Infinity if none.
   */
  nextEventTime(): Seconds;
  /**
   * Calls `fn` for every flow complete at `now` (at most the tolerance left), in the order
   * the flows were added, after removing them all. Their links lose them: call `solve()`.
   */
  takeCompleted(fn: (flow: number, tag: number) => void): void;
  /** Current rate of a flow, bytes per second. */
  rate(flow: number): number;
  /** Bytes a flow still has to send, at `now`. */
  remaining(flow: number): Bytes;
  /** Sum of rates of the flows crossing a link, bytes per second. */
  linkLoad(link: number): number;
}
