import { standaloneExecutionTimes, standaloneKey } from '@rackwise/engine';
import { type JobRecord, jobClassMetrics, slowdownSummary } from '@rackwise/metrics';
import type { Topology } from '@rackwise/topology';
import type { Seconds, Workload } from '@rackwise/types';
import { workloadMix } from '@rackwise/workloads';
import type { ExperimentPreset } from '../experiment-preset.js';
import type { PolicyRegistry } from '../policy-registry.js';

/** The numbers reported per job group, as `group.<class>.<field>`. */
export const JOB_GROUP_FIELDS = Object.freeze([
  'jobs',
  'jobsCompleted',
  'executionTimeMean',
  'slowdownMean',
  'slowdownMax',
  'reduceWaitTimeMean',
  'preemptionsMean',
] as const);

/** Metric names a preset with `metrics.jobGroups` reports besides the engine's. */
export function jobGroupMetricNames(preset: ExperimentPreset): string[] {
  if (preset.metrics.jobGroups === undefined) return [];
  const names = ['slowdown.mean', 'slowdown.max'];
  if (preset.workload.kind === 'poisson-mix') {
    const classes = workloadMix(preset.workload.mix)
      .classes.map((c) => c.name)
      .sort();
    for (const name of classes) for (const field of JOB_GROUP_FIELDS) names.push(`group.${name}.${field}`);
  }
  return names;
}

/** Stand-alone times already computed, by everything they depend on (one workload and seed). */
const standaloneCache = new Map<string, Map<string, Seconds>>();

/**
 * Per-group metrics and slowdowns of one run (FCS §5.1): each distinct job's stand-alone
 * time comes from running it alone on the empty cluster under the preset's
 * `standalonePolicy` with the same seed, computed once per workload and kept.
 */
export function jobGroupRunMetrics(
  preset: ExperimentPreset,
  seed: number,
  topology: Topology,
  workload: Workload,
  records: readonly JobRecord[],
  registry: PolicyRegistry,
): Record<string, number> {
  const settings = preset.metrics.jobGroups;
  if (settings === undefined) return {};
  const policy = settings.standalonePolicy;
  const key = JSON.stringify([
    preset.topology,
    preset.storage,
    preset.workload,
    preset.engine,
    policy,
    preset.policyConfig[policy] ?? null,
    seed,
  ]);
  let times = standaloneCache.get(key);
  if (times === undefined) {
    times = standaloneExecutionTimes({
      topology,
      workload,
      seed,
      parameters: preset.engine,
      policy: (context) => registry.create(policy, preset.policyConfig[policy], context),
    });
    standaloneCache.set(key, times);
  }
  const byName = new Map(workload.jobs.map((job) => [job.name, job]));
  const standalone = (record: JobRecord): Seconds | undefined => {
    const job = byName.get(record.name);
    return job === undefined ? undefined : times.get(standaloneKey(job));
  };
  const out: Record<string, number> = {};
  const overall = slowdownSummary(records, standalone);
  out['slowdown.mean'] = overall.mean;
  out['slowdown.max'] = overall.max;
  for (const [group, metrics] of Object.entries(jobClassMetrics(records, standalone))) {
    for (const field of JOB_GROUP_FIELDS) out[`group.${group}.${field}`] = metrics[field];
  }
  return out;
}
