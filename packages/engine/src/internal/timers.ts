import type { FlowNetwork, Topology } from '@rackwise/topology';
import type { RackId } from '@rackwise/types';
import type { ClusterView, SchedulerPolicy } from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { ArrivalWindowLoad } from './arrival-window-load.js';
import type { Backlog } from './backlog.js';
import type { CongestionCounter } from './congestion-counter.js';
import type { EventQueue } from './event-queue.js';
import type { FlowRecords } from './flow-records.js';
import type { NetworkMonitor } from './network-monitor.js';
import type { OutstandingOutput } from './outstanding-output.js';
import type { OfferCalls, PreemptCalls, TimerCalls } from './part-calls.js';
import type { SeriesRecorder } from './series-recorder.js';
import type { SlotLedger } from './slot-ledger.js';
import { EVENT_MONITOR, EVENT_SERIES, EVENT_TICK, FLOW_SHUFFLE } from './task-states.js';

/** What the timers read and call. */
export interface TimersHost {
  readonly now: number;
  readonly topology: Topology;
  readonly rackCount: number;
  readonly parameters: EngineParameters;
  readonly policy: SchedulerPolicy;
  readonly view: ClusterView;
  readonly queue: Pick<EventQueue, 'push'>;
  readonly network: FlowNetwork | undefined;
  readonly flows: Pick<FlowRecords, 'crossRackRate'>;
  readonly monitor: NetworkMonitor;
  readonly series: SeriesRecorder | undefined;
  readonly congestionThreshold: number;
  readonly congestion: Pick<CongestionCounter, 'sample' | 'reset'>;
  readonly arrivalLoad: Pick<ArrivalWindowLoad, 'sample'>;
  /** Map output not fetched yet, per node. */
  readonly outstanding: Pick<OutstandingOutput, 'bytes'>;
  readonly slots: Pick<SlotLedger, 'runningMaps' | 'runningReduces'>;
  readonly backlog: Pick<Backlog, 'waitingMaps' | 'waitingReduces'>;
  readonly offers: Pick<OfferCalls, 'offerCollected' | 'workArrived'>;
  readonly preemption: PreemptCalls;
}

/**
 * The engine's periodic events, each armed while the cluster has work and stopped when
 * it is idle: network and outstanding-output samples (congestion), the time series, and
 * the policy's ticks (with its preemption requests).
 */
export class Timers implements TimerCalls {
  #monitorScheduled = false;
  #tickScheduled = false;
  #seriesScheduled = false;
  readonly #uplinkRates: Float64Array;
  readonly #uplinkUtilisation: Float64Array;
  readonly #tickInterval: number;
  readonly #ticks: boolean;
  #monitorSamples = 0;

  constructor(private readonly host: TimersHost) {
    const { policy, parameters } = host;
    this.#uplinkRates = new Float64Array(host.rackCount);
    this.#uplinkUtilisation = new Float64Array(host.rackCount);
    this.#ticks = policy.onTick !== undefined || (parameters.preemption && policy.preemption !== undefined);
    this.#tickInterval = policy.tickInterval ?? parameters.tickInterval;
  }

  /** Monitor samples taken. */
  get monitorSamples(): number {
    return this.#monitorSamples;
  }

  /** Arms every timer that is not armed yet. */
  start(): void {
    const host = this.host;
    if (!this.#monitorScheduled) {
      this.#monitorScheduled = true;
      host.queue.push(this.#nextMultiple(host.parameters.monitorInterval), EVENT_MONITOR, 0, 0);
    }
    if (this.#ticks && !this.#tickScheduled) {
      this.#tickScheduled = true;
      host.queue.push(this.#nextMultiple(this.#tickInterval), EVENT_TICK, 0, 0);
    }
    if (host.series !== undefined && !this.#seriesScheduled) {
      this.#seriesScheduled = true;
      host.queue.push(this.#nextMultiple(host.series.interval), EVENT_SERIES, 0, 0);
    }
  }

  monitorSample(): void {
    const host = this.host;
    this.#monitorSamples++;
    const monitor = host.monitor;
    monitor.sample(host.now, host.network);
    const uplinks = this.#uplinkUtilisation;
    for (let r = 0; r < uplinks.length; r++) uplinks[r] = monitor.utilisation(r, true);
    host.arrivalLoad.sample(host.now, uplinks, host.slots.runningMaps + host.slots.runningReduces);
    const interval = host.parameters.monitorInterval;
    host.congestion.sample(monitor, host.outstanding.bytes, interval);
    if (this.#active()) host.queue.push(host.now + interval, EVENT_MONITOR, 0, 0);
    else {
      this.#monitorScheduled = false;
      host.congestion.reset();
    }
  }

  seriesSample(): void {
    const host = this.host;
    const series = host.series!;
    let crossRack = 0;
    let congested = 0;
    const network = host.network;
    if (network !== undefined) {
      const rates = this.#uplinkRates;
      const topology = host.topology;
      const threshold = host.congestionThreshold;
      for (let r = 0; r < host.rackCount; r++) {
        const up = topology.rackUpLink(r as RackId);
        const down = topology.rackDownLink(r as RackId);
        const rate = network.linkLoad(up);
        rates[r] = rate;
        crossRack += rate;
        if (rate >= (threshold * topology.linkCapacity(up)) / 8) congested++;
        if (network.linkLoad(down) >= (threshold * topology.linkCapacity(down)) / 8) congested++;
      }
      series.recordLinks(rates, congested);
    } else series.recordLinks([], 0);
    series.record(
      host.now,
      crossRack,
      network === undefined ? 0 : host.flows.crossRackRate(network, FLOW_SHUFFLE),
      host.slots.runningMaps,
      host.slots.runningReduces,
      host.backlog.waitingMaps,
      host.backlog.waitingReduces,
    );
    if (this.#active()) host.queue.push(host.now + series.interval, EVENT_SERIES, 0, 0);
    else this.#seriesScheduled = false;
  }

  tick(): void {
    const host = this.host;
    const policy = host.policy;
    policy.onTick?.(host.view);
    if (host.parameters.preemption && policy.preemption !== undefined) {
      const requests = policy.preemption.preempt(host.view);
      if (!Array.isArray(requests)) {
        throw new Error(`policy "${policy.name}" preemption.preempt must return an array of requests`);
      }
      const kill = policy.preemption.mode === 'kill';
      for (const request of requests) host.preemption.preempt(request.task, String(request.reason), kill);
      host.offers.offerCollected();
      if (requests.length > 0) host.offers.workArrived();
    }
    if (this.#active()) host.queue.push(host.now + this.#tickInterval, EVENT_TICK, 0, 0);
    else this.#tickScheduled = false;
  }

  /** Whether anything runs, waits or moves. */
  #active(): boolean {
    const host = this.host;
    return (
      host.slots.runningMaps + host.slots.runningReduces > 0 ||
      host.backlog.waitingMaps + host.backlog.waitingReduces > 0 ||
      (host.network !== undefined && host.network.activeFlowCount > 0)
    );
  }

  /** The first multiple of `interval` strictly after now. */
  #nextMultiple(interval: number): number {
    const now = this.host.now;
    let t = (Math.floor(now / interval) + 1) * interval;
    if (t <= now) t += interval;
    return t;
  }
}
