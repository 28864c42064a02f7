/**
 * Several papers' grids as one list of batches (a policy on one configuration, every
 * seed), shared runs counted once, split into shards that run apart — on the nodes of a
 * cluster — into one results directory, from which a last run reads every map without
 * simulating again.
 */
import { adaptiveNeeds, adaptiveSeedList } from './adaptive-seeds.js';
import { paperClaims } from './claim-registry.js';
import { type RunBatch, type SimulationRunner, runOrRead, simulateBatch } from './grid-runs.js';
import { type GridChoice, cellPolicies, cellPreset, reproductionGrid, runKey } from './reproduce-grid.js';
import { type SequentialRule, checkedRule } from './sequential-interval.js';

/** One shard of several: index `index` of `count` (0 <= index < count). */
export interface GridShard {
  /** Which shard, from 0. */
  readonly index: number;
  /** How many shards in all. */
  readonly count: number;
}

/** A batch of the papers' grids, with what defines its runs and where it comes from. */
export interface PlannedBatch extends Omit<RunBatch, 'parallelism'> {
  /** What defines the batch's runs (`runKey`): the same key, the same runs. */
  readonly key: string;
  /** The paper, the cell and the policy, for progress lines. */
  readonly label: string;
}

/** The distinct batches of the papers' grids, in paper and grid order (a batch two grids share, once). */
export function gridBatches(
  papers: readonly string[],
  quick: boolean,
  options: GridChoice & { readonly seeds?: readonly number[] } = {},
): PlannedBatch[] {
  const batches = new Map<string, PlannedBatch>();
  for (const name of papers) {
    const paper = paperClaims(name);
    const grid = reproductionGrid(paper, quick, options);
    const seeds = options.seeds ?? grid.seeds;
    for (const cell of grid.cells) {
      for (const policy of cellPolicies(paper, cell)) {
        const preset = cellPreset(paper, cell, policy, options.trace);
        const key = runKey(preset, policy);
        if (!batches.has(key))
          batches.set(key, { preset, policy, seeds, key, label: `${name} ${cell.label} · ${policy}` });
      }
    }
  }
  return [...batches.values()];
}

/** What a shard is to run: the papers, the grid, and the results directory it writes to. */
export interface ShardOptions extends GridChoice {
  /** The registered papers whose grids are split. */
  readonly papers: readonly string[];
  /** The quick grids instead of the full ones. */
  readonly quick?: boolean;
  /** Seeds instead of each grid's. */
  readonly seeds?: readonly number[];
  /**
   * Adaptive seeds (`ReproduceOptions.adaptive`): the shard runs one round — each of its
   * batches up to the seeds the results directory says its cells need next — and is run
   * again for the next round; not with `seeds`.
   */
  readonly adaptive?: SequentialRule;
  /** The shard to run. */
  readonly shard: GridShard;
  /** The results directory every shard writes to. */
  readonly results: string;
  /** What simulates a batch; default `simulateBatch`. */
  readonly runner?: SimulationRunner;
  /** Seeds of one batch simulated at once on worker threads; default 1. */
  readonly parallelism?: number;
  /** Called after every batch of the shard. */
  readonly onProgress?: (progress: {
    readonly done: number;
    readonly total: number;
    readonly label: string;
  }) => void;
}

/** What a shard did: its batches, those it simulated (in part or whole), those the directory held whole. */
export interface ShardOutcome {
  /** Batches of this shard. */
  readonly batches: number;
  /** Batches it simulated, in whole or in part (with adaptive seeds: in this round). */
  readonly ran: number;
  /** Batches the results directory held whole. */
  readonly skipped: number;
  /** Batches of every shard together. */
  readonly total: number;
}

/**
 * Runs one shard of the papers' grids into a results directory: batch `i` of
 * `gridBatches` belongs to shard `i mod count`. Runs the directory holds already are not
 * simulated again, so a shard re-queued after an interruption resumes. When every shard
 * has run, `reproducePaper` with the same `results` reads each map without simulating.
 *
 * With adaptive seeds a shard runs rounds: each run of it reads the directory, and runs
 * each of its batches to the seeds the batch's cells need next (`adaptiveNeeds`): the
 * minimum first, then one more seed for each cell still undecided; a batch whose cells
 * all stopped is skipped. Run every shard, then every shard again, … (at most max − min +
 * 1 rounds); `reproducePaper` with the same directory runs whatever rounds are left itself,
 * and every cell gets the seeds it would have got in one uninterrupted run.
 */
export async function reproduceShard(options: ShardOptions): Promise<ShardOutcome> {
  const { index, count } = options.shard;
  if (!(Number.isInteger(count) && count >= 1 && Number.isInteger(index) && index >= 0 && index < count))
    throw new Error(`shard must be i/N with 0 <= i < N, got ${index}/${count}`);
  const rule = options.adaptive === undefined ? undefined : checkedRule(options.adaptive);
  if (rule !== undefined && options.seeds !== undefined)
    throw new Error('reproduceShard: give seeds or adaptive, not both');
  const quick = options.quick === true;
  const seeds = rule === undefined ? options.seeds : adaptiveSeedList(rule);
  const all = gridBatches(options.papers, quick, { ...options, ...(seeds === undefined ? {} : { seeds }) });
  const mine = all.filter((_, i) => i % count === index);
  const needs =
    rule === undefined
      ? undefined
      : adaptiveNeeds(
          options.papers.map(paperClaims),
          (paper) => reproductionGrid(paper, quick, options).cells,
          options.trace,
          options.results,
          rule,
        );
  const runner = options.runner ?? simulateBatch;
  let ran = 0;
  for (const [done, batch] of mine.entries()) {
    const { key, label, ...rest } = batch;
    const need = needs?.get(key) ?? rest.seeds.length;
    const got =
      need === 0
        ? { simulated: 0 }
        : await runOrRead(
            { ...rest, seeds: rest.seeds.slice(0, need), parallelism: options.parallelism ?? 1 },
            key,
            runner,
            options.results,
          );
    if (got.simulated > 0) ran++;
    options.onProgress?.({ done: done + 1, total: mine.length, label });
  }
  return { batches: mine.length, ran, skipped: mine.length - ran, total: all.length };
}
