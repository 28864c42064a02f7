// Runs the tiny preset on this thread and twice on one pool of simulation workers, and
// prints every run's metrics (a worker thread needs a real process, not the test runner's).
import type { ExperimentResult } from '../src/experiment-result.js';
import { openSimulationPool, runExperiment } from '../src/run-experiment.js';

const options = { preset: 'tiny', policies: ['fair', 'nas'], seeds: [1, 2, 3] } as const;
const metricsOf = (r: ExperimentResult) => r.policies.map((p) => p.runs.map((run) => run.metrics));
const here = await runExperiment({ ...options, parallelism: 1 });
const pool = openSimulationPool(2);
try {
  const pooled = [];
  for (let pass = 0; pass < 2; pass++) {
    const fractions: number[] = [];
    const result = await runExperiment({ ...options, pool, onProgress: (p) => fractions.push(p.fraction) });
    pooled.push({ metrics: metricsOf(result), lastFraction: fractions.at(-1) });
  }
  process.stdout.write(JSON.stringify({ here: metricsOf(here), pooled }));
} finally {
  await pool.close();
}
