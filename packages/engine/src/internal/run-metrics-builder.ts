import {
  type JobRecord,
  type RunMetrics,
  type TrafficByKind,
  distributionSummary,
  finiteMean,
  jobGroupMetrics,
  offeredShuffleLoad,
  throughputWhileArriving,
  withoutDegenerateJobs,
} from '@rackwise/metrics';
import { SHUFFLE_CLASSES } from '@rackwise/predictor';
import type { FlowNetwork, Topology } from '@rackwise/topology';
import type { InputClass, ShuffleClass } from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { SimulationResult } from '../simulation-result.js';
import type { ArrivalWindowLoad } from './arrival-window-load.js';
import type { CongestionCounter } from './congestion-counter.js';
import type { JobRegistry } from './job-registry.js';
import type { MapLifecycle } from './map-lifecycle.js';
import type { OfferRounds } from './offer-rounds.js';
import type { Preemption } from './preemption.js';
import type { ReduceLifecycle } from './reduce-lifecycle.js';
import { emptySeries, runStats } from './run-stats.js';
import type { SeriesRecorder } from './series-recorder.js';
import type { SlotLedger } from './slot-ledger.js';
import type { Timers } from './timers.js';
import type { Transfers } from './transfers.js';

function traffic(bytes: Float64Array): TrafficByKind {
  const [mapInput = 0, shuffle = 0, outputReplication = 0, migration = 0] = bytes;
  return {
    shuffle,
    mapInput,
    outputReplication,
    migration,
    total: shuffle + mapInput + outputReplication + migration,
  };
}

/** What the run's metrics are built from: each part's own counts and records. */
export interface RunMetricsSource {
  readonly now: number;
  readonly topology: Topology;
  readonly parameters: EngineParameters;
  readonly network: FlowNetwork | undefined;
  /** Events of the run. */
  readonly events: number;
  readonly firstSubmit: number;
  readonly lastCompletion: number;
  readonly jobsTotal: number;
  readonly congestionThreshold: number;
  readonly congestedNodeThreshold: number | undefined;
  readonly congestionHysteresis: number;
  readonly congestion: CongestionCounter;
  readonly series: SeriesRecorder | undefined;
  readonly arrivalLoad: Pick<ArrivalWindowLoad, 'metrics'>;
  readonly registry: Pick<JobRegistry, 'records' | 'activeJobList' | 'unfinishedRecords'>;
  readonly slots: Pick<SlotLedger, 'mapSlotSeconds' | 'reduceSlotSeconds'>;
  readonly maps: Pick<MapLifecycle, 'counts'>;
  readonly reduces: Pick<ReduceLifecycle, 'migrations' | 'predictorError'>;
  readonly offers: Pick<OfferRounds, 'counts' | 'decisions'>;
  readonly preemption: Pick<Preemption, 'counts'>;
  readonly timers: Pick<Timers, 'monitorSamples'>;
  readonly transfers: Pick<Transfers, 'totalBytes' | 'crossRackBytes'>;
}

type MapCounts = RunMetricsSource['maps']['counts'];

/** `f` of each shuffle class, by class. */
function perShuffleClass<T>(f: (c: ShuffleClass) => T): Record<ShuffleClass, T> {
  return Object.fromEntries(SHUFFLE_CLASSES.map((c) => [c, f(c)])) as Record<ShuffleClass, T>;
}

/** How many jobs came, finished and stayed, and the rate they finished at. */
function jobCounts(
  engine: RunMetricsSource,
  finished: readonly JobRecord[],
  jobs: readonly JobRecord[],
): Pick<
  RunMetrics,
  'jobsSubmitted' | 'jobsCompleted' | 'jobsUnfinished' | 'throughput' | 'makespan' | 'throughputWhileArriving'
> {
  const makespan = engine.lastCompletion - engine.firstSubmit;
  return {
    jobsSubmitted: finished.length + engine.registry.activeJobList.length,
    jobsCompleted: finished.length,
    jobsUnfinished: engine.jobsTotal - finished.length,
    throughput: finished.length > 0 && makespan > 0 ? finished.length / makespan : Number.NaN,
    makespan: finished.length > 0 ? makespan : Number.NaN,
    throughputWhileArriving: throughputWhileArriving(jobs),
  };
}

/** The job-group metrics of the jobs that are not degenerate, overall and by shuffle class. */
function withoutDegenerateMetrics(jobs: JobRecord[], topology: Topology): RunMetrics['withoutDegenerate'] {
  const { kept, metrics } = withoutDegenerateJobs(jobs, topology);
  return {
    ...metrics,
    byShuffleClass: perShuffleClass((c) => jobGroupMetrics(kept.filter((r) => r.shuffleClass === c))),
  };
}

/** The finished jobs' execution times, overall, by shuffle class and by input class. */
function executionTimes(
  finished: readonly JobRecord[],
): Pick<RunMetrics, 'executionTime' | 'executionTimeByShuffleClass' | 'executionTimeByInputClass'> {
  const byInput = (c: InputClass) =>
    distributionSummary(finished.filter((r) => r.inputClass === c).map((r) => r.executionTime));
  return {
    executionTime: distributionSummary(finished.map((r) => r.executionTime)),
    executionTimeByShuffleClass: perShuffleClass((c) =>
      distributionSummary(finished.filter((r) => r.shuffleClass === c).map((r) => r.executionTime)),
    ),
    executionTimeByInputClass: { small: byInput('small'), large: byInput('large') },
  };
}

/** The share of launched maps that read their input on the node, in the rack, or remotely. */
function mapLocality(maps: MapCounts): RunMetrics['mapLocality'] {
  const launched = maps.localMaps + maps.rackLocalMaps + maps.remoteMaps;
  const share = (x: number) => (launched === 0 ? Number.NaN : x / launched);
  return {
    node: share(maps.localMaps),
    rack: share(maps.rackLocalMaps),
    remote: share(maps.remoteMaps),
  };
}

/** Congested links (occurrences, link-seconds, the worst rack) and congested nodes. */
function congestionMetrics(
  engine: RunMetricsSource,
): Pick<RunMetrics, 'congestion' | 'congestedNodes' | 'mtsCongestedNodes'> {
  const congestion = engine.congestion;
  return {
    congestion: {
      threshold: engine.congestionThreshold,
      hysteresis: engine.congestionHysteresis,
      occurrences: congestion.occurrences,
      crossings: congestion.crossings,
      linkSeconds: congestion.linkSeconds,
      maxRackOccurrences: Math.max(0, ...congestion.rackOccurrences),
      maxRackLinkSeconds: Math.max(0, ...congestion.rackLinkSeconds),
    },
    congestedNodes: {
      threshold: engine.congestedNodeThreshold ?? Number.NaN,
      share: congestion.nodeShare,
    },
    mtsCongestedNodes: { share: congestion.liveNodeShare },
  };
}

/** Duplicate map copies: launched, chosen, killed and what the killed ones cost. */
function duplicateMetrics(maps: MapCounts): RunMetrics['duplicates'] {
  return {
    launched: maps.duplicatesLaunched,
    chosen: maps.duplicatesChosen,
    chosenEarly: maps.duplicatesChosenEarly,
    killed: maps.copiesKilled,
    killedSlotSeconds: maps.killedSlotSeconds,
    killedInputBytes: maps.killedInputBytes,
  };
}

/** The run's metrics (docs/architecture.md §7) over its finished and unfinished job records. */
function runMetrics(engine: RunMetricsSource, finished: readonly JobRecord[], jobs: JobRecord[]): RunMetrics {
  const preemption = engine.preemption.counts;
  return {
    ...jobCounts(engine, finished, jobs),
    withoutDegenerate: withoutDegenerateMetrics(jobs, engine.topology),
    ...executionTimes(finished),
    byShuffleClass: perShuffleClass((c) => jobGroupMetrics(jobs.filter((r) => r.shuffleClass === c))),
    crossRackBytes: traffic(engine.transfers.crossRackBytes()),
    totalBytes: traffic(engine.transfers.totalBytes()),
    mapLocality: mapLocality(engine.maps.counts),
    mapProgressAtFirstReduce: finiteMean(jobs.map((r) => r.mapProgressAtFirstReduce)),
    ...congestionMetrics(engine),
    skew: distributionSummary(finished.map((r) => r.skew)),
    reduceWaitTime: distributionSummary(finished.map((r) => r.reduceWaitTime)),
    preemptions: {
      total: preemption.preemptions,
      migrations: engine.reduces.migrations,
      kills: preemption.kills,
      droppedFetchBytes: preemption.droppedFetchBytes,
    },
    duplicates: duplicateMetrics(engine.maps.counts),
    predictorError: engine.reduces.predictorError(),
    slotSeconds: { map: engine.slots.mapSlotSeconds, reduce: engine.slots.reduceSlotSeconds },
    load: engine.arrivalLoad.metrics(
      offeredShuffleLoad(jobs, engine.topology, engine.parameters.linkGoodput),
    ),
  };
}

/**
 * Turns the engine's counters and job records into a `SimulationResult`
 * (docs/architecture.md §7).
 */
export function buildRunMetrics(engine: RunMetricsSource, wallMillis: number): SimulationResult {
  const finished = engine.registry.records;
  const jobs = finished.concat(engine.registry.unfinishedRecords(engine.now));
  const congestion = engine.congestion;
  return {
    metrics: runMetrics(engine, finished, jobs),
    jobs,
    series: engine.series?.toSeries() ?? emptySeries(),
    stats: runStats(engine, wallMillis),
    decisions: engine.offers.decisions,
    congestionByRack: {
      occurrences: [...congestion.rackOccurrences],
      linkSeconds: [...congestion.rackLinkSeconds],
    },
    parameters: engine.parameters,
  };
}
