import type { FlowTraceRecord } from '@rackwise/flow-replay';
import { createShufflePredictor } from '@rackwise/predictor';
import {
  type FlowNetwork,
  type Topology,
  congestionLossOptions,
  createFlowNetwork,
  effectiveResolveTolerance,
} from '@rackwise/topology';
import type {
  Bytes,
  ClusterView,
  NodeId,
  RandomSource,
  SchedulerPolicy,
  ShufflePredictor,
  Workload,
} from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import { ArrivalWindowLoad } from './arrival-window-load.js';
import { AttemptTable } from './attempt-table.js';
import { Backlog } from './backlog.js';
import { ClusterViewImpl } from './cluster-view-impl.js';
import { CongestionCounter } from './congestion-counter.js';
import type { EngineContext } from './engine-context.js';
import { EventQueue } from './event-queue.js';
import { FlowRecords } from './flow-records.js';
import { FlowTraceRecorder } from './flow-trace-recorder.js';
import { JobArrivals, type ProgressListener } from './job-arrivals.js';
import { JobRegistry } from './job-registry.js';
import type { JobState } from './job-state.js';
import { MapLifecycle } from './map-lifecycle.js';
import { NetworkMonitor } from './network-monitor.js';
import { OfferRounds } from './offer-rounds.js';
import { OutstandingOutput } from './outstanding-output.js';
import { Preemption } from './preemption.js';
import { ReduceLifecycle } from './reduce-lifecycle.js';
import { SeriesRecorder } from './series-recorder.js';
import { ShuffleFetcher } from './shuffle-fetcher.js';
import { SlotLedger } from './slot-ledger.js';
import { SlotTimeline } from './slot-timeline.js';
import { StateVersion } from './state-version.js';
import {
  EVENT_HEARTBEAT,
  EVENT_MAP_DONE,
  EVENT_MONITOR,
  EVENT_REDUCE_DONE,
  EVENT_RESTORE_DONE,
  EVENT_SERIES,
  EVENT_SHUFFLE_POLL,
  EVENT_SLOTS,
  EVENT_TICK,
} from './task-states.js';
import { Timers } from './timers.js';
import { Transfers } from './transfers.js';

/** Everything the engine needs besides the parameters. */
export interface EngineOptions {
  readonly topology: Topology;
  readonly workload: Workload;
  readonly policy: SchedulerPolicy;
  readonly parameters: EngineParameters;
  readonly placementRandom: RandomSource;
  readonly outputRandom: RandomSource;
  /** Draws the nodes' heartbeat phases and seeds their lateness. */
  readonly heartbeatRandom: RandomSource;
  readonly congestionThreshold: number;
  readonly congestedNodeThreshold: number | undefined;
  /** Hysteresis band of congestion occurrences (see `CongestionCounter`); 0 when absent. */
  readonly congestionHysteresis?: number;
  /** MTS's live TrafficThreshold for the `mtsCongestedNodes` metric; unmeasured when absent. */
  readonly liveNodeThreshold?: (view: ClusterView) => Bytes;
  readonly seriesInterval: number | undefined;
  readonly decisionLimit: number;
  readonly predictor?: ShufflePredictor;
  readonly onProgress?: ProgressListener;
  /** Hears every network flow of the run when it ends (a flow trace). */
  readonly onFlow?: (flow: FlowTraceRecord) => void;
}

/** Every link's capacity in bytes per second, times the goodput fraction flows get of it. */
function goodputCapacities(topology: Topology, goodput: number): Float64Array {
  const capacities = topology.linkCapacitiesBytesPerSecond();
  if (goodput !== 1) for (let l = 0; l < capacities.length; l++) capacities[l]! *= goodput;
  return capacities;
}

/** The flow network of a run with the network on: goodput capacities and the solver's settings. */
function engineFlowNetwork(topology: Topology, parameters: EngineParameters): FlowNetwork {
  return createFlowNetwork({
    capacities: goodputCapacities(topology, parameters.linkGoodput),
    resolveInterval: parameters.resolveInterval,
    betweenSolves: parameters.betweenSolves,
    resolveTolerance: effectiveResolveTolerance(parameters),
    model: parameters.flowModel,
    kernel: parameters.solverKernel,
    completionTolerance: parameters.completionTolerance,
    ...congestionLossOptions(parameters.congestionLoss),
  });
}

/** Each node's rack, by node index. */
function rackOfEachNode(topology: Topology): Int32Array {
  const rackOfNode = new Int32Array(topology.nodeCount);
  for (let n = 0; n < topology.nodeCount; n++) rackOfNode[n] = topology.rackOf(n as NodeId);
  return rackOfNode;
}

/**
 * The discrete-event engine (docs/architecture.md §3): it wires the parts and runs the event
 * loop. Each part owns its state and counts, and reads or calls the others only through
 * the narrow host it declares (`part-calls.ts` for the calls): the slots (`SlotLedger`), the
 * waiting work (`Backlog`), the jobs and users (`JobRegistry`), the state version
 * (`StateVersion`), job arrivals (`JobArrivals`), the offer protocol (`OfferRounds`), map
 * and reduce attempts (`MapLifecycle`, `ReduceLifecycle`, `Preemption`), the shuffle
 * (`ShuffleFetcher`), transfers over the flow network (`Transfers`) and the periodic
 * samples (`Timers`). The engine is every part's host.
 */
export class Engine implements EngineContext {
  now = 0;
  readonly topology: Topology;
  readonly parameters: EngineParameters;
  readonly policy: SchedulerPolicy;
  readonly predictor: ShufflePredictor;
  readonly attempts: AttemptTable;
  readonly rackOfNode: Int32Array;
  readonly rackCount: number;
  readonly nodeCount: number;
  /** Events the loop processed (arrivals, timed events); flows delivered count apart. */
  #events = 0;
  readonly monitor: NetworkMonitor;
  readonly view: ClusterViewImpl;
  readonly mapCompletionThreshold: number;
  readonly network: FlowNetwork | undefined;
  readonly queue = new EventQueue(4096);
  readonly flows: FlowRecords;
  /** Present when the run records a flow trace. */
  readonly flowTrace: FlowTraceRecorder | undefined;
  readonly series: SeriesRecorder | undefined;
  readonly outputRandom: RandomSource;
  readonly congestionThreshold: number;
  readonly congestedNodeThreshold: number | undefined;
  readonly congestionHysteresis: number;
  /** Congestion per rack and MTS's congested nodes, for the metrics. */
  readonly congestion: CongestionCounter;

  // ---- nodes and slots
  readonly slots: SlotLedger;
  readonly outstanding: OutstandingOutput;
  /** The state version and the users it moved (`ClusterView.stateVersion`). */
  readonly changes = new StateVersion();

  // ---- jobs and users
  /** The jobs and users, active and finished. */
  readonly registry: JobRegistry;
  /** The registry's active jobs by index (read only here). */
  readonly jobs: readonly (JobState | undefined)[];
  /** The maps and reduces waiting for a slot. */
  readonly backlog = new Backlog();
  /** Whether the policy duplicates maps (and the engine accepts it): offers go on while maps run. */
  readonly duplicationWanted: boolean;
  readonly duplicationAllowed: boolean;

  // ---- parts
  readonly arrivals: JobArrivals;
  readonly offers: OfferRounds;
  /** Uplink utilisation and slot use sampled while jobs arrive. */
  readonly arrivalLoad: ArrivalWindowLoad;
  readonly maps: MapLifecycle;
  readonly reduces: ReduceLifecycle;
  readonly fetcher: ShuffleFetcher;
  readonly transfers: Transfers;
  readonly preemption: Preemption;
  readonly timers: Timers;
  /** Present when the workload's slots change over the run. */
  readonly slotTimeline: SlotTimeline | undefined;

  // The wiring of the parts, in the order they need each other: a part's constructor reads
  // the fields set before it (slots, registry, attempts, network, view), so it reads best
  // as one list; what computes a value is a named function above.
  constructor(options: EngineOptions) {
    const { topology, workload, policy, parameters } = options;
    this.topology = topology;
    this.parameters = parameters;
    this.policy = policy;
    this.predictor = options.predictor ?? createShufflePredictor();
    this.mapCompletionThreshold = parameters.mapCompletionThreshold;
    const nodes = topology.nodeCount;
    this.nodeCount = nodes;
    this.rackCount = topology.rackCount;
    this.rackOfNode = rackOfEachNode(topology);
    this.slots = new SlotLedger(topology, this);
    this.registry = new JobRegistry(workload.jobs.length);
    this.jobs = this.registry.jobs;
    this.outstanding = new OutstandingOutput(nodes);
    const fetchSlots = Math.max(parameters.parallelCopies, parameters.outputReplication - 1, 1);
    this.attempts = new AttemptTable(this.slots.totalSlots + 16, fetchSlots);
    this.flows = new FlowRecords(1024, ShuffleFetcher.partsPerFetch(topology, parameters));
    this.flowTrace = options.onFlow === undefined ? undefined : new FlowTraceRecorder(options.onFlow);
    this.network = parameters.network ? engineFlowNetwork(topology, parameters) : undefined;
    this.monitor = new NetworkMonitor(
      topology,
      parameters.monitorInterval,
      parameters.monitorHistory,
      (up, down) => {
        if (this.network !== undefined) this.flows.addCrossRackRates(this.network, up, down);
      },
    );
    this.view = new ClusterViewImpl(this);
    this.series =
      options.seriesInterval === undefined
        ? undefined
        : new SeriesRecorder(options.seriesInterval, this.network === undefined ? 0 : this.rackCount);

    this.outputRandom = options.outputRandom;
    this.duplicationAllowed = parameters.duplication;
    this.duplicationWanted = parameters.duplication && policy.duplication !== undefined;
    this.congestionThreshold = options.congestionThreshold;
    this.congestedNodeThreshold = options.congestedNodeThreshold;
    this.congestionHysteresis = options.congestionHysteresis ?? 0;
    this.congestion = new CongestionCounter(
      this.rackCount,
      options.congestionThreshold,
      options.congestedNodeThreshold,
      this.congestionHysteresis,
      options.liveNodeThreshold === undefined
        ? undefined
        : {
            view: this.view,
            threshold: options.liveNodeThreshold,
            running: {
              nodeMapAttempts: this.slots.nodeMapAttempts,
              attempts: this.attempts,
              jobs: this.jobs,
            },
          },
    );

    this.arrivalLoad = new ArrivalWindowLoad(topology, parameters.monitorInterval, workload.jobs.length);
    this.arrivals = new JobArrivals(this, workload, options.placementRandom, options.onProgress);
    this.offers = new OfferRounds(this, options.decisionLimit, options.heartbeatRandom);
    this.maps = new MapLifecycle(this);
    this.reduces = new ReduceLifecycle(this);
    this.fetcher = new ShuffleFetcher(this);
    this.transfers = new Transfers(this);
    this.preemption = new Preemption(this);
    this.timers = new Timers(this);
    const timeline = workload.slotTimeline;
    this.slotTimeline =
      timeline === undefined || timeline.length === 0 ? undefined : new SlotTimeline(this, timeline);
  }

  get jobsDone(): number {
    return this.arrivals.jobsDone;
  }

  get jobsTotal(): number {
    return this.arrivals.total;
  }

  /** Events of the run: the loop's and the flows delivered. */
  get events(): number {
    return this.#events + this.transfers.delivered;
  }

  get firstSubmit(): number {
    return this.arrivals.firstSubmit;
  }

  get lastCompletion(): number {
    return this.arrivals.lastCompletion;
  }

  // ================================================================ event loop

  /** Processes every event up to `until` (inclusive) or `maxTime`, whichever is first. */
  run(until: number): void {
    const limit = Math.min(until, this.parameters.maxTime);
    const queue = this.queue;
    const network = this.network;
    const arrivals = this.arrivals;
    for (;;) {
      let t = queue.peekTime();
      if (arrivals.nextTime < t) t = arrivals.nextTime;
      if (network !== undefined) {
        const tn = network.nextEventTime();
        if (tn < t) t = tn;
      }
      if (t > limit || t === Number.POSITIVE_INFINITY) break;
      if (t > this.now) {
        this.now = t;
        network?.advanceTo(t);
      }
      this.#processInstant(t);
    }
    if (Number.isFinite(limit) && limit > this.now && arrivals.pending) {
      this.now = limit;
      network?.advanceTo(limit);
    }
  }

  #processInstant(t: number): void {
    const queue = this.queue;
    const network = this.network;
    const attempts = this.attempts;
    const arrivals = this.arrivals;
    const take = this.transfers.take;
    for (;;) {
      if (network !== undefined) network.takeCompleted(take);
      while (arrivals.nextTime === t) {
        this.#events++;
        arrivals.activateNext();
      }
      while (queue.size > 0 && queue.peekTime() === t) {
        const kind = queue.peekKind();
        const subject = queue.peekSubject();
        const stamp = queue.peekStamp();
        queue.pop();
        this.#events++;
        switch (kind) {
          case EVENT_MAP_DONE:
            if (attempts.generation[subject] === stamp) this.maps.computeDone(subject);
            break;
          case EVENT_REDUCE_DONE:
            if (attempts.generation[subject] === stamp) this.reduces.computeDone(subject);
            break;
          case EVENT_RESTORE_DONE:
            if (attempts.generation[subject] === stamp) this.reduces.restoreDone(subject);
            break;
          case EVENT_HEARTBEAT:
            this.offers.heartbeat(subject, stamp);
            break;
          case EVENT_MONITOR:
            this.timers.monitorSample();
            break;
          case EVENT_TICK:
            this.timers.tick();
            break;
          case EVENT_SERIES:
            this.timers.seriesSample();
            break;
          case EVENT_SHUFFLE_POLL:
            if (attempts.generation[subject] === stamp) {
              const job = this.jobs[attempts.job[subject]!]!;
              this.fetcher.pollDue(subject, job, attempts.task[subject]!, job.shuffle!);
            }
            break;
          case EVENT_SLOTS:
            this.slotTimeline!.due(subject);
            break;
          default:
            throw new Error(`internal: unknown event kind ${kind}`);
        }
      }
      // An event before now would never be taken here: fail instead of spinning.
      if (queue.peekTime() < t)
        throw new Error(`internal: an event at ${queue.peekTime()} s is before now (${t} s)`);
      if (network === undefined) return;
      network.solve();
      if (network.nextEventTime() > t && queue.peekTime() > t && arrivals.nextTime > t) return;
    }
  }
}
