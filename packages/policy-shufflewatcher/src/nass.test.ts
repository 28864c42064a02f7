import { createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { Decision } from '@rackwise/types';
import { describe, expect, test } from 'vitest';
import { CONTAINER_TOPOLOGY, finishMap, sceneMaker, taskName } from '../test/scenes.js';
import { fixedUserOrder } from '../test/user-orders.js';

const scene = sceneMaker(createTestCluster, createTestUserOrder('user'), { topology: CONTAINER_TOPOLOGY });
const launched = (d: Decision): string =>
  d.type === 'launch' ? `${taskName(d.task)} ${d.reason}` : `pass ${d.reason}`;

describe('NASS (Fig. 3)', () => {
  test('network not saturated: a reduce before a map (lines 12–18); saturated: a map first (lines 3–9)', () => {
    const { cluster } = scene();
    cluster.submit({ maps: [{ replicas: [0] }, { replicas: [0] }], reduces: 2, declaredShuffleRatio: 2 });
    finishMap(cluster, 0, 0, 0, 2);
    expect(launched(cluster.offer(0))).toBe('job 0 reduce 0 nass/unsaturated-reduce-heavy-sarp');
    cluster.setRackUtilisation(0, 0.9);
    expect(launched(cluster.offer(0))).toBe('job 0 map 1 nass/saturated-map-preferred-rack');
  });

  test('saturated, no map left: shuffle-light reduces, then heavy ones with an unmet SARP quota, then any', () => {
    const { cluster } = scene();
    cluster.submit({ maps: [{ replicas: [0] }], reduces: 2 }); // job 0: heavy, output on rack 0
    cluster.submit({ maps: [{ replicas: [2] }], reduces: 1 }); // job 1: light
    finishMap(cluster, 0, 0, 0, 2);
    finishMap(cluster, 1, 0, 2, 0.5);
    cluster.setRackUtilisation(0, 0.9);
    cluster.setRackUtilisation(1, 0.9);
    expect(launched(cluster.offer(2))).toBe('job 1 reduce 0 nass/saturated-reduce-light');
    // Job 0's intermediate data is all on rack 0: SARP wants both reduces there.
    expect(launched(cluster.offer(2))).toBe('job 0 reduce 0 nass/saturated-reduce-any');
    expect(launched(cluster.offer(0))).toBe('job 0 reduce 1 nass/saturated-reduce-heavy-sarp');
  });

  test('not saturated: heavy reduces with an unmet quota, any heavy reduce, then light ones (lines 13–15)', () => {
    const { cluster } = scene();
    cluster.submit({ maps: [{ replicas: [2] }], reduces: 1 }); // job 0: light, arrived first
    cluster.submit({ maps: [{ replicas: [0] }], reduces: 2 }); // job 1: heavy, output on rack 0
    finishMap(cluster, 0, 0, 2, 0.5);
    finishMap(cluster, 1, 0, 0, 3);
    expect(launched(cluster.offer(2))).toBe('job 1 reduce 0 nass/unsaturated-reduce-heavy');
    expect(launched(cluster.offer(0))).toBe('job 1 reduce 1 nass/unsaturated-reduce-heavy-sarp');
    expect(launched(cluster.offer(0))).toBe('job 0 reduce 0 nass/unsaturated-reduce-any');
  });

  test("line 4 before line 5: a map of a job preferring the rack beats another job's node-local map", () => {
    const { cluster, policy } = scene();
    // job 0: shuffle-heavy, prefers rack 1 (two of its three blocks), one block on node 1.
    cluster.submit({
      maps: [{ replicas: [1] }, { replicas: [3] }, { replicas: [3] }],
      reduces: 1,
      declaredShuffleRatio: 4,
    });
    expect(policy.jobState(0 as never)?.preferredMapRacks).toEqual([1]);
    // job 1: shuffle-heavy, 3 blocks on rack 0 and 1 on rack 1 — SAMP keeps it on rack 0.
    cluster.submit({
      maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [0] }, { replicas: [2] }],
      reduces: 2,
      declaredShuffleRatio: 4,
    });
    expect(policy.jobState(1 as never)?.preferredMapRacks).toEqual([0]);
    expect(policy.jobState(1 as never)?.tentativeReducesPerRack).toEqual([2, 0]);
    for (const index of [0, 1, 2]) cluster.launch(cluster.mapOf(1, index), 0);
    // Only job 1's remote block is left: SAMP accepts reading it across racks on rack 0.
    expect(launched(cluster.offer(1))).toBe('job 1 map 3 nass/unsaturated-map-preferred-rack');
    expect(launched(cluster.offer(1))).toBe('job 0 map 0 nass/unsaturated-map-node-local');
  });

  test('maps by locality: node-local, rack-local, then any, each in arrival order (lines 5–6)', () => {
    const { cluster } = scene({ samp: false });
    cluster.submit({ maps: [{ replicas: [3] }] });
    cluster.submit({ maps: [{ replicas: [1] }] });
    cluster.submit({ maps: [{ replicas: [0] }] });
    cluster.setRackUtilisation(0, 1);
    expect(launched(cluster.offer(0))).toBe('job 2 map 0 nass/saturated-map-node-local');
    expect(launched(cluster.offer(0))).toBe('job 1 map 0 nass/saturated-map-rack-local');
    expect(launched(cluster.offer(0))).toBe('job 0 map 0 nass/saturated-map-any');
    expect(launched(cluster.offer(0))).toBe('pass shufflewatcher/no-launchable-task');
  });

  test('split slots: a map slot runs a map and a reduce slot a reduce, whatever the network', () => {
    const { cluster } = scene(
      {},
      { topology: { racks: 2, nodesPerRack: 2, slots: { model: 'split', mapSlots: 2, reduceSlots: 1 } } },
    );
    cluster.submit({ maps: [{ replicas: [0] }, { replicas: [0] }], reduces: 1, declaredShuffleRatio: 2 });
    finishMap(cluster, 0, 0, 0, 2);
    expect(launched(cluster.offer(0, 'map'))).toBe('job 0 map 1 nass/unsaturated-map-preferred-rack');
    cluster.setRackUtilisation(0, 0.95);
    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 0 reduce 0 nass/saturated-reduce-heavy-sarp');
  });

  test('split slots with delayReducesInSplitSlots: a saturated reduce slot waits for the maps', () => {
    const split = {
      topology: { racks: 2, nodesPerRack: 2, slots: { model: 'split', mapSlots: 2, reduceSlots: 1 } },
    } as const;
    const { cluster } = scene({ delayReducesInSplitSlots: true }, split);
    cluster.submit({ maps: [{ replicas: [0] }, { replicas: [0] }], reduces: 1, declaredShuffleRatio: 2 });
    finishMap(cluster, 0, 0, 0, 2);
    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 0 reduce 0 nass/unsaturated-reduce-heavy-sarp');
    cluster.kill(cluster.reduceOf(0, 0));
    cluster.setRackUtilisation(0, 0.95);
    expect(launched(cluster.offer(0, 'reduce'))).toBe('pass nass/saturated-reduce-delayed');
    expect(launched(cluster.offer(0, 'map'))).toBe('job 0 map 1 nass/saturated-map-preferred-rack');
    expect(launched(cluster.offer(0, 'reduce'))).toBe('job 0 reduce 0 nass/saturated-reduce-heavy-sarp');
  });

  test('containers: a reduce never takes the last container from the maps it waits for (ramp-up limit)', () => {
    const { cluster } = scene(
      {},
      { topology: { racks: 1, nodesPerRack: 1, slots: { model: 'container', containers: 2 } } },
    );
    cluster.submit({ maps: [{ replicas: [0] }, { replicas: [0] }, { replicas: [0] }], reduces: 2 });
    finishMap(cluster, 0, 0, 0, 2);
    // ⌊0.5 × 2⌋ = 1 container may hold a reduce while maps are still to launch.
    expect(launched(cluster.offer(0))).toBe('job 0 reduce 0 nass/unsaturated-reduce-heavy-sarp');
    expect(launched(cluster.offer(0))).toBe('job 0 map 1 nass/unsaturated-map-preferred-rack');
  });

  test('the selected user always gets a task: a user with nothing to run is passed, the next is not', () => {
    const { cluster } = scene({ userOrder: fixedUserOrder([1, 0]) });
    cluster.submit({ user: 0, maps: [{ replicas: [0] }] });
    cluster.submit({ user: 1, maps: [{ replicas: [3] }, { replicas: [3] }], reduces: 1 });
    cluster.launch(cluster.mapOf(1, 0), 3);
    cluster.launch(cluster.mapOf(1, 1), 3);
    // User 1 comes first but has no task a slot could run yet (reduces before slowstart).
    expect(launched(cluster.offer(0))).toBe('job 0 map 0 nass/unsaturated-map-preferred-rack');
    cluster.submit({ user: 1, maps: [{ replicas: [3] }] });
    cluster.submit({ user: 0, maps: [{ replicas: [0] }] });
    // Now user 1 has a task: it gets the slot, though its map reads across racks.
    expect(launched(cluster.offer(0))).toBe('job 2 map 0 nass/unsaturated-map-any');
  });

  test('starvation window (§3.4): a job of an earlier window comes before the heuristics', () => {
    const build = (starvationWindow: number) => {
      const { cluster } = scene({ starvationWindow });
      cluster.setTime(100);
      cluster.submit({ maps: [{ replicas: [3] }] }); // window 0: a remote map for node 0
      cluster.setTime(700);
      cluster.submit({ maps: [{ replicas: [1] }], reduces: 1, declaredShuffleRatio: 2 }); // window 1
      finishMap(cluster, 1, 0, 1, 2);
      cluster.setTime(800);
      return cluster;
    };
    expect(launched(build(600).offer(0))).toBe('job 0 map 0 nass/unsaturated-map-any');
    expect(launched(build(Number.POSITIVE_INFINITY).offer(0))).toBe(
      'job 1 reduce 0 nass/unsaturated-reduce-heavy-sarp',
    );
  });
});

describe('SARP (Fig. 6) in the policy', () => {
  test("tentative counts until MapCompletionThreshold is passed, then the job's intermediate data", () => {
    const { cluster, policy } = scene();
    const replicas = [0, 0, 0, 0, 0, 0, 2, 2, 2, 2];
    cluster.submit({ maps: replicas.map((n) => ({ replicas: [n] })), reduces: 5, declaredShuffleRatio: 2 });
    const job = 0 as never;
    expect(policy.jobState(job)).toEqual({
      preferredMapRacks: [0],
      tentativeReducesPerRack: [5, 0],
      preferredReducesPerRack: undefined,
    });
    finishMap(cluster, 0, 6, 2, 2); // 10 % of the maps: not past 15 %
    expect(launched(cluster.offer(2))).toBe('job 0 reduce 0 nass/unsaturated-reduce-heavy');
    finishMap(cluster, 0, 7, 2, 2); // 20 %: all the intermediate data is on rack 1
    expect(launched(cluster.offer(2))).toBe('job 0 reduce 1 nass/unsaturated-reduce-heavy-sarp');
    expect(policy.jobState(job)?.preferredReducesPerRack).toEqual([0, 5]);
  });

  test('a finished job leaves no state behind', () => {
    const { cluster, policy } = scene();
    cluster.submit({ maps: [{ replicas: [0] }], reduces: 1 });
    expect(policy.jobState(0 as never)).toBeDefined();
    finishMap(cluster, 0, 0, 0, 1);
    cluster.offer(0);
    cluster.completeReduce(cluster.reduceOf(0, 0));
    expect(policy.jobState(0 as never)).toBeUndefined();
  });
});
