import { fc, test } from '@fast-check/vitest';
import type { ClusterView, JobView, NodeId, RackId } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { JobPlans } from './job-plans.js';

/**
 * SAMP's preferred racks are read on every offer from flags kept with the plan (bits of a
 * number on clusters of up to 31 racks, a byte per rack beyond): on any number of racks,
 * `prefersRack` answers as `PreferredMapRacks` lists them, for every rack asked.
 */
describe('JobPlans.prefersRack', () => {
  test.prop([
    fc.integer({ min: 1, max: 40 }),
    fc.array(fc.record({ node: fc.nat(200), bytes: fc.integer({ min: 1, max: 1000 }) }), {
      minLength: 1,
      maxLength: 12,
    }),
  ])('answers as PreferredMapRacks lists the racks', (rackCount, blocks) => {
    const rackOf = (node: number) => (node % rackCount) as RackId;
    const maps = blocks.map((b) => ({ inputBytes: b.bytes, replicaNodes: [b.node as NodeId] }));
    const job = {
      id: 1,
      inputBytes: maps.reduce((s, m) => s + m.inputBytes, 0),
      reduceCount: 2,
      mapCount: maps.length,
      map: (i: number) => maps[i]!,
      inputOnRack: (rack: RackId) =>
        maps.filter((m) => rackOf(m.replicaNodes[0]!) === rack).reduce((s, m) => s + m.inputBytes, 0),
    } as unknown as JobView;
    const view = {
      topology: { rackCount, rackOf },
      predictor: { ratio: () => 1 },
    } as unknown as ClusterView;
    const plans = new JobPlans({ samp: true, sarp: false, mapCompletionThreshold: 0.05 });
    const preferred = plans.plan(job, view).preferredMapRacks!;
    for (let rack = -1; rack <= rackCount + 1; rack++) {
      expect(plans.prefersRack(job, view, rack as RackId), `rack ${rack}`).toBe(
        preferred.includes(rack as RackId),
      );
    }
  });
});
