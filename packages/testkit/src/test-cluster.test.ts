import { describe, expect, it } from 'vitest';
import { createFirstPendingPolicy } from './first-pending-policy.js';
import { nodeId, rackId, userId } from './ids.js';
import { TEST_BLOCK_BYTES, createTestCluster } from './test-cluster.js';
import { createTestUserOrder } from './test-user-order.js';

const firstPending = createFirstPendingPolicy();

describe('createTestCluster', () => {
  it('builds the default scene: 2 racks of 2 nodes, split slots', () => {
    const { view, topology } = createTestCluster();
    expect(topology.rackCount).toBe(2);
    expect(topology.nodeCount).toBe(4);
    expect(topology.rackOf(nodeId(3))).toBe(1);
    expect(topology.nodesOf(rackId(1))).toEqual([2, 3]);
    expect(view.totalSlots('map')).toBe(8);
    expect(view.totalSlots('reduce')).toBe(4);
    expect(view.totalSlots('container')).toBe(0);
    expect(view.activeJobs()).toEqual([]);
    expect(view.activeUsers()).toEqual([]);
  });

  it('indexes pending maps by node and rack', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [0, 2] }, { replicas: [1] }, { replicas: [] }] }],
    });
    const job = cluster.job(0);
    expect(job.pendingMapsOnNode(nodeId(0)).map((m) => m.index)).toEqual([0]);
    expect(job.pendingMapsOnRack(rackId(0)).map((m) => m.index)).toEqual([0, 1]);
    expect(job.pendingMapsOnRack(rackId(1)).map((m) => m.index)).toEqual([0]);
    expect(job.pendingMaps()).toHaveLength(3);
    expect(job.inputOnRack(rackId(0))).toBe(2 * TEST_BLOCK_BYTES);
    cluster.launch(job.map(0), 3);
    expect(job.pendingMapsOnNode(nodeId(0))).toEqual([]);
    expect(cluster.view.runningMapsOn(nodeId(3)).map((m) => m.index)).toEqual([0]);
    expect(cluster.view.freeSlots(nodeId(3), 'map')).toBe(1);
  });

  it('counts slots and refuses a launch on a full node', () => {
    const cluster = createTestCluster({ jobs: [{ maps: 3 }] });
    cluster.launch(cluster.mapOf(0, 0), 0);
    cluster.launch(cluster.mapOf(0, 1), 0);
    expect(cluster.view.freeSlots(nodeId(0), 'map')).toBe(0);
    expect(() => cluster.launch(cluster.mapOf(0, 2), 0)).toThrow(/no free map slot/);
    expect(() => cluster.launch(cluster.mapOf(0, 0), 1)).toThrow(/running, not pending/);
    expect(cluster.view.runningCount('map')).toBe(2);
    expect(cluster.view.user(userId(0)).running('map')).toBe(2);
  });

  it('holds reduces until slowstart and completes the job after its last reduce', () => {
    const completed: number[] = [];
    const cluster = createTestCluster({ mapCompletionThreshold: 0.5, jobs: [{ maps: 2, reduces: 1 }] });
    cluster.attach({ ...firstPending, onJobCompleted: (job) => completed.push(job.id) });
    const job = cluster.job(0);
    expect(job.reducesReady).toBe(false);
    expect(() => cluster.launch(job.reduce(0), 0)).toThrow(/slowstart/);
    cluster.launch(job.map(0), 0);
    cluster.completeMap(job.map(0), 10);
    expect(job.reducesReady).toBe(true);
    expect(cluster.view.outstandingMapOutput(nodeId(0))).toBe(10);
    cluster.setTime(4);
    cluster.launch(job.reduce(0), 1);
    expect(job.firstReduceTime).toBe(4);
    expect(job.reducesOnRack(rackId(0))).toBe(1);
    expect(() => cluster.completeReduce(job.reduce(0))).toThrow(/maps have not finished/);
    cluster.launch(job.map(1), 1);
    cluster.completeMap(job.map(1), 30);
    expect(job.reduce(0).availableBytes).toBe(40);
    expect(job.mapOutputOnRack(rackId(0))).toBe(40);
    cluster.completeReduce(job.reduce(0));
    expect(completed).toEqual([0]);
    expect(cluster.view.activeJobs()).toEqual([]);
    expect(cluster.view.outstandingMapOutput(nodeId(0))).toBe(0);
  });

  it('predicts the shuffle ratio from completed maps, 1 before', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: [{ replicas: [0], inputBytes: 100 }, { replicas: [0] }] }],
    });
    const { predictor } = cluster.view;
    const job = cluster.job(0);
    expect(predictor.ratio(job)).toBe(1);
    expect(predictor.isPredicted(job)).toBe(false);
    cluster.launch(job.map(0), 0);
    cluster.completeMap(job.map(0), 250);
    expect(predictor.ratio(job)).toBe(2.5);
    expect(predictor.isPredicted(job)).toBe(true);
    expect(predictor.mapOutput(job, job.map(1))).toBe(2.5 * TEST_BLOCK_BYTES);
  });

  it('keeps monitor samples and averages the recent ones', () => {
    const cluster = createTestCluster();
    cluster.setRackUtilisation(0, 0.9, 'up');
    expect(cluster.network.rackUtilisation(rackId(0), 'up')).toBe(0.9);
    expect(cluster.network.rackUtilisation(rackId(0), 'down')).toBe(0);
    cluster.setTime(1);
    cluster.setRackUtilisation(0, 0.5);
    expect(cluster.network.sampleTime).toBe(1);
    expect(cluster.network.recentRackUtilisation(rackId(0), 'up', 5)).toBeCloseTo(0.7);
    expect(cluster.network.recentRackUtilisation(rackId(0), 'up', 0)).toBe(0.5);
    expect(cluster.network.nodeCrossRackShare(nodeId(0), 'up')).toBe(1e9);
    expect(() => cluster.setTime(0)).toThrow(/back/);
  });

  it('drives an attached policy through offers and hooks', () => {
    const started: string[] = [];
    const cluster = createTestCluster({ jobs: [{ maps: [{ replicas: [2] }, { replicas: [0] }] }] });
    cluster.attach({ ...firstPending, onTaskStarted: (e) => started.push(`${e.task.index}@${e.node}`) });
    expect(cluster.offer(2)).toMatchObject({
      type: 'launch',
      reason: 'first-pending/map',
      task: { index: 0 },
    });
    const round = cluster.offerRound();
    expect(round.filter((d) => d.type === 'launch')).toHaveLength(1);
    expect(started).toEqual(['0@2', '1@0']);
    expect(() => cluster.offer(0, 'container')).toThrow(/split/);
  });

  it('supports containers, duplicates, suspension and kills', () => {
    const cluster = createTestCluster({
      topology: { racks: 1, nodesPerRack: 2, slots: { model: 'container', containers: 2 } },
      mapCompletionThreshold: 0,
      jobs: [{ maps: 1, reduces: 1 }],
    });
    const job = cluster.job(0);
    cluster.launch(job.map(0), 0);
    cluster.launch(job.map(0), 1, { duplicate: true });
    expect(job.map(0).runningOn).toEqual([0, 1]);
    expect(cluster.view.runningCount('map')).toBe(2);
    cluster.launch(job.reduce(0), 0);
    expect(cluster.view.freeSlots(nodeId(0), 'container')).toBe(0);
    cluster.suspendReduce(job.reduce(0));
    expect(job.waitingReduces().map((r) => r.state)).toEqual(['suspended']);
    expect(job.reduce(0).node).toBe(0);
    cluster.kill(job.map(0));
    expect(job.map(0).state).toBe('pending');
    expect(cluster.view.freeSlots(nodeId(1), 'container')).toBe(2);
  });

  it('scripts a host state: its view and versions, a clock that moves untold, a policy swapped', () => {
    const ticks: number[] = [];
    const cluster = createTestCluster({ jobs: [{ maps: 2 }] });
    cluster.attach({ ...firstPending, onTick: (view) => ticks.push(view.now) });
    const version = cluster.view.stateVersion ?? Number.NaN;
    cluster.launch(cluster.mapOf(0, 0), 0);
    expect(cluster.view.stateVersion).toBeGreaterThan(version);
    expect(cluster.view.usersChangedSince?.(version)).toContain(0);
    cluster.setTime(7);
    expect(cluster.view.now).toBe(7);
    expect(ticks).toEqual([]);
    cluster.tick();
    expect(ticks).toEqual([7]);
    const started: number[] = [];
    cluster.attach({ ...firstPending, onTaskStarted: (e) => started.push(e.task.index) });
    cluster.offer(1);
    cluster.tick();
    expect([started, ticks]).toEqual([[1], [7]]);
  });

  it('names the field of a bad spec', () => {
    expect(() =>
      createTestCluster({
        topology: { racks: 0, nodesPerRack: 1, slots: { model: 'container', containers: 1 } },
      }),
    ).toThrow(/topology\.racks/);
    expect(() => createTestCluster({ jobs: [{ maps: [{ replicas: [9] }] }] })).toThrow(
      /job 0\.maps\[0\]\.replicas/,
    );
    expect(() => createTestCluster({ jobs: [{ maps: [{ replicas: [1, 1] }] }] })).toThrow(/repeat/);
    expect(() => createTestCluster({ mapCompletionThreshold: 2 })).toThrow(/mapCompletionThreshold/);
    expect(() => createTestCluster().view.job(0 as never)).toThrow(/never submitted/);
  });
});

describe('createTestUserOrder', () => {
  it('orders jobs by submission, or users by fewest running tasks', () => {
    const cluster = createTestCluster({
      jobs: [
        { user: 1, maps: 2 },
        { user: 0, maps: 1 },
        { user: 1, maps: 1, reduces: 1 },
      ],
    });
    cluster.launch(cluster.mapOf(0, 0), 0);
    expect(
      createTestUserOrder()
        .order(cluster.view, 'map')
        .map((g) => g.key),
    ).toEqual(['job:0', 'job:1', 'job:2']);
    expect(
      createTestUserOrder('user')
        .order(cluster.view, 'map')
        .map((g) => [g.key, g.jobs.map((j) => j.id)]),
    ).toEqual([
      ['user:0', [1]],
      ['user:1', [0, 2]],
    ]);
    expect(createTestUserOrder().order(cluster.view, 'reduce')).toEqual([]);
  });
});
