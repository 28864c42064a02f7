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
  ReduceTaskView,
  ResourceVector,
  SchedulerPolicy,
  Seconds,
  ShufflePredictor,
  SlotKind,
  TaskRef,
  TopologyView,
} from '@rackwise/types';
import { ScriptedCluster } from './internal/scripted-cluster.js';
import { describeValue, requireFraction, requireNonNegative, requirePositive } from './internal/validate.js';
import { createSimplePredictor } from './simple-predictor.js';
import { DEFAULT_TEST_TOPOLOGY, type TestTopologySpec, createTestTopology } from './test-topology.js';

export { describeRef } from './internal/scripted-cluster.js';

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
 * An in-memory cluster for policy unit tests: a script over a `@rackwise/host` cluster
 * state, whose `ClusterView` it hands to policies, with mutators to build a scene in a few
 * lines. It runs no time and moves no data: the test moves the world (`launch`,
 * `completeMap`, `setTime` …), each move one or a few host events at the cluster's clock,
 * and asks the policy (`offer`).
 *
 * Every mutator checks what it is asked and throws an `Error` that says what was wrong
 * (a task launched twice, a slot that is not free, a reduce before slowstart: the host's
 * `HostEventError` or the script's own), so a policy that answers nonsense fails loudly
 * when its decision is applied.
 *
 * Data moves as the host is told it does: no reduce reports a fetch, so a reduce's
 * `fetchedBytes` is 0 until it completes, and a completed map's output stays outstanding
 * on its node in the share its job's reduces have not completed.
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
  const cluster: TestCluster = new ScriptedCluster({
    topology: createTestTopology(spec.topology ?? DEFAULT_TEST_TOPOLOGY),
    now: requireNonNegative('testCluster.now', spec.now ?? 0),
    mapCompletionThreshold: requireFraction(
      'testCluster.mapCompletionThreshold',
      spec.mapCompletionThreshold ?? 0.05,
    ),
    monitorInterval: requirePositive('testCluster.monitorInterval', spec.monitorInterval ?? 1),
    predictor: spec.predictor ?? createSimplePredictor(),
    blockBytes: TEST_BLOCK_BYTES,
    demand: TEST_TASK_DEMAND,
  });
  for (const job of spec.jobs ?? []) cluster.submit(job);
  return cluster;
}
