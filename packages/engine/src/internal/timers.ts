import type { RackId } from '@rackwise/types';
import type { Engine } from './engine.js';
import { EVENT_MONITOR, EVENT_SERIES, EVENT_TICK, FLOW_SHUFFLE } from './task-states.js';

/**
 * The engine's periodic events, each armed while the cluster has work and stopped when
 * it is idle: network and outstanding-output samples (congestion), the time series, and
 * the policy's ticks (with its preemption requests).
 */
export class Timers {
  #monitorScheduled = false;
  #tickScheduled = false;
  #seriesScheduled = false;
  readonly #uplinkRates: Float64Array;
  readonly #uplinkUtilisation: Float64Array;
  readonly #tickInterval: number;
  readonly #ticks: boolean;
  #monitorSamples = 0;

  constructor(private readonly engine: Engine) {
    const { policy, parameters } = engine;
    this.#uplinkRates = new Float64Array(engine.rackCount);
    this.#uplinkUtilisation = new Float64Array(engine.rackCount);
    this.#ticks = policy.onTick !== undefined || (parameters.preemption && policy.preemption !== undefined);
    this.#tickInterval = policy.tickInterval ?? parameters.tickInterval;
  }

  /** Monitor samples taken. */
  get monitorSamples(): number {
    return this.#monitorSamples;
  }

  /** Arms every timer that is not armed yet. */
  start(): void {
    const engine = this.engine;
    if (!this.#monitorScheduled) {
      this.#monitorScheduled = true;
      engine.queue.push(this.#nextMultiple(engine.parameters.monitorInterval), EVENT_MONITOR, 0, 0);
    }
    if (this.#ticks && !this.#tickScheduled) {
      this.#tickScheduled = true;
      engine.queue.push(this.#nextMultiple(this.#tickInterval), EVENT_TICK, 0, 0);
    }
    if (engine.series !== undefined && !this.#seriesScheduled) {
      this.#seriesScheduled = true;
      engine.queue.push(this.#nextMultiple(engine.series.interval), EVENT_SERIES, 0, 0);
    }
  }

  monitorSample(): void {
    const engine = this.engine;
    this.#monitorSamples++;
    const monitor = engine.monitor;
    monitor.sample(engine.now, engine.network);
    const uplinks = this.#uplinkUtilisation;
    for (let r = 0; r < uplinks.length; r++) uplinks[r] = monitor.utilisation(r, true);
    engine.arrivalLoad.sample(engine.now, uplinks, engine.slots.runningMaps + engine.slots.runningReduces);
    const interval = engine.parameters.monitorInterval;
    engine.congestion.sample(monitor, engine.outstanding, interval);
    if (this.#active()) engine.queue.push(engine.now + interval, EVENT_MONITOR, 0, 0);
    else {
      this.#monitorScheduled = false;
      engine.congestion.reset();
    }
  }

  seriesSample(): void {
    const engine = this.engine;
    const series = engine.series!;
    let crossRack = 0;
    let congested = 0;
    const network = engine.network;
    if (network !== undefined) {
      const rates = this.#uplinkRates;
      const topology = engine.topology;
      const threshold = engine.congestionThreshold;
      for (let r = 0; r < engine.rackCount; r++) {
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
      engine.now,
      crossRack,
      network === undefined ? 0 : engine.flows.crossRackRate(network, FLOW_SHUFFLE),
      engine.slots.runningMaps,
      engine.slots.runningReduces,
      engine.backlog.waitingMaps,
      engine.backlog.waitingReduces,
    );
    if (this.#active()) engine.queue.push(engine.now + series.interval, EVENT_SERIES, 0, 0);
    else this.#seriesScheduled = false;
  }

  tick(): void {
    const engine = this.engine;
    const policy = engine.policy;
    policy.onTick?.(engine.view);
    if (engine.parameters.preemption && policy.preemption !== undefined) {
      const requests = policy.preemption.preempt(engine.view);
      if (!Array.isArray(requests)) {
        throw new Error(`policy "${policy.name}" preemption.preempt must return an array of requests`);
      }
      const kill = policy.preemption.mode === 'kill';
      for (const request of requests) engine.preemption.preempt(request.task, String(request.reason), kill);
      engine.offers.offerCollected();
      if (requests.length > 0) engine.offers.workArrived();
    }
    if (this.#active()) engine.queue.push(engine.now + this.#tickInterval, EVENT_TICK, 0, 0);
    else this.#tickScheduled = false;
  }

  /** Whether anything runs, waits or moves. */
  #active(): boolean {
    const engine = this.engine;
    return (
      engine.slots.runningMaps + engine.slots.runningReduces > 0 ||
      engine.backlog.waitingMaps + engine.backlog.waitingReduces > 0 ||
      (engine.network !== undefined && engine.network.activeFlowCount > 0)
    );
  }

  /** The first multiple of `interval` strictly after now. */
  #nextMultiple(interval: number): number {
    const now = this.engine.now;
    let t = (Math.floor(now / interval) + 1) * interval;
    if (t <= now) t += interval;
    return t;
  }
}
