import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PolicyRun } from './experiment-result.js';
import { packageVersions } from './internal/package-versions.js';
import type { ExperimentProgress } from './run-experiment.js';
import { runTasks } from './run-experiment.js';
import {
  type SweepOptions,
  type SweepResult,
  type SweepValue,
  assembleSweep,
  prepareSweep,
  sweepTasks,
} from './sweep.js';

/** Format tag of one cell's result file. */
export const SWEEP_CELL_FORMAT = 'rackwise-sweep-cell@1';

/**
 * A sweep as plain data, all a machine needs to run any of its cells and all `merge`
 * needs to put them together: `SweepOptions` without the registry (the built-in one),
 * parallelism or callbacks. A trace path must be readable where the cells run.
 */
export type SweepSpec = Omit<SweepOptions, 'registry' | 'parallelism' | 'onProgress'>;

/** One (value × policy × seed) simulation of a sweep; `index` is its place in `sweepTasks` order. */
export interface SweepCell {
  readonly index: number;
  readonly value: SweepValue;
  readonly policy: string;
  readonly seed: number;
}

/** Shard `index` (0-based) of `count`: the cells whose index ≡ `index` (mod `count`). */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** What a cell file holds: the sweep it belongs to, which cell, and the run. */
export interface SweepCellFile {
  readonly format: typeof SWEEP_CELL_FORMAT;
  /** `sweepFingerprint` of the sweep; cells of different sweeps never merge. */
  readonly fingerprint: string;
  readonly sweep: SweepSpec;
  readonly cell: SweepCell;
  readonly cells: number;
  readonly run: PolicyRun;
  readonly versions: Readonly<Record<string, string>>;
  readonly startedAt: string;
}

/** What `runSweepCells` did. */
export interface SweepCellsOutcome {
  /** Cells of the shard. */
  readonly cells: number;
  /** Cells run now. */
  readonly ran: number;
  /** Cells found already done in the directory (resumed). */
  readonly skipped: number;
  /** Cells of the whole sweep. */
  readonly total: number;
}

/**
 * Numbers that JSON cannot hold (`Infinity` for `engine.maxTime`) are written as
 * `{"nonFinite":"Infinity"}` and read back.
 */
const replacer = (_key: string, value: unknown): unknown =>
  typeof value === 'number' && !Number.isFinite(value) ? { nonFinite: String(value) } : value;
const reviver = (_key: string, value: unknown): unknown => {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const tag = (value as { nonFinite?: unknown }).nonFinite;
    if (keys.length === 1 && typeof tag === 'string') return Number(tag);
  }
  return value;
};

/**
 * A digest of the sweep and the package versions that run it: two cells with the same
 * fingerprint come from the same sweep run by the same code.
 */
export function sweepFingerprint(spec: SweepSpec): string {
  const canonical = JSON.stringify({ spec: sortKeys(spec), versions: packageVersions() }, replacer);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
  );
}

/** The cells of a sweep in `sweepTasks` order (value-major, then policy, then seed). */
export function sweepCells(spec: SweepSpec): SweepCell[] {
  const prepared = prepareSweep(spec);
  let index = 0;
  return prepared.flatMap((point, v) =>
    point.policies.flatMap((policy) =>
      point.seeds.map((seed) => ({ index: index++, value: spec.values[v] as SweepValue, policy, seed })),
    ),
  );
}

/**
 * The cells of shard `index` of `count`: every `count`-th cell from `index` on, so each
 * shard gets a share of every value and policy (similar run times) and the N shards
 * together cover each cell exactly once.
 * @throws Error when the shard is not 0 ≤ index < count.
 */
export function shardCells<T>(cells: readonly T[], shard: Shard): T[] {
  const { index, count } = shard;
  if (
    !(Number.isSafeInteger(count) && count >= 1 && Number.isSafeInteger(index) && index >= 0 && index < count)
  ) {
    throw new Error(`shard must be i/N with 0 <= i < N, got ${index}/${count}`);
  }
  return cells.filter((_, i) => i % count === index);
}

/** The file name of a cell's result (`cell-00012.json`). */
export function cellFileName(cell: Pick<SweepCell, 'index'>): string {
  return `cell-${String(cell.index).padStart(5, '0')}.json`;
}

/**
 * Runs the cells of one shard of a sweep (all of them without `shard`) and writes one
 * result file per cell into `directory` as each finishes. Cells whose file is already
 * there — from an earlier, interrupted run of the same sweep — are skipped (resume).
 * @throws Error when the directory holds cells of another sweep.
 */
export async function runSweepCells(
  spec: SweepSpec,
  directory: string,
  options: {
    readonly shard?: Shard;
    readonly parallelism?: number;
    readonly onProgress?: (progress: ExperimentProgress) => void;
  } = {},
): Promise<SweepCellsOutcome> {
  const prepared = prepareSweep(spec);
  const fingerprint = sweepFingerprint(spec);
  const all = sweepCells(spec);
  const mine = shardCells(all, options.shard ?? { index: 0, count: 1 });
  mkdirSync(directory, { recursive: true });
  const done = new Set(readCellFiles(directory, fingerprint).map((f) => f.cell.index));
  const todo = mine.filter((cell) => !done.has(cell.index));
  const tasks = sweepTasks(prepared, spec);
  const startedAt = new Date().toISOString();
  await runTasks(
    todo.map((cell) => tasks[cell.index] as (typeof tasks)[number]),
    prepared[0] as (typeof prepared)[number],
    options.parallelism,
    options.onProgress,
    (i, run) => {
      const cell = todo[i] as SweepCell;
      const file: SweepCellFile = {
        format: SWEEP_CELL_FORMAT,
        fingerprint,
        sweep: spec,
        cell,
        cells: all.length,
        run,
        versions: packageVersions(),
        startedAt,
      };
      const path = join(directory, cellFileName(cell));
      writeFileSync(`${path}.partial`, `${JSON.stringify(file, replacer)}\n`);
      renameSync(`${path}.partial`, path);
    },
  );
  return { cells: mine.length, ran: todo.length, skipped: mine.length - todo.length, total: all.length };
}

/**
 * The cell files in a directory (`cell-*.json`), checked to belong to one sweep (the
 * one of `fingerprint` when given).
 * @throws Error naming the file that is not a cell or belongs to another sweep.
 */
export function readCellFiles(directory: string, fingerprint?: string): SweepCellFile[] {
  let names: string[];
  try {
    names = readdirSync(directory).filter((n) => /^cell-\d+\.json$/.test(n));
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new Error(`${directory} cannot be read (${code === 'ENOENT' ? 'no such directory' : code})`);
  }
  let expected = fingerprint;
  return names.sort().map((name) => {
    const path = join(directory, name);
    let file: SweepCellFile;
    try {
      file = JSON.parse(readFileSync(path, 'utf8'), reviver) as SweepCellFile;
    } catch (error) {
      throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
    }
    if (file?.format !== SWEEP_CELL_FORMAT) {
      throw new Error(`${path}: not a rackwise sweep cell (expected "format": "${SWEEP_CELL_FORMAT}")`);
    }
    expected ??= file.fingerprint;
    if (file.fingerprint !== expected) {
      throw new Error(
        `${path} belongs to another sweep (or was run by other package versions): fingerprint ${file.fingerprint}, expected ${expected}; keep each sweep in its own directory`,
      );
    }
    return file;
  });
}

/**
 * Joins the cell files of a directory into the result the whole sweep run on one
 * machine gives: the same metrics, byte for byte, whichever machine ran each cell.
 * `timing.wallSeconds` is the sum of the cells' run times.
 * @throws Error naming each missing cell (index, value, policy, seed; the first ten)
 * when some shard has not finished.
 */
export function mergeSweepCells(directory: string): SweepResult {
  const files = readCellFiles(directory);
  const first = files[0];
  if (first === undefined) throw new Error(`${directory} holds no sweep cell (cell-*.json)`);
  const spec = first.sweep;
  if (sweepFingerprint(spec) !== first.fingerprint) {
    throw new Error(
      `${directory}: the cells were run by other package versions (${JSON.stringify(first.versions)}); merge them with those`,
    );
  }
  const runs: PolicyRun[] = new Array(first.cells);
  for (const file of files) runs[file.cell.index] = file.run;
  const missing = sweepCells(spec).filter((cell) => runs[cell.index] === undefined);
  if (missing.length > 0) {
    const shown = missing
      .slice(0, 10)
      .map((c) => `${c.index} (${spec.parameter}=${c.value}, ${c.policy}, seed ${c.seed})`)
      .join(', ');
    throw new Error(
      `${directory}: ${missing.length} of ${first.cells} cells are missing: ${shown}${missing.length > 10 ? ', …' : ''}; run the shards that hold them, then merge again`,
    );
  }
  const startedAt = files.map((f) => f.startedAt).sort()[0] ?? first.startedAt;
  const wallSeconds = runs.reduce((sum, run) => sum + run.wallSeconds, 0);
  return assembleSweep(prepareSweep(spec), spec, runs, { startedAt, wallSeconds });
}
