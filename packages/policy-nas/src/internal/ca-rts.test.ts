import { createTestCluster } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { MIB, attachNas, finishMap, launched } from '../../test/nas-scene.js';

// Racks {0, 1} and {2, 3}, one reduce slot per node. A job's class follows its predicted
// shuffle (ratio of completed maps × input): output 0.25 MiB of a 128 MiB map is light,
// 20 MiB medium, 128 MiB heavy (two maps: 0.5, 40 and 256 MiB).
const LIGHT = 0.25 * MIB;
const MEDIUM = 20 * MIB;
const HEAVY = 128 * MIB;

/** A job of two maps (blocks on nodes 0 and 1) and `reduces` reduces. */
const twoMaps = (user = 0, reduces = 2) => ({ user, maps: [{ replicas: [0] }, { replicas: [1] }], reduces });

describe('CA-RTS (NAS Algorithm 3)', () => {
  it('only serves jobs past their map completion threshold', () => {
    const cluster = createTestCluster({ jobs: [twoMaps()] });
    attachNas(cluster);
    expect(cluster.offer(0, 'reduce')).toEqual({ type: 'pass', reason: 'ca-rts/no-ready-reduce' });
  });

  it('serves shuffle-heavy jobs first while their ReduceNum on the rack is unmet (line 3)', () => {
    const cluster = createTestCluster({ jobs: [twoMaps(), twoMaps(), twoMaps()] });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, LIGHT);
    finishMap(cluster, 1, 0, 0, MEDIUM);
    finishMap(cluster, 2, 0, 0, HEAVY);
    const first = cluster.offer(0, 'reduce');
    expect(first.reason).toBe('ca-rts/unmet-heavy');
    expect(launched(first)).toBe('job 2 reduce 0');
    expect(cluster.offer(1, 'reduce').reason).toBe('ca-rts/unmet-heavy'); // 2 reduces, both due on rack 0
  });

  it('then medium and light with ReduceNum unmet (lines 4–5)', () => {
    const cluster = createTestCluster({ jobs: [twoMaps(0, 1), twoMaps(0, 1)] });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, LIGHT);
    finishMap(cluster, 1, 0, 0, MEDIUM);
    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 1 reduce 0');
    const next = cluster.offer(1, 'reduce');
    expect(next.reason).toBe('ca-rts/unmet-light');
    expect(launched(next)).toBe('job 0 reduce 0');
  });

  it('reverses the class order where ReduceNum is met: light, medium, heavy (lines 6–8)', () => {
    const cluster = createTestCluster({ jobs: [twoMaps(0, 1), twoMaps(0, 1), twoMaps(0, 1)] });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY);
    finishMap(cluster, 1, 0, 0, MEDIUM);
    finishMap(cluster, 2, 0, 0, LIGHT);
    // Rack 1 holds no map output: every job's ReduceNum there is 0, already met.
    expect(cluster.offer(2, 'reduce').reason).toBe('ca-rts/met-light');
    expect(cluster.offer(3, 'reduce').reason).toBe('ca-rts/met-medium');
  });

  it('puts an unmet light job before a met heavy one', () => {
    const cluster = createTestCluster({
      jobs: [twoMaps(), { maps: [{ replicas: [2] }, { replicas: [3] }], reduces: 2 }],
    });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY); // output on rack 0
    finishMap(cluster, 1, 0, 2, LIGHT); // output on rack 1
    const decision = cluster.offer(2, 'reduce');
    expect(decision.reason).toBe('ca-rts/unmet-light');
    expect(launched(decision)).toBe('job 1 reduce 0');
  });

  it('places reduces per rack by eq. 4 and switches to met once ReduceNum is reached', () => {
    const maps = [0, 1, 2, 3].map((n) => ({ replicas: [n] }));
    const cluster = createTestCluster({ jobs: [{ maps, reduces: 4 }] });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY);
    finishMap(cluster, 0, 1, 1, HEAVY);
    finishMap(cluster, 0, 2, 1, HEAVY);
    finishMap(cluster, 0, 3, 2, HEAVY); // 3/4 of the output on rack 0, 1/4 on rack 1
    expect(cluster.offer(2, 'reduce').reason).toBe('ca-rts/unmet-heavy'); // ReduceNum on rack 1: 1
    expect(cluster.offer(3, 'reduce').reason).toBe('ca-rts/met-heavy');
    expect(cluster.offer(0, 'reduce').reason).toBe('ca-rts/unmet-heavy'); // ReduceNum on rack 0: 3
  });

  it('inside a category puts jobs with delayed reduces first, then jobs with all maps done', () => {
    const cluster = createTestCluster({
      jobs: [
        { maps: [{ replicas: [0] }, { replicas: [1] }, { replicas: [0] }], reduces: 1 }, // 0: largest shuffle
        twoMaps(0, 1), // 1: all maps done below
        twoMaps(0, 1), // 2: delayed below
      ],
    });
    const nas = attachNas(cluster);
    finishMap(cluster, 2, 0, 0, HEAVY);
    cluster.setRackUtilisation(1, 0.9);
    expect(cluster.offer(2, 'reduce').reason).toBe('cr-rts/skipped'); // tags job 2 delayed
    expect(nas.inspect.isDelayed(2 as never)).toBe(true);
    cluster.setRackUtilisation(1, 0);
    finishMap(cluster, 0, 0, 0, HEAVY);
    finishMap(cluster, 1, 0, 0, HEAVY);
    finishMap(cluster, 1, 1, 1, HEAVY);

    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 2 reduce 0'); // delayed
    expect(nas.inspect.isDelayed(2 as never)).toBe(false); // no waiting reduce left
    expect(launched(cluster.offer(1, 'reduce'))).toBe('job 1 reduce 0'); // MapProgressRate = 100 %
  });

  it('prefers the larger shuffle while unmet and the smaller once met', () => {
    const cluster = createTestCluster({
      jobs: [twoMaps(), { maps: [{ replicas: [0] }, { replicas: [1] }, { replicas: [0] }], reduces: 2 }],
    });
    attachNas(cluster);
    finishMap(cluster, 0, 0, 0, HEAVY); // 256 MiB predicted
    finishMap(cluster, 1, 0, 0, HEAVY); // 384 MiB predicted
    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 1 reduce 0');
    expect(launched(cluster.offer(2, 'reduce'))).toBe('job 0 reduce 0'); // met on rack 1
  });

  it('takes the first user of the list that has a ready reduce', () => {
    const cluster = createTestCluster({ jobs: [twoMaps(0), twoMaps(1)] });
    const nas = attachNas(cluster);
    finishMap(cluster, 1, 0, 0, LIGHT);
    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 1 reduce 0');
    expect(nas.inspect.reduceSkips('user:0')).toBe(0);
  });
});
