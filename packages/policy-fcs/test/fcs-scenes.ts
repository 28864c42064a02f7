import {
  type TestCluster,
  type TestTopologySpec,
  createTestCluster,
  createTestUserOrder,
} from '@rackwise/testkit';
import type { ReduceTaskView, SchedulerPolicy, TaskRef } from '@rackwise/types';
import type { FcsConfig } from '../src/fcs-config.js';
import type { FcsPreemptionRequest } from '../src/fcs-evidence.js';
import { createFcsPolicy } from '../src/fcs-policy.js';

/** An FCS policy on a per-job stand-in order, recording evidence. */
export function testFcs(config: Partial<FcsConfig> = {}): SchedulerPolicy {
  return createFcsPolicy(
    { userOrder: createTestUserOrder('job'), ...config },
    { random: { next: () => 0, int: () => 0 }, recordEvidence: true },
  );
}

/** A split-slot cluster of `nodes` nodes in one rack, `reduceSlots` reduce slots each. */
export function sceneTopology(nodes: number, reduceSlots = 1, mapSlots = 4): TestTopologySpec {
  return { racks: 1, nodesPerRack: nodes, slots: { model: 'split', mapSlots, reduceSlots } };
}

/**
 * Launches `count` pending maps of a job on nodes with a free map slot (round robin from
 * node 0), advances `seconds` and completes them.
 */
export function runMaps(cluster: TestCluster, job: number, count: number, seconds = 10): void {
  const nodes = cluster.topology.nodeCount;
  const launched: TaskRef[] = [];
  let node = 0;
  for (const map of [...cluster.job(job).pendingMaps()].slice(0, count)) {
    let tries = 0;
    while (cluster.view.freeSlots(node as never, 'map') === 0 && tries++ < nodes) node = (node + 1) % nodes;
    cluster.launch(map, node);
    launched.push({ job: map.job, kind: 'map', index: map.index });
  }
  cluster.advance(seconds);
  for (const ref of launched) cluster.completeMap(ref);
}

/** Asks the policy's preemption extension and applies its requests (suspend or kill). */
export function applyPreemptions(cluster: TestCluster, policy: SchedulerPolicy): FcsPreemptionRequest[] {
  const requests = (policy.preemption?.preempt(cluster.view) ?? []) as FcsPreemptionRequest[];
  for (const request of requests) {
    if (policy.preemption?.mode === 'kill') cluster.kill(request.task);
    else cluster.suspendReduce(request.task);
  }
  return requests;
}

/** A fresh cluster with FCS attached. */
export function fcsCluster(
  topology: TestTopologySpec,
  config: Partial<FcsConfig> = {},
): { cluster: TestCluster; policy: SchedulerPolicy } {
  const policy = testFcs(config);
  const cluster = createTestCluster({ topology }).attach(policy);
  return { cluster, policy };
}

/** The reduce views of a job. */
export function reducesOf(cluster: TestCluster, job: number): ReduceTaskView[] {
  const view = cluster.job(job);
  return Array.from({ length: view.reduceCount }, (_, r) => view.reduce(r));
}
