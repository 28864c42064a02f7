/**
 * Benchmark of the engine over the FB-2010 day at nas-sim scale (docs/architecture.md §8): the
 * floor (a trivial policy, no network) and a FIFO-like run with the network on, over 1 h, 6 h
 * and 24 h slices. Prints one JSON object.
 *
 *   pnpm bench                       # every slice, both runs
 *   pnpm bench -- --hours 1,6 --runs floor
 *   pnpm bench -- --parameters '{"resolveInterval":0.1}'
 *
 * The network-on run uses COARSE_SHUFFLE_PARAMETERS and resolveInterval 1 s: the exact
 * model needs about 10^8 flows for the day (see bench/accuracy.ts for what it trades).
 */
import { buildTopology, topologyPreset } from '@rackwise/topology';
import { loadFb2010 } from '@rackwise/workloads';
import { COARSE_SHUFFLE_PARAMETERS, type EngineParameters, simulate } from '../src/index.js';
import { fifoLikePolicy, trivialPolicy } from './bench-policies.js';

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const hours = (argument('hours') ?? '1,6,24').split(',').map(Number);
const runs = (argument('runs') ?? 'floor,fifo').split(',');
const extra = JSON.parse(argument('parameters') ?? '{}') as Partial<EngineParameters>;

/** The network-on run: the coarse shuffle with at most one solve per simulated second. */
const NETWORK_RUN: Partial<EngineParameters> = { ...COARSE_SHUFFLE_PARAMETERS, resolveInterval: 1 };

const topology = buildTopology(topologyPreset('nas-sim'));
const results: Record<string, unknown>[] = [];
for (const h of hours) {
  const workload = loadFb2010(h >= 24 ? {} : { hours: h });
  const maps = workload.jobs.reduce((sum, job) => sum + job.mapCount, 0);
  const reduces = workload.jobs.reduce((sum, job) => sum + job.reduceCount, 0);
  for (const run of runs) {
    const floor = run === 'floor';
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const result = simulate({
      topology,
      workload,
      policy: floor ? trivialPolicy : fifoLikePolicy,
      seed: 1,
      parameters: floor ? { network: false, ...extra } : { ...NETWORK_RUN, ...extra },
      metrics: { recordSeries: false },
    });
    const wall = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    const s = result.stats;
    results.push({
      run: floor
        ? 'floor (trivial policy, network off)'
        : 'fifo-like, network on (coarse shuffle, resolveInterval 1 s)',
      hours: h,
      jobs: workload.jobs.length,
      maps,
      reduces,
      wallSeconds: +(wall / 1000).toFixed(2),
      cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(2),
      events: s.events,
      offers: s.offers,
      heartbeats: s.heartbeats,
      solves: s.solves,
      flowsAdded: s.flowsAdded,
      meanActiveFlows: +s.meanActiveFlows.toFixed(1),
      peakActiveFlows: s.peakActiveFlows,
      solverSeconds: +(s.solverMillis / 1000).toFixed(2),
      simulatedSeconds: +s.simulatedTime.toFixed(0),
      jobsCompleted: result.metrics.jobsCompleted,
      meanExecutionSeconds: +result.metrics.executionTime.mean.toFixed(1),
    });
    process.stderr.write(`${JSON.stringify(results[results.length - 1])}\n`);
  }
}
process.stdout.write(
  `${JSON.stringify({ node: process.version, peakRssMiB: Math.round(process.resourceUsage().maxRSS / 1024), results }, null, 2)}\n`,
);
