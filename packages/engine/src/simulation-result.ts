import type { JobRecord, RunMetrics, TimeSeries } from '@rackwise/metrics';
import type { DecisionEvidence, NodeId, Seconds, SlotKind, TaskRef } from '@rackwise/types';
import type { EngineParameters } from './engine-parameters.js';

/** Everything a run produced. */
export interface SimulationResult {
  readonly metrics: RunMetrics;
  /** One record per job, completed ones in completion order, then unfinished ones. */
  readonly jobs: readonly JobRecord[];
  readonly series: TimeSeries;
  readonly stats: RunStats;
  readonly decisions: readonly DecisionRecord[];
  readonly parameters: EngineParameters;
  /** Congestion occurrences (with hysteresis) and congested link-seconds per rack, by rack id. */
  readonly congestionByRack: {
    readonly occurrences: readonly number[];
    readonly linkSeconds: readonly Seconds[];
  };
}

/** What the run cost (docs/architecture.md §8). */
export interface RunStats {
  /** Events processed (timers, task ends, flow completions, arrivals). */
  readonly events: number;
  readonly offers: number;
  readonly launches: number;
  readonly passes: number;
  /** Wall-clock milliseconds inside the policy's `assign`. */
  readonly policyMillis: number;
  readonly heartbeats: number;
  readonly monitorSamples: number;
  readonly solves: number;
  /** Solves of only the drifted links' flows (`resolveTolerance`); 0 without one. */
  readonly localSolves: number;
  /** Mean flows a local solve solved. */
  readonly meanFlowsAtLocalSolves: number;
  readonly rateChanges: number;
  readonly flowsAdded: number;
  readonly meanActiveFlows: number;
  readonly peakActiveFlows: number;
  /** Mean bundles (paths with flows) in the solver at a solve; equals the flows under `flowModel: 'per-flow'`. */
  readonly meanActiveBundles: number;
  readonly peakActiveBundles: number;
  /** Wall-clock milliseconds in the flow solver. */
  readonly solverMillis: number;
  /** Wall-clock milliseconds of the run. */
  readonly wallMillis: number;
  readonly simulatedTime: Seconds;
}

/** One offer and the policy's answer. */
export interface DecisionRecord {
  readonly time: Seconds;
  readonly node: NodeId;
  readonly slot: SlotKind;
  readonly decision: 'launch' | 'pass';
  readonly task?: TaskRef;
  readonly duplicate?: boolean;
  readonly reason: string;
  /** The values that decided it, when the run asked policies for them (`recordEvidence`). */
  readonly evidence?: DecisionEvidence;
}
