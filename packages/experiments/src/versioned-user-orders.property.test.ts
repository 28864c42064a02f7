import { fc, test } from '@fast-check/vitest';
import { simulate } from '@rackwise/engine';
import { createCapacityUserOrder } from '@rackwise/policy-capacity';
import { createDelayPolicy } from '@rackwise/policy-delay';
import { createDrfUserOrder } from '@rackwise/policy-drf';
import { createFairUserOrder } from '@rackwise/policy-fair';
import { buildTopology } from '@rackwise/topology';
import type {
  ClusterView,
  JobSpec,
  SchedulerPolicy,
  ServiceGroup,
  SlotKind,
  UserId,
  UserOrder,
} from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';
import { describe, expect } from 'vitest';

/**
 * The user orders answer from their per-`stateVersion` cache: after any sequence of
 * engine events, the order handed to a policy must equal the order computed from scratch
 * on the same view. A Delay policy runs on top of each order, over random clusters and
 * workloads, and every `order` call is checked against a fresh computation.
 */
const MIB = 2 ** 20;

const jobsArb = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 0, max: 6 }),
      user: fc.integer({ min: 0, max: 5 }),
      queue: fc.constantFrom('a', 'b'),
      mapCount: fc.integer({ min: 1, max: 8 }),
      reduceCount: fc.integer({ min: 0, max: 3 }),
      shufflePercent: fc.integer({ min: 0, max: 150 }),
    }),
    { minLength: 2, maxLength: 14 },
  )
  .map((drawn) => {
    let time = 0;
    return drawn.map((d, i): JobSpec => {
      time += d.gap;
      const inputBytes = d.mapCount * 64 * MIB;
      return {
        name: `job-${i}`,
        user: d.user as UserId,
        queue: d.queue,
        submitTime: time,
        inputBytes,
        shuffleBytes: d.reduceCount === 0 ? 0 : Math.round((inputBytes * d.shufflePercent) / 100),
        outputBytes: 0,
        mapCount: d.mapCount,
        reduceCount: d.reduceCount,
        blockBytes: 64 * MIB,
      };
    });
  });

const ORDERS: Record<string, () => UserOrder> = {
  fair: () => createFairUserOrder(),
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

/** The same view with no `stateVersion`: the order computes from scratch. */
const unversioned = (view: ClusterView): ClusterView =>
  Object.create(view, { stateVersion: { value: undefined } }) as ClusterView;

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
