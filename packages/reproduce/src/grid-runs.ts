/**
 * The simulations of a grid, one batch (a policy on one configuration, every seed) at a
 * time, and the results directory that keeps each run so an interrupted grid resumes:
 * a run is found again by what defines it — the policy and its configuration, the
 * engine parameters (the network model among them), the cluster, the workload, the
 * storage and the seed — never by the commit or the time it ran.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ExperimentPreset, type SimulationPool, runExperiment } from '@rackwise/experiments';

/** What a map keeps of one simulation: its seed, its metrics, and the wall seconds it took on one core. */
export interface RunRecord {
  /** The seed the run was simulated with. */
  readonly seed: number;
  /** Every metric of the run, by its dotted name (`executionTime.mean`). */
  readonly metrics: Readonly<Record<string, number>>;
  /** Wall seconds the simulation took, on one core. */
  readonly wallSeconds: number;
  /** CPU seconds it took on its thread, where measured (`PolicyRun.cpuSeconds`). */
  readonly cpuSeconds?: number;
}

/** One batch of simulations: a policy on one configuration, every seed. */
export interface RunBatch {
  /** The cell's preset, with the engine parameters it sets for the policy. */
  readonly preset: ExperimentPreset;
  /** A registered policy. */
  readonly policy: string;
  /** The seeds to simulate. */
  readonly seeds: readonly number[];
  /** Seeds simulated at once on worker threads. */
  readonly parallelism: number;
  /** Worker threads the grid keeps for its batches, to run on instead of threads opened for this one. */
  readonly pool?: SimulationPool;
}

/** What simulates a batch: `simulateBatch` (the experiments' runner), or a stand-in in tests. */
export type SimulationRunner = (batch: RunBatch) => Promise<readonly RunRecord[]>;

/** Simulates a batch with `@rackwise/experiments`' `runExperiment`. */
export const simulateBatch: SimulationRunner = async (batch) => {
  const result = await runExperiment({
    preset: batch.preset,
    policies: [batch.policy],
    seeds: batch.seeds,
    parallelism: batch.parallelism,
    ...(batch.pool === undefined ? {} : { pool: batch.pool }),
  });
  return (result.policies[0]?.runs ?? []).map((r) => ({
    seed: r.seed,
    metrics: r.metrics,
    wallSeconds: r.wallSeconds,
    ...(r.cpuSeconds === undefined ? {} : { cpuSeconds: r.cpuSeconds }),
  }));
};

/** Format tag of a run's file in a results directory. */
export const RUN_RECORD_FORMAT = 'rackwise-reproduction-run@1';

/** The file of a run in a results directory: a digest of what defines it and its seed. */
export function runFile(results: string, key: string, seed: number): string {
  const digest = createHash('sha256').update(`${RUN_RECORD_FORMAT}\n${key}\nseed ${seed}`).digest('hex');
  return join(results, `${digest.slice(0, 32)}.json`);
}

/** A run a results directory holds, or undefined (none, unreadable, or another run's). */
export function readRun(results: string, key: string, seed: number): RunRecord | undefined {
  let parsed: { format?: string; key?: string; run?: RunRecord };
  try {
    // JSON writes NaN (a metric a run could not measure) as null; read it back as NaN.
    parsed = JSON.parse(readFileSync(runFile(results, key, seed), 'utf8'), (_, v) =>
      v === null ? Number.NaN : v,
    );
  } catch {
    return undefined;
  }
  return parsed.format === RUN_RECORD_FORMAT && parsed.key === key && parsed.run?.seed === seed
    ? parsed.run
    : undefined;
}

/** Writes a run to a results directory, whole or not at all (a temporary file renamed). */
export function writeRun(results: string, key: string, run: RunRecord): void {
  mkdirSync(results, { recursive: true });
  const file = runFile(results, key, run.seed);
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ format: RUN_RECORD_FORMAT, key, run })}\n`);
  renameSync(temporary, file);
}

/**
 * A batch's runs in seed order: the seeds the results directory holds are read, the
 * others simulated (in one call to the runner) and written there. `simulated` counts
 * the seeds run now.
 */
export async function runOrRead(
  batch: RunBatch,
  key: string,
  runner: SimulationRunner,
  results: string | undefined,
): Promise<{ readonly runs: readonly RunRecord[]; readonly simulated: number }> {
  const found = new Map<number, RunRecord>();
  if (results !== undefined) {
    for (const seed of batch.seeds) {
      const run = readRun(results, key, seed);
      if (run !== undefined) found.set(seed, run);
    }
  }
  const missing = batch.seeds.filter((seed) => !found.has(seed));
  if (missing.length > 0) {
    for (const run of await runner({ ...batch, seeds: missing })) {
      found.set(run.seed, run);
      if (results !== undefined) writeRun(results, key, run);
    }
  }
  return {
    runs: batch.seeds.flatMap((seed) => {
      const run = found.get(seed);
      return run === undefined ? [] : [run];
    }),
    simulated: missing.length,
  };
}

/** A batch to ensure: a cell's policy on its configuration, and what defines its runs. */
interface StoredBatch {
  readonly cell: { readonly label: string };
  readonly preset: ExperimentPreset;
  readonly policy: string;
  readonly key: string;
}

/** What a grid run reports after each batch: distinct batches touched of all, and the seeds it simulated now. */
export type GridProgress = (progress: {
  readonly done: number;
  readonly total: number;
  readonly label: string;
  readonly simulated: number;
}) => void;

/**
 * The runs of one grid in memory, by run key and seed, shared between the cells that run
 * the same configuration: `ensure` reads or simulates the seeds a batch lacks (through
 * `runOrRead`, so the results directory is read first and written to) and reports
 * progress; `runs` gives the runs held of given seeds, in their order.
 */
export function gridRunStore(
  options: {
    readonly runner?: SimulationRunner;
    readonly results?: string;
    readonly parallelism?: number;
    readonly pool?: SimulationPool;
    readonly onProgress?: GridProgress;
  },
  total: number,
) {
  const held = new Map<string, Map<number, RunRecord>>();
  const runner = options.runner ?? simulateBatch;
  let simulated = 0;
  return {
    async ensure(batch: StoredBatch, seeds: readonly number[]): Promise<void> {
      const first = !held.has(batch.key);
      const known = held.get(batch.key) ?? new Map<number, RunRecord>();
      const missing = seeds.filter((seed) => !known.has(seed));
      if (missing.length === 0) return;
      // Held before the wait, so batches of one key ensured at once add to the same runs.
      held.set(batch.key, known);
      const { preset, policy, key } = batch;
      const got = await runOrRead(
        {
          preset,
          policy,
          seeds: missing,
          parallelism: options.parallelism ?? 1,
          ...(options.pool === undefined ? {} : { pool: options.pool }),
        },
        key,
        runner,
        options.results,
      );
      simulated += got.simulated;
      for (const run of got.runs) known.set(run.seed, run);
      const more = first ? '' : ` · seeds to ${Math.max(...seeds)}`;
      const label = `${batch.cell.label} · ${policy}${more}`;
      options.onProgress?.({ done: held.size, total, label, simulated: got.simulated });
    },
    runs(key: string, seeds: readonly number[]): RunRecord[] {
      const known = held.get(key);
      return seeds.flatMap((seed) => known?.get(seed) ?? []);
    },
    count: (): number => [...held.values()].reduce((n, runs) => n + runs.size, 0),
    /** The runs this store simulated, the others having been read from the results directory. */
    simulated: (): number => simulated,
    all: (): RunRecord[] => [...held.values()].flatMap((runs) => [...runs.values()]),
  };
}

/** Runs `tasks`, at most `size` at once; rejects with the first failure once the others started have settled. */
export async function inPool(tasks: readonly (() => Promise<void>)[], size: number): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const lane = async (): Promise<void> => {
    while (next < tasks.length && errors.length === 0) {
      const task = tasks[next++] as () => Promise<void>;
      await task().catch((error: unknown) => void errors.push(error));
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, tasks.length) }, lane));
  if (errors.length > 0) throw errors[0];
}
