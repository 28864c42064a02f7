import { createTestCluster } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { MIB, attachNas, finishMap, launched } from '../../test/nas-scene.js';

const LIGHT = 0.25 * MIB;
const MEDIUM = 20 * MIB;
const HEAVY = 128 * MIB;
const twoMaps = (user = 0, reduces = 2) => ({ user, maps: [{ replicas: [0] }, { replicas: [1] }], reduces });

describe('Algorithm 1: the congestion check', () => {
  it('sends a reduce request to CR-RTS at or above CongestionThreshold on either rack link', () => {
    const cluster = createTestCluster({ jobs: [twoMaps()] });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY);
    cluster.setRackUtilisation(0, 0.8, 'down');
    expect(cluster.offer(0, 'reduce').reason).toBe('cr-rts/skipped');
    expect(cluster.offer(2, 'reduce').reason).toBe('ca-rts/met-heavy'); // rack 1 is not congested
  });

  it('keeps CA-RTS under congestion without CR-RTS (nas-mts-ca) and Fair-like reduces without either (nas-mts)', () => {
    const cluster = createTestCluster({ jobs: [twoMaps()] });
    finishMap(cluster, 0, 0, 0, HEAVY);
    cluster.setRackUtilisation(0, 1);
    attachNas(cluster, { useCrRts: false });
    expect(cluster.offer(0, 'reduce').reason).toBe('ca-rts/unmet-heavy');
    attachNas(cluster, { useCrRts: false, useCaRts: false });
    expect(cluster.offer(1, 'reduce').reason).toBe('nas/fair-reduce');
  });
});

describe('CR-RTS (NAS Algorithm 4)', () => {
  it('launches a reduce of a shuffle-light job and tags the medium and heavy ones delayed (lines 3–4)', () => {
    const cluster = createTestCluster({ jobs: [twoMaps(), twoMaps(), twoMaps()] });
    const nas = attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY);
    finishMap(cluster, 1, 0, 0, MEDIUM);
    finishMap(cluster, 2, 0, 0, LIGHT);
    cluster.setRackUtilisation(0, 0.95);
    const decision = cluster.offer(0, 'reduce');
    expect(decision.reason).toBe('cr-rts/light');
    expect(launched(decision)).toBe('job 2 reduce 0');
    expect([0, 1, 2].map((j) => nas.inspect.isDelayed(j as never))).toEqual([true, true, false]);
    expect(nas.inspect.crRtsRacks()).toEqual([0]);
  });

  it('skips a user without shuffle-light jobs, counting the skip, and serves the next (lines 5–6)', () => {
    const cluster = createTestCluster({ jobs: [twoMaps(0), twoMaps(1)] });
    const nas = attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY);
    finishMap(cluster, 1, 0, 0, LIGHT);
    cluster.setRackUtilisation(0, 0.9);
    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 1 reduce 0');
    expect(nas.inspect.reduceSkips('user:0')).toBe(1);
  });

  it.each([
    ['pseudocode', 2, 'cr-rts/max-skips'],
    ['prose', 0, 'cr-rts/skipped'],
  ] as const)(
    'after D^r skips launches a reduce of any job (lines 8–9); the %s reading leaves D_i^r at %i',
    (reading, after, next) => {
      const cluster = createTestCluster({ jobs: [twoMaps(0, 3)] });
      const nas = attachNas(cluster, { maxReduceSkips: 2, skipCounterResets: reading });
      finishMap(cluster, 0, 0, 0, HEAVY);
      cluster.setRackUtilisation(0, 0.9);
      expect(cluster.offer(0, 'reduce')).toEqual({ type: 'pass', reason: 'cr-rts/skipped' });
      expect(cluster.offer(0, 'reduce')).toEqual({ type: 'pass', reason: 'cr-rts/skipped' });
      expect(nas.inspect.reduceSkips('user:0')).toBe(2);
      expect(cluster.offer(0, 'reduce').reason).toBe('cr-rts/max-skips');
      expect(nas.inspect.reduceSkips('user:0')).toBe(after);
      // The next congested request: still at the maximum (pseudocode) or skipped again (prose).
      cluster.setRackUtilisation(1, 0.9);
      expect(cluster.offer(2, 'reduce').reason).toBe(next);
    },
  );

  it('stops MTS from launching maps of medium and heavy jobs until the rack is uncongested (§III-E)', () => {
    const cluster = createTestCluster({
      jobs: [
        { maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [2] }], reduces: 1 }, // heavy
        { maps: [{ replicas: [0] }], declaredShuffleRatio: 0.001 }, // light
      ],
    });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY);
    cluster.setRackUtilisation(0, 0.9);
    expect(cluster.offer(0, 'reduce').reason).toBe('cr-rts/skipped');
    expect(launched(cluster.offer(0, 'map'))).toBe('job 1 map 0');
    expect(cluster.offer(0, 'map')).toEqual({ type: 'pass', reason: 'mts/paused-by-cr-rts' });
    cluster.setRackUtilisation(0, 0.5);
    expect(launched(cluster.offer(0, 'map'))).toBe('job 0 map 1');
  });

  it('pauses maps on the congested rack only, or everywhere with mapPauseScope cluster', () => {
    for (const scope of ['rack', 'cluster'] as const) {
      const cluster = createTestCluster({
        jobs: [{ maps: [{ replicas: [0] }, { replicas: [2] }, { replicas: [3] }], reduces: 1 }],
      });
      attachNas(cluster, { mapPauseScope: scope });
      finishMap(cluster, 0, 0, 0, HEAVY);
      cluster.setRackUtilisation(0, 0.9);
      cluster.offer(0, 'reduce');
      expect(cluster.offer(1, 'map').reason).toBe('mts/paused-by-cr-rts');
      expect(cluster.offer(2, 'map').reason).toBe(
        scope === 'rack' ? 'mts/local-qualified' : 'mts/paused-by-cr-rts',
      );
    }
  });

  it.each([
    ['non-light', undefined],
    ['predicted', 'job 1 map 0'],
    ['before-slowstart', 'job 0 map 1'],
  ] as const)('with mapPauseJobs %s the pause holds the jobs that reading names', (reading, expected) => {
    // Job 0: predicted heavy, past slowstart. Job 1: unpredicted, heavy by its initial ratio of 1.
    const cluster = createTestCluster({
      mapCompletionThreshold: 0.5,
      jobs: [
        { user: 0, maps: [{ replicas: [0] }, { replicas: [0] }], reduces: 1 },
        { user: 1, maps: [{ replicas: [0] }, { replicas: [0] }], reduces: 1 },
      ],
    });
    attachNas(cluster, { mapPauseJobs: reading, trafficThreshold: 1024 * MIB });
    finishMap(cluster, 0, 0, 0, HEAVY);
    cluster.setRackUtilisation(0, 0.9);
    expect(cluster.offer(0, 'reduce').reason).toBe('cr-rts/skipped');
    const decision = cluster.offer(0, 'map');
    if (expected === undefined) expect(decision).toEqual({ type: 'pass', reason: 'mts/paused-by-cr-rts' });
    else expect(launched(decision)).toBe(expected);
  });

  it('never pauses maps without CR-RTS', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [0] }, { replicas: [0] }], reduces: 1 }],
    });
    attachNas(cluster, { useCrRts: false });
    finishMap(cluster, 0, 0, 0, HEAVY);
    cluster.setRackUtilisation(0, 0.9);
    cluster.offer(0, 'reduce');
    expect(cluster.offer(0, 'map').reason).toBe('mts/local-qualified');
  });
});
