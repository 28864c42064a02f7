import type { EngineParameters } from '@rackwise/engine';
import type { ExperimentOverrides, ExperimentPreset } from '@rackwise/experiments';
import type { CongestionLoss } from '@rackwise/topology';

/**
 * How a claim compares policy `a` with policy `b` on a metric:
 * `higher` / `lower` — a's value is above / below b's; `similar` — within `tolerance`
 * of it (relative).
 */
export type ClaimExpectation = 'higher' | 'lower' | 'similar';

/** One published claim, as a comparison of two policies on one metric. */
export interface Claim {
  /** Stable id: `fig3a-nas-vs-fair`. */
  readonly id: string;
  /** Where the paper makes it: `NAS Fig. 3(a)`. */
  readonly figure: string;
  /** The claim in the paper's words, shortened. */
  readonly statement: string;
  readonly a: string;
  readonly b: string;
  /** Metric the comparison reads, by dotted name. */
  readonly metric: string;
  readonly expectation: ClaimExpectation;
  /** Relative tolerance of `similar`; default 0.05. */
  readonly tolerance?: number;
  /** The paper's a / b − 1, where it states one. */
  readonly paperChange?: number;
  /**
   * Axis values a cell must have for the claim to be read there (a claim about one of a
   * paper's workloads: `{ preset: 'fcs-map-heavy' }`); elsewhere it reads `unmeasured`.
   */
  readonly cells?: Readonly<Record<string, string | number>>;
}

/** One point of a grid: changes to the preset (size scale, arrivals, loss model, readings). */
export interface GridCell {
  /** Short label of the cell, e.g. `scale 0.2 · loss incast · reading pause-predicted`. */
  readonly label: string;
  /** The axes' values, for the JSON map and the tables. */
  readonly axes: Readonly<Record<string, string | number>>;
  readonly overrides: ExperimentOverrides;
  /**
   * Engine parameters over the cell's for some policies only, by policy name (a reading of
   * what work-conserving preemption keeps changes only the policies that preempt so; the
   * others run on the cell's engine and share their runs with the cells that differ only here).
   */
  readonly policyEngine?: Readonly<Record<string, Partial<EngineParameters>>>;
  /** Changes to the preset that overrides cannot express (the arrival rate). */
  readonly preset?: (preset: ExperimentPreset) => ExperimentPreset;
  /** Preset the cell starts from instead of the paper's (FCS: map-heavy, reduce-heavy, GridMix). */
  readonly basePreset?: string;
  /**
   * Policies the cell runs instead of the paper's, in the paper's order (a workload on
   * which the paper compares only some of them); claims on the others read `unmeasured`.
   */
  readonly policies?: readonly string[];
}

/** A grid: cells and seeds, with how long it is expected to take. */
export interface ReproductionGrid {
  readonly cells: readonly GridCell[];
  readonly seeds: readonly number[];
  /** What the grid covers, in a sentence for the report. */
  readonly description: string;
}

/**
 * A paper's claims and the grid they are reproduced over: the registry entry of
 * `rackwise reproduce <paper>`. Other papers add their own (Shadow, FCS).
 */
export interface PaperClaims {
  /** Name on the command line: `nas`, `shufflewatcher`. */
  readonly paper: string;
  readonly title: string;
  /** Preset the claims run on (a cell may start from another: `GridCell.basePreset`). */
  readonly preset: string;
  /** Policies every cell runs (the union of the claims'). */
  readonly policies: readonly string[];
  readonly claims: readonly Claim[];
  /** The grid of `--quick` (CI) and the full grid. */
  readonly quickGrid: () => ReproductionGrid;
  readonly fullGrid: () => ReproductionGrid;
  /** Estimated CPU time of the full grid, in words, from measured cell times. */
  readonly fullGridCost: string;
  /** The grid axis that sets the load: a cell's value on it is the step (`loadCell`). */
  readonly loadAxis: LoadAxis;
  /**
   * The axis whose values are the paper's ambiguous readings (NAS's `reading`, FCS's
   * `preemptedFetches`); the first value a grid gives it is the default reading.
   */
  readonly readingAxis?: string;
  /** Ids of the headline claims: the plain-words summary and the charts over load, main claim first. */
  readonly headline: readonly string[];
}

/** What a paper's load steps are. */
export interface LoadAxis {
  /** Axis name in `GridCell.axes` (`load`, or `rate` for arrival-rate multiples). */
  readonly axis: string;
  /** The axis in words for a chart or table: `offered cross-rack load`. */
  readonly label: string;
}

/** A claim whose id is derived from its figure, policies and metric. */
export function comparisonClaim(
  figure: string,
  statement: string,
  a: string,
  b: string,
  metric: string,
  expectation: ClaimExpectation,
  paperChange?: number,
): Claim {
  return {
    id: `${figure.replace(/\W+/g, '-').toLowerCase()}${a}-vs-${b}:${metric}`,
    figure,
    statement,
    a,
    b,
    metric,
    expectation,
    ...(paperChange === undefined ? {} : { paperChange }),
  };
}

/** The claim, read only in cells whose axes have the given values. */
export function onlyIn(claim: Claim, axes: Readonly<Record<string, string | number>>): Claim {
  return { ...claim, id: `${claim.id}@${Object.values(axes).join(',')}`, cells: axes };
}

/** Whether a claim is read in a cell (see `Claim.cells`). */
export function claimApplies(claim: Claim, cell: GridCell): boolean {
  return Object.entries(claim.cells ?? {}).every(([axis, value]) => cell.axes[axis] === value);
}

/**
 * A grid axis value: the engine's congestion-loss model — off (`none`), the incast round
 * model (`incast`) or the congestion-cost term fitted on the kernel's TCP
 * (`congestion-cost`).
 */
export function lossCell(loss: CongestionLoss): GridCell {
  return { label: `loss ${loss}`, axes: { loss }, overrides: { engine: { congestionLoss: loss } } };
}

/**
 * The loss axis of every full grid: the model off, and the congestion-cost term fitted on
 * the kernel's TCP on (the incast round model missed Linux's all-to-all by +141 %; the
 * term by −1 %, docs/network-validation.md). `--loss` runs a grid under other settings.
 */
export const FULL_GRID_LOSS: readonly GridCell[] = Object.freeze([
  lossCell('none'),
  lossCell('congestion-cost'),
]);

/** The full grids' loss axis in their descriptions. */
export const FULL_GRID_LOSS_WORDS = 'loss model off and on (the congestion-cost term)';

/** The cross product of axes, each a list of labelled partial cells, as grid cells. */
export function crossCells(axes: readonly (readonly GridCell[])[]): GridCell[] {
  let cells: GridCell[] = [{ label: '', axes: {}, overrides: {} }];
  for (const axis of axes) {
    const next: GridCell[] = [];
    for (const cell of cells) {
      for (const value of axis) next.push(mergeCells(cell, value));
    }
    cells = next;
  }
  return cells;
}

/** Per-policy records merged field by field, b's over a's. */
function mergeByPolicy<T extends object>(
  a: Readonly<Record<string, T>> | undefined,
  b: Readonly<Record<string, T>> | undefined,
): Record<string, T> {
  const merged: Record<string, T> = { ...a };
  for (const [name, fields] of Object.entries(b ?? {})) merged[name] = { ...merged[name], ...fields } as T;
  return merged;
}

function mergeCells(a: GridCell, b: GridCell): GridCell {
  const policyConfig = mergeByPolicy(a.overrides.policyConfig, b.overrides.policyConfig);
  const policyEngine = mergeByPolicy(a.policyEngine, b.policyEngine);
  const preset =
    a.preset === undefined
      ? b.preset
      : b.preset === undefined
        ? a.preset
        : (p: ExperimentPreset) => b.preset!(a.preset!(p));
  const basePreset = b.basePreset ?? a.basePreset;
  const policies = b.policies ?? a.policies;
  return {
    label: [a.label, b.label].filter((l) => l !== '').join(' · '),
    axes: { ...a.axes, ...b.axes },
    overrides: {
      ...a.overrides,
      ...b.overrides,
      engine: { ...a.overrides.engine, ...b.overrides.engine },
      policyConfig,
    },
    ...(Object.keys(policyEngine).length === 0 ? {} : { policyEngine }),
    ...(preset === undefined ? {} : { preset }),
    ...(basePreset === undefined ? {} : { basePreset }),
    ...(policies === undefined ? {} : { policies }),
  };
}

/** A grid axis value: the cell starts from another preset and runs only the given policies. */
export function presetCell(basePreset: string, policies?: readonly string[]): GridCell {
  return {
    label: basePreset,
    axes: { preset: basePreset },
    overrides: {},
    basePreset,
    ...(policies === undefined ? {} : { policies }),
  };
}
