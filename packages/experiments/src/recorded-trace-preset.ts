import type { TopologySpec } from '@rackwise/topology';
import {
  type RackRule,
  type RecordedReplay,
  type ReplayDurations,
  type ReplayMechanism,
  readRumenJobHistory,
  readSparkEventLog,
  recordedWorkload,
} from '@rackwise/workloads';
import type { ExperimentPreset, RecordedTraceRecipe } from './experiment-preset.js';
import { experimentPreset } from './preset-catalogue.js';
import { replayOptions } from './workload-recipe.js';

/** What {@link recordedTracePreset} needs. */
export interface RecordedTraceSetup {
  readonly trace: string;
  readonly format: 'spark' | 'rumen';
  readonly durations?: ReplayDurations;
  readonly racks?: RackRule;
  /** What the replay leaves out of what the trace records (`REPLAY_MECHANISMS`; nothing by default). */
  readonly without?: readonly ReplayMechanism[];
  /**
   * Preset whose engine, storage, metric and policy settings the replay takes, and
   * whose NICs and rack-link oversubscription its cluster gets; `nas-cluster` by default.
   */
  readonly base?: string;
}

/** Base preset of a recorded trace's replay. */
export const RECORDED_TRACE_BASE = 'nas-cluster';

/**
 * The policies that stand for the scheduler a trace names: Spark's FIFO mode → `fifo`,
 * FAIR → `fair`; YARN (Rumen) → `fair` and `capacity`.
 */
export function recordedSchedulerPolicies(scheduler: string): string[] {
  if (scheduler === 'spark FIFO') return ['fifo'];
  if (scheduler === 'spark FAIR') return ['fair'];
  return ['fair', 'capacity'];
}

/**
 * An experiment preset that replays a recorded trace on the cluster its hosts form: the
 * racks of `recordedWorkload`, as many nodes per rack as the largest rack has hosts, each
 * node with its host's recorded slots as containers (padding nodes none), and the base preset's NIC capacity and rack-link
 * oversubscription; a Spark log's submitted stages are offered at once (`offerOnSubmit`). Its policies are those standing for the trace's scheduler.
 * Returns the preset and the replay it was built from (for comparisons).
 * @throws Error as the trace's reader (file, line or record, field).
 */
export function recordedTracePreset(setup: RecordedTraceSetup): {
  preset: ExperimentPreset;
  replay: RecordedReplay;
  /** The schedulers the trace names (`spark FIFO`, `yarn`). */
  schedulers: readonly string[];
} {
  const recipe: RecordedTraceRecipe = {
    kind: 'recorded-trace',
    trace: setup.trace,
    format: setup.format,
    users: 1,
    durations: setup.durations ?? 'recorded',
    racks: setup.racks ?? { kind: 'recorded' },
    ...(setup.without === undefined || setup.without.length === 0 ? {} : { without: setup.without }),
  };
  const trace = setup.format === 'spark' ? readSparkEventLog(setup.trace) : readRumenJobHistory(setup.trace);
  const replay = recordedWorkload(trace, replayOptions(recipe));
  const base = experimentPreset(setup.base ?? RECORDED_TRACE_BASE);
  const cluster = replay.cluster;
  const nic = base.topology.nicCapacity;
  const baseUplink = base.topology.rackUplinkCapacity ?? nic * base.topology.nodesPerRack;
  const oversubscription = (nic * base.topology.nodesPerRack) / baseUplink;
  const rackLink = (nic * cluster.nodesPerRack) / oversubscription;
  const topology: TopologySpec = {
    name: `hosts of ${replay.workload.name}`,
    racks: cluster.racks.length,
    nodesPerRack: cluster.nodesPerRack,
    slots: { model: 'container', containers: cluster.containers, perNode: cluster.containersPerNode },
    nicCapacity: nic,
    rackUplinkCapacity: rackLink,
    rackDownlinkCapacity: rackLink,
  };
  const users = new Set(replay.workload.jobs.map((j) => j.user)).size;
  const { baseline: _baseline, sweeps: _sweeps, ...settings } = base;
  const preset: ExperimentPreset = {
    ...settings,
    name: `trace-${
      replay.workload.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'recorded'
    }`,
    description: `${replay.workload.name} replayed on its hosts (${setup.format}, ${recipe.durations} durations)`,
    source: `recorded trace ${replay.workload.name}`,
    topology,
    // Spark's driver offers a submitted stage's tasks at once; YARN at the next heartbeats.
    engine: setup.format === 'spark' ? { ...settings.engine, offerOnSubmit: true } : settings.engine,
    storage: {
      ...base.storage,
      replication: Math.min(base.storage.replication, cluster.racks.length * cluster.nodesPerRack),
    },
    workload: { ...recipe, users: Math.max(1, users) },
  };
  return { preset, replay, schedulers: [...new Set(trace.applications.map((a) => a.scheduler))] };
}
