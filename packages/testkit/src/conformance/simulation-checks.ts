import { type SimulationResult, simulate } from '@rackwise/engine';
import { buildTopology } from '@rackwise/topology';
import type { JobSpec, PolicyContext } from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';
import type { ArbitraryTopologySpec } from '../arbitraries.js';
import { type ConformanceOptions, type ConformanceSubject, instantiate } from './conformance-options.js';

/** Default simulated-time bound of the conformance runs. */
export const CONFORMANCE_MAX_TIME = 20_000;

/**
 * Runs a small workload through the engine under the subject, HDFS placement with up to
 * three replicas, and a time bound so a policy that never launches ends instead of
 * heart-beating forever.
 */
export function runConformanceSimulation<Config extends object>(
  subject: ConformanceSubject<Config>,
  options: ConformanceOptions<Config>,
  topology: ArbitraryTopologySpec,
  jobs: readonly JobSpec[],
  seed: number,
): SimulationResult {
  const built = buildTopology(topology);
  return simulate({
    topology: built,
    workload: {
      name: 'conformance',
      jobs,
      placement: hdfsPlacement({ replication: Math.min(3, built.nodeCount) }),
    },
    policy: (context: PolicyContext) => instantiate(subject, options.config, context),
    seed,
    parameters: { ...options.parameters, maxTime: options.maxTime ?? CONFORMANCE_MAX_TIME },
    metrics: { recordSeries: false },
    recordDecisions: true,
  });
}

/** Problems of a finished run: unfinished jobs, empty reasons, a task in a slot of the wrong kind. */
export function simulationProblems(result: SimulationResult): string[] {
  const problems: string[] = [];
  const unfinished = result.jobs.filter((j) => !j.finished);
  if (unfinished.length > 0) {
    const reasons = new Map<string, number>();
    for (const d of result.decisions.slice(-200)) reasons.set(d.reason, (reasons.get(d.reason) ?? 0) + 1);
    problems.push(
      `${unfinished.length} job(s) unfinished at ${result.stats.simulatedTime} s (${unfinished
        .map((j) => j.name)
        .join(', ')}); last decisions: ${[...reasons].map(([r, n]) => `${r} ×${n}`).join(', ')}`,
    );
  }
  for (const d of result.decisions) {
    if (typeof d.reason !== 'string' || d.reason.trim() === '') {
      problems.push(`a ${d.decision} at ${d.time} s on node ${d.node} has no reason code`);
      break;
    }
    if (d.decision === 'launch' && d.task !== undefined && d.slot !== 'container' && d.slot !== d.task.kind) {
      problems.push(`a ${d.task.kind} was launched in a ${d.slot} slot at ${d.time} s (${d.reason})`);
      break;
    }
  }
  return problems;
}
