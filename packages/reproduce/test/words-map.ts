/**
 * A map of one headline claim over hand-made cells, each with its per-seed changes, for
 * the tests of the map's words. Test code only (never built, never published).
 */
import type { ClaimOutcome } from '../src/evaluate-claim.js';
import { OFFERED_LOAD_AXIS } from '../src/load-steps.js';
import type { Claim } from '../src/paper-claims.js';
import {
  type OperatingPoint,
  REPRODUCTION_FORMAT,
  type ReproductionMap,
  claimMap,
} from '../src/reproduce-paper.js';

/** The operating point of every cell unless a test gives its own. */
const LOAD: OperatingPoint = {
  offered: 0.5,
  offeredMin: 0.4,
  offeredMax: 0.6,
  uplinkP50: 0.3,
  uplinkP95: 0.9,
  slotUse: 0.6,
};

export const CLAIM: Claim = {
  id: 'nas-faster',
  figure: 'Fig. 1',
  statement: 'NAS shortens jobs',
  a: 'nas',
  b: 'fair',
  metric: 'executionTime.mean',
  expectation: 'lower',
};

/** An outcome from per-seed changes, read as `evaluateClaim` reads a `lower` claim. */
export function outcome(changes: readonly number[]): ClaimOutcome {
  const mean = changes.reduce((s, c) => s + c, 0) / changes.length;
  const sd = Math.sqrt(changes.reduce((s, c) => s + (c - mean) ** 2, 0) / (changes.length - 1));
  const verdict = changes.every((c) => c < 0) ? 'holds' : mean < 0 ? 'mixed' : 'fails';
  return { verdict, changes, mean, sd, min: Math.min(...changes), max: Math.max(...changes) };
}

export type Cell = { axes: Record<string, string | number>; changes: readonly number[] };

/** A map of one claim over hand-made cells. */
export function map(
  cells: readonly Cell[],
  readingAxis?: string,
  loadOf: (axes: Cell['axes']) => OperatingPoint = () => LOAD,
): ReproductionMap {
  const label = (c: Cell) =>
    Object.entries(c.axes)
      .map(([k, v]) => `${k} ${v}`)
      .join(' · ');
  return {
    format: REPRODUCTION_FORMAT,
    paper: 'p',
    title: 'Paper P',
    preset: 'tiny',
    baseline: 'fair',
    quick: true,
    grid: {
      description: 'hand-made',
      seeds: [1, 2, 3],
      cells: cells.map((c) => ({ label: label(c), axes: c.axes, load: loadOf(c.axes) })),
    },
    claims: [
      claimMap(
        CLAIM,
        cells.map((c) => ({ cell: label(c), axes: c.axes, ...outcome(c.changes) })),
      ),
    ],
    loadAxis: OFFERED_LOAD_AXIS,
    ...(readingAxis === undefined ? {} : { readingAxis }),
    headline: [CLAIM.id],
    simulations: 1,
    wallSeconds: 1,
    secondsPerSimulation: 1,
    fullGridCost: 'little',
  };
}

/** NAS shortens jobs at light load, not at 0.9; a series with the loss model on; a cell off the load axis. */
export const ALONG_LOAD: readonly Cell[] = [
  { axes: { load: 0.9, loss: 'none' }, changes: [0.08, 0.1, 0.12] },
  { axes: { load: 0.1, loss: 'none' }, changes: [-0.18, -0.2, -0.22] },
  { axes: { load: 0.3, loss: 'none' }, changes: [-0.1, -0.12, -0.08] },
  { axes: { load: 0.5, loss: 'none' }, changes: [-0.1, 0.02, -0.04] },
  { axes: { load: 0.1, loss: 'incast' }, changes: [-0.1, -0.1, -0.2] },
  { axes: { preset: 'bench', rackLinkGbps: 4, loss: 'none' }, changes: [0.1, 0.1, 0.2] },
];

/** Per-seed changes of a `lower` claim that holds in every seed, in the mean only, and fails. */
export const HOLDS = [-0.2, -0.1, -0.3];
export const MEAN_ONLY = [-0.2, 0.05, -0.1];
export const FAILS = [0.1, 0.2, 0.05];

/** A cell at a load step under a loss model. */
export const atLoad = (load: number, changes: readonly number[], loss = 'none'): Cell => ({
  axes: { load, loss },
  changes,
});
