import type { JobSpec, RecordedTaskFigures, UserId, Workload } from '@rackwise/types';
import { hdfsPlacement } from './hdfs-placement.js';
import type { RecordedStage, RecordedTask, RecordedTrace } from './recorded-trace.js';
import {
  REPLAY_MECHANISM_COUNT,
  type ReplayMechanism,
  executorSlotTimeline,
  mechanismsInUse,
  mechanismsLeftOut,
  taskSeconds,
} from './replay-mechanisms.js';
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

/** One engine job and the recorded figures it is compared with. */
export interface ReplayUnit {
  /** Index into the workload's jobs (its name is the stages' ids joined). */
  readonly job: number;
  /** Indices of the stages it stands for. */
  readonly stages: readonly number[];
  /** Recorded submission of its first stage, seconds after the trace's start. */
  readonly recordedSubmit: number;
  /** Recorded seconds from the first stage's submission to the last one's completion. */
  readonly recordedSeconds: number;
  /** Mean recorded fetch wait of its consuming tasks, seconds (0 without shuffle). */
  readonly recordedFetchWait: number;
  /** Recorded seconds from the first stage's submission to its first task's launch. */
  readonly recordedLaunchDelay: number;
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
  const seconds = (t: RecordedTask) => taskSeconds(t, used);
  const stages = trace.stages;
  const children = stages.map(() => [] as number[]);
  stages.forEach((s, i) => {
    for (const p of s.parents) children[p]!.push(i);
  });
  const jobOfStage = new Int32Array(stages.length).fill(-1);
  const jobs: JobSpec[] = [];
  const units: ReplayUnit[] = [];
  const recorded = durations === 'recorded';
  for (let i = 0; i < stages.length; i++) {
    if (jobOfStage[i] !== -1) continue;
    const stage = stages[i]!;
    const user = stage.application as UserId;
    const queue = trace.applications[stage.application]?.queue ?? 'default';
    const only = children[i]!.length === 1 ? children[i]![0]! : -1;
    // A MapReduce job's reduces may start before its maps are done (slowstart); a Spark
    // stage only once its parents are: only a Rumen job keeps its maps and reduces together.
    const absorbs =
      trace.format === 'rumen' &&
      stage.parents.length === 0 &&
      only >= 0 &&
      stages[only]!.parents.length === 1;
    const index = jobs.length;
    const modelledMaps = stage.skippedParentTasks ?? 0;
    if (stage.parents.length === 0 && modelledMaps > 0) {
      // Its shuffle's sources ran before the log or were not kept: tasks of no compute and
      // no input, placed by the scheduler, writing in equal shares what the stage read.
      const maps = Array.from({ length: modelledMaps }, () => undefined);
      jobs.push(
        jobSpec(stage, user, queue, stage.submitTime, {
          maps,
          mapSeconds: maps.map(() => 0),
          mapOutputs: undefined,
          reduces: stage.tasks,
          recorded,
          seconds,
        }),
      );
      jobOfStage[i] = index;
      units.push(unit(index, [i], stages));
      continue;
    }
    if (stage.parents.length === 0) {
      const maps = stage.tasks;
      const consumer = absorbs ? stages[only]! : undefined;
      jobs.push(
        jobSpec(stage, user, queue, stage.submitTime, {
          maps,
          mapSeconds: recorded ? maps.map(seconds) : undefined,
          mapOutputs: consumer === undefined ? undefined : maps.map((t) => t.shuffleWriteBytes),
          reduces: consumer?.tasks ?? [],
          recorded,
          seconds,
        }),
      );
      jobOfStage[i] = index;
      if (consumer !== undefined) jobOfStage[only] = index;
      units.push(unit(index, consumer === undefined ? [i] : [i, only], stages));
      continue;
    }
    const parentTasks = stage.parents.flatMap((p) => stages[p]!.tasks);
    const spec = jobSpec(stage, user, queue, 0, {
      maps: parentTasks.map(() => undefined),
      mapSeconds: parentTasks.map(() => 0),
      mapOutputs: parentTasks.map((t) => t.shuffleWriteBytes),
      reduces: stage.tasks,
      recorded,
      seconds,
    });
    jobs.push({
      ...spec,
      dependsOn: stage.parents.map((p) => jobOfStage[p]!),
      recorded: { ...spec.recorded, mapsFromParents: true },
    });
    jobOfStage[i] = index;
    units.push(unit(index, [i], stages));
  }
  const assumptions = [
    `durations: ${recorded ? 'recorded compute per task, the network simulated around it' : "modelled from sizes (the engine's duration model)"}`,
    `cluster: ${cluster.racks.length} rack(s) × ${cluster.nodesPerRack} node(s), each with its host's recorded slots (${slotsText(cluster.containersPerNode)})${cluster.paddingNodes > 0 ? `, ${cluster.paddingNodes} of them idle padding for smaller racks (no container)` : ''}`,
    'input blocks are placed as HDFS does (up to 3 random replicas): the trace does not record where they were',
    'a stage with parents is held until they complete; its shuffle leaves the nodes where their tasks ran in the replay',
  ];
  const timeline =
    used.has('executors') && trace.executors !== undefined
      ? executorSlotTimeline(trace, cluster.nodeOfHost).map((e) => ({
          ...e,
          containers: Math.min(e.containers, cluster.containersPerNode[e.node]!),
        }))
      : [];
  if (timeline.length > 0)
    assumptions.push(
      `executors: each host's slots appear when its executors were added and disappear when they were removed (${timeline.length} change(s)); a task running when its slot disappears runs to its end`,
    );
  if (used.size < REPLAY_MECHANISM_COUNT)
    assumptions.push(`left out of this replay: ${[...mechanismsLeftOut(used)].join(', ')}`);
  const modelled = stages.filter((s) => s.parents.length === 0 && (s.skippedParentTasks ?? 0) > 0).length;
  if (modelled > 0)
    assumptions.push(
      `${modelled} stage(s) read shuffle that no stage of the trace wrote: each is a job whose maps (the skipped parents' tasks) have no compute and no input, run where the scheduler puts them, and write in equal shares what the stage read`,
    );
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

interface JobTasks {
  /** Map tasks (undefined entries: maps standing for parents' tasks, no input). */
  readonly maps: readonly (RecordedTask | undefined)[];
  readonly mapSeconds: readonly number[] | undefined;
  /** Shuffle written per map, scaled to what the reduces read. */
  readonly mapOutputs: readonly number[] | undefined;
  readonly reduces: readonly RecordedTask[];
  readonly recorded: boolean;
  /** A recorded task's seconds in its slot after its input or shuffle is in. */
  readonly seconds: (task: RecordedTask) => number;
}

function jobSpec(
  stage: RecordedStage,
  user: UserId,
  queue: string,
  submitTime: number,
  t: JobTasks,
): JobSpec {
  const inputs = t.maps.map((m) => m?.inputBytes ?? 0);
  const inputBytes = inputs.reduce((a, b) => a + b, 0);
  const shuffleBytes = t.reduces.reduce((a, r) => a + r.shuffleReadBytes, 0);
  const figures: RecordedTaskFigures = {
    mapInputBytes: inputs,
    ...(t.mapSeconds === undefined ? {} : { mapSeconds: t.mapSeconds }),
    ...(t.reduces.length === 0
      ? {}
      : { mapOutputBytes: scaledOutputs(t.mapOutputs ?? inputs, shuffleBytes) }),
    ...(t.reduces.length === 0 ? {} : { reduceInputBytes: t.reduces.map((r) => r.shuffleReadBytes) }),
    ...(t.recorded && t.reduces.length > 0 ? { reduceSeconds: t.reduces.map(t.seconds) } : {}),
  };
  return {
    name: stage.id,
    user,
    queue,
    submitTime: Math.max(0, submitTime),
    inputBytes,
    shuffleBytes: t.reduces.length === 0 ? 0 : shuffleBytes,
    outputBytes: t.reduces.reduce((a, r) => a + r.outputBytes, 0),
    mapCount: t.maps.length,
    reduceCount: t.reduces.length,
    blockBytes: Math.max(1, ...inputs),
    recorded: figures,
  };
}

/** Per-map outputs in proportion to what each wrote, summing to what the consumers read. */
function scaledOutputs(written: readonly number[], total: number): number[] {
  const sum = written.reduce((a, b) => a + b, 0);
  if (written.length === 0) return [];
  if (sum <= 0) return written.map(() => total / written.length);
  const out = written.map((w) => (w * total) / sum);
  // Absorb rounding so the entries sum to the total.
  out[out.length - 1]! += total - out.reduce((a, b) => a + b, 0);
  out[out.length - 1] = Math.max(0, out[out.length - 1]!);
  return out;
}

function unit(job: number, ids: readonly number[], stages: readonly RecordedStage[]): ReplayUnit {
  const first = stages[ids[0]!]!;
  const last = stages[ids[ids.length - 1]!]!;
  const readsShuffle = ids.length > 1 || first.parents.length > 0 || (first.skippedParentTasks ?? 0) > 0;
  const consumers = readsShuffle ? last.tasks : [];
  const wait = consumers.reduce((a, t) => a + t.fetchWaitSeconds, 0);
  const firstLaunch = Math.min(...first.tasks.map((t) => t.launchTime));
  return {
    job,
    stages: ids,
    recordedSubmit: first.submitTime,
    recordedLaunchDelay: Math.max(0, firstLaunch - first.submitTime),
    recordedSeconds: last.completionTime - first.submitTime,
    recordedFetchWait: consumers.length === 0 ? 0 : wait / consumers.length,
  };
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
