import { fc, test } from '@fast-check/vitest';
import { simulate } from '@rackwise/engine';
import { createFairUserOrder } from '@rackwise/policy-fair';
import { createNasPolicy } from '@rackwise/policy-nas';
import { arbWorkload } from '@rackwise/testkit';
import { buildTopology } from '@rackwise/topology';
import type { SchedulerPolicy } from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';
import { describe, expect, it } from 'vitest';
import { unversioned } from '../test/unversioned-view.js';

/**
 * NAS keeps answers per cluster state (`stateVersion`): the user order, whether any map is
 * pending, and the users MTS walks with CR-RTS's pause applied. A run must be the same
 * when every call sees a view without `stateVersion`, where each is computed afresh —
 * over random workloads on narrow rack links, so that CR-RTS runs and pauses maps.
 */
const jobsArb = arbWorkload({
  minJobs: 2,
  users: 5,
  maxMaps: 10,
  maxReduces: 4,
  maxJobs: 12,
  maxGap: 4,
  blockBytes: 16 * 2 ** 20,
  queues: ['default'],
});

const configArb = fc.record({
  mapPauseScope: fc.constantFrom('rack' as const, 'cluster' as const),
  mapPauseJobs: fc.constantFrom('non-light' as const, 'predicted' as const, 'before-slowstart' as const),
  congestionThreshold: fc.constantFrom(0.2, 0.8),
  maxMapSkips: fc.constantFrom(0, 3, 135),
  skipCounterResets: fc.constantFrom('pseudocode' as const, 'prose' as const),
});

/** A policy that hands its inner policy views without `stateVersion`. */
function uncached(inner: SchedulerPolicy): SchedulerPolicy {
  return {
    ...inner,
    assign: (offer, view) => inner.assign(offer, unversioned(view)),
    onJobSubmitted: (job, view) => inner.onJobSubmitted?.(job, unversioned(view)),
    onJobCompleted: (job, view) => inner.onJobCompleted?.(job, unversioned(view)),
    onTaskStarted: (event, view) => inner.onTaskStarted?.(event, unversioned(view)),
    onTaskCompleted: (event, view) => inner.onTaskCompleted?.(event, unversioned(view)),
    onTick: (view) => inner.onTick?.(unversioned(view)),
  };
}

describe('NAS answers kept per cluster state', () => {
  const seen = new Set<string>();
  test.prop([configArb, fc.boolean(), jobsArb], { numRuns: 60 })(
    'give the run that computing every answer afresh gives',
    (config, containers, jobs) => {
      const topology = buildTopology({
        racks: 3,
        nodesPerRack: 2,
        slots: containers
          ? { model: 'container', containers: 3 }
          : { model: 'split', mapSlots: 2, reduceSlots: 1 },
        nicCapacity: 1e9,
        rackUplinkCapacity: 2e8,
        rackDownlinkCapacity: 2e8,
      });
      const run = (wrap: (policy: SchedulerPolicy) => SchedulerPolicy) => {
        const decisions: string[] = [];
        const result = simulate({
          topology,
          workload: { name: 'nas-caches', jobs, placement: hdfsPlacement({ replication: 2 }) },
          policy: (context): SchedulerPolicy => {
            const nas = wrap(createNasPolicy({ ...config, userOrder: createFairUserOrder() }, context));
            return {
              ...nas,
              assign(offer, view) {
                const decision = nas.assign(offer, view);
                decisions.push(`${view.now}:${offer.node}:${decision.reason ?? decision.type}`);
                return decision;
              },
            };
          },
          seed: 1,
          parameters: { maxTime: 50_000 },
          metrics: { recordSeries: false },
        });
        return { decisions, finish: result.jobs.map((j) => j.completionTime) };
      };
      const cached = run((p) => p);
      const fresh = run(uncached);
      expect(cached.finish).toEqual(fresh.finish);
      expect(cached.decisions).toEqual(fresh.decisions);
      for (const d of cached.decisions) seen.add(d.slice(d.lastIndexOf(':') + 1));
    },
  );

  it('reached the cached paths: skips, CR-RTS and its map pause', () => {
    for (const reason of ['mts/skipped', 'mts/local-qualified', 'mts/paused-by-cr-rts']) {
      expect(seen).toContain(reason);
    }
    expect([...seen].some((r) => r.startsWith('cr-rts/'))).toBe(true);
  });
});
