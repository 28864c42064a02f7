import { fc, test } from '@fast-check/vitest';
import { arbTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { ClusterView, JobView, NodeId, RackId, SlotKind } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { TEST_CONTEXT } from '../test/scenes.js';
import { createShuffleWatcherPolicy } from './shufflewatcher-policy.js';

const fewestRunningFirst = createTestUserOrder('user');

/** A random cluster state, random rack loads, and a node with a free slot to offer. */
const arbScene = fc.record({
  cluster: arbTestCluster({ maxSteps: 30, maxJobs: 6, maxMaps: 5, maxReduces: 3 }),
  loads: fc.array(fc.constantFrom(0, 0.5, 0.8, 0.85, 1), { minLength: 3, maxLength: 3 }),
  pick: fc.nat(1000),
  samp: fc.boolean(),
  sarp: fc.boolean(),
});

/** Container clusters with many steps, so maps and ready reduces often compete for a slot. */
const arbSaturatedScene = fc.record({
  cluster: arbTestCluster({ slotModel: 'container', minJobs: 1, maxSteps: 40, maxJobs: 6, maxReduces: 3 }),
  pick: fc.nat(1000),
});

/** A task the slot may take: a pending map, or a reduce past slowstart within the ramp-up limit. */
function launchable(job: JobView, kind: SlotKind, view: ClusterView): boolean {
  const rampup = view.runningCount('reduce') < Math.floor(0.5 * view.totalSlots('container'));
  return (
    (kind !== 'reduce' && job.pendingMaps().length > 0) ||
    (kind !== 'map' &&
      job.reducesReady &&
      job.waitingReduces().length > 0 &&
      (kind === 'reduce' || rampup || job.count('map', 'pending') === 0))
  );
}

/** The offers a node could make now: (node, kind) pairs with a free slot. */
function freeOffers(view: ClusterView): { node: number; kind: SlotKind }[] {
  const kinds: SlotKind[] = view.topology.slotModel === 'split' ? ['map', 'reduce'] : ['container'];
  const offers: { node: number; kind: SlotKind }[] = [];
  for (let n = 0; n < view.topology.nodeCount; n += 1) {
    for (const kind of kinds) if (view.freeSlots(n as NodeId, kind) > 0) offers.push({ node: n, kind });
  }
  return offers;
}

describe('NASS properties (strict fairness)', () => {
  test.prop([arbScene])(
    'the selected user always gets a task when it has one; under saturation, a map whenever it has one',
    ({ cluster, loads, pick, samp, sarp }) => {
      const policy = createShuffleWatcherPolicy(
        { userOrder: fewestRunningFirst, samp, sarp, starvationWindow: Number.POSITIVE_INFINITY },
        TEST_CONTEXT,
      );
      cluster.attach(policy);
      loads
        .slice(0, cluster.topology.rackCount)
        .forEach((load, rack) => cluster.setRackUtilisation(rack, load));
      const offers = freeOffers(cluster.view);
      fc.pre(offers.length > 0);
      const offer = offers[pick % offers.length]!;
      const rack = cluster.topology.rackOf(offer.node as NodeId);
      const saturated = cluster.network.rackUtilisation(rack as RackId, 'up') > 0.8;
      const selected = fewestRunningFirst
        .order(cluster.view, offer.kind)
        .find((group) => group.jobs.some((j) => launchable(j, offer.kind, cluster.view)));
      const selectedHasMap =
        offer.kind !== 'reduce' &&
        selected !== undefined &&
        selected.jobs.some((j) => j.pendingMaps().length > 0);
      const userOf = new Map(selected?.jobs.map((j) => [j.id as number, j.user as number]));

      const decision = cluster.offer(offer.node, offer.kind); // applies it: an invalid launch throws

      if (selected === undefined) {
        expect(decision).toEqual({ type: 'pass', reason: 'shufflewatcher/no-launchable-task' });
        return;
      }
      expect(decision.type).toBe('launch');
      if (decision.type !== 'launch') return;
      expect(userOf.has(decision.task.job)).toBe(true);
      expect(decision.reason).toMatch(saturated ? /^nass\/saturated-/ : /^nass\/unsaturated-/);
      if (saturated && selectedHasMap) expect(decision.task.kind).toBe('map');
    },
  );

  test.prop([arbSaturatedScene])(
    'under saturation NASS never launches a shuffle-heavy reduce while the selected user has a runnable map',
    ({ cluster, pick }) => {
      const policy = createShuffleWatcherPolicy({ userOrder: fewestRunningFirst }, TEST_CONTEXT);
      cluster.attach(policy);
      for (let rack = 0; rack < cluster.topology.rackCount; rack += 1) cluster.setRackUtilisation(rack, 1);
      const offers = freeOffers(cluster.view);
      fc.pre(offers.length > 0);
      const offer = offers[pick % offers.length]!;
      const selected = fewestRunningFirst
        .order(cluster.view, offer.kind)
        .find((group) => group.jobs.some((j) => launchable(j, offer.kind, cluster.view)));
      fc.pre(selected?.jobs.some((j) => j.pendingMaps().length > 0) === true);
      const decision = cluster.offer(offer.node, offer.kind);
      expect(decision.type).toBe('launch');
      if (decision.type === 'launch') {
        expect(decision.task.kind).toBe('map');
        expect(decision.reason).toMatch(/^nass\/saturated-map-/);
      }
    },
  );

  test.prop([arbScene])("SARP's quotas sum to each job's reduce count", ({ cluster, samp }) => {
    const policy = createShuffleWatcherPolicy({ userOrder: fewestRunningFirst, samp }, TEST_CONTEXT);
    cluster.attach(policy);
    for (const offer of freeOffers(cluster.view)) {
      if (cluster.view.freeSlots(offer.node as NodeId, offer.kind) > 0) cluster.offer(offer.node, offer.kind);
    }
    for (const job of cluster.view.activeJobs()) {
      const state = policy.jobState(job.id);
      if (state === undefined) continue;
      const sum = (counts: readonly number[]) => counts.reduce((a, b) => a + b, 0);
      expect(sum(state.tentativeReducesPerRack)).toBe(job.reduceCount);
      if (state.preferredReducesPerRack !== undefined)
        expect(sum(state.preferredReducesPerRack)).toBe(job.reduceCount);
      if (samp) expect(state.preferredMapRacks?.length).toBeGreaterThan(0);
    }
  });
});
