import type { Bytes, MapTaskView, PolicyContext, SchedulerPolicy, TaskRef } from '@rackwise/types';
import { type NasPolicy, createNasPolicy } from '../src/create-nas-policy.js';
import type { NasConfig } from '../src/nas-config.js';
import { usersById } from './user-orders.js';

/**
 * The part of the testkit's in-memory cluster these helpers use (declared here: only
 * test files may import the testkit).
 */
interface SceneCluster {
  attach(policy: SchedulerPolicy): unknown;
  mapOf(job: number, index: number): MapTaskView;
  launch(task: TaskRef, node: number): void;
  completeMap(task: TaskRef, outputBytes?: Bytes): void;
}

/** 2^20 bytes. */
export const MIB = 1_048_576;

/** NAS draws no random numbers; a fixed source is enough. */
export const fixedContext: PolicyContext = { random: { next: () => 0, int: () => 0 } };

/** Creates NAS (users by id unless the config names an order) and attaches it to the cluster. */
export function attachNas(cluster: SceneCluster, config: Partial<NasConfig> = {}): NasPolicy {
  const policy = createNasPolicy({ userOrder: usersById, ...config }, fixedContext);
  cluster.attach(policy);
  return policy;
}

/** Launches a map on a node and completes it with the given output. */
export function finishMap(
  cluster: SceneCluster,
  job: number,
  index: number,
  node: number,
  output: number,
): void {
  cluster.launch(cluster.mapOf(job, index), node);
  cluster.completeMap(cluster.mapOf(job, index), output);
}

/** The job and index a decision launched, or `undefined` for a pass. */
export function launched(decision: {
  readonly type: string;
  readonly task?: { readonly job: number; readonly kind: string; readonly index: number };
}): string | undefined {
  return decision.type === 'launch' && decision.task !== undefined
    ? `job ${decision.task.job} ${decision.task.kind} ${decision.task.index}`
    : undefined;
}
