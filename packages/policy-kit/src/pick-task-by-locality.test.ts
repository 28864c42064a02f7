import { fc, test as propTest } from '@fast-check/vitest';
import { type TestJobSpec, arbOffer, arbTestCluster, createTestCluster, nodeId } from '@rackwise/testkit';
import type { JobView, SlotOffer } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { earlyReduceAllowed, pickTaskByLocality } from './pick-task-by-locality.js';

const mapOffer = (node: number): SlotOffer => ({ node: nodeId(node), kind: 'map' });
const CONTAINER_ON_NODE_0: SlotOffer = { node: nodeId(0), kind: 'container' };

/** One node with four containers, slowstart at once, and the given job submitted. */
const oneNodeOfFourContainers = (job: TestJobSpec) =>
  createTestCluster({
    topology: { racks: 1, nodesPerRack: 1, slots: { model: 'container', containers: 4 } },
    mapCompletionThreshold: 0,
    jobs: [job],
  });

describe('pickTaskByLocality', () => {
  it('prefers a node-local map, then a rack-local one, then any', () => {
    // Default topology: racks {0, 1} and {2, 3}.
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [3] }, { replicas: [1] }, { replicas: [0] }] }],
    });
    const job = cluster.job(0);
    expect(pickTaskByLocality(job, mapOffer(0), cluster.view, true)).toEqual({
      task: cluster.mapOf(0, 2),
      rule: 'node-local',
    });
    cluster.launch(cluster.mapOf(0, 2), 0);
    expect(pickTaskByLocality(job, mapOffer(0), cluster.view, true)).toEqual({
      task: cluster.mapOf(0, 1),
      rule: 'rack-local',
    });
    cluster.launch(cluster.mapOf(0, 1), 1);
    expect(pickTaskByLocality(job, mapOffer(0), cluster.view, true)).toEqual({
      task: cluster.mapOf(0, 0),
      rule: 'remote',
    });
    cluster.launch(cluster.mapOf(0, 0), 3);
    expect(pickTaskByLocality(job, mapOffer(0), cluster.view, true)).toBeUndefined();
  });

  it('gives a reduce slot nothing before slowstart and a waiting reduce after it', () => {
    const cluster = createTestCluster({ mapCompletionThreshold: 0.5, jobs: [{ maps: 2, reduces: 1 }] });
    const offer: SlotOffer = { node: nodeId(0), kind: 'reduce' };
    expect(pickTaskByLocality(cluster.job(0), offer, cluster.view, true)).toBeUndefined();
    cluster.launch(cluster.mapOf(0, 0), 0);
    cluster.completeMap(cluster.mapOf(0, 0));
    expect(pickTaskByLocality(cluster.job(0), offer, cluster.view, true)).toEqual({
      task: cluster.reduceOf(0, 0),
      rule: 'reduce',
    });
  });

  it('holds a container’s reduce back while maps are pending unless early reduces are allowed', () => {
    const cluster = oneNodeOfFourContainers({ maps: 1, reduces: 1 });
    const offer = CONTAINER_ON_NODE_0;
    expect(pickTaskByLocality(cluster.job(0), offer, cluster.view, true)?.rule).toBe('reduce');
    expect(pickTaskByLocality(cluster.job(0), offer, cluster.view, false)?.rule).toBe('node-local');
    cluster.launch(cluster.mapOf(0, 0), 0);
    expect(pickTaskByLocality(cluster.job(0), offer, cluster.view, false)?.rule).toBe('reduce');
  });

  const pendingMapsOf = (job: JobView) => job.pendingMaps();

  propTest.prop([arbTestCluster().chain((c) => fc.tuple(fc.constant(c), arbOffer(c.view.topology)))])(
    'picks a launchable task of the slot’s kind, the nearest pending map by locality',
    ([cluster, offer]) => {
      const { topology } = cluster.view;
      const rack = topology.rackOf(offer.node);
      for (const job of cluster.view.activeJobs()) {
        for (const early of [true, false]) {
          const pick = pickTaskByLocality(job, offer, cluster.view, early);
          if (pick === undefined) {
            if (offer.kind !== 'reduce') expect(pendingMapsOf(job)).toEqual([]);
            continue;
          }
          expect(pick.task.job).toBe(job.id);
          if (pick.rule === 'reduce') {
            expect(offer.kind).not.toBe('map');
            expect(pick.task.kind).toBe('reduce');
            expect(job.reducesReady).toBe(true);
            continue;
          }
          expect(offer.kind).not.toBe('reduce');
          expect(pick.task.kind).toBe('map');
          if (pick.task.kind !== 'map') continue;
          expect(pick.task.state).toBe('pending');
          const onNode = pick.task.replicaNodes.includes(offer.node);
          const onRack = pick.task.replicaNodes.some((n) => topology.rackOf(n) === rack);
          const expected = onNode ? 'node-local' : onRack ? 'rack-local' : 'remote';
          expect(pick.rule).toBe(expected);
          if (pick.rule !== 'node-local') expect(job.pendingMapsOnNode(offer.node)).toEqual([]);
          if (pick.rule === 'remote') expect(job.pendingMapsOnRack(rack)).toEqual([]);
        }
      }
    },
  );
});

describe('earlyReduceAllowed', () => {
  it('caps early reduces at ⌊limit × containers⌋ and never caps split slots', () => {
    const cluster = oneNodeOfFourContainers({ maps: 4, reduces: 4 });
    const container = CONTAINER_ON_NODE_0;
    expect(earlyReduceAllowed(container, cluster.view, 0.5)).toBe(true);
    expect(earlyReduceAllowed(container, cluster.view, 0.2)).toBe(false); // ⌊0.8⌋ = 0
    cluster.launch(cluster.reduceOf(0, 0), 0);
    expect(earlyReduceAllowed(container, cluster.view, 0.5)).toBe(true);
    cluster.launch(cluster.reduceOf(0, 1), 0);
    expect(earlyReduceAllowed(container, cluster.view, 0.5)).toBe(false);
    expect(earlyReduceAllowed(container, cluster.view, 1)).toBe(true);

    const split = createTestCluster({ jobs: [{ maps: 1, reduces: 1 }] });
    expect(earlyReduceAllowed({ node: nodeId(0), kind: 'reduce' }, split.view, 0)).toBe(true);
  });
});
