import {
  type TestCluster,
  type TestClusterSpec,
  createTestCluster,
  createTestUserOrder,
} from '@rackwise/testkit';
import type { PolicyContext, TaskRef } from '@rackwise/types';
import type { ShuffleWatcherOptions } from '../shufflewatcher-config.js';
import { type ShuffleWatcherPolicy, createShuffleWatcherPolicy } from '../shufflewatcher-policy.js';

/** A per-user fair order: fewest running tasks of the slot's kind first, then the lower user id. */
export const fewestRunningFirst = createTestUserOrder('user');

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

/** A test cluster with a ShuffleWatcher policy attached. */
export function scene(
  options: Partial<ShuffleWatcherOptions> = {},
  spec: TestClusterSpec = { topology: CONTAINER_TOPOLOGY },
): { cluster: TestCluster; policy: ShuffleWatcherPolicy } {
  const policy = createShuffleWatcherPolicy({ userOrder: fewestRunningFirst, ...options }, TEST_CONTEXT);
  return { cluster: createTestCluster(spec).attach(policy), policy };
}

/** Runs a map of a job on a node and completes it with `ratio × input` of output. */
export function finishMap(
  cluster: TestCluster,
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
