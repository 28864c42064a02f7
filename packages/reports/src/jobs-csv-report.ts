import {
  type ExperimentResult,
  JOB_COLUMNS,
  type JobCell,
  type JobTable,
  type SweepResult,
} from '@rackwise/experiments';
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

/** One cell as CSV text: empty for `null`, shortest round-trip numbers, quoted names. */
function jobCellCsv(cell: JobCell | undefined): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  return csvField(cell);
}

/**
 * The rows of a job table as CSV lines in `JOB_COLUMNS` order (a column the table does
 * not hold is empty), each prefixed with `prefix` (already CSV).
 */
function jobTableLines(table: JobTable, prefix: string): string[] {
  const columns = JOB_COLUMNS.map((c) => table.values[table.columns.indexOf(c.name)]);
  const lines: string[] = [];
  for (let j = 0; j < table.rows; j++) {
    lines.push(`${prefix}${columns.map((column) => jobCellCsv(column?.[j])).join(',')}`);
  }
  return lines;
}
