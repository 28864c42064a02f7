/**
 * How far the coarse shuffle modes and `resolveInterval` move the results from the exact,
 * Hadoop-faithful model: a short FB-2010 slice on nas-sim under the FIFO-like policy.
 * Prints one JSON object (mean and p95 job time, cross-rack bytes, cost) per setting.
 *
 *   node --conditions=@rackwise/source --import tsx bench/accuracy.ts [--hours 0.25]
 */
import { buildTopology, topologyPreset } from '@rackwise/topology';
import { loadFb2010 } from '@rackwise/workloads';
import { type EngineParameters, simulate } from '../src/index.js';
import { fifoLikePolicy } from './bench-policies.js';

const i = process.argv.indexOf('--hours');
const hours = i >= 0 ? Number(process.argv[i + 1]) : 0.25;
const coarse: Partial<EngineParameters> = {
  fetchSource: 'rack',
  mapsPerFetch: Number.POSITIVE_INFINITY,
  shuffleStart: 'maps-done',
};
const settings: [string, Partial<EngineParameters>][] = [
  ['exact', {}],
  ['resolveInterval 0.1', { resolveInterval: 0.1 }],
  ['rack fetches', { fetchSource: 'rack', mapsPerFetch: Number.POSITIVE_INFINITY }],
  ['maps-done', { shuffleStart: 'maps-done' }],
  ['coarse', coarse],
  ['coarse + resolveInterval 1', { ...coarse, resolveInterval: 1 }],
];
const topology = buildTopology(topologyPreset('nas-sim'));
const workload = loadFb2010({ hours });
const rows = settings.map(([name, parameters]) => {
  const start = performance.now();
  const r = simulate({
    topology,
    workload,
    policy: fifoLikePolicy,
    seed: 1,
    parameters,
    metrics: { recordSeries: false },
  });
  const row = {
    setting: name,
    wallSeconds: +((performance.now() - start) / 1000).toFixed(2),
    flows: r.stats.flowsAdded,
    solves: r.stats.solves,
    meanJobSeconds: +r.metrics.executionTime.mean.toFixed(2),
    p95JobSeconds: +r.metrics.executionTime.p95.toFixed(2),
    heavyMeanSeconds: +r.metrics.executionTimeByShuffleClass.heavy.mean.toFixed(2),
    crossRackShuffleGB: +(r.metrics.crossRackBytes.shuffle / 1e9).toFixed(2),
    makespan: +r.metrics.makespan.toFixed(0),
  };
  process.stderr.write(`${JSON.stringify(row)}\n`);
  return row;
});
process.stdout.write(`${JSON.stringify({ hours, jobs: workload.jobs.length, rows }, null, 2)}\n`);
