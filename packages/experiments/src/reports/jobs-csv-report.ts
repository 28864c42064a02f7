import type { ExperimentResult } from '../experiment-result.js';
import { JOB_COLUMNS, jobTableLines } from '../job-table.js';
import type { SweepResult } from '../sweep.js';
import { csvField } from './csv-report.js';

/** What `jobsToCsv` wrote and which columns no run could fill. */
export interface JobsCsv {
  readonly text: string;
  /** Columns left empty because the runs' job records do not give them (or the result predates them). */
  readonly missing: readonly string[];
}

/**
 * Every job of every run as CSV (RFC 4180): `policy,seed,<JOB_COLUMNS…>`, one row per
 * job, policy and seed, in the result's order — for analyses of your own. A sweep's rows
 * start with the swept value. Simulated quantities only, so the same seeds give
 * byte-identical files.
 */
export function jobsToCsv(result: ExperimentResult | SweepResult): JobsCsv {
  const points =
    'points' in result
      ? result.points.map((p) => ({ prefix: `${p.value},`, result: p.result }))
      : [{ prefix: '', result }];
  const header = [
    ...('points' in result ? [result.parameter] : []),
    'policy',
    'seed',
    ...JOB_COLUMNS.map((c) => c.name),
  ];
  const lines = [header.map(csvField).join(',')];
  const missing = new Set<string>();
  for (const point of points) {
    for (const policy of point.result.policies) {
      for (const run of policy.runs) {
        if (run.jobs === undefined) {
          for (const c of JOB_COLUMNS) missing.add(c.name);
          continue;
        }
        for (const name of run.jobs.missing) missing.add(name);
        for (const c of JOB_COLUMNS) if (!run.jobs.columns.includes(c.name)) missing.add(c.name);
        lines.push(...jobTableLines(run.jobs, `${point.prefix}${csvField(policy.policy)},${run.seed},`));
      }
    }
  }
  return {
    text: `${lines.join('\n')}\n`,
    missing: JOB_COLUMNS.map((c) => c.name).filter((n) => missing.has(n)),
  };
}
