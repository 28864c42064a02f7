import type {
  BitsPerSecond,
  Bytes,
  ClusterView,
  Decision,
  Fraction,
  JobId,
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
  SlotOffer,
  TaskKind,
  TaskRef,
  TopologyView,
  UserId,
  UserView,
} from '@rackwise/types';
import { TestJob, type TestMapTask, type TestReduceTask } from './internal/test-job.js';
import { TestNetwork } from './internal/test-network.js';
import {
  describeValue,
  requireFraction,
  requireInteger,
  requireNonNegative,
  requirePositive,
} from './internal/validate.js';
import { createSimplePredictor } from './simple-predictor.js';
import { DEFAULT_TEST_TOPOLOGY, type TestTopologySpec, createTestTopology } from './test-topology.js';

/** One map of a test job: where its input block's replicas live and how big it is. */
export interface TestMapSpec {
  /** Node indices holding a replica of the block (may be empty: no locality anywhere). */
  readonly replicas: readonly number[];
  /** Input block size. Default `TEST_BLOCK_BYTES` (128 MiB). */
  readonly inputBytes?: Bytes;
}

/**
 * A job to submit to a test cluster. Everything is optional: `{}` is one map with a
 * replica on node 0 and no reduces, submitted by user 0 to queue `default` now.
 */
export interface TestJobSpec {
  /** User number. Default 0. */
  readonly user?: number;
  /** Queue (pool). Default `default`. */
  readonly queue?: string;
  /** Submission time. Default: the cluster's clock when submitted. */
  readonly submitTime?: Seconds;
  /**
   * The maps: a count (map i gets one replica on node `i mod nodeCount` and
   * `TEST_BLOCK_BYTES` of input) or one `TestMapSpec` per map. Default 1.
   */
  readonly maps?: number | readonly TestMapSpec[];
  /** Number of reduces. Default 0 (a map-only job). */
  readonly reduces?: number;
  readonly signature?: string;
  readonly declaredShuffleRatio?: number;
  /** Demand of one map. Default `{ vcores: 1, memoryMb: 1024 }`. */
  readonly mapDemand?: ResourceVector;
  /** Demand of one reduce. Default `{ vcores: 1, memoryMb: 1024 }`. */
  readonly reduceDemand?: ResourceVector;
}

/** A scene for `createTestCluster`. Everything is optional. */
export interface TestClusterSpec {
  /** Default `DEFAULT_TEST_TOPOLOGY` (2 racks × 2 nodes, 2 map + 1 reduce slots each). */
  readonly topology?: TestTopologySpec;
  /** Jobs submitted at construction, in order (ids 0, 1, 2 …). */
  readonly jobs?: readonly TestJobSpec[];
  /** Starting time of the clock. Default 0. */
  readonly now?: Seconds;
  /** Slowstart: fraction of a job's maps done before its reduces may launch. Default 0.05. */
  readonly mapCompletionThreshold?: Fraction;
  /** Seconds between monitor samples reported by the network view. Default 1. */
  readonly monitorInterval?: Seconds;
  /** Replaces the built-in predictor (`createSimplePredictor`). */
  readonly predictor?: ShufflePredictor;
}

/** Options of `TestCluster.launch`. */
export interface TestLaunchOptions {
  /** Launch another copy of a running map (Shadow, KMN). */
  readonly duplicate?: boolean;
}

/**
 * An in-memory cluster for policy unit tests: a plain, scan-everything implementation of
 * `ClusterView` with mutators to build a scene in a few lines. It runs no time and moves
 * no data: the test moves the world (`launch`, `completeMap`, `setTime` …) and asks the
 * policy (`offer`).
 *
 * Every mutator checks what it is asked and throws an `Error` that says what was wrong
 * (a task launched twice, a slot that is not free, a reduce before slowstart), so a policy
 * that answers nonsense fails loudly when its decision is applied.
 *
 * A simple model of what the engine simulates: a completed map's output stays
 * outstanding on its node until every reduce of its job has completed; a reduce's
 * `fetchedBytes` is 0 until it completes.
 */
export interface TestCluster {
  /** The read-only view to hand to policies. */
  readonly view: ClusterView;
  readonly topology: TopologyView;
  readonly network: NetworkView;
  /** The attached policy, if any. */
  readonly policy: SchedulerPolicy | undefined;

  /**
   * Attaches a policy: `offer` asks it, and its hooks (`onJobSubmitted`, `onTaskStarted`,
   * `onTaskCompleted`, `onJobCompleted`, `onTick`) are called as the scene changes.
   * Returns the cluster.
   */
  attach(policy: SchedulerPolicy): TestCluster;
  /** Submits a job (ids are 0, 1, 2 … in submission order) and returns its view. */
  submit(job?: TestJobSpec): JobView;
  /** Any job ever submitted, completed ones included. */
  job(id: number): JobView;
  /** A task reference. */
  mapOf(job: number, index: number): MapTaskView;
  reduceOf(job: number, index: number): ReduceTaskView;

  /**
   * Starts a pending map or a pending / suspended reduce on a node, taking one free slot
   * of the right kind (`map` / `reduce` under `split`, `container` otherwise). A reduce
   * needs its job's `reducesReady`. With `duplicate`, adds a copy of a running map.
   */
  launch(task: TaskRef, node: number, options?: TestLaunchOptions): void;
  /** Completes a running map: every copy frees its slot; output stays on the first copy's node. Default output = input. */
  completeMap(task: TaskRef, outputBytes?: Bytes): void;
  /** Completes a running reduce (all maps of its job must be completed). */
  completeReduce(task: TaskRef): void;
  /** Preempts a running reduce, work-conserving: it becomes `suspended` and frees its slot. */
  suspendReduce(task: TaskRef): void;
  /** Kills a running task (every copy): it becomes `pending` again and frees its slot(s). */
  kill(task: TaskRef): void;
  /** Sets the progress of a running map, or the reduce progress of a running reduce. */
  setProgress(task: TaskRef, progress: Fraction): void;

  /** Moves the clock (never backwards). */
  setTime(now: Seconds): void;
  /** Moves the clock forward by `seconds`. */
  advance(seconds: Seconds): void;
  /** Calls the attached policy's `onTick`. */
  tick(): void;
  /** Sets a rack's cross-rack utilisation (a monitor sample at the current time). */
  setRackUtilisation(rack: number, utilisation: Fraction, direction?: LinkDirection | 'both'): void;
  /** Sets a node's cross-rack rate (a monitor sample at the current time). */
  setNodeCrossRackRate(node: number, rate: BitsPerSecond, direction?: LinkDirection | 'both'): void;

  /**
   * Offers one free slot to the attached policy and applies its decision (a launch goes
   * through `launch`, so an invalid one throws). `kind` defaults to `container` under the
   * container model and `map` under split.
   */
  offer(node: number, kind?: SlotKind): Decision;
  /**
   * One heartbeat round: every node in id order offers each of its free slots once
   * (each slot kind in turn). Returns the decisions in order.
   */
  offerRound(): readonly Decision[];
  /** Completes every running task whose job allows it (maps first). Returns how many completed. */
  completeAllRunning(): number;
}

/** Input size of a map when a test job gives a count: 128 MiB, HDFS's default block. */
export const TEST_BLOCK_BYTES: Bytes = 128 * 1024 * 1024;

/** Default demand of a test task: one vcore, 1024 MiB. */
export const TEST_TASK_DEMAND: ResourceVector = Object.freeze({ vcores: 1, memoryMb: 1024 });

/**
 * Builds an in-memory cluster from a scene description.
 *
 * @example
 * const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [1] }] }] }).attach(policy);
 * const decision = cluster.offer(1, 'map'); // node-local launch expected
 */
export function createTestCluster(spec: TestClusterSpec = {}): TestCluster {
  if (typeof spec !== 'object' || spec === null) {
    throw new Error(`testCluster spec must be an object, got ${describeValue(spec)}`);
  }
  const topology = createTestTopology(spec.topology ?? DEFAULT_TEST_TOPOLOGY);
  const threshold = requireFraction(
    'testCluster.mapCompletionThreshold',
    spec.mapCompletionThreshold ?? 0.05,
  );
  const monitorInterval = requirePositive('testCluster.monitorInterval', spec.monitorInterval ?? 1);
  let now = requireNonNegative('testCluster.now', spec.now ?? 0);
  const predictor = spec.predictor ?? createSimplePredictor();
  const network = new TestNetwork(topology, monitorInterval, () => now);
  const jobs: TestJob[] = [];
  const knownUsers = new Set<number>();
  let attached: SchedulerPolicy | undefined;
  const nodeCount = topology.nodeCount;
  const slotKinds: readonly SlotKind[] = topology.slotModel === 'split' ? ['map', 'reduce'] : ['container'];

  const checkNode = (field: string, node: number): NodeId => {
    if (!(Number.isInteger(node) && node >= 0 && node < nodeCount)) {
      throw new Error(`${field} must be a node in [0, ${nodeCount}), got ${describeValue(node)}`);
    }
    return node as NodeId;
  };
  const slotKindOf = (kind: TaskKind): SlotKind => (topology.slotModel === 'split' ? kind : 'container');
  const active = (): TestJob[] => jobs.filter((j) => !j.completed);
  const runningOn = (node: NodeId, kind: SlotKind): number => {
    let used = 0;
    for (const job of active()) {
      if (kind !== 'reduce') for (const m of job.maps) used += m.runningOn.filter((n) => n === node).length;
      if (kind !== 'map') used += job.reduces.filter((r) => r.state === 'running' && r.node === node).length;
    }
    return used;
  };
  const freeSlots = (node: NodeId, kind: SlotKind): number => {
    checkNode('node', node);
    if (!slotKinds.includes(kind)) return 0;
    return topology.slotsOf(node, kind) - runningOn(node, kind);
  };
  const runningCount = (kind: TaskKind, of: readonly TestJob[] = active()): number =>
    of.reduce(
      (sum, j) =>
        sum +
        (kind === 'map'
          ? j.maps.reduce((s, m) => s + m.runningOn.length, 0)
          : j.reduces.filter((r) => r.state === 'running').length),
      0,
    );
  const findJob = (id: number): TestJob => {
    const job = jobs[id];
    if (!Number.isInteger(id) || job === undefined) {
      throw new Error(`job ${describeValue(id)} is unknown (jobs 0 … ${jobs.length - 1} were submitted)`);
    }
    return job;
  };
  const mapTask = (ref: TaskRef): TestMapTask => {
    if (ref.kind !== 'map') throw new Error(`task ${describeRef(ref)} is not a map`);
    return findJob(ref.job).map(ref.index);
  };
  const reduceTask = (ref: TaskRef): TestReduceTask => {
    if (ref.kind !== 'reduce') throw new Error(`task ${describeRef(ref)} is not a reduce`);
    return findJob(ref.job).reduce(ref.index);
  };
  const userView = (id: UserId): UserView => ({
    id,
    get jobs(): readonly JobView[] {
      return active().filter((j) => j.user === id);
    },
    running: (kind: TaskKind): number =>
      runningCount(
        kind,
        active().filter((j) => j.user === id),
      ),
  });

  const view: ClusterView = Object.freeze({
    get now(): Seconds {
      return now;
    },
    topology,
    network,
    predictor,
    mapCompletionThreshold: threshold,
    freeSlots,
    totalSlots: (kind: SlotKind): number =>
      slotKinds.includes(kind) ? topology.slotsOf(0 as NodeId, kind) * nodeCount : 0,
    runningCount: (kind: TaskKind): number => runningCount(kind),
    runningMapsOn: (node: NodeId): readonly MapTaskView[] =>
      active().flatMap((j) => j.maps.filter((m) => m.runningOn.includes(checkNode('node', node)))),
    runningReducesOn: (node: NodeId): readonly ReduceTaskView[] =>
      active().flatMap((j) =>
        j.reduces.filter((r) => r.state === 'running' && r.node === checkNode('node', node)),
      ),
    outstandingMapOutput(node: NodeId): Bytes {
      checkNode('node', node);
      let bytes = 0;
      for (const job of jobs) {
        if (job.reduceCount === 0 || job.reduces.every((r) => r.state === 'completed')) continue;
        for (const m of job.maps)
          if (m.state === 'completed' && m.outputNode === node) bytes += m.outputBytes ?? 0;
      }
      return bytes;
    },
    activeJobs: (): readonly JobView[] => active(),
    activeUsers: (): readonly UserView[] =>
      [...new Set(active().map((j) => j.user))].sort((a, b) => a - b).map(userView),
    job: (id: JobId): JobView => findJob(id),
    user(id: UserId): UserView {
      if (!knownUsers.has(id)) {
        throw new Error(`user ${describeValue(id)} is unknown (no job of it was submitted)`);
      }
      return userView(id);
    },
  });

  const notifyStarted = (task: TaskRef, node: NodeId): void =>
    attached?.onTaskStarted?.({ task: plainRef(task), node }, view);
  const finishJobIfDone = (job: TestJob): void => {
    const done =
      job.maps.every((m) => m.state === 'completed') && job.reduces.every((r) => r.state === 'completed');
    if (done && !job.completed) {
      job.completionTime = now;
      attached?.onJobCompleted?.(job, view);
    }
  };

  const cluster: TestCluster = {
    view,
    topology,
    network,
    get policy(): SchedulerPolicy | undefined {
      return attached;
    },
    attach(policy: SchedulerPolicy): TestCluster {
      attached = policy;
      return cluster;
    },
    submit(job: TestJobSpec = {}): JobView {
      const created = buildJob(job, jobs.length as JobId, now, topology, threshold);
      jobs.push(created);
      knownUsers.add(created.user);
      attached?.onJobSubmitted?.(created, view);
      return created;
    },
    job: (id: number): JobView => findJob(id),
    mapOf: (job: number, index: number): MapTaskView => findJob(job).map(index),
    reduceOf: (job: number, index: number): ReduceTaskView => findJob(job).reduce(index),
    launch(ref: TaskRef, nodeIndex: number, options: TestLaunchOptions = {}): void {
      const node = checkNode(`launch(${describeRef(ref)}) node`, nodeIndex);
      const job = findJob(ref.job);
      if (job.completed) throw new Error(`cannot launch ${describeRef(ref)}: its job completed`);
      const kind = slotKindOf(ref.kind);
      if (freeSlots(node, kind) <= 0) {
        throw new Error(`cannot launch ${describeRef(ref)} on node ${node}: no free ${kind} slot`);
      }
      if (ref.kind === 'map') {
        const map = mapTask(ref);
        if (options.duplicate === true) {
          if (map.state !== 'running') {
            throw new Error(`cannot duplicate ${describeRef(ref)}: it is ${map.state}, not running`);
          }
          if (map.runningOn.includes(node)) {
            throw new Error(
              `cannot duplicate ${describeRef(ref)} on node ${node}: a copy already runs there`,
            );
          }
          map.runningOn.push(node);
        } else {
          if (map.state !== 'pending') {
            throw new Error(`cannot launch ${describeRef(ref)}: it is ${map.state}, not pending`);
          }
          map.state = 'running';
          map.runningOn = [node];
          map.startTime = now;
          map.progress = 0;
        }
      } else {
        const reduce = reduceTask(ref);
        if (options.duplicate === true)
          throw new Error(`cannot duplicate ${describeRef(ref)}: only maps have copies`);
        if (reduce.state !== 'pending' && reduce.state !== 'suspended') {
          throw new Error(
            `cannot launch ${describeRef(ref)}: it is ${reduce.state}, not pending or suspended`,
          );
        }
        if (!job.reducesReady) {
          throw new Error(`cannot launch ${describeRef(ref)}: its job's maps have not reached slowstart`);
        }
        reduce.state = 'running';
        reduce.node = node;
        reduce.startTime ??= now;
        job.firstReduceTime ??= now;
      }
      notifyStarted(ref, node);
    },
    completeMap(ref: TaskRef, outputBytes?: Bytes): void {
      const map = mapTask(ref);
      if (map.state !== 'running') throw new Error(`cannot complete ${describeRef(ref)}: it is ${map.state}`);
      const output = requireNonNegative(
        `completeMap(${describeRef(ref)}) outputBytes`,
        outputBytes ?? map.inputBytes,
      );
      const node = map.runningOn[0]!;
      map.state = 'completed';
      map.runningOn = [];
      map.outputNode = node;
      map.outputBytes = output;
      map.progress = 1;
      attached?.onTaskCompleted?.({ task: plainRef(ref), node }, view);
      finishJobIfDone(findJob(ref.job));
    },
    completeReduce(ref: TaskRef): void {
      const reduce = reduceTask(ref);
      const job = findJob(ref.job);
      if (reduce.state !== 'running')
        throw new Error(`cannot complete ${describeRef(ref)}: it is ${reduce.state}`);
      if (job.maps.some((m) => m.state !== 'completed')) {
        throw new Error(`cannot complete ${describeRef(ref)}: some maps of job ${job.id} are not completed`);
      }
      reduce.state = 'completed';
      reduce.reduceProgress = 1;
      attached?.onTaskCompleted?.({ task: plainRef(ref), node: reduce.node! }, view);
      finishJobIfDone(job);
    },
    suspendReduce(ref: TaskRef): void {
      const reduce = reduceTask(ref);
      if (reduce.state !== 'running')
        throw new Error(`cannot suspend ${describeRef(ref)}: it is ${reduce.state}`);
      reduce.state = 'suspended';
      reduce.preemptions += 1;
    },
    kill(ref: TaskRef): void {
      if (ref.kind === 'map') {
        const map = mapTask(ref);
        if (map.state !== 'running') throw new Error(`cannot kill ${describeRef(ref)}: it is ${map.state}`);
        map.state = 'pending';
        map.runningOn = [];
        map.startTime = undefined;
        map.progress = 0;
      } else {
        const reduce = reduceTask(ref);
        if (reduce.state !== 'running')
          throw new Error(`cannot kill ${describeRef(ref)}: it is ${reduce.state}`);
        reduce.state = 'pending';
        reduce.reduceProgress = 0;
        reduce.preemptions += 1;
      }
    },
    setProgress(ref: TaskRef, progress: Fraction): void {
      const value = requireFraction(`setProgress(${describeRef(ref)}) progress`, progress);
      const task = ref.kind === 'map' ? mapTask(ref) : reduceTask(ref);
      if (task.state !== 'running')
        throw new Error(`cannot set progress of ${describeRef(ref)}: it is ${task.state}`);
      if (task.kind === 'map') task.progress = value;
      else task.reduceProgress = value;
    },
    setTime(time: Seconds): void {
      const next = requireNonNegative('setTime(now)', time);
      if (next < now) throw new Error(`setTime(now) must not move the clock back: ${next} < ${now}`);
      now = next;
    },
    advance(seconds: Seconds): void {
      cluster.setTime(now + requireNonNegative('advance(seconds)', seconds));
    },
    tick(): void {
      attached?.onTick?.(view);
    },
    setRackUtilisation(
      rack: number,
      utilisation: Fraction,
      direction: LinkDirection | 'both' = 'both',
    ): void {
      network.setRack(
        rack as RackId,
        direction,
        requireFraction(`setRackUtilisation(${rack}) utilisation`, utilisation),
      );
    },
    setNodeCrossRackRate(
      node: number,
      rate: BitsPerSecond,
      direction: LinkDirection | 'both' = 'both',
    ): void {
      network.setNode(
        checkNode('setNodeCrossRackRate node', node),
        direction,
        requireNonNegative(`setNodeCrossRackRate(${node}) rate`, rate),
      );
    },
    offer(nodeIndex: number, kind?: SlotKind): Decision {
      const policy = attached;
      if (policy === undefined) throw new Error('offer needs a policy: call attach(policy) first');
      const node = checkNode('offer node', nodeIndex);
      const slot = kind ?? (topology.slotModel === 'split' ? 'map' : 'container');
      if (!slotKinds.includes(slot)) {
        throw new Error(
          `offer kind must be one of ${slotKinds.join(', ')} under the ${topology.slotModel} model, got ${slot}`,
        );
      }
      if (freeSlots(node, slot) <= 0) throw new Error(`offer: node ${node} has no free ${slot} slot`);
      const offer: SlotOffer = { node, kind: slot };
      const decision = policy.assign(offer, view);
      if (decision.type === 'launch') {
        if (slot !== 'container' && decision.task.kind !== slot) {
          throw new Error(
            `policy ${policy.name} launched ${describeRef(decision.task)} in a ${slot} slot (reason ${decision.reason})`,
          );
        }
        const options: TestLaunchOptions = decision.duplicate === true ? { duplicate: true } : {};
        cluster.launch(decision.task, node, options);
      }
      return decision;
    },
    offerRound(): readonly Decision[] {
      const decisions: Decision[] = [];
      for (let n = 0; n < nodeCount; n++) {
        for (const kind of slotKinds) {
          const free = freeSlots(n as NodeId, kind);
          for (let i = 0; i < free && freeSlots(n as NodeId, kind) > 0; i++)
            decisions.push(cluster.offer(n, kind));
        }
      }
      return decisions;
    },
    completeAllRunning(): number {
      let done = 0;
      for (const job of active()) {
        for (const m of job.maps) {
          if (m.state === 'running') {
            cluster.completeMap(m);
            done++;
          }
        }
      }
      for (const job of active()) {
        if (job.maps.some((m) => m.state !== 'completed')) continue;
        for (const r of job.reduces) {
          if (r.state === 'running') {
            cluster.completeReduce(r);
            done++;
          }
        }
      }
      return done;
    },
  };
  for (const job of spec.jobs ?? []) cluster.submit(job);
  return cluster;
}

/** `job 3 map 0` — how errors name a task. */
export function describeRef(ref: TaskRef): string {
  return `job ${ref.job} ${ref.kind} ${ref.index}`;
}

function plainRef(ref: TaskRef): TaskRef {
  return { job: ref.job, kind: ref.kind, index: ref.index };
}

function buildJob(
  spec: TestJobSpec,
  id: JobId,
  now: Seconds,
  topology: TopologyView,
  threshold: number,
): TestJob {
  const field = `job ${id}`;
  if (typeof spec !== 'object' || spec === null) {
    throw new Error(`${field} must be an object, got ${describeValue(spec)}`);
  }
  const nodeCount = topology.nodeCount;
  const mapsSpec = spec.maps ?? 1;
  const maps =
    typeof mapsSpec === 'number'
      ? Array.from({ length: requireInteger(`${field}.maps`, mapsSpec, 1) }, (_, i) => ({
          inputBytes: TEST_BLOCK_BYTES,
          replicas: [(i % nodeCount) as NodeId],
        }))
      : mapsSpec.map((m, i) => {
          const replicas = m.replicas.map((n) => {
            if (!(Number.isInteger(n) && n >= 0 && n < nodeCount)) {
              throw new Error(
                `${field}.maps[${i}].replicas must hold nodes in [0, ${nodeCount}), got ${describeValue(n)}`,
              );
            }
            return n as NodeId;
          });
          if (new Set(replicas).size !== replicas.length) {
            throw new Error(
              `${field}.maps[${i}].replicas must not repeat a node, got ${describeValue(m.replicas)}`,
            );
          }
          return {
            inputBytes: requireNonNegative(
              `${field}.maps[${i}].inputBytes`,
              m.inputBytes ?? TEST_BLOCK_BYTES,
            ),
            replicas,
          };
        });
  if (maps.length === 0) throw new Error(`${field}.maps must list at least one map`);
  const queue = spec.queue ?? 'default';
  if (typeof queue !== 'string' || queue === '') {
    throw new Error(`${field}.queue must be a non-empty string, got ${describeValue(queue)}`);
  }
  return new TestJob({
    id,
    user: requireInteger(`${field}.user`, spec.user ?? 0, 0) as UserId,
    queue,
    submitTime: requireNonNegative(`${field}.submitTime`, spec.submitTime ?? now),
    signature: spec.signature,
    declaredShuffleRatio:
      spec.declaredShuffleRatio === undefined
        ? undefined
        : requireNonNegative(`${field}.declaredShuffleRatio`, spec.declaredShuffleRatio),
    maps,
    reduceCount: requireInteger(`${field}.reduces`, spec.reduces ?? 0, 0),
    mapDemand: spec.mapDemand ?? TEST_TASK_DEMAND,
    reduceDemand: spec.reduceDemand ?? TEST_TASK_DEMAND,
    topology,
    mapCompletionThreshold: threshold,
  });
}
