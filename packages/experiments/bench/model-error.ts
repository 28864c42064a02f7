/**
 * The bundled solver against the per-flow reference on a slice of the FB-2010 trace at
 * nas-sim scale: runs each policy under both `flowModel`s, same preset and seed, and
 * prints for every policy the largest relative difference over every metric of the CSV
 * (and the metric it is on). Both models are exact max-min, so the differences are
 * floating-point ones: two completions a few ulps apart may fall into different solve
 * batches and reorder later decisions.
 *
 *   node --conditions=@rackwise/source --import tsx bench/model-equivalence.ts <hours> <policy,…> [engine JSON]
 */
import { prepareExperiment, runPreparedExperiment } from '../src/index.js';

const [hoursText = '0.5', policiesText = 'fair,nas', engineText] = process.argv.slice(2);
const hours = Number(hoursText);
const policies = policiesText.split(',');
const extra = engineText === undefined ? {} : JSON.parse(engineText);

async function metricsUnder(flowModel: 'bundled' | 'per-flow') {
  const prepared = prepareExperiment({
    preset: 'nas-sim',
    policies,
    seed: 1,
    parallelism: 1,
    overrides: { hours, engine: { ...extra, flowModel } },
  });
  const cpu = process.cpuUsage();
  const result = await runPreparedExperiment(prepared, { parallelism: 1 });
  const used = process.cpuUsage(cpu);
  return { result, cpuSeconds: (used.user + used.system) / 1e6 };
}

const oracle = await metricsUnder('per-flow');
const bundled = await metricsUnder('bundled');
const rows = policies.map((policy) => {
  const a = oracle.result.policies.find((p) => p.policy === policy)!.metrics;
  const b = bundled.result.policies.find((p) => p.policy === policy)!.metrics;
  let worst = 0;
  let worstMetric = '';
  let compared = 0;
  for (const name of oracle.result.metricNames) {
    const x = a[name];
    const y = b[name];
    if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    compared++;
    const scale = Math.max(Math.abs(x), Math.abs(y));
    const diff = scale === 0 ? 0 : Math.abs(x - y) / scale;
    if (diff > worst) {
      worst = diff;
      worstMetric = name;
    }
  }
  return { policy, metricsCompared: compared, maxRelativeDifference: worst, on: worstMetric };
});
process.stdout.write(
  `${JSON.stringify(
    {
      trace: `FB-2010 first ${hours} h, nas-sim, seed 1`,
      engine: extra,
      cpuSeconds: { perFlow: oracle.cpuSeconds, bundled: bundled.cpuSeconds },
      policies: rows,
    },
    null,
    2,
  )}\n`,
);
