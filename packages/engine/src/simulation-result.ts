import type { Seconds } from '@rackwise/types';
import type { EngineParameters } from './engine-parameters.js';
import type { DecisionRecord, JobRecord, RunMetrics, RunStats, TimeSeries } from './run-metrics.js';

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
