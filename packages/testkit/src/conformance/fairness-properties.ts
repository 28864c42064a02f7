import { fc, test } from '@fast-check/vitest';
import type { JobView, NodeId, PolicyContext, SchedulerPolicy, SlotKind } from '@rackwise/types';
import { expect } from 'vitest';
import { arbOffer, arbTestCluster, arbTopologySpec } from '../arbitraries.js';
import { userId } from '../ids.js';
import { createTestCluster } from '../test-cluster.js';
import type {
  ConformanceOptions,
  ConformanceSubject,
  FairnessProperty,
  QueueCapacityProperty,
  SkipLimitProperty,
} from './conformance-options.js';
import { instantiate } from './conformance-options.js';
import { driveOffers } from './in-memory-checks.js';
import { CONFORMANCE_TEST_TIMEOUT } from './test-timeout.js';

type Make = () => SchedulerPolicy;

function running(job: JobView, kind: SlotKind): number {
  return (
    (kind !== 'reduce' ? job.count('map', 'running') : 0) +
    (kind !== 'map' ? job.count('reduce', 'running') : 0)
  );
}

function fairShare(make: Make): void {
  test.prop([arbTopologySpec(), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 })])(
    'fairness: filling an empty cluster keeps users within one task of each other',
    (topology, users, rounds) => {
      const slots =
        topology.racks *
        topology.nodesPerRack *
        (topology.slots.model === 'split' ? topology.slots.mapSlots : topology.slots.containers);
      const cluster = createTestCluster({
        topology,
        jobs: Array.from({ length: users }, (_, u) => ({ user: u, maps: slots * rounds + 1 })),
      }).attach(make());
      for (let r = 0; r < rounds; r++) {
        cluster.offerRound();
        const counts = Array.from({ length: users }, (_, u) => cluster.view.user(userId(u)).running('map'));
        expect(
          Math.max(...counts) - Math.min(...counts),
          `running maps per user ${counts}`,
        ).toBeLessThanOrEqual(1);
        expect(counts.reduce((a, b) => a + b, 0)).toBe(slots);
        cluster.completeAllRunning();
      }
    },
    CONFORMANCE_TEST_TIMEOUT,
  );
}

function dominantShare(make: Make): void {
  const demand = fc.record({ vcores: fc.constant(1), memoryMb: fc.integer({ min: 256, max: 2048 }) });
  test.prop([arbTopologySpec(), fc.array(demand, { minLength: 1, maxLength: 4 })])(
    'fairness: filling an empty cluster keeps dominant shares within one task of each other',
    (topology, demands) => {
      const cluster = createTestCluster({
        topology,
        jobs: demands.map((d, u) => ({ user: u, maps: 200, mapDemand: d })),
      }).attach(make());
      cluster.offerRound();
      const { view } = cluster;
      const nodes = view.topology.nodeCount;
      const { vcores, memoryMb } = view.topology.resourcesOf(0 as NodeId);
      const slots = view.totalSlots(topology.slots.model === 'split' ? 'map' : 'container');
      const shareOf = (u: number, tasks: number): number =>
        Math.max(
          (tasks * demands[u]!.vcores) / (vcores * nodes),
          (tasks * demands[u]!.memoryMb) / (memoryMb * nodes),
          tasks / slots,
        );
      const shares = demands.map((_, u) => shareOf(u, view.user(userId(u)).running('map')));
      for (let u = 0; u < demands.length; u++) {
        for (let v = 0; v < demands.length; v++) {
          expect(shares[u]! - shareOf(u, 1), `dominant shares ${shares}`).toBeLessThanOrEqual(
            shares[v]! + 1e-9,
          );
        }
      }
    },
    CONFORMANCE_TEST_TIMEOUT,
  );
}

function skipLimit(make: Make, property: SkipLimitProperty): void {
  test.prop([
    arbTestCluster({ maxSteps: 6 }).chain((c) =>
      fc.tuple(fc.constant(c), fc.array(arbOffer(c.topology), { maxLength: 40 })),
    ),
  ])(
    'fairness: no job is skipped more than its limit before it may launch anywhere',
    ([cluster, offers]) => {
      const policy = make();
      cluster.attach(policy);
      for (const offer of offers) {
        if (cluster.view.freeSlots(offer.node, offer.kind) === 0) continue;
        const due =
          offer.kind !== 'reduce' &&
          cluster.view
            .activeJobs()
            .some(
              (j) => j.count('map', 'pending') > 0 && property.skipCount(policy, j.id) === property.limit,
            );
        const decision = cluster.offer(offer.node, offer.kind);
        if (due) expect(decision.type, `a job at its skip limit waited: ${decision.reason}`).toBe('launch');
        for (const job of cluster.view.activeJobs()) {
          expect(property.skipCount(policy, job.id)).toBeLessThanOrEqual(property.limit);
        }
      }
    },
    CONFORMANCE_TEST_TIMEOUT,
  );
}

function queueCapacity(make: Make, property: QueueCapacityProperty): void {
  const names = property.queues.map((q) => q.name);
  test.prop([arbTestCluster({ queues: names }).chain((c) => fc.tuple(fc.constant(c), arbOffer(c.topology)))])(
    'fairness: a queue below its capacity with waiting work gets the next free slot',
    ([cluster, offer]) => {
      const { view } = cluster;
      fc.pre(view.freeSlots(offer.node, offer.kind) > 0);
      const total = view.totalSlots(offer.kind);
      const below = property.queues.filter((q) => {
        const jobs = view.activeJobs().filter((j) => j.queue === q.name);
        const used = jobs.reduce((sum, j) => sum + running(j, offer.kind), 0);
        // Work the slot could run whatever the reduce ramp-up limit: pending maps, or
        // waiting reduces past slowstart (in a container, of jobs with every map launched).
        const maps = offer.kind !== 'reduce' && jobs.some((j) => j.count('map', 'pending') > 0);
        const reduces =
          offer.kind !== 'map' &&
          jobs.some(
            (j) =>
              j.reducesReady &&
              j.waitingReduces().length > 0 &&
              (offer.kind === 'reduce' || j.count('map', 'pending') === 0),
          );
        const waits = maps || reduces;
        return used < q.capacity * total && waits;
      });
      const decision = cluster.attach(make()).offer(offer.node, offer.kind);
      if (below.length === 0) return;
      expect(decision.type).toBe('launch');
      if (decision.type === 'launch')
        expect(names.filter((n) => below.some((q) => q.name === n))).toContain(
          view.job(decision.task.job).queue,
        );
    },
    CONFORMANCE_TEST_TIMEOUT,
  );
}

/** Registers the fairness property test a fairness policy promises. */
export function registerFairnessProperty<Config extends object>(
  subject: ConformanceSubject<Config>,
  options: ConformanceOptions<Config>,
  property: FairnessProperty,
  context: () => PolicyContext,
): void {
  const make: Make = () => instantiate(subject, options.config, context());
  switch (property.kind) {
    case 'fair-share':
      fairShare(make);
      break;
    case 'dominant-share':
      dominantShare(make);
      break;
    case 'skip-limit':
      skipLimit(make, property);
      break;
    case 'queue-capacity':
      queueCapacity(make, property);
      break;
  }
}
