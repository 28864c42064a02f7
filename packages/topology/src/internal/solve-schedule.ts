import type { FlowNetworkStats } from '../flow-network-types.js';
import { growFloat64, growInt32 } from './typed-arrays.js';

/** Two instants closer than this are the same instant, seconds. */
export const TIME_TOLERANCE = 1e-9;

export type MutableStats = { -readonly [K in keyof FlowNetworkStats]: FlowNetworkStats[K] };

/** Zeroed counters of a flow network. */
export function emptyStats(): MutableStats {
  return {
    solves: 0,
    rateChanges: 0,
    flowsAdded: 0,
    peakActiveFlows: 0,
    activeFlowsAtSolves: 0,
    peakActiveBundles: 0,
    activeBundlesAtSolves: 0,
    localSolves: 0,
    flowsAtLocalSolves: 0,
    solveMillis: 0,
  };
}

/** Counts a solve that re-timed `changes` entries with these many flows and bundles in the solver. */
export function countSolve(
  stats: MutableStats,
  changes: number,
  flows: number,
  bundles: number,
  started: number,
): void {
  stats.solves++;
  stats.rateChanges += changes;
  stats.activeFlowsAtSolves += flows;
  stats.activeBundlesAtSolves += bundles;
  stats.solveMillis += performance.now() - started;
}

/**
 * When a flow network solves: only after a change (`dirty`) that is `wanted` (with a
 * `resolveTolerance`, once the changes have moved some link's shares past it; otherwise
 * always), and with a `resolveInterval` no sooner than that after the previous solve (the
 * deferred time is `due`).
 */
export class SolveSchedule {
  dirty = false;
  due = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;

  constructor(readonly interval: number) {}

  /**
   * Whether to solve now; `empty` when nothing is in the solver (the change is then
   * settled); `wanted` false while the changes since the last solve are within tolerance
   * (they stay pending, with no deferred solve).
   */
  begin(now: number, empty: boolean, wanted = true): boolean {
    if (!this.dirty) return false;
    if (empty) {
      this.dirty = false;
      this.due = Number.POSITIVE_INFINITY;
      return false;
    }
    if (!wanted) {
      this.due = Number.POSITIVE_INFINITY;
      return false;
    }
    if (this.interval > 0) {
      const due = this.last + this.interval;
      if (now < due - TIME_TOLERANCE) {
        this.due = due;
        return false;
      }
    }
    this.dirty = false;
    this.due = Number.POSITIVE_INFINITY;
    this.last = now;
    return true;
  }

  /** Calls a solve that became wanted after `begin` declined: at the interval's end, or now. */
  request(now: number): void {
    const due = this.last + this.interval;
    this.due = due > now ? due : now;
  }
}

/** The flows a `takeCompleted` call reports, with their tags, in scratch arrays reused across calls. */
export class CompletionBatch {
  flows: Int32Array = new Int32Array(64);
  tags: Float64Array = new Float64Array(64);
  /** Each flow's rate as it completed (the last it was given). */
  rates: Float64Array = new Float64Array(64);
  count = 0;

  push(flow: number): void {
    if (this.count === this.flows.length) {
      this.flows = growInt32(this.flows, this.count * 2);
      this.tags = growFloat64(this.tags, this.count * 2);
      this.rates = growFloat64(this.rates, this.count * 2);
    }
    this.flows[this.count++] = flow;
  }
}
