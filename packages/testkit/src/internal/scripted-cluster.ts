import { type ClusterState, type HostEvent, createClusterState } from '@rackwise/host';
import type {
  BitsPerSecond,
  Bytes,
  ClusterView,
  Decision,
  Fraction,
  JobView,
  LinkDirection,
  MapTaskView,
  NetworkView,
  NodeId,
  RackId,
  ReduceTaskView,
  ResourceVector,
  SchedulerPolicy,
  Seconds,
  ShufflePredictor,
  SlotKind,
  TaskEvent,
  TaskRef,
  TopologyView,
} from '@rackwise/types';
import { type JobSpecFields, toJobSubmission } from './job-submission.js';
import { LinkLevels } from './link-levels.js';
import { describeValue, requireFraction, requireNonNegative } from './validate.js';

/** A test cluster's settings, already checked. */
export interface ScriptSettings {
  readonly topology: TopologyView;
  readonly now: Seconds;
  readonly mapCompletionThreshold: Fraction;
  readonly monitorInterval: Seconds;
  readonly predictor: ShufflePredictor;
  readonly blockBytes: Bytes;
  readonly demand: ResourceVector;
}

/** `job 3 map 0` — how errors name a task. */
export function describeRef(ref: TaskRef): string {
  return `job ${ref.job} ${ref.kind} ${ref.index}`;
}

const plainRef = (ref: TaskRef): TaskRef => ({ job: ref.job, kind: ref.kind, index: ref.index });
const plainEvent = (event: TaskEvent): TaskEvent => ({ task: plainRef(event.task), node: event.node });

/**
 * `TestCluster` as a script over a `@rackwise/host` cluster state: each mutator is one or a
 * few host events at the script's clock, so the state, its checks and its `ClusterView`
 * are the host's. What the script adds is a test's vocabulary (jobs by number, defaults,
 * completing a task on the node it runs on), the checks a host leaves to its scheduler (no
 * reduce before slowstart) and the attached policy, reached through a relay the state
 * holds for its life, so a test can attach another policy at any time.
 */
export class ScriptedCluster {
  readonly view: ClusterView;
  readonly topology: TopologyView;
  readonly network: NetworkView;
  readonly #state: ClusterState;
  readonly #settings: ScriptSettings;
  readonly #links: LinkLevels;
  readonly #slotKinds: readonly SlotKind[];
  /** Every job submitted, by id, completed ones included. */
  readonly #jobs: JobView[] = [];
  readonly #completed = new Set<number>();
  #policy: SchedulerPolicy | undefined = undefined;
  /** The clock moving on its own (`setTime`) is told to no policy. */
  #quiet = false;

  constructor(settings: ScriptSettings) {
    const { topology } = settings;
    this.#settings = settings;
    this.#state = createClusterState({
      topology,
      predictor: settings.predictor,
      mapCompletionThreshold: settings.mapCompletionThreshold,
      monitorInterval: settings.monitorInterval,
      startTime: settings.now,
      decisionLimit: 0,
    });
    this.#state.attach(this.#relay());
    this.view = this.#state.view;
    this.topology = topology;
    this.network = this.view.network;
    this.#links = new LinkLevels(topology.rackCount, topology.nodeCount);
    this.#slotKinds = topology.slotModel === 'split' ? ['map', 'reduce'] : ['container'];
    this.#apply(this.#links.idle(settings.now));
  }

  get policy(): SchedulerPolicy | undefined {
    return this.#policy;
  }

  attach(policy: SchedulerPolicy): this {
    this.#policy = policy;
    return this;
  }

  submit(spec: JobSpecFields = {}): JobView {
    const id = this.#jobs.length;
    const defaults = { blockBytes: this.#settings.blockBytes, demand: this.#settings.demand };
    const job = toJobSubmission(spec, id, this.#now, this.topology.nodeCount, defaults);
    this.#apply({ type: 'submit', time: this.#now, job });
    return this.job(id);
  }

  job(id: number): JobView {
    const job = this.#jobs[id];
    if (!Number.isInteger(id) || job === undefined) {
      throw new Error(
        `job ${describeValue(id)} is unknown (jobs 0 … ${this.#jobs.length - 1} were submitted)`,
      );
    }
    return job;
  }

  mapOf(job: number, index: number): MapTaskView {
    return this.job(job).map(index);
  }

  reduceOf(job: number, index: number): ReduceTaskView {
    return this.job(job).reduce(index);
  }

  launch(ref: TaskRef, nodeIndex: number, options: { readonly duplicate?: boolean } = {}): void {
    const node = this.#node(`launch(${describeRef(ref)}) node`, nodeIndex);
    const job = this.job(ref.job);
    if (this.#completed.has(job.id)) throw new Error(`cannot launch ${describeRef(ref)}: its job completed`);
    if (ref.kind === 'reduce' && options.duplicate !== true && !job.reducesReady) {
      throw new Error(`cannot launch ${describeRef(ref)}: its job's maps have not reached slowstart`);
    }
    const duplicate = options.duplicate === true ? { duplicate: true } : {};
    this.#apply({ type: 'start', time: this.#now, task: plainRef(ref), node, ...duplicate });
  }

  completeMap(ref: TaskRef, outputBytes?: Bytes): void {
    const map = this.#task(ref, 'map');
    const output = requireNonNegative(
      `completeMap(${describeRef(ref)}) outputBytes`,
      outputBytes ?? map.inputBytes,
    );
    // The first copy's node keeps the output; the host drops the other copies.
    const node = map.runningOn[0] ?? (0 as NodeId);
    this.#apply({ type: 'finish', time: this.#now, task: plainRef(ref), node, outputBytes: output });
  }

  completeReduce(ref: TaskRef): void {
    const reduce = this.#task(ref, 'reduce');
    const node = reduce.node ?? (0 as NodeId);
    this.#apply({ type: 'finish', time: this.#now, task: plainRef(ref), node });
  }

  suspendReduce(ref: TaskRef): void {
    this.#task(ref, 'reduce');
    this.#apply({ type: 'preempt', time: this.#now, task: plainRef(ref), mode: 'work-conserving' });
  }

  kill(ref: TaskRef): void {
    if (ref.kind === 'reduce') {
      this.#task(ref, 'reduce');
      this.#apply({ type: 'preempt', time: this.#now, task: plainRef(ref), mode: 'kill' });
      return;
    }
    const map = this.#task(ref, 'map');
    if (map.state !== 'running') throw new Error(`cannot kill ${describeRef(ref)}: it is ${map.state}`);
    for (const node of [...map.runningOn]) {
      this.#apply({ type: 'kill', time: this.#now, task: plainRef(ref), node });
    }
  }

  setProgress(ref: TaskRef, progress: Fraction): void {
    const value = requireFraction(`setProgress(${describeRef(ref)}) progress`, progress);
    this.#apply({ type: 'progress', time: this.#now, task: plainRef(ref), progress: value });
  }

  setTime(time: Seconds): void {
    const next = requireNonNegative('setTime(now)', time);
    if (next < this.#now)
      throw new Error(`setTime(now) must not move the clock back: ${next} < ${this.#now}`);
    this.#quiet = true;
    try {
      this.#apply({ type: 'tick', time: next });
    } finally {
      this.#quiet = false;
    }
  }

  advance(seconds: Seconds): void {
    this.setTime(this.#now + requireNonNegative('advance(seconds)', seconds));
  }

  tick(): void {
    this.#apply({ type: 'tick', time: this.#now });
  }

  setRackUtilisation(rack: number, utilisation: Fraction, direction: LinkDirection | 'both' = 'both'): void {
    const value = requireFraction(`setRackUtilisation(${rack}) utilisation`, utilisation);
    this.#apply(this.#links.rack(this.#now, rack as RackId, direction, value));
  }

  setNodeCrossRackRate(node: number, rate: BitsPerSecond, direction: LinkDirection | 'both' = 'both'): void {
    const id = this.#node('setNodeCrossRackRate node', node);
    const value = requireNonNegative(`setNodeCrossRackRate(${node}) rate`, rate);
    this.#apply(this.#links.node(this.#now, id, direction, value));
  }

  offer(nodeIndex: number, kind?: SlotKind): Decision {
    const policy = this.#policy;
    if (policy === undefined) throw new Error('offer needs a policy: call attach(policy) first');
    const node = this.#node('offer node', nodeIndex);
    const slot = kind ?? this.#slotKinds[0]!;
    if (!this.#slotKinds.includes(slot)) {
      throw new Error(
        `offer kind must be one of ${this.#slotKinds.join(', ')} under the ${this.topology.slotModel} model, got ${slot}`,
      );
    }
    if (this.view.freeSlots(node, slot) <= 0) throw new Error(`offer: node ${node} has no free ${slot} slot`);
    const decision = this.#state.offer(policy, node, slot, this.#now);
    if (decision.type === 'launch') {
      if (slot !== 'container' && decision.task.kind !== slot) {
        throw new Error(
          `policy ${policy.name} launched ${describeRef(decision.task)} in a ${slot} slot (reason ${decision.reason})`,
        );
      }
      this.launch(decision.task, node, decision.duplicate === true ? { duplicate: true } : {});
    }
    return decision;
  }

  offerRound(): readonly Decision[] {
    const decisions: Decision[] = [];
    for (let n = 0; n < this.topology.nodeCount; n++) {
      const node = n as NodeId;
      for (const kind of this.#slotKinds) {
        const free = this.view.freeSlots(node, kind);
        for (let i = 0; i < free && this.view.freeSlots(node, kind) > 0; i++)
          decisions.push(this.offer(n, kind));
      }
    }
    return decisions;
  }

  completeAllRunning(): number {
    let done = 0;
    for (const job of [...this.view.activeJobs()]) {
      for (const map of [...job.runningMaps()]) {
        this.completeMap(map);
        done++;
      }
    }
    for (const job of [...this.view.activeJobs()]) {
      if (job.count('map', 'completed') < job.mapCount) continue;
      for (const reduce of [...job.runningReduces()]) {
        this.completeReduce(reduce);
        done++;
      }
    }
    return done;
  }

  get #now(): Seconds {
    return this.#state.now;
  }

  #apply(event: HostEvent): void {
    this.#state.apply(event);
  }

  #node(field: string, node: number): NodeId {
    const count = this.topology.nodeCount;
    if (!(Number.isInteger(node) && node >= 0 && node < count)) {
      throw new Error(`${field} must be a node in [0, ${count}), got ${describeValue(node)}`);
    }
    return node as NodeId;
  }

  #task<K extends 'map' | 'reduce'>(ref: TaskRef, kind: K): K extends 'map' ? MapTaskView : ReduceTaskView {
    if (ref.kind !== kind) throw new Error(`task ${describeRef(ref)} is not a ${kind}`);
    const job = this.job(ref.job);
    return (kind === 'map' ? job.map(ref.index) : job.reduce(ref.index)) as K extends 'map'
      ? MapTaskView
      : ReduceTaskView;
  }

  /** The one policy the state holds: it keeps the script's job list and tells the attached policy. */
  #relay(): SchedulerPolicy {
    const to = (): SchedulerPolicy | undefined => (this.#quiet ? undefined : this.#policy);
    return {
      specificationVersion: 'v1',
      name: 'testkit/relay',
      assign: () => ({ type: 'pass', reason: 'testkit/relay' }),
      onJobSubmitted: (job, view) => {
        this.#jobs[job.id] = job;
        to()?.onJobSubmitted?.(job, view);
      },
      onTaskStarted: (event, view) => to()?.onTaskStarted?.(plainEvent(event), view),
      onTaskCompleted: (event, view) => to()?.onTaskCompleted?.(plainEvent(event), view),
      onJobCompleted: (job, view) => {
        this.#completed.add(job.id);
        to()?.onJobCompleted?.(job, view);
      },
      onTick: (view) => to()?.onTick?.(view),
    };
  }
}
