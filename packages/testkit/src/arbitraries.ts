import type {
  BitsPerSecond,
  JobSpec,
  NodeId,
  SlotKind,
  SlotOffer,
  TaskRef,
  TopologyView,
  UserId,
} from '@rackwise/types';
import fc from 'fast-check';
import { type TestCluster, type TestJobSpec, type TestMapSpec, createTestCluster } from './test-cluster.js';
import type { TestTopologySpec } from './test-topology.js';

/** A topology spec with every field the engine needs set (`nicCapacity`). */
export interface ArbitraryTopologySpec extends TestTopologySpec {
  readonly name: string;
  readonly nicCapacity: BitsPerSecond;
}

/** Bounds of `arbTopologySpec`. */
export interface TopologyArbitraryOptions {
  /** Default 3. */
  readonly maxRacks?: number;
  /** Default 3. */
  readonly maxNodesPerRack?: number;
  /** Draw only this slot model; both by default. */
  readonly slotModel?: 'split' | 'container';
}

/**
 * Small random clusters: 1 … `maxRacks` racks of 1 … `maxNodesPerRack` nodes, split slots
 * (1–3 map, 1–2 reduce) or containers (1–4), 1 Gbps NICs, oversubscription 1–5.
 * The result is a valid `TopologySpec` of `@rackwise/topology` as well.
 */
export function arbTopologySpec(options: TopologyArbitraryOptions = {}): fc.Arbitrary<ArbitraryTopologySpec> {
  const split = fc.record({
    model: fc.constant('split' as const),
    mapSlots: fc.integer({ min: 1, max: 3 }),
    reduceSlots: fc.integer({ min: 1, max: 2 }),
  });
  const container = fc.record({
    model: fc.constant('container' as const),
    containers: fc.integer({ min: 1, max: 4 }),
  });
  const slots =
    options.slotModel === 'split'
      ? split
      : options.slotModel === 'container'
        ? container
        : fc.oneof(split, container);
  return fc.record({
    name: fc.constant('arbitrary'),
    racks: fc.integer({ min: 1, max: options.maxRacks ?? 3 }),
    nodesPerRack: fc.integer({ min: 1, max: options.maxNodesPerRack ?? 3 }),
    slots,
    nicCapacity: fc.constant(1e9),
    oversubscription: fc.integer({ min: 1, max: 5 }),
  });
}

/** Bounds on the jobs an arbitrary draws. */
export interface JobArbitraryOptions {
  /** Fewest jobs. Default 1 for workloads, 0 for test clusters (an empty cluster is a valid scene). */
  readonly minJobs?: number;
  /** Most jobs. Default 6 for workloads, 5 for test clusters. */
  readonly maxJobs?: number;
  /** Most maps per job. Default 6 for workloads, 5 for test clusters. */
  readonly maxMaps?: number;
  /** Most reduces per job. Default 3 for workloads, 2 for test clusters. */
  readonly maxReduces?: number;
  /** Users are 0 … users − 1. Default 3. */
  readonly users?: number;
  /** Queue names jobs are drawn from. Default `['default']`. */
  readonly queues?: readonly string[];
}

/** Bounds of `arbWorkload`. */
export interface WorkloadArbitraryOptions extends JobArbitraryOptions {
  /** Largest gap between two submissions, seconds. Default 20. */
  readonly maxGap?: number;
  /** Block size. Default 64 MiB. */
  readonly blockBytes?: number;
}

const MIB = 1024 * 1024;

/**
 * Small random workloads: lists of valid `JobSpec`s in submission order, with gaps of
 * 0 … `maxGap` whole seconds, 1 … `maxMaps` maps (the last block partly filled),
 * 0 … `maxReduces` reduces, output/input ratios from 0 to 2 (shuffle) and 0 to 1 (output).
 */
export function arbWorkload(options: WorkloadArbitraryOptions = {}): fc.Arbitrary<readonly JobSpec[]> {
  const blockBytes = options.blockBytes ?? 64 * MIB;
  const queues = options.queues ?? ['default'];
  const job = fc.record({
    gap: fc.integer({ min: 0, max: options.maxGap ?? 20 }),
    user: fc.integer({ min: 0, max: (options.users ?? 3) - 1 }),
    queue: fc.constantFrom(...queues),
    mapCount: fc.integer({ min: 1, max: options.maxMaps ?? 6 }),
    lastBlockPercent: fc.integer({ min: 1, max: 100 }),
    reduceCount: fc.integer({ min: 0, max: options.maxReduces ?? 3 }),
    shufflePercent: fc.integer({ min: 0, max: 200 }),
    outputPercent: fc.integer({ min: 0, max: 100 }),
  });
  return fc.array(job, { minLength: options.minJobs ?? 1, maxLength: options.maxJobs ?? 6 }).map((drawn) => {
    let time = 0;
    return drawn.map((d, i): JobSpec => {
      time += d.gap;
      const lastBlock = Math.max(1, Math.round((blockBytes * d.lastBlockPercent) / 100));
      const inputBytes = (d.mapCount - 1) * blockBytes + lastBlock;
      const shuffleBytes = d.reduceCount === 0 ? 0 : Math.round((inputBytes * d.shufflePercent) / 100);
      return {
        name: `job-${i}`,
        user: d.user as UserId,
        queue: d.queue,
        submitTime: time,
        inputBytes,
        shuffleBytes,
        outputBytes: Math.round((Math.max(shuffleBytes, inputBytes) * d.outputPercent) / 100),
        mapCount: d.mapCount,
        reduceCount: d.reduceCount,
        blockBytes,
      };
    });
  });
}

/** Bounds of `arbTestCluster`. */
export interface TestClusterArbitraryOptions extends TopologyArbitraryOptions, JobArbitraryOptions {
  /** Topology arbitrary to draw from. Default `arbTopologySpec(options)`. */
  readonly topology?: fc.Arbitrary<TestTopologySpec>;
  /** Random launches, completions and clock moves applied after submission. Default 20. */
  readonly maxSteps?: number;
}

interface Step {
  readonly op: number;
  readonly pick: number;
}

/**
 * Test clusters in random states: a random topology, random jobs (0–3 distinct replica
 * nodes per map), then up to `maxSteps` random steps — launch a pending task on a free
 * slot, complete a running map, complete a finishable reduce, or move the clock. Every
 * drawn value is a fresh, mutable cluster with no policy attached.
 */
export function arbTestCluster(options: TestClusterArbitraryOptions = {}): fc.Arbitrary<TestCluster> {
  const topologies = options.topology ?? arbTopologySpec(options);
  return topologies.chain((topology) => {
    const nodeCount = topology.racks * topology.nodesPerRack;
    const mapSpec: fc.Arbitrary<TestMapSpec> = fc.record({
      replicas: fc.uniqueArray(fc.integer({ min: 0, max: nodeCount - 1 }), {
        maxLength: Math.min(3, nodeCount),
      }),
    });
    const jobSpec: fc.Arbitrary<TestJobSpec> = fc.record({
      user: fc.integer({ min: 0, max: (options.users ?? 3) - 1 }),
      queue: fc.constantFrom(...(options.queues ?? ['default'])),
      maps: fc.array(mapSpec, { minLength: 1, maxLength: options.maxMaps ?? 5 }),
      reduces: fc.integer({ min: 0, max: options.maxReduces ?? 2 }),
    });
    const step: fc.Arbitrary<Step> = fc.record({ op: fc.integer({ min: 0, max: 3 }), pick: fc.nat(1000) });
    return fc
      .record({
        jobs: fc.array(jobSpec, { minLength: options.minJobs ?? 0, maxLength: options.maxJobs ?? 5 }),
        steps: fc.array(step, { maxLength: options.maxSteps ?? 20 }),
      })
      .map(({ jobs, steps }) => {
        const cluster = createTestCluster({ topology, jobs });
        for (const s of steps) applyStep(cluster, s);
        Object.defineProperty(cluster, fc.toStringMethod, {
          value: () => `testCluster(${fc.stringify({ topology, jobs, steps })})`,
        });
        return cluster;
      });
  });
}

function applyStep(cluster: TestCluster, step: Step): void {
  const view = cluster.view;
  const jobs = view.activeJobs();
  const pick = <T>(items: readonly T[]): T | undefined => items[step.pick % Math.max(1, items.length)];
  switch (step.op) {
    case 0: {
      const launches: [TaskRef, number][] = [];
      for (let n = 0; n < cluster.topology.nodeCount; n++) {
        const node = n as NodeId;
        const mapKind: SlotKind = cluster.topology.slotModel === 'split' ? 'map' : 'container';
        const reduceKind: SlotKind = cluster.topology.slotModel === 'split' ? 'reduce' : 'container';
        for (const job of jobs) {
          if (view.freeSlots(node, mapKind) > 0) for (const m of job.pendingMaps()) launches.push([m, n]);
          if (view.freeSlots(node, reduceKind) > 0 && job.reducesReady) {
            for (const r of job.waitingReduces()) launches.push([r, n]);
          }
        }
      }
      const chosen = pick(launches);
      if (chosen !== undefined) cluster.launch(chosen[0], chosen[1]);
      return;
    }
    case 1: {
      const map = pick(jobs.flatMap((j) => j.runningMaps()));
      if (map !== undefined) cluster.completeMap(map, Math.round(map.inputBytes * ((step.pick % 5) / 2)));
      return;
    }
    case 2: {
      const finishable = jobs.filter((j) => j.count('map', 'completed') === j.mapCount);
      const reduce = pick(finishable.flatMap((j) => j.runningReduces()));
      if (reduce !== undefined) cluster.completeReduce(reduce);
      return;
    }
    default:
      cluster.advance(step.pick % 10);
  }
}

/**
 * Random offers for a topology (a built view or a spec): a node in range and a slot kind
 * that node has (`map` or `reduce` under split, `container` otherwise).
 */
export function arbOffer(topology: TopologyView | TestTopologySpec): fc.Arbitrary<SlotOffer> {
  const nodeCount = 'nodeCount' in topology ? topology.nodeCount : topology.racks * topology.nodesPerRack;
  const model = 'slotModel' in topology ? topology.slotModel : topology.slots.model;
  const kinds: readonly SlotKind[] = model === 'split' ? ['map', 'reduce'] : ['container'];
  return fc.record({
    node: fc.integer({ min: 0, max: nodeCount - 1 }).map((n) => n as NodeId),
    kind: fc.constantFrom(...kinds),
  });
}
