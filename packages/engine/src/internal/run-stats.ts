import type { TimeSeries } from '@rackwise/metrics';
import type { FlowNetwork } from '@rackwise/topology';
import type { RunStats } from '../simulation-result.js';
import type { OfferRounds } from './offer-rounds.js';
import type { Timers } from './timers.js';

/** What the run's stats are read from. */
export interface RunStatsSource {
  readonly now: number;
  /** Events of the run. */
  readonly events: number;
  readonly network: FlowNetwork | undefined;
  readonly offers: Pick<OfferRounds, 'counts'>;
  readonly timers: Pick<Timers, 'monitorSamples'>;
}

/** The series of a run that recorded none: every list empty, the interval NaN. */
export function emptySeries(): TimeSeries {
  return {
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
  };
}

/** What the run cost: events, offers, the flow solver's work and the time it took. */
export function runStats(engine: RunStatsSource, wallMillis: number): RunStats {
  const offers = engine.offers.counts;
  const stats = engine.network?.stats;
  const solves = stats?.solves ?? 0;
  return {
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
  };
}
