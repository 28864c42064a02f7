import { createTestCluster } from '@rackwise/testkit';
import type { NodeId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { MIB, attachNas, finishMap, fixedContext, launched } from '../../test/nas-scene.js';
import { usersById } from '../../test/user-orders.js';
import { createNasPolicy } from '../create-nas-policy.js';
import type { NasEvidence } from '../nas-evidence.js';
import { cutMapGroups } from './map-groups.js';
import { LazySpaceRequest } from './mts.js';

// Default test topology: racks {0, 1} and {2, 3}; 2 map slots and 1 reduce slot per node;
// maps read 128 MiB; the predictor's ratio is 1 until a map completes (or a declared one).

describe('MTS (NAS Algorithm 2)', () => {
  it('launches a data-local, shuffle-qualified map (lines 3–4)', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [3] }, { replicas: [1] }] }] });
    attachNas(cluster);
    const decision = cluster.offer(1, 'map');
    expect(decision).toMatchObject({ type: 'launch', reason: 'mts/local-qualified' });
    expect(launched(decision)).toBe('job 0 map 1');
  });

  it('prefers a map of an unpredicted job among qualified local ones', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [0] }], declaredShuffleRatio: 0.5 }, { maps: [{ replicas: [0] }] }],
    });
    attachNas(cluster, { trafficThreshold: 1024 * MIB });
    expect(launched(cluster.offer(0, 'map'))).toBe('job 1 map 0');
  });

  it('then prefers the output closest to the available space', () => {
    const cluster = createTestCluster({
      jobs: [
        { maps: [{ replicas: [0] }], declaredShuffleRatio: 0.1 },
        { maps: [{ replicas: [0] }], declaredShuffleRatio: 0.5 },
        { maps: [{ replicas: [0] }], declaredShuffleRatio: 0.9 },
      ],
    });
    attachNas(cluster, { trafficThreshold: 100 * MIB }); // outputs 12.8, 64, 115.2 MiB
    expect(launched(cluster.offer(0, 'map'))).toBe('job 1 map 0');
  });

  it('skips a user whose local map would exceed the space, counting the skip (lines 18–19)', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [0] }] }] });
    const nas = attachNas(cluster, { trafficThreshold: 100 * MIB });
    expect(cluster.offer(0, 'map')).toEqual({ type: 'pass', reason: 'mts/skipped' });
    expect(nas.inspect.mapSkips('user:0')).toBe(1);
  });

  it('subtracts the predicted output of the maps running on the node', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [0] }, { replicas: [0] }] }] });
    attachNas(cluster, { trafficThreshold: 200 * MIB });
    expect(cluster.offer(0, 'map').reason).toBe('mts/local-qualified');
    expect(cluster.offer(0, 'map').reason).toBe('mts/skipped'); // 200 − 128 < 128
  });

  it.each([
    ['pseudocode', 2, 'mts/max-skips-qualified'],
    ['prose', 0, 'mts/skipped'],
  ] as const)(
    'after D^m skips launches a shuffle-qualified map without locality (lines 6–12); the %s reading leaves D_i^m at %i',
    (reading, after, next) => {
      const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [3] }, { replicas: [3] }] }] });
      const nas = attachNas(cluster, { maxMapSkips: 2, skipCounterResets: reading });
      expect(cluster.offer(0, 'map').reason).toBe('mts/skipped');
      expect(cluster.offer(0, 'map').reason).toBe('mts/skipped');
      expect(nas.inspect.mapSkips('user:0')).toBe(2);
      expect(cluster.offer(0, 'map').reason).toBe('mts/max-skips-qualified');
      expect(nas.inspect.mapSkips('user:0')).toBe(after);
      // The user's next non-local map: launched at once (pseudocode) or skipped again (prose).
      expect(cluster.offer(1, 'map').reason).toBe(next);
    },
  );

  it('skips the first user and serves the next one on the same offer', () => {
    const cluster = createTestCluster({
      jobs: [
        { user: 0, maps: [{ replicas: [3] }] },
        { user: 1, maps: [{ replicas: [0] }] },
      ],
    });
    const nas = attachNas(cluster);
    expect(launched(cluster.offer(0, 'map'))).toBe('job 1 map 0');
    expect(nas.inspect.mapSkips('user:0')).toBe(1);
    expect(nas.inspect.mapSkips('user:1')).toBe(0);
  });

  it('orders the categories small/large input × unpredicted/predicted (lines 9–12)', () => {
    const small = 2 * MIB;
    const cluster = createTestCluster({
      jobs: [
        { maps: [{ replicas: [3] }], declaredShuffleRatio: 1 }, // 0: large, predicted
        { maps: [{ replicas: [3] }] }, // 1: large, unpredicted
        { maps: [{ replicas: [3], inputBytes: small }], declaredShuffleRatio: 1 }, // 2: small, predicted
        { maps: [{ replicas: [3], inputBytes: small }] }, // 3: small, unpredicted
      ],
    });
    attachNas(cluster, { maxMapSkips: 0, trafficThreshold: 1024 * MIB });
    const order = [0, 0, 1, 1].map((node) => launched(cluster.offer(node, 'map')));
    expect(order).toEqual(['job 3 map 0', 'job 2 map 0', 'job 1 map 0', 'job 0 map 0']);
  });

  it('orders a category by MapCost (v · input), then by output closest to the space', () => {
    const cluster = createTestCluster({
      jobs: [
        {
          maps: [
            { replicas: [2] }, // remote: 2 · 128 MiB
            { replicas: [1] }, // rack-local: 128 MiB
            { replicas: [3], inputBytes: 40 * MIB }, // remote: 2 · 40 MiB, the least cost
          ],
          declaredShuffleRatio: 0.5,
        },
      ],
    });
    attachNas(cluster, { maxMapSkips: 0, trafficThreshold: 1024 * MIB });
    expect(launched(cluster.offer(0, 'map'))).toBe('job 0 map 2');
    expect(launched(cluster.offer(0, 'map'))).toBe('job 0 map 1');

    const tie = createTestCluster({
      jobs: [
        { maps: [{ replicas: [1] }], declaredShuffleRatio: 0.1 },
        { maps: [{ replicas: [1] }], declaredShuffleRatio: 0.5 },
      ],
    });
    attachNas(tie, { maxMapSkips: 0, trafficThreshold: 100 * MIB });
    expect(launched(tie.offer(0, 'map'))).toBe('job 1 map 0');
  });

  it('breaks a MapCost tie between localities on the output closest to the space', () => {
    // From node 0: map 0 is remote (2 · 32 MiB), map 1 rack-local (1 · 64 MiB): equal cost,
    // and map 1's output (32 MiB) leaves the smaller gap.
    const cluster = createTestCluster({
      jobs: [
        {
          maps: [
            { replicas: [3], inputBytes: 32 * MIB },
            { replicas: [1], inputBytes: 64 * MIB },
          ],
          declaredShuffleRatio: 0.5,
        },
      ],
    });
    attachNas(cluster, { maxMapSkips: 0, trafficThreshold: 1024 * MIB });
    expect(launched(cluster.offer(0, 'map'))).toBe('job 0 map 1');
  });

  it('with outputs tied and nothing local, takes the cheaper locality (line 16)', () => {
    const cluster = createTestCluster({
      jobs: [
        {
          maps: [
            { replicas: [3], inputBytes: 10 * MIB },
            { replicas: [1], inputBytes: 10 * MIB },
          ],
        },
      ],
    });
    attachNas(cluster, { maxMapSkips: 0, trafficThreshold: MIB });
    const decision = cluster.offer(0, 'map');
    expect(decision.reason).toBe('mts/max-skips-smallest');
    expect(launched(decision)).toBe('job 0 map 1');
  });

  it('with no shuffle-qualified map, takes a data-local map of least output, else the least output (lines 13–16)', () => {
    const cluster = createTestCluster({
      jobs: [
        {
          maps: [
            { replicas: [0] },
            { replicas: [0], inputBytes: 100 * MIB },
            { replicas: [3], inputBytes: 10 * MIB },
          ],
        },
      ],
    });
    attachNas(cluster, { maxMapSkips: 0, trafficThreshold: MIB });
    const first = cluster.offer(0, 'map');
    expect(first.reason).toBe('mts/max-skips-local');
    expect(launched(first)).toBe('job 0 map 1');
    expect(cluster.offer(0, 'map').reason).toBe('mts/max-skips-local');
    const third = cluster.offer(1, 'map');
    expect(third.reason).toBe('mts/max-skips-smallest');
    expect(launched(third)).toBe('job 0 map 2');
  });

  it('passes when no user has a pending map', () => {
    const cluster = createTestCluster();
    attachNas(cluster);
    expect(cluster.offer(0, 'map')).toEqual({ type: 'pass', reason: 'mts/no-pending-map' });
  });

  it('computes TrafficThreshold by eq. 3 and refreshes it periodically', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: 4 }, { maps: 4, declaredShuffleRatio: 0.25 }],
    });
    const nas = attachNas(cluster);
    cluster.offer(3, 'reduce'); // any offer refreshes a due threshold
    // m = 2 map slots per node; Σ S = 4 · 128 + 4 · 32 MiB; Σ K = 8.
    expect(nas.inspect.trafficThreshold()).toBe((2 * 640 * MIB) / 8);

    finishMap(cluster, 0, 0, 0, 0); // job 0 observed: ratio 0, Σ S = 128 MiB
    cluster.offer(3, 'reduce'); // any offer refreshes a due threshold
    expect(nas.inspect.trafficThreshold()).toBe((2 * 640 * MIB) / 8); // not yet refreshed
    cluster.advance(1);
    cluster.offer(3, 'reduce'); // any offer refreshes a due threshold
    expect(nas.inspect.trafficThreshold()).toBe((2 * 128 * MIB) / 8);
  });

  it('refreshes TrafficThreshold on every tick', () => {
    const cluster = createTestCluster({ jobs: [{ maps: 2 }] });
    const nas = attachNas(cluster);
    cluster.tick();
    expect(nas.inspect.trafficThreshold()).toBe(2 * 128 * MIB);
    cluster.submit({ maps: 2, declaredShuffleRatio: 0 });
    cluster.tick();
    expect(nas.inspect.trafficThreshold()).toBe((2 * 256 * MIB) / 4);
  });

  it('ignores TrafficThreshold without the mechanism (nas-no-tt)', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [0] }] }] });
    const nas = attachNas(cluster, { trafficThreshold: MIB, useTrafficThreshold: false });
    expect(cluster.offer(0, 'map').reason).toBe('mts/local-qualified');
    expect(nas.inspect.trafficThreshold()).toBe(Number.POSITIVE_INFINITY);
  });

  it('with a maximum wait instead of a skip count, lifts the constraint after that many seconds', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [3] }] }] });
    attachNas(cluster, { maxWait: 5, maxMapSkips: 0 });
    expect(cluster.offer(0, 'map').reason).toBe('mts/skipped');
    cluster.advance(3);
    expect(cluster.offer(0, 'map').reason).toBe('mts/skipped');
    cluster.advance(2);
    expect(cluster.offer(0, 'map').reason).toBe('mts/max-skips-qualified');
  });

  it('with a maximum wait, its evidence gives the wait so far and the maximum, beside the skip count', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [3] }] }] });
    cluster.attach(
      createNasPolicy(
        { userOrder: usersById, maxWait: 5, maxMapSkips: 0 },
        { ...fixedContext, recordEvidence: true },
      ),
    );
    cluster.offer(0, 'map');
    cluster.advance(3);
    const skipped = (cluster.offer(0, 'map').evidence as NasEvidence).skipped;
    expect(skipped).toEqual([
      { group: 'user:0', jobs: [0], jobCount: 1, skips: 2, maxSkips: 0, waitedSeconds: 3, maxWaitSeconds: 5 },
    ]);
  });

  it('with skip counts, its evidence carries no wait', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [3] }] }] });
    cluster.attach(
      createNasPolicy({ userOrder: usersById, maxMapSkips: 4 }, { ...fixedContext, recordEvidence: true }),
    );
    const skipped = (cluster.offer(0, 'map').evidence as NasEvidence).skipped;
    expect(skipped).toEqual([{ group: 'user:0', jobs: [0], jobCount: 1, skips: 1, maxSkips: 4 }]);
  });
});

describe('LazySpaceRequest', () => {
  it('finds the free map-output space when first read, and only once', () => {
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [0] }] }] });
    const looks: number[] = [];
    const request = new LazySpaceRequest(
      { view: cluster.view, node: 0 as NodeId, kind: 'map' },
      cutMapGroups([], false),
      (_view, node) => {
        looks.push(node);
        return 42 * MIB;
      },
    );
    expect(looks).toEqual([]);
    expect(request.space).toBe(42 * MIB);
    expect(request.space).toBe(42 * MIB);
    expect(looks).toEqual([0]);
    expect(request.skipped).toBeUndefined();
  });
});
