import type { EngineParameters } from '@rackwise/engine';
import type { TopologySpec } from '@rackwise/topology';
import type { ExperimentPreset, WorkloadRecipe } from './experiment-preset.js';

/** Changes to a preset for one run (the CLI's `--trace`, `--hours`, `--users`). */
export interface ExperimentOverrides {
  /**
   * Replay this SWIM trace instead of the preset's workload: `fb2010`, `fb2009` or a path. Users
   * stay the preset's (or `users`); `hours` keeps the first hours; a trace preset's size
   * scale, start hour and job sample stay.
   */
  readonly trace?: string;
  /**
   * Hours of the trace to replay, or of the measured steady state of a Poisson preset.
   * Refused for a preset with a fixed number of jobs (use `trace` with it).
   */
  readonly hours?: number;
  /** Trace hour the replay starts at (`SwimTraceRecipe.fromHour`); only for a trace. */
  readonly fromHour?: number;
  /** Number of users the jobs are spread over. */
  readonly users?: number;
  /**
   * Racks over the preset's node count: `nodesPerRack` becomes round(nodes / racks)
   * (Shadow Fig. 13: "the 52 nodes are evenly distributed across racks").
   */
  readonly racks?: number;
  /** Capacity of every rack's uplink and downlink, Gbit/s (Shadow Fig. 15: 1–4). */
  readonly rackLinkGbps?: number;
  /** Replaces the workload's size scale (Shadow Figs. 14, 17: input 30–160 GB as 0.25–1.33 × 120 GB). */
  readonly sizeScale?: number;
  /** Share of each job's blocks written from one cluster node (`StorageSettings.uploadShare`). */
  readonly uploadShare?: number;
  /** Number of jobs of a Poisson preset with a fixed number of jobs (FCS Fig. 15: 60 to 300). */
  readonly jobs?: number;
  /** Engine parameters over the preset's. */
  readonly engine?: Partial<EngineParameters>;
  /** Policy configuration over the preset's, by policy name (merged field by field). */
  readonly policyConfig?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/**
 * The preset with the overrides applied. Values are checked by `validatePreset`
 * afterwards; here only whether an override applies to the preset's workload.
 * @throws Error when `hours` does not apply.
 */
export function applyOverrides(
  preset: ExperimentPreset,
  overrides: ExperimentOverrides = {},
): ExperimentPreset {
  let workload: WorkloadRecipe = preset.workload;
  if (overrides.trace !== undefined) {
    const hours = overrides.hours ?? (workload.kind === 'swim-trace' ? workload.hours : undefined);
    workload = {
      kind: 'swim-trace',
      trace: overrides.trace,
      users: workload.users,
      ...(hours === undefined ? {} : { hours }),
      // A trace preset's scale, window and sample stay; a job mix's scale belongs to its mix, not to the trace.
      ...(workload.kind === 'swim-trace'
        ? {
            ...(workload.sizeScale === undefined ? {} : { sizeScale: workload.sizeScale }),
            ...(workload.fromHour === undefined ? {} : { fromHour: workload.fromHour }),
            ...(workload.sampleJobs === undefined ? {} : { sampleJobs: workload.sampleJobs }),
          }
        : {}),
    };
  } else if (overrides.hours !== undefined) {
    workload = withHours(preset, overrides.hours);
  }
  if (overrides.fromHour !== undefined) {
    if (workload.kind !== 'swim-trace')
      throw new Error(`fromHour does not apply to preset ${preset.name}: its workload is not a trace`);
    workload = { ...workload, fromHour: overrides.fromHour };
  }
  if (overrides.users !== undefined) workload = { ...workload, users: overrides.users };
  if (overrides.sizeScale !== undefined) {
    if (workload.kind === 'recorded-trace') throw notForRecorded(preset, 'sizeScale');
    workload = { ...workload, sizeScale: overrides.sizeScale };
  }
  if (overrides.jobs !== undefined) workload = withJobs(preset, workload, overrides.jobs);
  const policyConfig: Record<string, Readonly<Record<string, unknown>>> = { ...preset.policyConfig };
  for (const [name, config] of Object.entries(overrides.policyConfig ?? {})) {
    policyConfig[name] = { ...policyConfig[name], ...config };
  }
  return {
    ...preset,
    topology: topologyWith(preset.topology, overrides),
    storage:
      overrides.uploadShare === undefined
        ? preset.storage
        : { ...preset.storage, uploadShare: overrides.uploadShare },
    workload,
    engine: { ...preset.engine, ...overrides.engine },
    policyConfig,
  };
}

function withHours(preset: ExperimentPreset, hours: number): WorkloadRecipe {
  const workload = preset.workload;
  if (workload.kind === 'swim-trace') return { ...workload, hours };
  if (workload.kind === 'recorded-trace') throw notForRecorded(preset, 'hours');
  if (workload.steadyState !== undefined)
    return { ...workload, steadyState: { ...workload.steadyState, hours } };
  throw new Error(
    `hours does not apply to preset ${preset.name}: its workload is a fixed number of jobs (${workload.jobs ?? '?'}) of mix ${workload.mix}; give a trace to replay hours of it`,
  );
}

/** The topology with the `racks` and `rackLinkGbps` overrides applied. */
function topologyWith(topology: TopologySpec, overrides: ExperimentOverrides): TopologySpec {
  let out = topology;
  if (overrides.racks !== undefined) {
    const nodes = topology.racks * topology.nodesPerRack;
    out = { ...out, racks: overrides.racks, nodesPerRack: Math.max(1, Math.round(nodes / overrides.racks)) };
  }
  if (overrides.rackLinkGbps !== undefined) {
    const { oversubscription: _, ...rest } = out;
    const capacity = overrides.rackLinkGbps * 1e9;
    out = { ...rest, rackUplinkCapacity: capacity, rackDownlinkCapacity: capacity };
  }
  return out;
}

/** An override that a recorded trace's replay does not take (it replays what was recorded). */
function notForRecorded(preset: ExperimentPreset, option: string): Error {
  return new Error(
    `${option} does not apply to preset ${preset.name}: it replays a recorded trace as it ran`,
  );
}

function withJobs(preset: ExperimentPreset, workload: WorkloadRecipe, jobs: number): WorkloadRecipe {
  if (workload.kind === 'poisson-mix' && workload.steadyState === undefined) return { ...workload, jobs };
  if (workload.kind === 'recorded-trace') throw notForRecorded(preset, 'jobs');
  throw new Error(
    `jobs does not apply to preset ${preset.name}: its workload is ${workload.kind === 'swim-trace' ? 'a trace' : 'a steady state of some hours'}, not a fixed number of jobs`,
  );
}
