import { type PredictionErrorTracker, createPredictionErrorTracker } from '@rackwise/predictor';

/** Everything the engine counts during a run; turned into `RunMetrics` at the end. */
export class RunCounters {
  events = 0;
  offers = 0;
  launches = 0;
  passes = 0;
  /** Wall-clock milliseconds inside the policy's `assign` (benchmarks only). */
  policyMillis = 0;
  heartbeats = 0;
  monitorSamples = 0;
  /** Bytes over the network by flow kind (map input, shuffle, output, migration). */
  readonly totalBytes = new Float64Array(4);
  /** Bytes over rack links by flow kind. */
  readonly crossRackBytes = new Float64Array(4);
  localMaps = 0;
  rackLocalMaps = 0;
  remoteMaps = 0;
  congestionOccurrences = 0;
  /** Upward crossings of the congestion threshold, without hysteresis. */
  congestionCrossings = 0;
  congestedLinkSeconds = 0;
  congestedNodeShareSum = 0;
  congestedNodeSamples = 0;
  preemptions = 0;
  migrations = 0;
  kills = 0;
  /** Shuffle bytes in-flight fetches delivered before a preemption and the reduce did not keep. */
  droppedFetchBytes = 0;
  duplicatesLaunched = 0;
  duplicatesChosen = 0;
  duplicatesChosenEarly = 0;
  copiesKilled = 0;
  killedSlotSeconds = 0;
  killedInputBytes = 0;
  readonly predictorError: PredictionErrorTracker = createPredictionErrorTracker();
}
