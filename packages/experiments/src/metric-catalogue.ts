import { simulate } from '@rackwise/engine';
import { flattenMetrics } from '@rackwise/metrics';
import { STEADY_STATE_METRICS } from '@rackwise/metrics';
import { fifoPolicy } from '@rackwise/policy-fifo';
import { buildTopology } from '@rackwise/topology';
import type { JobSpec, UserId, Workload } from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';
import type { ExperimentPreset } from './experiment-preset.js';
import { jobGroupMetricNames } from './internal/job-group-run-metrics.js';
import { createPolicyRegistry } from './policy-registry.js';
import { steadyStateWindow } from './workload-recipe.js';

let engineMetricNames: readonly string[] | undefined;

/**
 * The names of every metric a run of the preset reports, known before running it: the
 * engine's metrics (`flattenMetrics`, whose names do not depend on the run — they are
 * read once from a one-job probe on a one-node cluster) plus `steadyState.*` for presets
 * with a measured window and `slowdown.*`, `group.<class>.*` for presets with
 * `metrics.jobGroups`. Lets tools refuse an unknown metric name up front.
 */
export function metricNames(preset?: ExperimentPreset): readonly string[] {
  engineMetricNames ??= Object.freeze(Object.keys(flattenMetrics(probeRun())));
  if (preset === undefined) return engineMetricNames;
  const steady = steadyStateWindow(preset.workload) !== undefined;
  return [...engineMetricNames, ...(steady ? STEADY_STATE_METRICS : []), ...jobGroupMetricNames(preset)];
}

function probeRun() {
  const job: JobSpec = {
    name: 'probe',
    user: 0 as UserId,
    queue: 'default',
    submitTime: 0,
    inputBytes: 1,
    shuffleBytes: 1,
    outputBytes: 1,
    mapCount: 1,
    reduceCount: 1,
    blockBytes: 1,
  };
  const workload: Workload = { name: 'probe', jobs: [job], placement: hdfsPlacement({ replication: 1 }) };
  const topology = buildTopology({
    racks: 1,
    nodesPerRack: 1,
    slots: { model: 'container', containers: 2 },
    nicCapacity: 1e9,
  });
  const registry = createPolicyRegistry([fifoPolicy]);
  return simulate({
    topology,
    workload,
    seed: 0,
    policy: (context) => registry.create('fifo', undefined, context),
    parameters: { maxTime: 3600 },
  }).metrics;
}
