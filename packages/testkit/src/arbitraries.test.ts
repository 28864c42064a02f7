import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { arbOffer, arbTestCluster, arbTopologySpec, arbWorkload } from './arbitraries.js';
import { createTestTopology } from './test-topology.js';

describe('arbitraries', () => {
  test.prop([arbWorkload({ maxJobs: 8 })])(
    'workloads are valid JobSpec lists in submission order',
    (jobs) => {
      for (const [i, job] of jobs.entries()) {
        expect(job.mapCount).toBeGreaterThanOrEqual(1);
        const last = job.inputBytes - (job.mapCount - 1) * job.blockBytes;
        expect(last).toBeGreaterThan(0);
        expect(last).toBeLessThanOrEqual(job.blockBytes);
        if (job.reduceCount === 0) expect(job.shuffleBytes).toBe(0);
        if (i > 0) expect(job.submitTime).toBeGreaterThanOrEqual(jobs[i - 1]!.submitTime);
      }
    },
  );

  test.prop([arbTopologySpec().chain((spec) => fc.tuple(fc.constant(spec), arbOffer(spec)))])(
    'offers name a node of the topology and a slot kind it has',
    ([spec, offer]) => {
      const topology = createTestTopology(spec);
      expect(offer.node).toBeLessThan(topology.nodeCount);
      expect(topology.slotsOf(offer.node, offer.kind)).toBeGreaterThan(0);
    },
  );

  test.prop([arbTestCluster()])('random scenes never exceed a slot', (cluster) => {
    const { view, topology } = cluster;
    for (let n = 0; n < topology.nodeCount; n++) {
      for (const kind of ['map', 'reduce', 'container'] as const) {
        const free = view.freeSlots(n as never, kind);
        expect(free).toBeGreaterThanOrEqual(0);
        expect(free).toBeLessThanOrEqual(topology.slotsOf(n as never, kind));
      }
    }
    for (const job of view.activeJobs()) {
      const states = (['pending', 'running', 'suspended', 'completed'] as const).map((s) =>
        job.count('map', s),
      );
      expect(states.reduce((a, b) => a + b, 0)).toBe(job.mapCount);
      if (job.count('reduce', 'running') > 0) expect(job.reducesReady).toBe(true);
    }
  });
});
