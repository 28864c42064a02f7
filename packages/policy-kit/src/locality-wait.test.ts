import { createTestCluster } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { createLocalityWaits } from './locality-wait.js';

const topology = {
  racks: 2,
  nodesPerRack: 2,
  slots: { model: 'split', mapSlots: 4, reduceSlots: 1 },
} as const;

describe('createLocalityWaits (Delay by wait time)', () => {
  it('launches node-local at once, rack-local after nodeLocalityWait, any after rackLocalityWait more', () => {
    const cluster = createTestCluster({ topology, jobs: [{ maps: [{ replicas: [1] }, { replicas: [3] }] }] });
    const waits = createLocalityWaits({ nodeLocalityWait: 2, rackLocalityWait: 3 });
    const job = cluster.job(0);
    const offer = (node: number) => waits.pickMap(job, { node: node as never, kind: 'map' }, cluster.view);
    // Node 0 holds no block: the job waits, its clock starts at 0.
    expect(offer(0)).toBe('wait');
    cluster.advance(2);
    // After 2 s it may take map 0 (on node 1, same rack).
    expect(offer(0)).toMatchObject({ locality: 'rack-local', task: { index: 0 } });
    cluster.launch(cluster.mapOf(0, 0), 0);
    // The level reached stays: rack-local again without waiting, but map 1 is in the other rack.
    expect(offer(0)).toBe('wait');
    cluster.advance(2.5);
    expect(offer(0)).toBe('wait');
    cluster.advance(0.5);
    expect(offer(0)).toMatchObject({ locality: 'remote', task: { index: 1 } });
  });

  it('answers undefined for a job without pending maps', () => {
    const cluster = createTestCluster({ topology, jobs: [{ maps: 1 }] });
    const waits = createLocalityWaits({ nodeLocalityWait: 0, rackLocalityWait: 0 });
    cluster.launch(cluster.mapOf(0, 0), 0);
    expect(waits.pickMap(cluster.job(0), { node: 1 as never, kind: 'map' }, cluster.view)).toBeUndefined();
  });
});
