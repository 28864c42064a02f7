import { fc, test } from '@fast-check/vitest';
import { simulate } from '@rackwise/engine';
import { createCapacityUserOrder } from '@rackwise/policy-capacity';
import { createDelayPolicy } from '@rackwise/policy-delay';
import { createDrfUserOrder } from '@rackwise/policy-drf';
import { createFairUserOrder } from '@rackwise/policy-fair';
import { arbWorkload } from '@rackwise/testkit';
import { buildTopology } from '@rackwise/topology';
import type { ClusterView, SchedulerPolicy, ServiceGroup, SlotKind, UserOrder } from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';
import { describe, expect } from 'vitest';
import { unversioned } from '../test/unversioned-view.js';

/**
 * The user orders answer from their per-`stateVersion` cache (and Fair's per-user orders
 * from the users whose `UserView.version` moved): after any sequence of engine events,
 * the order handed to a policy must equal the order computed from scratch on the same
 * view. A Delay policy runs on top of each order, over random clusters and
 * workloads, and every `order` call is checked against a fresh computation.
 */
const jobsArb = arbWorkload({
  minJobs: 2,
  users: 6,
  maxMaps: 8,
  maxReduces: 3,
  maxJobs: 14,
  maxGap: 6,
  queues: ['a', 'b'],
});

const ORDERS: Record<string, () => UserOrder> = {
  fair: () => createFairUserOrder(),
  'fair with shares': () =>
    createFairUserOrder({
      jobOrder: 'fair',
      weights: { 'user:1': 2, 'user:3': 0.5 },
      minShares: { 'user:2': 2, 'user:4': 1 },
    }),
  'fair by job': () => createFairUserOrder({ groupBy: 'job', jobOrder: 'fair' }),
  drf: () => createDrfUserOrder(),
  capacity: () =>
    createCapacityUserOrder({
      queues: [
        { name: 'a', capacity: 0.7 },
        { name: 'b', capacity: 0.3 },
      ],
    }),
};

const keysOf = (groups: readonly ServiceGroup[]) =>
  groups.map((g) => `${g.key}[${g.jobs.map((j) => j.id).join()}]`);

describe('user orders kept per state version', () => {
  test.prop([
    fc.constantFrom(...Object.keys(ORDERS)),
    fc.record({ racks: fc.integer({ min: 1, max: 3 }), nodes: fc.integer({ min: 1, max: 3 }) }),
    fc.boolean(),
    jobsArb,
    fc.nat(1000),
  ])('equal the order computed from scratch at every offer', (name, size, containers, jobs, seed) => {
    const versioned = ORDERS[name]!();
    const fresh = ORDERS[name]!();
    let calls = 0;
    let hits = 0;
    const checking: UserOrder = {
      name: versioned.name,
      order(view: ClusterView, kind: SlotKind) {
        calls++;
        const before = versioned.order(view, kind);
        const again = versioned.order(view, kind);
        if (again === before) hits++;
        expect(keysOf(before)).toEqual(keysOf(fresh.order(unversioned(view), kind)));
        return before;
      },
    };
    const topology = buildTopology({
      racks: size.racks,
      nodesPerRack: size.nodes,
      slots: containers
        ? { model: 'container', containers: 2 }
        : { model: 'split', mapSlots: 2, reduceSlots: 1 },
      nicCapacity: 1e9,
      rackUplinkCapacity: 1e9,
      rackDownlinkCapacity: 1e9,
    });
    const result = simulate({
      topology,
      workload: {
        name: 'orders',
        jobs,
        placement: hdfsPlacement({ replication: Math.min(3, topology.nodeCount) }),
      },
      policy: (): SchedulerPolicy => createDelayPolicy({ userOrder: checking }),
      seed,
      parameters: { maxTime: 50_000 },
      metrics: { recordSeries: false },
    });
    expect(result.jobs.every((j) => j.finished)).toBe(true);
    expect(hits).toBe(calls);
  });
});
