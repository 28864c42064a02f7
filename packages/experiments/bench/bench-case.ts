/**
 * One benchmark case, run in a process of its own by `run.ts`: replays the FB-2010
 * trace at nas-sim scale under one policy and prints one JSON line with the engine's
 * counters and the process's peak resident memory.
 *
 *   node --conditions=@rackwise/source --import tsx bench/bench-case.ts <policy> <hours> [floor|x] ['<engine JSON>'] ['<overrides JSON>']
 *
 * The overrides are the experiment's (`{"sizeScale":0.2}` runs SWIM's size rule for 600 nodes).
 */
import { boundHeapGrowth, prepareExperiment, runPreparedExperiment } from '../src/index.js';

boundHeapGrowth();

const [policy = 'fair', hoursText = '24', floor, engineText, overridesText] = process.argv.slice(2);
const hours = Number(hoursText);
const engine = {
  ...(floor === 'floor' ? { network: false } : {}),
  ...(engineText === undefined ? {} : JSON.parse(engineText)),
};
const prepared = prepareExperiment({
  preset: 'nas-sim',
  policies: [policy],
  seed: 1,
  parallelism: 1,
  overrides: { ...(overridesText === undefined ? {} : JSON.parse(overridesText)), hours, engine },
});
const result = await runPreparedExperiment(prepared, { parallelism: 1 });
const run = result.policies[0]?.runs[0];
if (run === undefined) throw new Error('the run produced no result');
process.stdout.write(
  `${JSON.stringify({
    jobs: prepared.workload.jobs,
    jobsCompleted: run.metrics.jobsCompleted,
    meanJobSeconds: run.metrics['executionTime.mean'],
    engineSeconds: run.wallSeconds,
    stats: run.stats,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    cpuSeconds: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  })}\n`,
);
