/**
 * A grid run with adaptive seeds (`ReproduceOptions.adaptive`): each cell takes seeds
 * 1, 2, … from its rule's minimum, one at a time, until every claim it measures is
 * decided (`sequential-interval.ts`) or the maximum is reached. The stop is replayed from
 * the runs a cell has, so a resumed grid, a shard of it and an uninterrupted run give
 * every cell the same seeds.
 */
import { type ClaimRuns, evaluateClaim } from './evaluate-claim.js';
import { type RunRecord, readRun } from './grid-runs.js';
import { type GridCell, type PaperClaims, claimApplies } from './paper-claims.js';
import { cellPolicies, cellPreset, runKey } from './reproduce-grid.js';
import {
  type SequentialRule,
  type SequentialStop,
  claimDecision,
  sequentialStop,
  settled,
} from './sequential-interval.js';

/** Where a cell stopped: after how many seeds, and whether every claim was decided (else it reached the cap). */
export interface CellSeeds {
  /** Seeds the cell ran: 1 to this. */
  readonly seeds: number;
  /** Whether every claim was decided there; false: it stopped at the rule's cap undecided. */
  readonly decided: boolean;
}

/** The seeds an adaptive grid draws from, in order: 1 to the rule's maximum. */
export const adaptiveSeedList = (rule: SequentialRule): number[] =>
  Array.from({ length: rule.max }, (_, i) => i + 1);

/** A cell's runs: per policy, the runs on the first seeds found, in seed order. */
export type CellRuns = readonly { readonly policy: string; readonly runs: readonly RunRecord[] }[];

/** How many seeds every policy of the cell has, counted from the first without a gap. */
export function commonSeeds(runs: CellRuns, seeds: readonly number[]): number {
  let n = 0;
  while (n < seeds.length && runs.every((p) => p.runs[n]?.seed === seeds[n])) n++;
  return n;
}

/** The cell's runs cut to the first n seeds, as a claim reads them. */
export const firstSeeds = (runs: CellRuns, n: number): ClaimRuns => ({
  policies: runs.map((p) => ({ policy: p.policy, runs: p.runs.slice(0, n) })),
});

/** Whether every claim the cell measures is settled on these runs (decided at one of their looks, or measured by no seed). */
export function cellDecided(
  paper: PaperClaims,
  cell: GridCell,
  runs: ClaimRuns,
  rule: SequentialRule,
): boolean {
  return paper.claims.every(
    (claim) =>
      !claimApplies(claim, cell) || settled(claimDecision(claim, evaluateClaim(claim, runs).changes, rule)),
  );
}

/** Where the cell stands under the rule with the runs it has: stopped, or needing more seeds. */
export function cellStop(
  paper: PaperClaims,
  cell: GridCell,
  runs: CellRuns,
  rule: SequentialRule,
): SequentialStop {
  const available = commonSeeds(runs, adaptiveSeedList(rule));
  return sequentialStop(rule, available, (n) => cellDecided(paper, cell, firstSeeds(runs, n), rule));
}

/**
 * The seeds each batch (by run key) of the papers' grids needs next, read off a results
 * directory: the most any cell that runs it needs — the rule's minimum for a cell not yet
 * there, one more seed for a cell still undecided, none for a cell stopped. A shard runs
 * these, one round; when every shard has run a round, the next round's needs are read
 * again, until none is left.
 */
export function adaptiveNeeds(
  papers: readonly PaperClaims[],
  cellsOf: (paper: PaperClaims) => readonly GridCell[],
  trace: string | undefined,
  results: string,
  rule: SequentialRule,
): Map<string, number> {
  const seeds = adaptiveSeedList(rule);
  const found = new Map<string, RunRecord[]>();
  const runsOf = (key: string): RunRecord[] => {
    let runs = found.get(key);
    if (runs === undefined) {
      runs = [];
      for (const seed of seeds) {
        const run = readRun(results, key, seed);
        if (run === undefined) break;
        runs.push(run);
      }
      found.set(key, runs);
    }
    return runs;
  };
  const needs = new Map<string, number>();
  for (const paper of papers) {
    for (const cell of cellsOf(paper)) {
      const keys = cellPolicies(paper, cell).map((policy) => ({
        policy,
        key: runKey(cellPreset(paper, cell, policy, trace), policy),
      }));
      const stop = cellStop(
        paper,
        cell,
        keys.map(({ policy, key }) => ({ policy, runs: runsOf(key) })),
        rule,
      );
      const need = 'need' in stop ? stop.need : 0;
      for (const { key } of keys) needs.set(key, Math.max(needs.get(key) ?? 0, need));
    }
  }
  return needs;
}
