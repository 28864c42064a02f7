/**
 * Benchmark of the flow-rate solver on the `nas-sim` cluster (600 nodes, 1,260 links):
 * full and incremental solve times at 200 / 1k / 5k / 20k concurrent shuffle-like flows, and
 * the completion-time error of `resolveInterval` against exact mode. Prints one JSON
 * object on stdout.
 */
import { loadavg } from 'node:os';
import { buildTopology, topologyPreset } from '../src/index.js';
import { poissonShuffleArrivals, relativeErrors, replay } from './resolve-interval-study.js';
import { round, timeSolves } from './solve-timing.js';

const topology = buildTopology(topologyPreset('nas-sim'));
const loadAverage = round(loadavg()[0]!, 3);
const solveTimings = [200, 1000, 5000, 20000].map((count, i) => timeSolves(topology, count, 17 + i));
const fullSolveFit = linearFit(
  solveTimings.map((t) => t.incidences),
  solveTimings.map((t) => t.fullSolveMs.best),
);

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
      loadAverage,
      topology: { preset: 'nas-sim', nodes: topology.nodeCount, links: topology.linkCount },
      solveTimings,
      fullSolveFit: {
        fixedMicros: round(fullSolveFit.intercept * 1000),
        nanosPerIncidence: round(fullSolveFit.slope * 1e6),
      },
      resolveIntervalStudy: {
        workload: `${ARRIVALS} Poisson arrivals of 1–128 MiB flows between random nodes at ${LOAD * 100} % of cross-rack capacity`,
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

/** Least-squares line through the points. */
function linearFit(xs: readonly number[], ys: readonly number[]): { intercept: number; slope: number } {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
  }
  const slope = sxy / sxx;
  return { intercept: my - slope * mx, slope };
}
