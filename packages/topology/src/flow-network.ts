import type { Bytes, Seconds } from '@rackwise/types';

/** Options of a flow network. */
export interface FlowNetworkOptions {
  /** Capacity of every link, in bytes per second; a flow's links are indices into this array. */
  readonly capacities: Float64Array;
  /**
   * Minimum simulated time between two solves (0 = exact: every batch of changes is
   * solved). With an interval, flows added between solves wait for the next solve.
   */
  readonly resolveInterval?: Seconds;
  /** A flow is complete when fewer than this many bytes remain (default 1e-3). */
  readonly completionTolerance?: Bytes;
}

/** Counters a benchmark reads. */
export interface FlowNetworkStats {
  readonly solves: number;
  /** Flows whose rate changed, summed over all solves. */
  readonly rateChanges: number;
  readonly flowsAdded: number;
  readonly peakActiveFlows: number;
  /** Sum over solves of active flows at the solve (mean = this / solves). */
  readonly activeFlowsAtSolves: number;
  /** Wall-clock milliseconds spent in `solve` (for benchmarks only). */
  readonly solveMillis: number;
}

/**
 * Flows sharing links max-min fairly (progressive filling), advanced in time without
 * stepping: rates change only when flows are added or removed, and the next completion
 * follows from the rates.
 *
 * Protocol of a host's event loop: `advanceTo(t)` (every flow delivers rate × elapsed),
 * then any number of `addFlow` / `removeFlow` / `takeCompleted`, then one `solve()`;
 * the next interesting time is `nextEventTime()`.
 */
export interface FlowNetwork {
  /** The time the network has been advanced to. */
  readonly now: Seconds;
  readonly activeFlowCount: number;
  readonly stats: FlowNetworkStats;
  /**
   * Starts a flow of `bytes` over `links` (1 to 4 link indices, no repeats). `tag` is the
   * host's own integer, handed back on completion. A zero-byte flow never enters the
   * solver: it is reported by the next `takeCompleted`. Returns the flow id.
   */
  addFlow(links: ArrayLike<number>, bytes: Bytes, tag: number): number;
  /** Removes an active flow early (a killed task); returns the bytes it still had to send. */
  removeFlow(flow: number): Bytes;
  /** Moves the clock forward to `time` (≥ now): every active flow delivers rate × elapsed. */
  advanceTo(time: Seconds): void;
  /**
   * Recomputes max-min fair rates after the changes since the last solve (or defers to
   * `now + resolveInterval` when an interval is set). Touches only flows whose rate changes.
   */
  solve(): void;
  /** Earliest time something happens: a flow completes at current rates, or a deferred solve is due; Infinity if none. */
  nextEventTime(): Seconds;
  /** Calls `fn` for every flow complete at `now` (remaining below tolerance), in flow-id order, and removes them. */
  takeCompleted(fn: (flow: number, tag: number) => void): void;
  /** Current rate of a flow, bytes per second. */
  rate(flow: number): number;
  /** Bytes a flow still has to send, at `now`. */
  remaining(flow: number): Bytes;
  /** Sum of rates of the flows crossing a link, bytes per second. */
  linkLoad(link: number): number;
}
