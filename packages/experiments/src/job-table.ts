import type { JobRecord } from '@rackwise/metrics';

/**
 * One column of the per-job table: its CSV name, what it holds, and the field of the
 * engine's job record it is read from.
 */
export interface JobColumn {
  readonly name: string;
  readonly description: string;
  readonly field: keyof JobRecord;
}

/**
 * The per-job columns, in CSV order (docs/architecture.md §7 "per-job records"). A column whose field
 * the engine's job records do not give is kept, empty, and named in `JobTable.missing`.
 */
export const JOB_COLUMNS: readonly JobColumn[] = Object.freeze([
  { name: 'id', description: 'job id, in submission order', field: 'id' },
  { name: 'name', description: 'job name from the workload', field: 'name' },
  { name: 'class', description: 'shuffle class of the true shuffle size (NAS §IV-A)', field: 'shuffleClass' },
  { name: 'submit', description: 'submission time, s', field: 'submitTime' },
  { name: 'start', description: 'first task launch, s', field: 'firstLaunchTime' },
  { name: 'finish', description: 'completion time, s (empty if unfinished)', field: 'completionTime' },
  { name: 'executionTime', description: 'finish − submit, s', field: 'executionTime' },
  { name: 'maps', description: 'map tasks', field: 'mapCount' },
  { name: 'reduces', description: 'reduce tasks', field: 'reduceCount' },
  {
    name: 'crossRackShuffleBytes',
    description: 'shuffle bytes that crossed a rack link',
    field: 'crossRackShuffleBytes',
  },
  {
    name: 'crossRackMapInputBytes',
    description: 'map input bytes read from another rack',
    field: 'crossRackMapInputBytes',
  },
  { name: 'preemptions', description: 'reduce preemptions', field: 'preemptions' },
  { name: 'duplicates', description: 'duplicate map copies launched', field: 'duplicatesLaunched' },
  {
    name: 'shufflePhase',
    description: "mean of its reduces' first launch → end of shuffle, s (empty without reduces)",
    field: 'shufflePhaseTime',
  },
]);

/** A job table cell: a number, a name, or `null` where the run gave no value. */
export type JobCell = number | string | null;

/**
 * Every job of one run, column by column (compact in JSON): `columns[c][j]` is column
 * `JOB_COLUMNS[c]` of job `j`.
 */
export interface JobTable {
  readonly columns: readonly string[];
  readonly rows: number;
  readonly values: readonly (readonly JobCell[])[];
  /** Columns the engine's job records did not give (their cells are `null`). */
  readonly missing: readonly string[];
}

/** Builds the job table of a run from the engine's job records. */
export function jobTable(records: readonly JobRecord[]): JobTable {
  const missing: string[] = [];
  const values = JOB_COLUMNS.map((column) => {
    let given = records.length === 0;
    const cells = records.map((record): JobCell => {
      const value = (record as unknown as Record<string, unknown>)[column.field];
      if (value === undefined) return null;
      given = true;
      if (typeof value === 'number') return Number.isFinite(value) ? value : null;
      return String(value);
    });
    if (!given) missing.push(column.name);
    return cells;
  });
  return { columns: JOB_COLUMNS.map((c) => c.name), rows: records.length, values, missing };
}
