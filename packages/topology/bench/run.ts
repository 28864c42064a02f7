/**
 * Benchmark of the flow-rate solver on the `nas-sim` cluster (600 nodes, 1,260 links):
 * full and incremental solve times at 1k / 5k / 20k concurrent shuffle-like flows, and
 * the completion-time error of `resolveInterval` against exact mode. Prints one JSON
 * object on stdout.
 */
import { buildTopology, topologyPreset } from '../src/index.js';
import { poissonShuffleArrivals, relativeErrors, replay } from './resolve-interval-study.js';
import { round, timeSolves } from './solve-timing.js';

const topology = buildTopology(topologyPreset('nas-sim'));
const solveTimings = [1000, 5000, 20000].map((count, i) => timeSolves(topology, count, 17 + i));

const ARRIVALS = 4000;
const LOAD = 0.8;
const arrivals = poissonShuffleArrivals(topology, ARRIVALS, LOAD, 42);
const exact = replay(topology, arrivals, 0);
const intervals = [0.01, 0.1, 1].map((resolveInterval) => {
  const run = replay(topology, arrivals, resolveInterval);
  const error = relativeErrors(exact.fct, run.fct);
  return {
    resolveInterval,
    meanRelativeError: error.mean,
    maxRelativeError: error.max,
    solves: run.solves,
    wallMs: run.wallMs,
  };
});
const meanFct = exact.fct.reduce((a, b) => a + b, 0) / exact.fct.length;

process.stdout.write(
  `${JSON.stringify(
    {
      benchmark: '@rackwise/topology flow-rate solver',
      node: process.version,
      topology: { preset: 'nas-sim', nodes: topology.nodeCount, links: topology.linkCount },
      solveTimings,
      resolveIntervalStudy: {
        workload: `${ARRIVALS} Poisson arrivals of 1–128 MB flows between random nodes at ${LOAD * 100} % of cross-rack capacity`,
        span: round(arrivals[arrivals.length - 1]!.time),
        meanCompletionTime: round(meanFct),
        exact: {
          solves: exact.solves,
          meanActiveFlows: exact.meanActiveFlows,
          peakActiveFlows: exact.peakActiveFlows,
          wallMs: exact.wallMs,
        },
        intervals,
      },
    },
    null,
    2,
  )}\n`,
);
