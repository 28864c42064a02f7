import { type SimulationProgress, simulate } from '@rackwise/engine';
import { trafficThresholdFromView, trafficThresholdOfJobs } from '@rackwise/estimators';
import { type JobRecord, type TimeSeries, flattenMetrics, steadyStateMetrics } from '@rackwise/metrics';
import { buildTopology } from '@rackwise/topology';
import type { Bytes, SchedulerPolicy, ShuffleClass, Workload } from '@rackwise/types';
import { BENCHMARK_PROFILES, type BenchmarkName } from '@rackwise/workloads';
import type { ExperimentPreset } from '../experiment-preset.js';
import type { PolicyRun, RunSeries } from '../experiment-result.js';
import { jobTable } from '../job-table.js';
import type { PolicyRegistry } from '../policy-registry.js';
import { buildWorkload, steadyStateWindow } from '../workload-recipe.js';
import { openFlowTrace } from './flow-trace-file.js';
import { jobGroupRunMetrics } from './job-group-run-metrics.js';
import { policyReportedMetrics, signatureMetrics } from './job-signature-metrics.js';
import { startCpuClock } from './run-cpu-clock.js';

/** One simulation to run: a preset (overrides applied), a policy name and a seed. Plain data. */
export interface SimulationTask {
  readonly preset: ExperimentPreset;
  readonly policy: string;
  readonly seed: number;
  /** What else tells it apart in progress displays (`users=30` in a sweep). */
  readonly label?: string;
  /** Write the run's flow trace to this file. */
  readonly flowTrace?: string;
}

/** Most points of a stored time series; longer ones are averaged down to this. */
export const MAX_SERIES_POINTS = 1500;

/** Default seconds between time-series samples. */
const DEFAULT_SERIES_INTERVAL = 60;

/**
 * NAS eq. 3 for the congested-node metric (NAS §IV-B, Fig. 3(e)): `m · Σ S_i / Σ K_i`
 * over the whole workload, with `m` the map-capable slots of a node.
 */
export function workloadTrafficThreshold(preset: ExperimentPreset, workload: Workload): Bytes {
  if (preset.metrics.trafficThreshold !== 'nas-eq-3') return preset.metrics.trafficThreshold;
  const slots = preset.topology.slots;
  const perNode = slots.model === 'split' ? slots.mapSlots : slots.containers;
  return trafficThresholdOfJobs(workload.jobs, perNode);
}

/**
 * The class of a job for per-class steady-state metrics: its benchmark's class in
 * ShuffleWatcher Table 1 when the job runs a known benchmark, else its true shuffle size
 * class.
 */
function benchmarkClassOf(workload: Workload): (job: JobRecord) => ShuffleClass {
  return (job) => {
    const signature = workload.jobs[job.id]?.signature;
    return signature !== undefined && Object.hasOwn(BENCHMARK_PROFILES, signature)
      ? BENCHMARK_PROFILES[signature as BenchmarkName].shuffleClass
      : job.shuffleClass;
  };
}

/** How far one simulation is: the share of its jobs done, and the simulated time reached. */
export interface SimulationTaskProgress {
  /** Jobs done / jobs, 0…1. */
  readonly fraction: number;
  /** Simulated seconds reached. */
  readonly time: number;
  readonly jobsDone: number;
  readonly jobsTotal: number;
}

/**
 * Runs one simulation and reduces it to what a report keeps: every metric under its
 * dotted name (plus `steadyState.*` for presets with a measured window), the series
 * (rates in bits per second), and the engine's counters.
 */
export function runSimulationTask(
  task: SimulationTask,
  registry: PolicyRegistry,
  onProgress: (progress: SimulationTaskProgress) => void = () => {},
): PolicyRun {
  const cpuClock = startCpuClock();
  const { preset, policy, seed } = task;
  const topology = buildTopology(preset.topology);
  const workload = buildWorkload(preset.workload, preset.storage, seed);
  const config = preset.policyConfig[policy];
  let created: SchedulerPolicy | undefined;
  const trace = task.flowTrace === undefined ? undefined : openFlowTrace(task.flowTrace, topology);
  const result = simulate({
    topology,
    workload,
    seed,
    policy: (context) => {
      created = registry.create(policy, config, context);
      return created;
    },
    parameters: preset.engine,
    metrics: {
      congestionThreshold: preset.metrics.congestionThreshold,
      congestedNodeThreshold: workloadTrafficThreshold(preset, workload),
      // NAS Fig. 3(e) on MTS's own quantity against the TrafficThreshold of the moment.
      ...(preset.metrics.trafficThreshold === 'nas-eq-3'
        ? { liveNodeThreshold: trafficThresholdFromView }
        : {}),
      seriesInterval: preset.metrics.seriesInterval ?? DEFAULT_SERIES_INTERVAL,
    },
    onProgress: (p: SimulationProgress) =>
      onProgress({
        fraction: p.jobsTotal > 0 ? p.jobsDone / p.jobsTotal : 1,
        time: p.time,
        jobsDone: p.jobsDone,
        jobsTotal: p.jobsTotal,
      }),
    ...(trace === undefined ? {} : { onFlow: trace.write }),
  });
  trace?.close();
  const window = steadyStateWindow(preset.workload);
  const metrics = {
    ...flattenMetrics(result.metrics),
    ...(preset.metrics.bySignature === true ? signatureMetrics(result.jobs, workload) : {}),
    ...policyReportedMetrics(created),
    ...(window === undefined
      ? {}
      : steadyStateMetrics(result.jobs, result.series, window, benchmarkClassOf(workload))),
    ...jobGroupRunMetrics(preset, seed, topology, workload, result.jobs, registry),
  };
  const { wallMillis, ...counters } = result.stats;
  const cpuSeconds = cpuClock();
  return {
    seed,
    metrics,
    series: toRunSeries(result.series),
    jobs: jobTable(result.jobs),
    stats: { ...counters },
    wallSeconds: wallMillis / 1000,
    ...(cpuSeconds === undefined ? {} : { cpuSeconds }),
  };
}

/** The report's series: cross-rack rates in bits per second (all links and per rack uplink), congested links, running tasks, at most MAX_SERIES_POINTS. */
export function toRunSeries(series: TimeSeries): RunSeries {
  const bucket = Math.max(1, Math.ceil(series.time.length / MAX_SERIES_POINTS));
  const down = (values: readonly number[], scale = 1): number[] => {
    const out: number[] = [];
    for (let i = 0; i < values.length; i += bucket) {
      const slice = values.slice(i, i + bucket);
      out.push((slice.reduce((a, b) => a + b, 0) / slice.length) * scale);
    }
    return out;
  };
  return {
    time: down(series.time),
    crossRackShuffleRate: down(series.crossRackShuffleRate, 8),
    crossRackRate: down(series.crossRackRate, 8),
    runningMaps: down(series.runningMaps),
    runningReduces: down(series.runningReduces),
    congestedLinks: down(series.congestedLinks),
    rackUplinkRate: series.rackUplinkRate.map((rates) => down(rates, 8)),
  };
}
