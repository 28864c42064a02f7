import { fc, test } from '@fast-check/vitest';
import { reduceNumPerRack } from '@rackwise/estimators';
import { classifyShuffleBySize } from '@rackwise/predictor';
import { type TestCluster, arbTopologySpec, createTestCluster, createTestUserOrder } from '@rackwise/testkit';
import type { ClusterView, Decision, NodeId, RackId, SlotKind } from '@rackwise/types';
import { expect } from 'vitest';
import { MIB, attachNas } from '../test/nas-scene.js';
import { usersById } from '../test/user-orders.js';
import type { NasPolicy } from './create-nas-policy.js';
import { nasVariants } from './nas-variants.js';

const USERS = 3;
const UTILISATIONS = [0, 0.5, 0.8, 0.95, 1];
const OUTPUT_RATIOS = [0, 0.001, 0.1, 0.3, 1.5];

const arbConfig = fc.record({
  variant: fc.constantFrom(...Object.values(nasVariants)),
  // Both orders group by user (`user:<id>`), which the checks below key on.
  userOrder: fc.constantFrom(usersById, createTestUserOrder('user')),
  maxMapSkips: fc.integer({ min: 0, max: 4 }),
  maxReduceSkips: fc.integer({ min: 0, max: 4 }),
  trafficThreshold: fc.option(
    fc.integer({ min: 0, max: 512 }).map((m) => m * MIB),
    { nil: undefined },
  ),
});
const arbActions = fc.array(
  fc.record({ op: fc.integer({ min: 0, max: 9 }), a: fc.nat(1000), b: fc.nat(1000) }),
  {
    maxLength: 60,
  },
);

/**
 * A NAS scene: a small topology, jobs of 3 users whose declared ratios make every
 * shuffle class likely, a configuration, and actions (offers, rack utilisation changes,
 * map and reduce completions, clock moves). Built afresh by `play`, so it replays.
 */
const arbScene = arbTopologySpec({ maxRacks: 3, maxNodesPerRack: 3 }).chain((topology) => {
  const nodes = topology.racks * topology.nodesPerRack;
  const job = fc.record({
    user: fc.integer({ min: 0, max: USERS - 1 }),
    maps: fc.array(
      fc.record({ replicas: fc.uniqueArray(fc.integer({ min: 0, max: nodes - 1 }), { maxLength: 3 }) }),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
    reduces: fc.integer({ min: 0, max: 3 }),
    declaredShuffleRatio: fc.constantFrom(0.001, 0.1, 0.5, 1),
    /** Whether its first map is done before the actions start (its reduces are then ready). */
    started: fc.boolean(),
  });
  return fc.record({
    topology: fc.constant(topology),
    jobs: fc.array(job, { minLength: 1, maxLength: 6 }),
    /** Starting utilisation of each rack. */
    utilisation: fc.array(fc.constantFrom(...UTILISATIONS), {
      minLength: topology.racks,
      maxLength: topology.racks,
    }),
    config: arbConfig,
    actions: arbActions,
  });
});
type Scene = typeof arbScene extends fc.Arbitrary<infer S> ? S : never;

/** What the invariants need to know of the world just before an offer. */
interface Before {
  readonly view: ClusterView;
  readonly node: NodeId;
  readonly usedSpace: number;
  readonly jobClass: Map<number, string>;
  readonly unmet: Map<number, boolean>;
  /** Users with a ready job whose ReduceNum on the node's rack is unmet. */
  readonly usersWithUnmet: ReadonlySet<number>;
  /** Predicted outputs of each user's pending maps local to the node, with their job. */
  readonly localMaps: ReadonlyMap<number, readonly { readonly job: number; readonly output: number }[]>;
  readonly mapSkips: readonly number[];
  readonly reduceSkips: readonly number[];
}

function snapshot(cluster: TestCluster, nas: NasPolicy, node: NodeId): Before {
  const view = cluster.view;
  const rack = view.topology.rackOf(node);
  let usedSpace = 0;
  for (const map of view.runningMapsOn(node)) usedSpace += view.predictor.mapOutput(view.job(map.job), map);
  const jobClass = new Map<number, string>();
  const unmet = new Map<number, boolean>();
  for (const job of view.activeJobs()) {
    jobClass.set(job.id, classifyShuffleBySize(view.predictor.shuffleBytes(job)));
    const output = Array.from({ length: view.topology.rackCount }, (_, r) =>
      job.mapOutputOnRack(r as RackId),
    );
    unmet.set(job.id, job.reducesOnRack(rack) < (reduceNumPerRack(job.reduceCount, output)[rack] ?? 0));
  }
  const localMaps = new Map<number, { job: number; output: number }[]>();
  for (const job of view.activeJobs()) {
    for (const map of job.pendingMapsOnNode(node)) {
      const list = localMaps.get(job.user) ?? [];
      list.push({ job: job.id, output: view.predictor.mapOutput(job, map) });
      localMaps.set(job.user, list);
    }
  }
  const usersWithUnmet = new Set<number>();
  for (const job of view.activeJobs()) {
    const ready = job.reducesReady && job.count('reduce', 'pending') + job.count('reduce', 'suspended') > 0;
    if (ready && unmet.get(job.id) === true) usersWithUnmet.add(job.user);
  }
  const keys = Array.from({ length: USERS }, (_, u) => `user:${u}`);
  return {
    view,
    node,
    usedSpace,
    jobClass,
    unmet,
    usersWithUnmet,
    localMaps,
    mapSkips: keys.map((k) => nas.inspect.mapSkips(k)),
    reduceSkips: keys.map((k) => nas.inspect.reduceSkips(k)),
  };
}

/** Plays a scene against NAS, calling `check` after every offer; returns the decisions. */
function play(
  scene: Scene,
  check: (before: Before, decision: Decision, nas: NasPolicy) => void = () => {},
): Decision[] {
  const { config } = scene;
  const cluster = createTestCluster({ topology: scene.topology, jobs: scene.jobs });
  const nas = attachNas(cluster, {
    ...config.variant.config,
    userOrder: config.userOrder,
    maxMapSkips: config.maxMapSkips,
    maxReduceSkips: config.maxReduceSkips,
    trafficThreshold: config.trafficThreshold,
  });
  const topology = cluster.topology;
  const kinds: readonly SlotKind[] = topology.slotModel === 'split' ? ['map', 'reduce'] : ['container'];
  scene.utilisation.forEach((u, rack) => cluster.setRackUtilisation(rack, u));
  scene.jobs.forEach((job, id) => {
    const map = cluster.mapOf(id, 0);
    const node = [...map.replicaNodes, 0].find(
      (n) => cluster.view.freeSlots(n as NodeId, kinds[0] as SlotKind) > 0,
    );
    if (!job.started || node === undefined) return;
    cluster.launch(map, node);
    cluster.completeMap(map, map.inputBytes * (job.declaredShuffleRatio ?? 1));
  });
  const decisions: Decision[] = [];
  for (const { op, a, b } of scene.actions) {
    const view = cluster.view;
    if (op <= 4) {
      const kind = kinds[b % kinds.length] as SlotKind;
      const nodes = Array.from({ length: topology.nodeCount }, (_, n) => n as NodeId).filter(
        (n) => view.freeSlots(n, kind) > 0,
      );
      const node = nodes[a % Math.max(1, nodes.length)];
      if (node === undefined) continue;
      const before = snapshot(cluster, nas, node);
      const decision = cluster.offer(node, kind);
      decisions.push(decision);
      check(before, decision, nas);
    } else if (op === 5) {
      cluster.setRackUtilisation(a % topology.rackCount, UTILISATIONS[b % UTILISATIONS.length] as number);
    } else if (op <= 7) {
      const running = view.activeJobs().flatMap((j) => j.runningMaps());
      const map = running[a % Math.max(1, running.length)];
      if (map !== undefined)
        cluster.completeMap(map, map.inputBytes * (OUTPUT_RATIOS[b % OUTPUT_RATIOS.length] as number));
    } else {
      const done = view.activeJobs().filter((j) => j.count('map', 'completed') === j.mapCount);
      const reduce = done.flatMap((j) => j.runningReduces())[a % 7];
      if (op === 8 && reduce !== undefined) cluster.completeReduce(reduce);
      else cluster.advance(b % 3);
    }
  }
  return decisions;
}

test.prop([arbScene])('skip counters never exceed D^m and D^r', (scene) => {
  play(scene, (_before, _decision, nas) => {
    for (let u = 0; u < USERS; u += 1) {
      expect(nas.inspect.mapSkips(`user:${u}`)).toBeLessThanOrEqual(scene.config.maxMapSkips);
      expect(nas.inspect.reduceSkips(`user:${u}`)).toBeLessThanOrEqual(scene.config.maxReduceSkips);
    }
  });
});

test.prop([arbScene])(
  'MTS never makes a node exceed TrafficThreshold while the user has a qualified data-local map',
  (scene) => {
    play(scene, (before, decision, nas) => {
      if (decision.type !== 'launch' || !decision.reason.startsWith('mts/')) return;
      const { view, node } = before;
      const job = view.job(decision.task.job);
      const space = nas.inspect.trafficThreshold() - before.usedSpace;
      const launchedOutput = view.predictor.mapOutput(job, view.job(job.id).map(decision.task.index));
      if (launchedOutput <= space) return;
      const paused = nas.inspect.crRtsRacks().length > 0;
      const hadLocalQualified = view
        .activeJobs()
        .filter((j) => j.user === job.user && !(paused && before.jobClass.get(j.id) !== 'light'))
        .some((j) => j.pendingMapsOnNode(node).some((m) => view.predictor.mapOutput(j, m) <= space));
      expect(hadLocalQualified).toBe(false);
    });
  },
);

test.prop([arbScene])(
  'CR-RTS launches a medium or heavy reduce only once the user’s skip counter reached D^r',
  (scene) => {
    play(scene, (before, decision) => {
      if (decision.type !== 'launch' || !decision.reason.startsWith('cr-rts/')) return;
      const job = before.view.job(decision.task.job);
      if (before.jobClass.get(job.id) === 'light') return;
      expect(decision.reason).toBe('cr-rts/max-skips');
      expect(before.reduceSkips[job.user]).toBe(scene.config.maxReduceSkips);
    });
  },
);

test.prop([arbScene])('CA-RTS respects ReduceNum quotas while the user has unmet reduces', (scene) => {
  play(scene, (before, decision) => {
    if (decision.type !== 'launch' || !decision.reason.startsWith('ca-rts/')) return;
    const job = before.view.job(decision.task.job);
    const anyUnmet = before.usersWithUnmet.has(job.user);
    const launchedUnmet = before.unmet.get(job.id) === true;
    expect(launchedUnmet).toBe(anyUnmet);
    expect(decision.reason.startsWith('ca-rts/unmet-')).toBe(launchedUnmet);
  });
});

test.prop([arbScene])('MTS never skips a user that has a shuffle-qualified data-local map', (scene) => {
  play(scene, (before, decision, nas) => {
    if (!decision.reason.startsWith('mts/')) return;
    const space = nas.inspect.trafficThreshold() - before.usedSpace;
    const paused = nas.inspect.crRtsRacks().length > 0;
    for (let u = 0; u < USERS; u += 1) {
      if (nas.inspect.mapSkips(`user:${u}`) <= (before.mapSkips[u] as number)) continue;
      const qualified = (before.localMaps.get(u) ?? []).filter(
        (m) => m.output <= space && !(paused && before.jobClass.get(m.job) !== 'light'),
      );
      expect(qualified).toEqual([]);
    }
  });
});

test.prop([arbScene])('the same scene gives the same decisions', (scene) => {
  expect(play(scene)).toEqual(play(scene));
});
