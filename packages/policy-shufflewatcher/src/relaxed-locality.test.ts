import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { Decision } from '@rackwise/types';
import { describe, expect, test } from 'vitest';
import { CONTAINER_TOPOLOGY, finishMap, sceneMaker, taskName } from '../test/scenes.js';
import { fixedUserOrder } from '../test/user-orders.js';
import { SW_RELAXED_LOCALITY } from './shufflewatcher-config.js';

const scene = sceneMaker(createTestCluster, createTestUserOrder('user'), { topology: CONTAINER_TOPOLOGY });
const launched = (d: Decision): string =>
  d.type === 'launch' ? `${taskName(d.task)} ${d.reason}` : `pass ${d.reason}`;

describe('relaxed locality (SW-relaxed, §3.4 and §5.2)', () => {
  test('a user with only a remote map waits 5 s for node locality and 5 s more for rack locality', () => {
    const { cluster } = scene({ relaxedLocality: SW_RELAXED_LOCALITY, samp: false });
    cluster.submit({ maps: [{ replicas: [3] }] });
    expect(launched(cluster.offer(0))).toBe('pass shufflewatcher/locality-wait');
    cluster.setTime(5);
    expect(launched(cluster.offer(0))).toBe('pass shufflewatcher/locality-wait');
    cluster.setTime(10);
    expect(launched(cluster.offer(0))).toBe('job 0 map 0 nass/unsaturated-map-any');
  });

  test('after the node wait, a rack-local map may launch', () => {
    const { cluster } = scene({ relaxedLocality: SW_RELAXED_LOCALITY, samp: false });
    cluster.submit({ maps: [{ replicas: [1] }] });
    expect(cluster.offer(0).type).toBe('pass');
    cluster.setTime(5);
    expect(launched(cluster.offer(0))).toBe('job 0 map 0 nass/unsaturated-map-rack-local');
  });

  test('a waiting user is passed over and the next user in the order gets the slot', () => {
    const { cluster } = scene({ relaxedLocality: SW_RELAXED_LOCALITY, userOrder: fixedUserOrder([0, 1]) });
    cluster.submit({ user: 0, maps: [{ replicas: [3] }] });
    cluster.submit({ user: 1, maps: [{ replicas: [0] }] });
    expect(launched(cluster.offer(0))).toBe('job 1 map 0 nass/unsaturated-map-preferred-rack');
  });

  test('reduces are not delayed for locality', () => {
    const { cluster } = scene({ relaxedLocality: SW_RELAXED_LOCALITY });
    cluster.submit({ maps: [{ replicas: [3] }, { replicas: [3] }], reduces: 1 });
    finishMap(cluster, 0, 0, 3, 1);
    expect(launched(cluster.offer(0))).toBe('job 0 reduce 0 nass/unsaturated-reduce-any');
    expect(launched(cluster.offer(0))).toBe('pass shufflewatcher/locality-wait');
  });

  test('a job SAMP placed on the rack may read across racks once the node wait is over', () => {
    const { cluster } = scene({ relaxedLocality: SW_RELAXED_LOCALITY });
    cluster.submit({
      maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [0] }, { replicas: [2] }],
      reduces: 1,
      declaredShuffleRatio: 4,
    });
    for (const index of [0, 1, 2]) cluster.launch(cluster.mapOf(0, index), 0);
    expect(cluster.offer(1).type).toBe('pass');
    cluster.setTime(5);
    expect(launched(cluster.offer(1))).toBe('job 0 map 3 nass/unsaturated-map-preferred-rack');
  });
});
