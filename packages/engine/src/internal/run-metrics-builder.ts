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

/**
 * Turns the engine's counters and job records into a `SimulationResult`
 * (docs/architecture.md §7).
 */
export function buildRunMetrics(engine: RunMetricsSource, wallMillis: number): SimulationResult {
  const maps = engine.maps.counts;
  const offers = engine.offers.counts;
  const preemption = engine.preemption.counts;
  const registry = engine.registry;
  const finished = registry.records;
  const unfinished = registry.unfinishedRecords(engine.now);
  const jobs = finished.concat(unfinished);

  const execution = finished.map((r) => r.executionTime);
  const perShuffleClass = <T>(f: (c: ShuffleClass) => T) =>
    Object.fromEntries(SHUFFLE_CLASSES.map((c) => [c, f(c)])) as Record<ShuffleClass, T>;
  const byInput = (c: InputClass) =>
    distributionSummary(finished.filter((r) => r.inputClass === c).map((r) => r.executionTime));
  const makespan = engine.lastCompletion - engine.firstSubmit;
  const launched = maps.localMaps + maps.rackLocalMaps + maps.remoteMaps;
  const share = (x: number) => (launched === 0 ? Number.NaN : x / launched);
  const network = engine.network;
  const { kept, metrics: withoutDegenerate } = withoutDegenerateJobs(jobs, engine.topology);
  const congestion = engine.congestion;
  const solves = network?.stats.solves ?? 0;

  const metrics: RunMetrics = {
    jobsSubmitted: finished.length + registry.activeJobList.length,
    jobsCompleted: finished.length,
    jobsUnfinished: engine.jobsTotal - finished.length,
    throughput: finished.length > 0 && makespan > 0 ? finished.length / makespan : Number.NaN,
    makespan: finished.length > 0 ? makespan : Number.NaN,
    throughputWhileArriving: throughputWhileArriving(jobs),
    withoutDegenerate: {
      ...withoutDegenerate,
      byShuffleClass: perShuffleClass((c) => jobGroupMetrics(kept.filter((r) => r.shuffleClass === c))),
    },
    executionTime: distributionSummary(execution),
    executionTimeByShuffleClass: perShuffleClass((c) =>
      distributionSummary(finished.filter((r) => r.shuffleClass === c).map((r) => r.executionTime)),
    ),
    executionTimeByInputClass: { small: byInput('small'), large: byInput('large') },
    byShuffleClass: perShuffleClass((c) => jobGroupMetrics(jobs.filter((r) => r.shuffleClass === c))),
    crossRackBytes: traffic(engine.transfers.crossRackBytes()),
    totalBytes: traffic(engine.transfers.totalBytes()),
    mapLocality: {
      node: share(maps.localMaps),
      rack: share(maps.rackLocalMaps),
      remote: share(maps.remoteMaps),
    },
    mapProgressAtFirstReduce: finiteMean(jobs.map((r) => r.mapProgressAtFirstReduce)),
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
    skew: distributionSummary(finished.map((r) => r.skew)),
    reduceWaitTime: distributionSummary(finished.map((r) => r.reduceWaitTime)),
    preemptions: {
      total: preemption.preemptions,
      migrations: engine.reduces.migrations,
      kills: preemption.kills,
      droppedFetchBytes: preemption.droppedFetchBytes,
    },
    duplicates: {
      launched: maps.duplicatesLaunched,
      chosen: maps.duplicatesChosen,
      chosenEarly: maps.duplicatesChosenEarly,
      killed: maps.copiesKilled,
      killedSlotSeconds: maps.killedSlotSeconds,
      killedInputBytes: maps.killedInputBytes,
    },
    predictorError: engine.reduces.predictorError(),
    slotSeconds: { map: engine.slots.mapSlotSeconds, reduce: engine.slots.reduceSlotSeconds },
    load: engine.arrivalLoad.metrics(
      offeredShuffleLoad(jobs, engine.topology, engine.parameters.linkGoodput),
    ),
  };
  const stats = network?.stats;
  return {
    metrics,
    jobs,
    series: engine.series?.toSeries() ?? {
      interval: Number.NaN,
      time: [],
      crossRackRate: [],
      crossRackShuffleRate: [],
      runningMaps: [],
      runningReduces: [],
      pendingMaps: [],
      waitingReduces: [],
      congestedLinks: [],
      rackUplinkRate: [],
    },
    stats: {
      events: engine.events,
      offers: offers.offers,
      launches: offers.launches,
      passes: offers.passes,
      policyMillis: offers.policyMillis,
      heartbeats: offers.heartbeats,
      monitorSamples: engine.timers.monitorSamples,
      solves,
      localSolves: stats?.localSolves ?? 0,
      meanFlowsAtLocalSolves:
        stats !== undefined && stats.localSolves > 0 ? stats.flowsAtLocalSolves / stats.localSolves : 0,
      rateChanges: stats?.rateChanges ?? 0,
      flowsAdded: stats?.flowsAdded ?? 0,
      meanActiveFlows: solves > 0 ? stats!.activeFlowsAtSolves / solves : 0,
      peakActiveFlows: stats?.peakActiveFlows ?? 0,
      meanActiveBundles: solves > 0 ? stats!.activeBundlesAtSolves / solves : 0,
      peakActiveBundles: stats?.peakActiveBundles ?? 0,
      solverMillis: stats?.solveMillis ?? 0,
      wallMillis,
      simulatedTime: engine.now,
    },
    decisions: engine.offers.decisions,
    congestionByRack: {
      occurrences: [...congestion.rackOccurrences],
      linkSeconds: [...congestion.rackLinkSeconds],
    },
    parameters: engine.parameters,
  };
}
