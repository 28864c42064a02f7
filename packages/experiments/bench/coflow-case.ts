/**
 * The coflow benchmark case, run in a process of its own by `run.ts`: replays a
 * coflow-benchmark-shaped trace (526 coflows, one hour, 150 racks) at CoflowSim's fabric —
 * 150 racks of one machine, 2^30 bit/s links — and prints one JSON line.
 *
 *   node --conditions=@rackwise/source --import tsx bench/coflow-case.ts [flowModel]
 */
import { coflowFabric, replayCoflows } from '@rackwise/flow-replay';
import { parseCoflowTrace } from '@rackwise/workloads';
import { boundHeapGrowth } from '../src/index.js';
import { COFLOW_RACKS, coflowShapedTrace } from './coflow-shaped-trace.js';

boundHeapGrowth();

const flowModel = process.argv[2] === 'bundled' ? 'bundled' : 'per-flow';
const trace = parseCoflowTrace(coflowShapedTrace(1), 'coflow-shaped-1h-150.txt');
const topology = coflowFabric(COFLOW_RACKS);
const started = performance.now();
const result = replayCoflows(topology, trace.coflows, { flowModel });
const engineSeconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage();
process.stdout.write(
  `${JSON.stringify({
    jobs: trace.coflows.length,
    jobsCompleted: result.coflows.length,
    engineSeconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    stats: {
      flowsAdded: result.flows,
      peakActiveBundles: result.peakBundles,
      solves: result.solves,
      solverMillis: result.solverMillis,
      meanCoflowSeconds: result.meanDuration,
    },
  })}\n`,
);
