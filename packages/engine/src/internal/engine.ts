import { createShufflePredictor } from '@rackwise/predictor';
import {
  type FlowNetwork,
  type Topology,
  createFlowNetwork,
  incastEffectiveCapacity,
} from '@rackwise/topology';
import type {
  Bytes,
  ClusterView,
  Decision,
  DecisionEvidence,
  JobSpec,
  NodeId,
  RackId,
  RandomSource,
  SchedulerPolicy,
  ShufflePredictor,
  SlotKind,
  SlotOffer,
  TaskRef,
  UserId,
  Workload,
} from '@rackwise/types';
import type { EngineParameters } from '../engine-parameters.js';
import type { DecisionRecord, JobRecord } from '../run-metrics.js';
import { AttemptTable } from './attempt-table.js';
import { ClusterViewImpl, slotKindIndex } from './cluster-view-impl.js';
import { CongestionCounter } from './congestion-counter.js';
import type { EngineContext } from './engine-context.js';
import { EventQueue } from './event-queue.js';
import { FlowRecords } from './flow-records.js';
import { HeartbeatSweep } from './heartbeat-sweep.js';
import { buildJobRecord } from './job-record.js';
import { JobShuffle } from './job-shuffle.js';
import { JobState } from './job-state.js';
import { SLOT_CONTAINER, SLOT_MAP, SLOT_REDUCE, launchRefusal } from './launch-check.js';
import { NetworkMonitor } from './network-monitor.js';
import { outputPipeline } from './output-pipeline.js';
import { RunCounters } from './run-counters.js';
import { SeriesRecorder } from './series-recorder.js';
import { ShuffleFetcher } from './shuffle-fetcher.js';
import {
  COMPLETED,
  EVENT_HEARTBEAT,
  EVENT_MAP_DONE,
  EVENT_MONITOR,
  EVENT_REDUCE_DONE,
  EVENT_RESTORE_DONE,
  EVENT_SERIES,
  EVENT_TICK,
  FLOW_MAP_INPUT,
  FLOW_MIGRATION,
  FLOW_OUTPUT,
  FLOW_SHUFFLE,
  PENDING,
  PHASE_MAP_COMPUTE,
  PHASE_MIGRATE,
  PHASE_READ,
  PHASE_REDUCE_COMPUTE,
  PHASE_RESTORE,
  PHASE_SHUFFLE,
  PHASE_WRITE,
  RUNNING,
  SUSPENDED,
} from './task-states.js';
import type { MapTask, ReduceTask } from './task-views.js';
import { UserState } from './user-state.js';

const KIND_MAP = 0;
const KIND_REDUCE = 1;

/** Everything the engine needs besides the parameters. */
export interface EngineOptions {
  readonly topology: Topology;
  readonly workload: Workload;
  readonly policy: SchedulerPolicy;
  readonly parameters: EngineParameters;
  readonly placementRandom: RandomSource;
  readonly outputRandom: RandomSource;
  readonly congestionThreshold: number;
  readonly congestedNodeThreshold: number | undefined;
  /** Hysteresis band of congestion occurrences (see `CongestionCounter`); 0 when absent. */
  readonly congestionHysteresis?: number;
  /** MTS's live TrafficThreshold for the `mtsCongestedNodes` metric; unmeasured when absent. */
  readonly liveNodeThreshold?: (view: ClusterView) => Bytes;
  readonly seriesInterval: number | undefined;
  readonly decisionLimit: number;
  readonly predictor?: ShufflePredictor;
  readonly onProgress?: (progress: { time: number; jobsDone: number; jobsTotal: number }) => void;
}

/**
 * The discrete-event engine (DESIGN §3): cluster state in typed arrays, the Hadoop-like
 * offer protocol, the task lifecycle, network flows and monitoring.
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
  readonly counters = new RunCounters();
  readonly monitor: NetworkMonitor;
  readonly view: ClusterViewImpl;
  readonly mapCompletionThreshold: number;
  readonly network: FlowNetwork | undefined;
  readonly queue = new EventQueue(4096);
  readonly flows: FlowRecords;
  readonly fetcher: ShuffleFetcher;
  readonly series: SeriesRecorder | undefined;
  readonly decisions: DecisionRecord[] = [];
  readonly records: JobRecord[] = [];

  // ---- nodes and slots
  /** Free slots, index `kind × nodeCount + node` (kind 0 map, 1 reduce, 2 container). */
  readonly freeSlotsBy: Int32Array;
  readonly slotsPerNode: Int32Array;
  readonly nodeMaps: MapTask[][] = [];
  readonly nodeMapAttempts: number[][] = [];
  readonly nodeReduces: ReduceTask[][] = [];
  readonly nodeReduceAttempts: number[][] = [];
  readonly outstanding: Float64Array;
  runningMaps = 0;
  runningReduces = 0;
  /**
   * Changes with every task start and end, job arrival and completion, and reduces
   * becoming ready: what `ClusterView.stateVersion` reports.
   */
  stateVersion = 0;
  readonly #container: boolean;
  readonly #heartbeats: HeartbeatSweep;

  // ---- jobs and users
  readonly jobs: (JobState | undefined)[];
  readonly activeJobList: JobState[] = [];
  readonly activeUserList: UserState[] = [];
  readonly users = new Map<number, UserState>();
  readonly #specs: readonly JobSpec[];
  readonly #order: Int32Array;
  #nextArrival = 0;
  #nextArrivalTime: number;
  #jobsDone = 0;
  /** Pending maps over all active jobs. */
  #waitingMaps = 0;
  /** Pending and suspended reduces of jobs whose reduces may launch. */
  #waitingReduces = 0;
  readonly #duplicationWanted: boolean;
  readonly duplicationAllowed: boolean;
  readonly #placement: Workload['placement'];
  readonly #placementRandom: RandomSource;
  readonly #outputRandom: RandomSource;

  // ---- timers
  #monitorScheduled = false;
  #tickScheduled = false;
  #seriesScheduled = false;
  readonly #uplinkRates: Float64Array;
  readonly #tickInterval: number;
  readonly #ticks: boolean;
  readonly congestionThreshold: number;
  readonly congestedNodeThreshold: number | undefined;
  readonly congestionHysteresis: number;
  readonly #congestion: CongestionCounter;
  /** Congestion per rack and MTS's congested nodes, for the metrics. */
  get congestion(): CongestionCounter {
    return this.#congestion;
  }
  readonly #decisionLimit: number;
  readonly #onProgress: EngineOptions['onProgress'];
  #progressStep = -1;

  // ---- scratch
  readonly #offers: { node: NodeId; kind: SlotKind }[];
  readonly #path4 = new Int32Array(4);
  /** Scratch paths of exactly 0 … 4 links (the network reads `links.length`). */
  readonly #paths = [0, 1, 2, 3, 4].map((n) => new Int32Array(n));
  readonly #takeFlow: (flow: number, tag: number) => void;
  readonly #nodesToOffer: number[] = [];
  #firstSubmit = Number.NaN;
  #lastCompletion = Number.NaN;

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
    this.rackOfNode = new Int32Array(nodes);
    for (let n = 0; n < nodes; n++) this.rackOfNode[n] = topology.rackOf(n as NodeId);
    this.#container = topology.slotModel === 'container';
    this.slotsPerNode = new Int32Array(3);
    this.freeSlotsBy = new Int32Array(3 * nodes);
    const kinds: SlotKind[] = ['map', 'reduce', 'container'];
    let totalSlots = 0;
    for (let k = 0; k < 3; k++) {
      const slots = topology.slotsOf(0 as NodeId, kinds[k]!);
      this.slotsPerNode[k] = slots;
      for (let n = 0; n < nodes; n++) {
        const s = topology.slotsOf(n as NodeId, kinds[k]!);
        this.freeSlotsBy[k * nodes + n] = s;
        totalSlots += s;
      }
    }
    for (let n = 0; n < nodes; n++) {
      this.nodeMaps.push([]);
      this.nodeMapAttempts.push([]);
      this.nodeReduces.push([]);
      this.nodeReduceAttempts.push([]);
    }
    this.outstanding = new Float64Array(nodes);
    this.#heartbeats = new HeartbeatSweep(nodes, parameters.heartbeatInterval, this.queue, (node) =>
      this.#wantsOffer(node),
    );
    const fetchSlots = Math.max(parameters.parallelCopies, parameters.outputReplication - 1, 1);
    this.attempts = new AttemptTable(totalSlots + 16, fetchSlots);
    this.flows = new FlowRecords(1024, ShuffleFetcher.partsPerFetch(topology, parameters));
    this.fetcher = new ShuffleFetcher(this);
    this.network = parameters.network
      ? createFlowNetwork({
          capacities: topology.linkCapacitiesBytesPerSecond(),
          resolveInterval: parameters.resolveInterval,
          betweenSolves: parameters.betweenSolves,
          model: parameters.flowModel,
          completionTolerance: parameters.completionTolerance,
          ...(parameters.congestionLoss === 'incast' ? { effectiveCapacity: incastEffectiveCapacity() } : {}),
        })
      : undefined;
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
    this.#uplinkRates = new Float64Array(this.rackCount);

    this.#specs = workload.jobs;
    this.jobs = new Array(workload.jobs.length);
    this.#order = arrivalOrder(workload.jobs);
    this.#nextArrivalTime = this.#arrivalTime(0);
    this.#placement = workload.placement;
    this.#placementRandom = options.placementRandom;
    this.#outputRandom = options.outputRandom;
    this.duplicationAllowed = parameters.duplication;
    this.#duplicationWanted = parameters.duplication && policy.duplication !== undefined;
    this.#ticks = policy.onTick !== undefined || (parameters.preemption && policy.preemption !== undefined);
    this.#tickInterval = policy.tickInterval ?? parameters.tickInterval;
    this.congestionThreshold = options.congestionThreshold;
    this.congestedNodeThreshold = options.congestedNodeThreshold;
    this.congestionHysteresis = options.congestionHysteresis ?? 0;
    this.#congestion = new CongestionCounter(
      this.rackCount,
      options.congestionThreshold,
      options.congestedNodeThreshold,
      this.counters,
      this.congestionHysteresis,
      options.liveNodeThreshold === undefined
        ? undefined
        : { view: this.view, threshold: options.liveNodeThreshold },
    );
    this.#decisionLimit = options.decisionLimit;
    this.#onProgress = options.onProgress;
    this.#offers = [
      { node: 0 as NodeId, kind: 'map' },
      { node: 0 as NodeId, kind: 'reduce' },
      { node: 0 as NodeId, kind: 'container' },
    ];
    this.#takeFlow = (_flow, tag) => this.#flowDone(tag);
  }

  get jobsDone(): number {
    return this.#jobsDone;
  }

  get jobsTotal(): number {
    return this.#specs.length;
  }

  get firstSubmit(): number {
    return this.#firstSubmit;
  }

  get lastCompletion(): number {
    return this.#lastCompletion;
  }

  get waitingMaps(): number {
    return this.#waitingMaps;
  }

  get waitingReduces(): number {
    return this.#waitingReduces;
  }

  // ================================================================ event loop

  /** Processes every event up to `until` (inclusive) or `maxTime`, whichever is first. */
  run(until: number): void {
    const limit = Math.min(until, this.parameters.maxTime);
    const queue = this.queue;
    const network = this.network;
    for (;;) {
      let t = queue.peekTime();
      if (this.#nextArrivalTime < t) t = this.#nextArrivalTime;
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
    if (Number.isFinite(limit) && limit > this.now && this.#hasWork()) {
      this.now = limit;
      network?.advanceTo(limit);
    }
  }

  #processInstant(t: number): void {
    const queue = this.queue;
    const network = this.network;
    const attempts = this.attempts;
    for (;;) {
      if (network !== undefined) network.takeCompleted(this.#takeFlow);
      while (this.#nextArrivalTime === t) {
        this.counters.events++;
        this.#activate(this.#order[this.#nextArrival++]!);
        this.#nextArrivalTime = this.#arrivalTime(this.#nextArrival);
      }
      while (queue.size > 0 && queue.peekTime() === t) {
        const kind = queue.peekKind();
        const subject = queue.peekSubject();
        const stamp = queue.peekStamp();
        queue.pop();
        this.counters.events++;
        switch (kind) {
          case EVENT_MAP_DONE:
            if (attempts.generation[subject] === stamp) this.#mapComputeDone(subject);
            break;
          case EVENT_REDUCE_DONE:
            if (attempts.generation[subject] === stamp) this.#reduceComputeDone(subject);
            break;
          case EVENT_RESTORE_DONE:
            if (attempts.generation[subject] === stamp) this.#restoreDone(subject);
            break;
          case EVENT_HEARTBEAT:
            if (this.#heartbeats.fire(stamp)) this.#heartbeat(subject);
            break;
          case EVENT_MONITOR:
            this.#monitorSample();
            break;
          case EVENT_TICK:
            this.#tick();
            break;
          case EVENT_SERIES:
            this.#seriesSample();
            break;
          default:
            throw new Error(`internal: unknown event kind ${kind}`);
        }
      }
      if (network === undefined) return;
      network.solve();
      if (network.nextEventTime() > t && queue.peekTime() > t && this.#nextArrivalTime > t) return;
    }
  }

  #arrivalTime(position: number): number {
    if (position >= this.#order.length) return Number.POSITIVE_INFINITY;
    return this.#specs[this.#order[position]!]!.submitTime;
  }

  #hasWork(): boolean {
    return this.#jobsDone < this.#specs.length;
  }

  // ================================================================ jobs

  #activate(index: number): void {
    this.stateVersion++;
    const spec = this.#specs[index]!;
    const topology = this.topology;
    const replication = this.#placement.replication;
    const replicas = new Int32Array(spec.mapCount * replication).fill(-1);
    this.#placement.place(spec, topology, this.#placementRandom, replicas);
    const nodes = this.nodeCount;
    for (let i = 0; i < replicas.length; i++) {
      const node = replicas[i]!;
      if (node !== -1 && !(Number.isInteger(node) && node >= 0 && node < nodes)) {
        throw new Error(
          `workload.placement "${this.#placement.name}" placed a replica of job ${index} on node ${node}; nodes are 0 … ${nodes - 1}`,
        );
      }
    }
    let user = this.users.get(spec.user);
    if (user === undefined) {
      user = new UserState(spec.user as UserId);
      this.users.set(spec.user, user);
    }
    const job = new JobState(this, index, spec, user, replicas, replication);
    if (job.reduceCount > 0 && this.network !== undefined) {
      job.shuffle = new JobShuffle(nodes, job.mapCount, job.reduceCount, this.rackOfNode, this.rackCount);
    }
    this.jobs[index] = job;
    this.activeJobList.push(job);
    if (user.jobs.length === 0) this.#activateUser(user);
    user.jobs.push(job);
    if (Number.isNaN(this.#firstSubmit)) this.#firstSubmit = this.now;
    this.#waitingMaps += job.mapCount;
    if (job.reducesReady) this.#waitingReduces += job.reduceCount;
    this.policy.onJobSubmitted?.(job, this.view);
    this.#startTimers();
    this.#workArrived();
  }

  #activateUser(user: UserState): void {
    const list = this.activeUserList;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.id < user.id) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, user);
  }

  #completeJob(job: JobState): void {
    this.stateVersion++;
    const list = this.activeJobList;
    list.splice(list.indexOf(job), 1);
    const user = job.userState;
    user.jobs.splice(user.jobs.indexOf(job), 1);
    if (user.jobs.length === 0) {
      const users = this.activeUserList;
      users.splice(users.indexOf(user), 1);
    }
    this.jobs[job.index] = undefined;
    this.#jobsDone++;
    this.#lastCompletion = this.now;
    this.records.push(this.jobRecord(job, true));
    this.policy.onJobCompleted?.(job, this.view);
    this.#reportProgress();
  }

  #reportProgress(): void {
    if (this.#onProgress === undefined) return;
    const total = this.#specs.length;
    const step = Math.floor((this.#jobsDone * 200) / Math.max(1, total));
    if (step === this.#progressStep && this.#jobsDone !== total) return;
    this.#progressStep = step;
    this.#onProgress({ time: this.now, jobsDone: this.#jobsDone, jobsTotal: total });
  }

  /** The record of a job (finished or, at the end of a stopped run, not). */
  jobRecord(job: JobState, finished: boolean): JobRecord {
    return buildJobRecord(job, finished, this.now);
  }

  // ================================================================ offers

  #wantsOffer(node: number): boolean {
    const n = this.nodeCount;
    const free = this.freeSlotsBy;
    const maps = this.#waitingMaps > 0 || (this.#duplicationWanted && this.runningMaps > 0);
    if (this.#container) return free[SLOT_CONTAINER * n + node]! > 0 && (maps || this.#waitingReduces > 0);
    return (free[node]! > 0 && maps) || (free[n + node]! > 0 && this.#waitingReduces > 0);
  }

  /**
   * Offers the node's free slots, one at a time, until the policy passes (per slot kind)
   * or nothing waits that the slot could run; then keeps the node's heartbeat armed if it
   * still has a free slot and work waits.
   */
  #offerRound(node: number): void {
    const n = this.nodeCount;
    const free = this.freeSlotsBy;
    if (this.#container) {
      const index = SLOT_CONTAINER * n + node;
      while (free[index]! > 0 && this.#wantsOffer(node)) {
        if (!this.#offer(node, SLOT_CONTAINER)) break;
      }
    } else {
      while (
        free[node]! > 0 &&
        (this.#waitingMaps > 0 || (this.#duplicationWanted && this.runningMaps > 0))
      ) {
        if (!this.#offer(node, SLOT_MAP)) break;
      }
      while (free[n + node]! > 0 && this.#waitingReduces > 0) {
        if (!this.#offer(node, SLOT_REDUCE)) break;
      }
    }
    if (this.#wantsOffer(node)) this.#heartbeats.wake(node, this.now);
  }

  /** One offer; returns whether the policy launched something. */
  #offer(node: number, slot: number): boolean {
    const offer = this.#offers[slot]!;
    offer.node = node as NodeId;
    this.counters.offers++;
    let decision: Decision;
    const started = performance.now();
    try {
      decision = this.policy.assign(offer as SlotOffer, this.view);
      this.counters.policyMillis += performance.now() - started;
    } catch (error) {
      throw new Error(
        `policy "${this.policy.name}" threw in assign (node ${node}, ${offer.kind} offer, t=${this.now}): ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (decision === null || typeof decision !== 'object') {
      throw new Error(
        `policy "${this.policy.name}" returned ${String(decision)} from assign (node ${node}, ${offer.kind} offer); expected { type: 'launch' | 'pass', … }`,
      );
    }
    if (decision.type === 'pass') {
      this.counters.passes++;
      this.#log(node, offer.kind, decision.reason, undefined, false, decision.evidence);
      return false;
    }
    if (decision.type !== 'launch') {
      throw new Error(
        `policy "${this.policy.name}" returned a decision of type ${JSON.stringify((decision as { type: unknown }).type)} (node ${node}); expected 'launch' or 'pass'`,
      );
    }
    this.#launch(decision.task, decision.duplicate === true, decision.reason, node, slot, decision.evidence);
    return true;
  }

  #log(
    node: number,
    slot: SlotKind,
    reason: string,
    task: TaskRef | undefined,
    duplicate: boolean,
    evidence: DecisionEvidence | undefined,
  ): void {
    if (this.decisions.length >= this.#decisionLimit) return;
    const record: DecisionRecord =
      task === undefined
        ? { time: this.now, node: node as NodeId, slot, decision: 'pass', reason: String(reason) }
        : {
            time: this.now,
            node: node as NodeId,
            slot,
            decision: 'launch',
            task: { job: task.job, kind: task.kind, index: task.index },
            ...(duplicate ? { duplicate: true } : {}),
            reason: String(reason),
          };
    this.decisions.push(evidence === undefined ? record : { ...record, evidence });
  }

  #refuse(task: TaskRef, node: number, slot: number, duplicate: boolean, reason: string): never {
    const what =
      task !== null && typeof task === 'object'
        ? `${duplicate ? 'duplicate of ' : ''}${String(task.kind)} ${String(task.index)} of job ${String(task.job)}`
        : `task ${String(task)}`;
    throw new Error(
      `policy "${this.policy.name}" decision refused at t=${this.now}: launch ${what} on node ${node} (${this.#offers[slot]!.kind} offer): ${reason}`,
    );
  }

  /** Checks a launch decision against the state (DESIGN §2) and carries it out. */
  #launch(
    task: TaskRef,
    duplicate: boolean,
    reason: string,
    node: number,
    slot: number,
    evidence?: DecisionEvidence,
  ): void {
    const refusal = launchRefusal(this, task, duplicate, node, slot);
    if (refusal !== undefined) this.#refuse(task, node, slot, duplicate, refusal);
    const job = this.jobs[task.job]!;
    this.#log(node, this.#offers[slot]!.kind, reason, task, duplicate, evidence);
    this.counters.launches++;
    if (task.kind === 'map') this.#launchMap(job, task.index, node, duplicate);
    else this.#launchReduce(job, task.index, node);
  }

  // ================================================================ heartbeats and timers

  #heartbeat(node: number): void {
    this.counters.heartbeats++;
    if (this.#wantsOffer(node)) this.#offerRound(node);
    this.#heartbeats.advance(node, this.now);
  }

  /** New work waits: the next node in phase order that could take it heartbeats. */
  #workArrived(): void {
    this.#heartbeats.wakeAll(this.now);
  }

  #active(): boolean {
    return (
      this.runningMaps + this.runningReduces > 0 ||
      this.#waitingMaps + this.#waitingReduces > 0 ||
      (this.network !== undefined && this.network.activeFlowCount > 0)
    );
  }

  #nextMultiple(interval: number): number {
    let t = (Math.floor(this.now / interval) + 1) * interval;
    if (t <= this.now) t += interval;
    return t;
  }

  #startTimers(): void {
    if (!this.#monitorScheduled) {
      this.#monitorScheduled = true;
      this.queue.push(this.#nextMultiple(this.parameters.monitorInterval), EVENT_MONITOR, 0, 0);
    }
    if (this.#ticks && !this.#tickScheduled) {
      this.#tickScheduled = true;
      this.queue.push(this.#nextMultiple(this.#tickInterval), EVENT_TICK, 0, 0);
    }
    if (this.series !== undefined && !this.#seriesScheduled) {
      this.#seriesScheduled = true;
      this.queue.push(this.#nextMultiple(this.series.interval), EVENT_SERIES, 0, 0);
    }
  }

  #monitorSample(): void {
    this.counters.monitorSamples++;
    const monitor = this.monitor;
    monitor.sample(this.now, this.network);
    const interval = this.parameters.monitorInterval;
    this.#congestion.sample(monitor, this.outstanding, interval);
    if (this.#active()) this.queue.push(this.now + interval, EVENT_MONITOR, 0, 0);
    else {
      this.#monitorScheduled = false;
      this.#congestion.reset();
    }
  }

  #seriesSample(): void {
    const series = this.series!;
    let crossRack = 0;
    let congested = 0;
    const network = this.network;
    if (network !== undefined) {
      const rates = this.#uplinkRates;
      const topology = this.topology;
      const threshold = this.congestionThreshold;
      for (let r = 0; r < this.rackCount; r++) {
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
      this.now,
      crossRack,
      this.network === undefined ? 0 : this.flows.crossRackRate(this.network, FLOW_SHUFFLE),
      this.runningMaps,
      this.runningReduces,
      this.#waitingMaps,
      this.#waitingReduces,
    );
    if (this.#active()) this.queue.push(this.now + series.interval, EVENT_SERIES, 0, 0);
    else this.#seriesScheduled = false;
  }

  #tick(): void {
    const policy = this.policy;
    policy.onTick?.(this.view);
    if (this.parameters.preemption && policy.preemption !== undefined) {
      const requests = policy.preemption.preempt(this.view);
      if (!Array.isArray(requests)) {
        throw new Error(`policy "${policy.name}" preemption.preempt must return an array of requests`);
      }
      const kill = policy.preemption.mode === 'kill';
      for (const request of requests) this.#preempt(request.task, String(request.reason), kill);
      this.#offerCollected();
      if (requests.length > 0) this.#workArrived();
    }
    if (this.#active()) this.queue.push(this.now + this.#tickInterval, EVENT_TICK, 0, 0);
    else this.#tickScheduled = false;
  }

  #offerCollected(): void {
    const nodes = this.#nodesToOffer;
    while (nodes.length > 0) this.#offerRound(nodes.pop()!);
  }

  // ================================================================ slots

  #slotOf(kind: number): number {
    return this.#container ? SLOT_CONTAINER : kind;
  }

  #occupy(a: number, node: number, kind: number, task: MapTask | ReduceTask, user: UserState): void {
    this.stateVersion++;
    this.freeSlotsBy[this.#slotOf(kind) * this.nodeCount + node]!--;
    if (kind === KIND_MAP) {
      const list = this.nodeMaps[node]!;
      this.attempts.nodePosition[a] = list.length;
      list.push(task as MapTask);
      this.nodeMapAttempts[node]!.push(a);
      this.runningMaps++;
      user.runningMaps++;
    } else {
      const list = this.nodeReduces[node]!;
      this.attempts.nodePosition[a] = list.length;
      list.push(task as ReduceTask);
      this.nodeReduceAttempts[node]!.push(a);
      this.runningReduces++;
      user.runningReduces++;
    }
  }

  /** Frees the attempt's slot and entry (its pending events become stale). */
  #vacate(a: number, user: UserState): void {
    this.stateVersion++;
    const attempts = this.attempts;
    const node = attempts.node[a]!;
    const kind = attempts.kind[a]!;
    this.freeSlotsBy[this.#slotOf(kind) * this.nodeCount + node]!++;
    const position = attempts.nodePosition[a]!;
    const tasks = kind === KIND_MAP ? this.nodeMaps[node]! : this.nodeReduces[node]!;
    const ids = kind === KIND_MAP ? this.nodeMapAttempts[node]! : this.nodeReduceAttempts[node]!;
    const lastTask = tasks.pop()!;
    const lastId = ids.pop()!;
    if (lastId !== a) {
      (tasks as (MapTask | ReduceTask)[])[position] = lastTask;
      ids[position] = lastId;
      attempts.nodePosition[lastId] = position;
    }
    const held = this.now - attempts.start[a]!;
    if (kind === KIND_MAP) {
      this.runningMaps--;
      user.runningMaps--;
      this.counters.mapSlotSeconds += held;
    } else {
      this.runningReduces--;
      user.runningReduces--;
      this.counters.reduceSlotSeconds += held;
    }
    attempts.release(a);
  }

  // ================================================================ maps

  #launchMap(job: JobState, i: number, node: number, duplicate: boolean): void {
    const attempts = this.attempts;
    const a = attempts.allocate(job.index, i, KIND_MAP, node, this.now);
    if (duplicate) {
      attempts.duplicate[a] = 1;
      this.counters.duplicatesLaunched++;
      job.duplicatesLaunched++;
    } else {
      job.removePending(i);
      this.#waitingMaps--;
      job.mapState[i] = RUNNING;
      job.runningMapCount++;
      job.addRunningMap(i);
      job.mapStart[i] = this.now;
      if (Number.isNaN(job.firstLaunchTime)) job.firstLaunchTime = this.now;
    }
    attempts.nextCopy[a] = job.mapAttempt[i]!;
    job.mapAttempt[i] = a;
    const task = job.maps[i]!;
    this.#occupy(a, node, KIND_MAP, task, job.userState);
    this.#startTimers();
    // A policy that duplicates maps is offered slots while maps run.
    if (this.#duplicationWanted && this.runningMaps === 1) this.#workArrived();

    const bytes = job.mapInputBytes(i);
    let source = -1;
    if (bytes > 0 && !job.hasReplicaOn(i, node)) source = this.#nearestReplica(job, i, node);
    if (!duplicate) {
      if (source < 0) {
        job.localMaps++;
        this.counters.localMaps++;
      } else if (this.rackOfNode[source] === this.rackOfNode[node]) {
        job.rackLocalMaps++;
        this.counters.rackLocalMaps++;
      } else {
        job.remoteMaps++;
        this.counters.remoteMaps++;
      }
    }
    this.policy.onTaskStarted?.({ task, node: node as NodeId }, this.view);
    if (source >= 0) {
      attempts.inputSource[a] = source;
      attempts.phase[a] = PHASE_READ;
      const rec = this.#startFlow(FLOW_MAP_INPUT, a, source, node, bytes);
      if (rec >= 0) return;
    }
    this.#startMapCompute(a, job, i);
  }

  /** The replica to read from: one in the node's rack if any, else the first listed. */
  #nearestReplica(job: JobState, i: number, node: number): number {
    const rep = job.replication;
    const rack = this.rackOfNode[node];
    let first = -1;
    for (let k = 0; k < rep; k++) {
      const replica = job.replicas[i * rep + k]!;
      if (replica < 0) continue;
      if (this.rackOfNode[replica] === rack) return replica;
      if (first < 0) first = replica;
    }
    return first;
  }

  #startMapCompute(a: number, job: JobState, i: number): void {
    const p = this.parameters;
    this.#startCompute(
      a,
      PHASE_MAP_COMPUTE,
      p.mapOverhead + job.mapInputBytes(i) / p.mapRate,
      EVENT_MAP_DONE,
    );
  }

  /** Enters a compute phase of `length` seconds and schedules its end. */
  #startCompute(a: number, phase: number, length: number, event: number): void {
    const attempts = this.attempts;
    attempts.phase[a] = phase;
    attempts.phaseStart[a] = this.now;
    attempts.phaseLength[a] = length;
    this.queue.push(this.now + length, event, a, attempts.generation[a]!);
  }

  #mapComputeDone(a: number): void {
    const attempts = this.attempts;
    const job = this.jobs[attempts.job[a]!]!;
    const i = attempts.task[a]!;
    const node = attempts.node[a]!;
    const head = job.mapAttempt[i]!;
    if (head === a && attempts.nextCopy[a] === -1) {
      this.#finishMap(job, i, a);
      return;
    }
    // Several copies run: the policy may choose which one's output the shuffle uses.
    let kept = a;
    const duplication = this.policy.duplication;
    if (duplication !== undefined && attempts.chosen[a] === 0) {
      const answer = duplication.chooseCopy(job.maps[i]!, node as NodeId, this.view);
      if (answer !== undefined && answer !== node) {
        kept = -1;
        for (let c = head; c >= 0; c = attempts.nextCopy[c]!) if (attempts.node[c] === answer) kept = c;
        if (kept < 0) {
          throw new Error(
            `policy "${this.policy.name}" duplication.chooseCopy returned node ${String(answer)} for map ${i} of job ${job.id}, which runs no copy of it`,
          );
        }
      }
    }
    const killed: number[] = [];
    for (let c = head; c >= 0; c = attempts.nextCopy[c]!) if (c !== kept) killed.push(c);
    for (const c of killed) this.#killMapCopy(job, i, c);
    if (kept === a) {
      this.#finishMap(job, i, a);
    } else {
      attempts.chosen[kept] = 1;
      this.counters.duplicatesChosenEarly++;
    }
    this.#offerCollected();
  }

  #killMapCopy(job: JobState, i: number, a: number): void {
    const attempts = this.attempts;
    const counters = this.counters;
    // Unlink from the map's copy list.
    let c = job.mapAttempt[i]!;
    if (c === a) job.mapAttempt[i] = attempts.nextCopy[a]!;
    else {
      while (attempts.nextCopy[c] !== a) c = attempts.nextCopy[c]!;
      attempts.nextCopy[c] = attempts.nextCopy[a]!;
    }
    if (attempts.phase[a] === PHASE_READ) {
      const rec = attempts.flow[a]!;
      if (rec >= 0) counters.killedInputBytes += this.cancelFlow(rec);
    } else if (attempts.inputSource[a]! >= 0) {
      counters.killedInputBytes += job.mapInputBytes(i);
    }
    counters.copiesKilled++;
    counters.killedSlotSeconds += this.now - attempts.start[a]!;
    this.#nodesToOffer.push(attempts.node[a]!);
    this.#vacate(a, job.userState);
  }

  #finishMap(job: JobState, i: number, a: number): void {
    const attempts = this.attempts;
    const node = attempts.node[a]!;
    if (attempts.duplicate[a] === 1) this.counters.duplicatesChosen++;
    job.mapAttempt[i] = -1;
    job.mapState[i] = COMPLETED;
    job.mapOutputNode[i] = node;
    job.runningMapCount--;
    job.completedMapCount++;
    job.removeRunningMap(i);
    const output = job.trueMapOutput(i);
    job.completedMapInputBytes += job.mapInputBytes(i);
    job.completedMapOutputBytes += output;
    job.outputOnRack[this.rackOfNode[node]!]! += output;
    this.#vacate(a, job.userState);

    const mapPhaseOver = job.completedMapCount === job.mapCount;
    if (mapPhaseOver) job.mapPhaseEnd = this.now;
    if (job.reduceCount > 0) {
      if (output > 0) {
        if (job.shuffle !== undefined) this.outstanding[node]! += output;
        else this.#keepOutput(job, node, output);
      }
      if (!job.reducesReady && job.completedMapCount >= job.reducesNeeded) {
        job.reducesReady = true;
        this.stateVersion++;
        this.#waitingReduces += job.pendingReduceCount + job.suspendedReduceCount;
        this.#workArrived();
      }
      const shuffle = job.shuffle;
      if (shuffle !== undefined) {
        if (output > 0) shuffle.addOutput(node, output);
        if (output > 0 || mapPhaseOver) this.fetcher.outputsChanged(job, shuffle, mapPhaseOver, node);
      } else if (mapPhaseOver) {
        // No network: fetches are instant, so every reduce in its shuffle starts computing.
        const running = job.runningReduceList;
        for (let k = running.length - 1; k >= 0; k--) {
          const r = running[k]!.index;
          const ra = job.reduceAttempt[r]!;
          if (attempts.phase[ra] === PHASE_SHUFFLE) this.startReduceCompute(ra, job, r);
        }
      }
    }
    this.policy.onTaskCompleted?.({ task: job.maps[i]!, node: node as NodeId }, this.view);
    if (job.reduceCount === 0 && mapPhaseOver) this.#completeJob(job);
    this.#offerRound(node);
  }

  // ================================================================ reduces

  /**
   * Without a network a reduce fetches instantly once launched: output stays outstanding
   * only for the share of the reduces not launched yet.
   */
  #keepOutput(job: JobState, node: number, output: number): void {
    let onNode = job.outputOnNode;
    if (onNode === undefined) {
      onNode = new Float64Array(this.nodeCount);
      job.outputOnNode = onNode;
    }
    if (onNode[node] === 0) job.outputNodes.push(node);
    onNode[node]! += output;
    this.outstanding[node]! += output * job.pendingWeight;
  }

  /** Without a network: reduce r starts (+1) or stops (−1) having fetched what exists. */
  #shiftPendingWeight(job: JobState, r: number, sign: number): void {
    if (job.shuffle !== undefined) return;
    const weight = job.reduceWeight(r);
    job.pendingWeight -= sign * weight;
    const onNode = job.outputOnNode;
    if (onNode === undefined) return;
    for (const n of job.outputNodes) this.outstanding[n]! -= sign * weight * onNode[n]!;
  }

  #launchReduce(job: JobState, r: number, node: number): void {
    const attempts = this.attempts;
    const wasSuspended = job.reduceState[r] === SUSPENDED;
    if (!wasSuspended) this.#shiftPendingWeight(job, r, 1);
    job.removeWaiting(r);
    if (wasSuspended) job.suspendedReduceCount--;
    else job.pendingReduceCount--;
    this.#waitingReduces--;
    job.reduceState[r] = RUNNING;
    job.runningReduceCount++;
    job.addRunningReduce(r);
    const previous = job.reduceNode[r]!;
    job.reduceNode[r] = node;
    const rack = this.rackOfNode[node]!;
    if (wasSuspended) {
      const previousRack = this.rackOfNode[previous]!;
      if (previousRack !== rack) {
        job.reducesOnRackCount[previousRack]!--;
        job.reducesOnRackCount[rack]!++;
      }
    } else {
      job.reducesOnRackCount[rack]!++;
    }
    if (job.reduceFirstLaunched[r] === 0) {
      job.reduceFirstLaunched[r] = 1;
      job.reduceStart[r] = this.now;
      if (!Number.isNaN(job.mapPhaseEnd)) job.reduceWaitSum += this.now - job.mapPhaseEnd;
      if (job.firstReduceTime === undefined) {
        job.firstReduceTime = this.now;
        job.mapProgressAtFirstReduce = job.completedMapCount / job.mapCount;
        if (job.inputBytes > 0) {
          this.counters.predictorError.record(this.predictor.ratio(job), job.shuffleBytes / job.inputBytes);
        }
      }
    }
    if (Number.isNaN(job.firstLaunchTime)) job.firstLaunchTime = this.now;
    const a = attempts.allocate(job.index, r, KIND_REDUCE, node, this.now);
    job.reduceAttempt[r] = a;
    const task = job.reduces[r]!;
    this.#occupy(a, node, KIND_REDUCE, task, job.userState);
    this.#startTimers();
    this.policy.onTaskStarted?.({ task, node: node as NodeId }, this.view);

    if (wasSuspended) {
      if (previous !== node) this.counters.migrations++;
      const restore = this.parameters.preemptionOverhead;
      if (restore > 0) {
        this.#startCompute(a, PHASE_RESTORE, restore, EVENT_RESTORE_DONE);
        return;
      }
    }
    this.#resumeData(a, job, r, wasSuspended);
  }

  /** A resumed reduce finished restoring its state: it continues where it was preempted. */
  #restoreDone(a: number): void {
    const job = this.jobs[this.attempts.job[a]!]!;
    this.#resumeData(a, job, this.attempts.task[a]!, true);
  }

  /**
   * Brings a reduce's fetched data to its node (a migration re-fetches it over the
   * network) and continues its work.
   */
  #resumeData(a: number, job: JobState, r: number, wasSuspended: boolean): void {
    const node = this.attempts.node[a]!;
    if (wasSuspended) {
      // Its fetched data stays where it was fetched (a migration cut short leaves it there).
      const dataNode = job.reduceDataNode[r]!;
      const bytes = job.reduceFetchedBytes(r);
      if (dataNode >= 0 && dataNode !== node && bytes > 0) {
        this.attempts.phase[a] = PHASE_MIGRATE;
        if (this.#startFlow(FLOW_MIGRATION, a, dataNode, node, bytes) >= 0) return;
      }
    }
    job.reduceDataNode[r] = node;
    this.#continueReduce(a, job, r);
  }

  #continueReduce(a: number, job: JobState, r: number): void {
    if (job.reduceProgress[r]! >= 1) this.#startWrite(a, job, r);
    else if (job.reduceShuffleDone[r] === 1) this.startReduceCompute(a, job, r);
    else {
      this.attempts.phase[a] = PHASE_SHUFFLE;
      if (job.shuffle !== undefined) this.fetcher.fill(a, job, r, job.shuffle);
      else if (job.completedMapCount === job.mapCount) this.startReduceCompute(a, job, r);
    }
  }

  startReduceCompute(a: number, job: JobState, r: number): void {
    const p = this.parameters;
    job.reduceShuffleDone[r] = 1;
    const done = job.reduceProgress[r]!;
    const full = p.reduceOverhead + (job.reduceWeight(r) * job.shuffleBytes) / p.reduceRate;
    this.#startCompute(a, PHASE_REDUCE_COMPUTE, full * (1 - done), EVENT_REDUCE_DONE);
  }

  #reduceComputeDone(a: number): void {
    const attempts = this.attempts;
    const job = this.jobs[attempts.job[a]!]!;
    const r = attempts.task[a]!;
    job.reduceProgress[r] = 1;
    this.#startWrite(a, job, r);
  }

  /**
   * Writes the reduce's output: with `replicateOutput`, an HDFS pipeline from the node to
   * a node of another rack, then to another node of that rack (and on to random nodes for
   * more replicas); the reduce finishes when every pipeline hop has delivered.
   */
  #startWrite(a: number, job: JobState, r: number): void {
    const p = this.parameters;
    const bytes = job.reduceWeight(r) * job.outputBytes;
    if (!p.replicateOutput || p.outputReplication < 2 || bytes <= p.completionTolerance) {
      this.#finishReduce(a, job, r);
      return;
    }
    const attempts = this.attempts;
    attempts.phase[a] = PHASE_WRITE;
    const chain = outputPipeline(attempts.node[a]!, p.outputReplication, this.rackOfNode, this.#outputRandom);
    attempts.pendingWrites[a] = 0;
    for (let k = 0; k + 1 < chain.length; k++) {
      const rec = this.#startFlow(FLOW_OUTPUT, a, chain[k]!, chain[k + 1]!, bytes);
      if (rec >= 0) {
        attempts.fetches[a * attempts.fetchSlots + attempts.pendingWrites[a]!] = rec;
        attempts.pendingWrites[a]!++;
      }
    }
    if (attempts.pendingWrites[a] === 0) this.#finishReduce(a, job, r);
  }

  #finishReduce(a: number, job: JobState, r: number): void {
    const node = this.attempts.node[a]!;
    job.reduceState[r] = COMPLETED;
    job.runningReduceCount--;
    job.completedReduceCount++;
    job.removeRunningReduce(r);
    job.reduceAttempt[r] = -1;
    job.reduceProgress[r] = 1;
    const shuffle = job.shuffle;
    if (shuffle !== undefined) {
      shuffle.cursors[r] = undefined;
      shuffle.removeHungry(r);
    }
    this.#vacate(a, job.userState);
    this.policy.onTaskCompleted?.({ task: job.reduces[r]!, node: node as NodeId }, this.view);
    if (job.done) this.#completeJob(job);
    this.#offerRound(node);
  }

  /** Preempts a running reduce (FCS): suspended with its state, or killed back to pending. */
  #preempt(task: TaskRef, reason: string, kill: boolean): void {
    const policy = this.policy.name;
    const job = task !== null && typeof task === 'object' ? this.jobs[task.job] : undefined;
    const r = task?.index;
    if (
      job === undefined ||
      task.kind !== 'reduce' ||
      !(Number.isInteger(r) && r >= 0 && r < job.reduceCount) ||
      job.reduceState[r] !== RUNNING
    ) {
      throw new Error(
        `policy "${policy}" preemption refused at t=${this.now}: ${task === null || typeof task !== 'object' ? String(task) : `${String(task.kind)} ${String(task.index)} of job ${String(task.job)}`} is not a running reduce (reason ${reason})`,
      );
    }
    const attempts = this.attempts;
    const a = job.reduceAttempt[r]!;
    const node = attempts.node[a]!;
    const phase = attempts.phase[a];
    const shuffle = job.shuffle;
    if (phase === PHASE_MIGRATE) {
      this.cancelFlow(attempts.flow[a]!);
    } else if (phase === PHASE_SHUFFLE && shuffle !== undefined) {
      this.fetcher.cancelAll(a, r, shuffle);
    } else if (phase === PHASE_REDUCE_COMPUTE) {
      const length = attempts.phaseLength[a]!;
      const done = job.reduceProgress[r]!;
      const elapsed = length > 0 ? Math.min(1, (this.now - attempts.phaseStart[a]!) / length) : 1;
      job.reduceProgress[r] = Math.min(1, done + (1 - done) * elapsed);
    } else if (phase === PHASE_WRITE) {
      const base = a * attempts.fetchSlots;
      for (let k = 0; k < attempts.pendingWrites[a]!; k++) this.cancelFlow(attempts.fetches[base + k]!);
      attempts.pendingWrites[a] = 0;
    }
    const counters = this.counters;
    counters.preemptions++;
    job.preemptionCount++;
    job.reducePreemptions[r]!++;
    job.removeRunningReduce(r);
    job.runningReduceCount--;
    job.reduceAttempt[r] = -1;
    if (kill) {
      counters.kills++;
      this.#resetReduce(job, r);
      this.#shiftPendingWeight(job, r, -1);
      job.reduceState[r] = PENDING;
      job.pendingReduceCount++;
      job.addWaitingPending(r);
      job.reducesOnRackCount[this.rackOfNode[node]!]!--;
      job.reduceNode[r] = node;
    } else {
      job.reduceState[r] = SUSPENDED;
      job.suspendedReduceCount++;
      job.addWaitingSuspended(r);
    }
    this.#waitingReduces++;
    this.#nodesToOffer.push(node);
    this.#vacate(a, job.userState);
  }

  /** Kill-based preemption: the reduce loses what it fetched and computed. */
  #resetReduce(job: JobState, r: number): void {
    job.reduceProgress[r] = 0;
    job.reduceShuffleDone[r] = 0;
    job.reduceDataNode[r] = -1;
    const shuffle = job.shuffle;
    if (shuffle === undefined) return;
    const cursors = shuffle.cursors[r];
    if (cursors !== undefined) {
      const weight = job.reduceWeight(r);
      for (let s = 0; s < shuffle.sourceCount; s++) {
        const k = cursors[s]!;
        if (k > 0) this.outstanding[shuffle.nodeOfSource[s]!]! += weight * shuffle.bytes(s, 0, k);
      }
      cursors.fill(0);
    }
    shuffle.claimed[r] = 0;
    shuffle.fetchedOutputs[r] = 0;
    shuffle.pointer[r] = 0;
    job.reduceFetched[r] = 0;
  }

  // ================================================================ flows

  /**
   * Starts a transfer of `bytes` from `source` to `destination` on behalf of attempt a.
   * Without a network (or within one node) it is instant: the bytes are counted and −1 is
   * returned. Otherwise returns the flow record.
   */
  #startFlow(kind: number, a: number, source: number, destination: number, bytes: number): number {
    const network = this.network;
    const job = this.jobs[this.attempts.job[a]!]!;
    if (network === undefined || source === destination || bytes <= this.parameters.completionTolerance) {
      this.account(kind, source, destination, bytes, job);
      return -1;
    }
    const links = this.topology.flowPath(source as NodeId, destination as NodeId, this.#path4);
    const rec = this.flows.allocate();
    this.startFlowOn(kind, a, source, destination, bytes, this.#path4, links, rec);
    if (kind !== FLOW_OUTPUT) this.attempts.flow[a] = rec;
    return rec;
  }

  /**
   * Fills flow record `rec` and adds its flow over the first `links` links of `path`.
   * `source` and `destination` are the nodes the bytes are counted between.
   */
  startFlowOn(
    kind: number,
    a: number,
    source: number,
    destination: number,
    bytes: number,
    path: Int32Array,
    links: number,
    rec: number,
  ): void {
    const flows = this.flows;
    flows.kind[rec] = kind;
    flows.attempt[rec] = a;
    flows.source[rec] = source;
    flows.destination[rec] = destination;
    flows.bytes[rec] = bytes;
    flows.crossRack[rec] = this.rackOfNode[source] !== this.rackOfNode[destination] ? 1 : 0;
    let exactPath: Int32Array = path;
    if (links !== path.length) {
      const exact = this.#paths[links]!;
      for (let k = 0; k < links; k++) exact[k] = path[k]!;
      exactPath = exact;
    }
    flows.networkFlow[rec] = this.network!.addFlow(exactPath, bytes, rec);
  }

  /** Removes a flow early; counts the bytes it delivered; returns them. */
  cancelFlow(rec: number): number {
    const flows = this.flows;
    const remaining = this.network!.removeFlow(flows.networkFlow[rec]!);
    const delivered = Math.max(0, flows.bytes[rec]! - remaining);
    const a = flows.attempt[rec]!;
    this.account(
      flows.kind[rec]!,
      flows.source[rec]!,
      flows.destination[rec]!,
      delivered,
      this.jobs[this.attempts.job[a]!]!,
    );
    if (this.attempts.flow[a] === rec) this.attempts.flow[a] = -1;
    flows.free(rec);
    return delivered;
  }

  account(kind: number, source: number, destination: number, bytes: number, job: JobState): void {
    if (source === destination || bytes <= 0) return;
    const counters = this.counters;
    counters.totalBytes[kind]! += bytes;
    const sourceRack = this.rackOfNode[source]!;
    const destinationRack = this.rackOfNode[destination]!;
    if (sourceRack === destinationRack) return;
    counters.crossRackBytes[kind]! += bytes;
    if (kind === FLOW_SHUFFLE) {
      job.shuffleUp[sourceRack]! += bytes;
      job.shuffleDown[destinationRack]! += bytes;
      job.crossRackShuffleBytes += bytes;
    } else if (kind === FLOW_MAP_INPUT) {
      job.crossRackMapInputBytes += bytes;
    }
  }

  #flowDone(rec: number): void {
    this.counters.events++;
    const flows = this.flows;
    const attempts = this.attempts;
    const a = flows.attempt[rec]!;
    const kind = flows.kind[rec]!;
    const bytes = flows.bytes[rec]!;
    const source = flows.source[rec]!;
    const job = this.jobs[attempts.job[a]!]!;
    this.account(kind, source, flows.destination[rec]!, bytes, job);
    if (attempts.flow[a] === rec) attempts.flow[a] = -1;
    switch (kind) {
      case FLOW_MAP_INPUT: {
        flows.free(rec);
        this.#startMapCompute(a, job, attempts.task[a]!);
        return;
      }
      case FLOW_MIGRATION: {
        flows.free(rec);
        const r = attempts.task[a]!;
        job.reduceDataNode[r] = attempts.node[a]!;
        this.#continueReduce(a, job, r);
        return;
      }
      case FLOW_SHUFFLE: {
        this.fetcher.fetchDone(rec, a, job, attempts.task[a]!, job.shuffle!);
        return;
      }
      default: {
        // Output replication: one pipeline hop delivered.
        const left = attempts.unlist(a, rec, attempts.pendingWrites);
        flows.free(rec);
        if (left === 0) this.#finishReduce(a, job, attempts.task[a]!);
      }
    }
  }
}

/** Job indices in submission order (stable for equal times); refuses unordered NaN. */
function arrivalOrder(jobs: readonly JobSpec[]): Int32Array {
  const order = new Int32Array(jobs.length);
  let sorted = true;
  for (let i = 0; i < jobs.length; i++) {
    order[i] = i;
    if (i > 0 && jobs[i]!.submitTime < jobs[i - 1]!.submitTime) sorted = false;
  }
  if (!sorted) {
    const indices = Array.from(order);
    indices.sort((x, y) => jobs[x]!.submitTime - jobs[y]!.submitTime || x - y);
    order.set(indices);
  }
  return order;
}
