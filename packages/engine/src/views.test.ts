import { fc, test } from '@fast-check/vitest';
import type { ClusterView, NodeId, RackId, SchedulerPolicy, UserId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { jobsArbitrary, topologyArbitrary } from '../test/arbitraries.js';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { fixedPlacement, jobSpec, placementFor, testTopology, workload } from '../test/workload-builders.js';
import { createSimulation, simulate } from './simulation.js';

/** Recomputes the indexed look-ups from the task views and compares. */
function checkViews(view: ClusterView, problems: string[]): void {
  const topology = view.topology;
  const sorted = (xs: readonly { index: number }[]) => xs.map((x) => x.index).sort((a, b) => a - b);
  for (const job of view.activeJobs()) {
    const maps = Array.from({ length: job.mapCount }, (_, i) => job.map(i));
    const pending = maps.filter((m) => m.state === 'pending');
    if (JSON.stringify(sorted(job.pendingMaps())) !== JSON.stringify(sorted(pending))) {
      problems.push(`job ${job.id}: pendingMaps`);
    }
    if (job.count('map', 'pending') !== pending.length) problems.push(`job ${job.id}: count pending maps`);
    for (let n = 0; n < topology.nodeCount; n++) {
      const expected = pending.filter((m) => m.replicaNodes.includes(n as NodeId));
      if (JSON.stringify(sorted(job.pendingMapsOnNode(n as NodeId))) !== JSON.stringify(sorted(expected))) {
        problems.push(`job ${job.id}: pendingMapsOnNode(${n})`);
      }
    }
    for (let r = 0; r < topology.rackCount; r++) {
      const expected = pending.filter((m) => m.replicaNodes.some((n) => topology.rackOf(n) === r));
      if (JSON.stringify(sorted(job.pendingMapsOnRack(r as RackId))) !== JSON.stringify(sorted(expected))) {
        problems.push(`job ${job.id}: pendingMapsOnRack(${r})`);
      }
    }
    const running = maps.filter((m) => m.state === 'running');
    if (JSON.stringify(sorted(job.runningMaps())) !== JSON.stringify(sorted(running))) {
      problems.push(`job ${job.id}: runningMaps`);
    }
    const reduces = Array.from({ length: job.reduceCount }, (_, i) => job.reduce(i));
    const waiting = job.waitingReduces();
    const firstPending = waiting.findIndex((r) => r.state === 'pending');
    if (firstPending >= 0 && waiting.slice(firstPending).some((r) => r.state !== 'pending')) {
      problems.push(`job ${job.id}: suspended reduces after pending ones`);
    }
    const expectedWaiting = reduces.filter((r) => r.state === 'pending' || r.state === 'suspended');
    if (JSON.stringify(sorted(waiting)) !== JSON.stringify(sorted(expectedWaiting))) {
      problems.push(`job ${job.id}: waitingReduces`);
    }
    const completedOutput = maps.reduce((sum, m) => sum + (m.outputBytes ?? 0), 0);
    if (Math.abs(completedOutput - job.completedMapOutputBytes) > 1e-3)
      problems.push(`job ${job.id}: output bytes`);
    for (const reduce of reduces) {
      if (reduce.fetchedBytes > reduce.availableBytes + 1e-3)
        problems.push(`job ${job.id}: fetched > available`);
    }
  }
  for (let n = 0; n < topology.nodeCount; n++) {
    for (const map of view.runningMapsOn(n as NodeId)) {
      if (!map.runningOn.includes(n as NodeId)) problems.push(`node ${n}: running map not running there`);
    }
    for (const reduce of view.runningReducesOn(n as NodeId)) {
      if (reduce.node !== n || reduce.state !== 'running')
        problems.push(`node ${n}: running reduce elsewhere`);
    }
  }
  let users = 0;
  for (const user of view.activeUsers()) {
    users++;
    if (user.jobs.length === 0) problems.push(`user ${user.id} active without jobs`);
  }
  const ids = view.activeUsers().map((u) => u.id);
  if (JSON.stringify(ids) !== JSON.stringify([...ids].sort((a, b) => a - b)))
    problems.push('users not sorted');
  if (users !== new Set(view.activeJobs().map((j) => j.user)).size) problems.push('active users');
}

describe('views', () => {
  test.prop([topologyArbitrary, jobsArbitrary, fc.integer()], { numRuns: 25 })(
    'indexed look-ups agree with the task views at every offer',
    (topology, jobs, seed) => {
      const problems: string[] = [];
      const inner = fifoTestPolicy();
      const policy: SchedulerPolicy = {
        specificationVersion: 'v1',
        name: 'view-check',
        assign(offer, view) {
          checkViews(view, problems);
          return inner.assign(offer, view);
        },
      };
      simulate({ topology, workload: workload(jobs, placementFor(topology)), policy, seed });
      expect([...new Set(problems)]).toEqual([]);
    },
  );

  test.prop([topologyArbitrary, jobsArbitrary, fc.integer()], { numRuns: 25 })(
    'usersChangedSince names each move of a user version since a state, and only those',
    (topology, jobs, seed) => {
      const problems: string[] = [];
      const inner = fifoTestPolicy();
      /** Earlier states: the state version and every user's version then. */
      const states: { version: number; users: Map<number, number> }[] = [];
      const known = new Set<number>();
      const check = (view: ClusterView, since: { version: number; users: Map<number, number> }) => {
        const now = view.stateVersion!;
        const moved = view.usersChangedSince!(since.version);
        if (moved === undefined) {
          if (now - since.version <= 4096) problems.push(`undefined for ${now - since.version} steps`);
          return;
        }
        if (moved.length !== now - since.version)
          problems.push(`${moved.length} moves for ${now - since.version} steps`);
        const counts = new Map<number, number>();
        for (const id of moved) counts.set(id, (counts.get(id) ?? 0) + 1);
        for (const id of new Set([...counts.keys(), ...since.users.keys()])) {
          const before = since.users.get(id);
          const moves = view.user(id as UserId).version! - (before ?? 0);
          const listed = counts.get(id) ?? 0;
          if (before === undefined ? listed > moves : listed !== moves) {
            problems.push(`user ${id}: listed ${listed}, moved ${moves}`);
          }
        }
      };
      const policy: SchedulerPolicy = {
        specificationVersion: 'v1',
        name: 'log-check',
        assign(offer, view) {
          for (const user of view.activeUsers()) known.add(user.id);
          for (const since of [states[0], states.at(-1), states.at(-3)]) if (since) check(view, since);
          const users = new Map([...known].map((id) => [id, view.user(id as UserId).version!]));
          states.push({ version: view.stateVersion!, users });
          if (view.usersChangedSince!(view.stateVersion! + 1) !== undefined) problems.push('a future state');
          if (view.usersChangedSince!(0.5) !== undefined) problems.push('a fractional state');
          return inner.assign(offer, view);
        },
      };
      simulate({ topology, workload: workload(jobs, placementFor(topology)), policy, seed });
      expect([...new Set(problems)]).toEqual([]);
      expect(states.length).toBeGreaterThan(0);
    },
  );

  it('exposes the network view and the cluster counters between steps', () => {
    const topology = testTopology({
      racks: 2,
      nodesPerRack: 2,
      rackUplinkCapacity: 8e8,
      rackDownlinkCapacity: 8e8,
    });
    const simulation = createSimulation({
      topology,
      workload: workload(
        [jobSpec({ inputBytes: 4e9, blockBytes: 1e9, shuffleBytes: 4e9, reduceCount: 4 })],
        fixedPlacement((_, i) => [i % 2]),
      ),
      policy: fifoTestPolicy({ locality: false }),
      seed: 1,
      parameters: { mapRate: 1e9 },
    });
    simulation.run(3);
    const view = simulation.view;
    expect(view.now).toBe(3);
    expect(view.totalSlots('container')).toBe(8);
    expect(view.runningCount('map') + view.runningCount('reduce')).toBeGreaterThan(0);
    const network = view.network;
    expect(network.monitorInterval).toBe(1);
    expect(network.sampleTime).toBe(3);
    // Remote block reads from rack 0 to rack 1 fill rack 0's uplink.
    const up = network.rackUtilisation(0 as RackId, 'up') + network.rackUtilisation(1 as RackId, 'up');
    expect(up).toBeGreaterThan(0.5);
    expect(network.recentRackUtilisation(0 as RackId, 'up', 10)).toBeLessThanOrEqual(1);
    expect(network.nodeCrossRackShare(0 as NodeId, 'up')).toBe(4e8);
    expect(
      network.nodeCrossRackRate(2 as NodeId, 'down') + network.nodeCrossRackRate(3 as NodeId, 'down'),
    ).toBeGreaterThan(0);
    expect(() => view.freeSlots(99 as NodeId, 'container')).toThrow(/node must be an integer in \[0, 4\)/);
    simulation.run();
    expect(simulation.done).toBe(true);
    const result = simulation.result();
    expect(result.metrics.congestion.occurrences).toBeGreaterThan(0);
    expect(result.metrics.congestion.linkSeconds).toBeGreaterThan(0);
    expect(result.series.time.length).toBeGreaterThan(0);
    // Per rack link: one uplink series per rack, summing to the all-links rate, and the
    // congested-link count at each sample bounded by the rack links there are.
    const { rackUplinkRate, crossRackRate, congestedLinks } = result.series;
    expect(rackUplinkRate).toHaveLength(2);
    result.series.time.forEach((_, i) => {
      expect(rackUplinkRate[0]![i]! + rackUplinkRate[1]![i]!).toBeCloseTo(crossRackRate[i]!, 3);
      expect(rackUplinkRate[0]![i]!).toBeLessThanOrEqual(8e8 / 8 + 1e-3);
      expect(congestedLinks[i]).toBeGreaterThanOrEqual(0);
      expect(congestedLinks[i]).toBeLessThanOrEqual(4);
    });
  });
});

describe('time series per rack link', () => {
  it('counts a rack link filled by remote reads as congested at the samples that see it', () => {
    const topology = testTopology({
      racks: 2,
      nodesPerRack: 1,
      rackUplinkCapacity: 8e8,
      rackDownlinkCapacity: 8e8,
    });
    const result = simulate({
      topology,
      workload: workload(
        [jobSpec({ inputBytes: 8e10, blockBytes: 1e10, shuffleBytes: 0, reduceCount: 1 })],
        fixedPlacement(() => [0]),
      ),
      policy: fifoTestPolicy({ locality: false }),
      seed: 1,
      parameters: { mapRate: 1e12 },
      metrics: { seriesInterval: 1 },
    });
    const { rackUplinkRate, congestedLinks } = result.series;
    // Every block lives on rack 0; maps on rack 1 read across: rack 0 up and rack 1 down fill.
    const busy = congestedLinks.findIndex((c) => c === 2);
    expect(busy).toBeGreaterThanOrEqual(0);
    expect(rackUplinkRate[0]![busy]).toBeCloseTo(1e8, 0);
    expect(rackUplinkRate[1]![busy]).toBe(0);
  });
});
