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
import { paperClaims } from './claim-registry.js';
import type { GridCell, PaperClaims, ReproductionGrid } from './paper-claims.js';

/** What narrows a grid: the cells with given axis values, another trace in every cell that replays one. */
export interface GridChoice {
  /** Only the cells with these axis values (`{ loss: 'none' }`), compared as text. */
  readonly only?: Readonly<Record<string, string>>;
  /** A SWIM trace (`fb2010` or a path) replayed instead of the presets' in every cell that replays one. */
  readonly trace?: string;
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
  const grid = quick ? paper.quickGrid() : paper.fullGrid();
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
