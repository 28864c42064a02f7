/**
 * Reproduction maps made by hand for the tests of the map's pages: any claims over any
 * cells, with per-seed changes from a rule, read as `evaluateClaim` reads them. Test code
 * only (never built, never published).
 */
import { type ClaimOutcome, evaluateClaim } from '../src/evaluate-claim.js';
import { OFFERED_LOAD_AXIS } from '../src/load-steps.js';
import { type Claim, type GridCell, claimApplies } from '../src/paper-claims.js';
import { REPRODUCTION_FORMAT, type ReproductionMap, claimMap } from '../src/reproduce-paper.js';

/** A claim's outcome from its per-seed changes (NaN: no value that seed), as `evaluateClaim` reads runs. */
export function outcomeOf(claim: Claim, changes: readonly number[]): ClaimOutcome {
  const runs = (value: (change: number) => number) =>
    changes.map((c) => ({ metrics: { [claim.metric]: value(c) } }));
  return evaluateClaim(claim, {
    policies: [
      { policy: claim.a, runs: runs((c) => 1 + c) },
      { policy: claim.b, runs: runs(() => 1) },
    ],
  });
}

/** What a hand-made map holds. */
export interface HandMadeMap {
  readonly paper: string;
  readonly title: string;
  readonly claims: readonly Claim[];
  /** Cells by their axes (labels follow from them), in grid order. */
  readonly cells: readonly Pick<GridCell, 'axes'>[];
  readonly seeds: readonly number[];
  /** a / b − 1 of a claim in a cell on a seed (NaN: not measured). */
  readonly change: (claim: Claim, axes: GridCell['axes'], seed: number) => number;
  readonly headline: readonly string[];
  readonly readingAxis?: string;
}

/** The map of a hand-made grid, as `reproducePaper` would return it. */
export function handMadeMap(spec: HandMadeMap): ReproductionMap {
  const label = (axes: GridCell['axes']) =>
    Object.entries(axes)
      .map(([k, v]) => (k === 'preset' ? String(v) : `${k} ${v}`))
      .join(' · ');
  const claims = spec.claims.map((claim) =>
    claimMap(
      claim,
      spec.cells.map(({ axes }) => {
        const measured = claimApplies(claim, { label: label(axes), axes, overrides: {} });
        const changes = spec.seeds.map((seed) => (measured ? spec.change(claim, axes, seed) : Number.NaN));
        return { cell: label(axes), axes, ...outcomeOf(claim, changes) };
      }),
    ),
  );
  return {
    format: REPRODUCTION_FORMAT,
    paper: spec.paper,
    title: spec.title,
    preset: 'tiny',
    baseline: 'fair',
    quick: true,
    grid: {
      description: 'cells made by hand',
      seeds: spec.seeds,
      cells: spec.cells.map(({ axes }) => {
        const step = typeof axes.load === 'number' ? axes.load : 0.05;
        return {
          label: label(axes),
          axes,
          load: {
            offered: step,
            offeredMin: step * 0.9,
            offeredMax: step * 1.1,
            uplinkP50: Math.min(1, step * 0.6),
            uplinkP95: Math.min(1, step),
            slotUse: 0.5,
          },
        };
      }),
    },
    claims,
    loadAxis: OFFERED_LOAD_AXIS,
    ...(spec.readingAxis === undefined ? {} : { readingAxis: spec.readingAxis }),
    headline: spec.headline,
    simulations: spec.cells.length * spec.seeds.length,
    wallSeconds: 12,
    secondsPerSimulation: 0.5,
    fullGridCost: 'a minute',
  };
}
