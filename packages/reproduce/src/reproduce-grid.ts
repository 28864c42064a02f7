/**
 * A paper's grid as it runs: the cells kept, each cell's preset, and what makes two runs
 * the same (so runs are shared between cells and found again in a results directory).
 */
import {
  type ExperimentOverrides,
  type ExperimentPreset,
  applyOverrides,
  experimentPreset,
} from '@rackwise/experiments';
import type { CongestionLoss } from '@rackwise/topology';
import { paperClaims } from './claim-registry.js';
import { type GridCell, type PaperClaims, type ReproductionGrid, lossCell } from './paper-claims.js';

/** What narrows a grid: the cells with given axis values, another trace in every cell that replays one. */
export interface GridChoice {
  /** Only the cells with these axis values (`{ loss: 'none' }`), compared as text. */
  readonly only?: Readonly<Record<string, string>>;
  /** A SWIM trace (`fb2010` or a path) replayed instead of the presets' in every cell that replays one. */
  readonly trace?: string;
  /**
   * The congestion-loss settings the grid's loss axis takes instead of its own (`['none',
   * 'congestion-cost']`: every cell under both), applied before `only`.
   */
  readonly loss?: readonly CongestionLoss[];
}

/**
 * The preset of one cell: the trace given instead of a trace preset's, overrides, then the
 * cell's own change; for a policy, with the engine parameters the cell sets for it
 * (`GridCell.policyEngine`).
 */
export function cellPreset(
  paper: PaperClaims,
  cell: GridCell,
  policy?: string,
  trace?: string,
): ExperimentPreset {
  const start = experimentPreset(cell.basePreset ?? paper.preset);
  const base = applyOverrides(
    trace !== undefined && start.workload.kind === 'swim-trace' ? applyOverrides(start, { trace }) : start,
    cell.overrides as ExperimentOverrides,
  );
  const changed = cell.preset === undefined ? base : cell.preset(base);
  const own = policy === undefined ? undefined : cell.policyEngine?.[policy];
  return own === undefined ? changed : { ...changed, engine: { ...changed.engine, ...own } };
}

/**
 * The paper's quick or full grid, restricted to `options.only`'s cells.
 * @throws Error when `only` keeps no cell, or `trace` is given to a paper whose grid replays no trace.
 */
export function reproductionGrid(
  paper: PaperClaims,
  quick: boolean,
  options: GridChoice = {},
): ReproductionGrid {
  const own = quick ? paper.quickGrid() : paper.fullGrid();
  const grid = options.loss === undefined ? own : withLossAxis(paper, own, options.loss);
  if (
    options.trace !== undefined &&
    !grid.cells.some((c) => experimentPreset(c.basePreset ?? paper.preset).workload.kind === 'swim-trace')
  ) {
    throw new Error(
      `paper ${paper.paper}: no cell of its grid replays a SWIM trace, so a trace cannot replace it`,
    );
  }
  const only = Object.entries(options.only ?? {});
  if (only.length === 0) return grid;
  const cells = grid.cells.filter((c) => only.every(([axis, value]) => String(c.axes[axis]) === value));
  if (cells.length === 0) {
    const values = only.map(([axis]) => {
      const seen = [...new Set(grid.cells.map((c) => String(c.axes[axis])))];
      return `${axis}: ${seen.join(', ')}`;
    });
    throw new Error(
      `paper ${paper.paper}: no cell of its grid has ${only.map(([a, v]) => `${a}=${v}`).join(', ')} (values: ${values.join('; ')})`,
    );
  }
  const kept = only.map(([a, v]) => `${a}=${v}`).join(', ');
  return { ...grid, cells, description: `${grid.description}; only the cells with ${kept}` };
}

/**
 * The grid with its loss axis taking `losses` instead: each cell once per setting, in the
 * grid's order, its loss value, label and engine override replaced.
 * @throws Error when the grid has no loss axis or a setting is given twice.
 */
export function withLossAxis(
  paper: PaperClaims,
  grid: ReproductionGrid,
  losses: readonly CongestionLoss[],
): ReproductionGrid {
  if (!grid.cells.some((c) => c.axes.loss !== undefined)) {
    throw new Error(`paper ${paper.paper}: its grid has no loss axis to set`);
  }
  if (new Set(losses).size !== losses.length || losses.length === 0) {
    throw new Error(`the loss settings must be distinct and at least one, got ${losses.join(', ')}`);
  }
  const seen = new Set<string>();
  const cells: GridCell[] = [];
  for (const cell of grid.cells) {
    const { loss: old, ...rest } = cell.axes;
    const key = JSON.stringify(rest);
    if (old === undefined || seen.has(key)) continue;
    seen.add(key);
    for (const loss of losses) {
      const value = lossCell(loss);
      cells.push({
        ...cell,
        label: cell.label.replace(`loss ${String(old)}`, value.label),
        axes: { ...cell.axes, loss },
        overrides: { ...cell.overrides, engine: { ...cell.overrides.engine, congestionLoss: loss } },
      });
    }
  }
  return {
    ...grid,
    cells,
    description: `${grid.description}; loss settings ${losses.join(', ')} instead of the grid's`,
  };
}

/** What makes two runs of a policy the same: its configuration, the engine, the cluster and the workload. */
export function runKey(preset: ExperimentPreset, policy: string): string {
  return JSON.stringify({
    policy,
    config: preset.policyConfig[policy] ?? {},
    engine: preset.engine,
    topology: preset.topology,
    workload: preset.workload,
    storage: preset.storage,
  });
}

/** Distinct simulations a grid needs (shared runs counted once), for estimating its cost. */
export function gridSimulations(paperName: string, quick: boolean): number {
  const paper = paperClaims(paperName);
  const grid = quick ? paper.quickGrid() : paper.fullGrid();
  const keys = new Set(
    grid.cells.flatMap((cell) =>
      cellPolicies(paper, cell).map((policy) => runKey(cellPreset(paper, cell, policy), policy)),
    ),
  );
  return keys.size * grid.seeds.length;
}

/** The policies a cell runs: its own list, or the paper's. */
export function cellPolicies(paper: PaperClaims, cell: GridCell): readonly string[] {
  return cell.policies ?? paper.policies;
}
