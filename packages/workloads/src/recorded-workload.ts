import type { Workload } from '@rackwise/types';
import { hdfsPlacement } from './hdfs-placement.js';
import { stageJobs } from './internal/stage-jobs.js';
import type { RecordedTask, RecordedTrace } from './recorded-trace.js';
import {
  REPLAY_MECHANISM_COUNT,
  type ReplayMechanism,
  executorSlotTimeline,
  mechanismsInUse,
  mechanismsLeftOut,
  taskSeconds,
} from './replay-mechanisms.js';
import type { ReplayUnit } from './replay-unit.js';
import { type RackRule, assignRacks } from './trace-racks.js';

/** Where task durations come from in a replay. */
export type ReplayDurations = 'recorded' | 'modelled';

/** Options of {@link recordedWorkload}. */
export interface RecordedWorkloadOptions {
  /**
   * `recorded` (default): each task computes for its recorded compute time, the network
   * simulated around it; `modelled`: the engine's duration model derives it from sizes.
   */
  readonly durations?: ReplayDurations;
  readonly racks?: RackRule;
  /** Mechanisms left out of the replay (all are in use by default); see `REPLAY_MECHANISMS`. */
  readonly without?: readonly ReplayMechanism[];
}

/** The cluster a replay runs on: racks of equal size, hosts mapped onto their nodes. */
export interface ReplayCluster {
  readonly racks: readonly string[];
  /** Nodes per rack: the most hosts any rack has (smaller racks get idle padding nodes). */
  readonly nodesPerRack: number;
  /** The most slots any host has. */
  readonly containers: number;
  /** Containers of each node, in node id order: its host's recorded slots (0 for padding nodes). */
  readonly containersPerNode: readonly number[];
  /** Node id of each host of `trace.hosts`. */
  readonly nodeOfHost: ReadonlyMap<string, number>;
  /** Nodes standing for no host. */
  readonly paddingNodes: number;
}

/** A recorded trace made ready to replay. */
export interface RecordedReplay {
  readonly workload: Workload;
  readonly cluster: ReplayCluster;
  readonly units: readonly ReplayUnit[];
  readonly assumptions: readonly string[];
}

/**
 * Turns a recorded trace into engine jobs and the cluster they ran on.
 *
 * A Rumen job's map stage and its reduce stage become one MapReduce job (maps = its
 * tasks, reduces = the child's, reduces starting at the engine's slowstart as Hadoop's
 * do); any other stage without parents — every Spark stage without parents — is a
 * map-only job; a stage with parents is a job whose maps stand for its
 * parents' tasks (`recorded.mapsFromParents`: outputs where those tasks ran, zero compute)
 * and whose reduces are its tasks, held back until the parents complete (`dependsOn`).
 * Source stages keep their recorded submission time; dependent ones start when their
 * parents are done. Each application is one user.
 * @throws Error for a trace in which no stage completed (nothing to replay).
 */
export function recordedWorkload(
  trace: RecordedTrace,
  options: RecordedWorkloadOptions = {},
): RecordedReplay {
  const durations = options.durations ?? 'recorded';
  if (durations !== 'recorded' && durations !== 'modelled') {
    throw new Error(
      `recordedWorkload: durations must be 'recorded' or 'modelled', got ${JSON.stringify(durations)}`,
    );
  }
  if (trace.stages.length === 0)
    throw new Error(`${trace.name}: no stage or job of this trace completed: nothing to replay`);
  const used = mechanismsInUse(options.without);
  const racks = assignRacks(trace, options.racks);
  const cluster = replayCluster(trace, racks.racks, racks.rackOfHost);
  const recorded = durations === 'recorded';
  const { jobs, units } = stageJobs(trace, recorded, (t: RecordedTask) => taskSeconds(t, used));
  const timeline =
    used.has('executors') && trace.executors !== undefined
      ? executorSlotTimeline(trace, cluster.nodeOfHost).map((e) => ({
          ...e,
          containers: Math.min(e.containers, cluster.containersPerNode[e.node]!),
        }))
      : [];
  const assumptions = replayAssumptions(trace, cluster, used, recorded, timeline.length);
  return {
    workload: Object.freeze({
      name: trace.name,
      jobs: Object.freeze(jobs),
      placement: hdfsPlacement({ replication: Math.min(3, cluster.racks.length * cluster.nodesPerRack) }),
      ...(timeline.length > 0 ? { slotTimeline: Object.freeze(timeline) } : {}),
    }),
    cluster,
    units,
    assumptions,
  };
}

/** What a replay assumes where the trace is silent, and what it leaves out, as sentences for the report. */
function replayAssumptions(
  trace: RecordedTrace,
  cluster: ReplayCluster,
  used: ReadonlySet<ReplayMechanism>,
  recorded: boolean,
  timelineChanges: number,
): string[] {
  const assumptions = [
    `durations: ${recorded ? 'recorded compute per task, the network simulated around it' : "modelled from sizes (the engine's duration model)"}`,
    `cluster: ${cluster.racks.length} rack(s) × ${cluster.nodesPerRack} node(s), each with its host's recorded slots (${slotsText(cluster.containersPerNode)})${cluster.paddingNodes > 0 ? `, ${cluster.paddingNodes} of them idle padding for smaller racks (no container)` : ''}`,
    'input blocks are placed as HDFS does (up to 3 random replicas): the trace does not record where they were',
    'a stage with parents is held until they complete; its shuffle leaves the nodes where their tasks ran in the replay',
  ];
  if (timelineChanges > 0)
    assumptions.push(
      `executors: each host's slots appear when its executors were added and disappear when they were removed (${timelineChanges} change(s)); a task running when its slot disappears runs to its end`,
    );
  if (used.size < REPLAY_MECHANISM_COUNT)
    assumptions.push(`left out of this replay: ${[...mechanismsLeftOut(used)].join(', ')}`);
  const modelled = trace.stages.filter(
    (s) => s.parents.length === 0 && (s.skippedParentTasks ?? 0) > 0,
  ).length;
  if (modelled > 0)
    assumptions.push(
      `${modelled} stage(s) read shuffle that no stage of the trace wrote: each is a job whose maps (the skipped parents' tasks) have no compute and no input, run where the scheduler puts them, and write in equal shares what the stage read`,
    );
  return assumptions;
}

/** `6 containers` when every host has 6, else `2–6 containers, 38 in all`. */
function slotsText(perNode: readonly number[]): string {
  const used = perNode.filter((c) => c > 0);
  const low = Math.min(...used);
  const high = Math.max(...used);
  const all = used.reduce((a, b) => a + b, 0);
  return low === high ? `${high} containers` : `${low}–${high} containers, ${all} in all`;
}

/** Racks × nodes per rack large enough for every rack's hosts, hosts in order. */
function replayCluster(
  trace: RecordedTrace,
  racks: readonly string[],
  rackOfHost: readonly number[],
): ReplayCluster {
  const perRack = racks.map(() => 0);
  for (const r of rackOfHost) perRack[r]!++;
  const nodesPerRack = Math.max(1, ...perRack);
  const used = racks.map(() => 0);
  const nodeOfHost = new Map<string, number>();
  const containersPerNode = new Array<number>(racks.length * nodesPerRack).fill(0);
  trace.hosts.forEach((host, h) => {
    const r = rackOfHost[h]!;
    const node = r * nodesPerRack + used[r]!++;
    nodeOfHost.set(host, node);
    containersPerNode[node] = trace.slotsPerHost.get(host) ?? 1;
  });
  return {
    racks,
    nodesPerRack,
    containers: Math.max(1, ...containersPerNode),
    containersPerNode,
    nodeOfHost,
    paddingNodes: racks.length * nodesPerRack - trace.hosts.length,
  };
}
