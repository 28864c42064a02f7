import type { Bytes, MapTaskView, PolicyContext, SchedulerPolicy, TaskRef, UserOrder } from '@rackwise/types';
import type { ShuffleWatcherOptions } from '../src/shufflewatcher-config.js';
import { type ShuffleWatcherPolicy, createShuffleWatcherPolicy } from '../src/shufflewatcher-policy.js';

// Helpers shared by the tests. They take the test cluster's factory from the test files,
// which alone may import @rackwise/testkit (the dependency rule).

/** A context whose random source is never drawn by ShuffleWatcher; fixed for replay. */
export const TEST_CONTEXT: PolicyContext = {
  random: { next: () => 0.5, int: (bound: number) => Math.floor(bound / 2) },
};

/** 2 racks × 2 nodes of 4 containers each (nodes 0, 1 in rack 0; 2, 3 in rack 1). */
export const CONTAINER_TOPOLOGY = {
  racks: 2,
  nodesPerRack: 2,
  slots: { model: 'container', containers: 4 },
} as const;

/** What the helpers need of a test cluster. */
export interface SceneCluster<Self> {
  attach(policy: SchedulerPolicy): Self;
  mapOf(job: number, index: number): MapTaskView;
  launch(task: TaskRef, node: number): void;
  completeMap(task: TaskRef, outputBytes?: Bytes): void;
}

/**
 * A scene factory: `scene(options?, spec?)` builds a cluster from `spec` (default
 * `defaultSpec`) with a ShuffleWatcher policy on `userOrder` attached.
 */
export function sceneMaker<Spec, Cluster extends SceneCluster<Cluster>>(
  createCluster: (spec: Spec) => Cluster,
  userOrder: UserOrder,
  defaultSpec: NoInfer<Spec>,
): (
  options?: Partial<ShuffleWatcherOptions>,
  spec?: Spec,
) => { readonly cluster: Cluster; readonly policy: ShuffleWatcherPolicy } {
  return (options = {}, spec = defaultSpec) => {
    const policy = createShuffleWatcherPolicy({ userOrder, ...options }, TEST_CONTEXT);
    return { cluster: createCluster(spec).attach(policy), policy };
  };
}

/** Runs a map of a job on a node and completes it with `ratio × input` of output. */
export function finishMap<C extends SceneCluster<C>>(
  cluster: C,
  job: number,
  index: number,
  node: number,
  ratio: number,
): void {
  const map = cluster.mapOf(job, index);
  cluster.launch(map, node);
  cluster.completeMap(map, map.inputBytes * ratio);
}

/** `job 1 reduce 0` — a launched task as a short string. */
export function taskName(task: TaskRef | undefined): string {
  return task === undefined ? 'none' : `job ${task.job} ${task.kind} ${task.index}`;
}
