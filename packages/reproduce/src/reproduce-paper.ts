import {
  type ExperimentOverrides,
  type ExperimentPreset,
  type PolicyRun,
  applyOverrides,
  experimentPreset,
  runExperiment,
} from '@rackwise/experiments';
import { buildTopology } from '@rackwise/topology';
import type { NodeId, RackId } from '@rackwise/types';
import { paperClaims } from './claim-registry.js';
import { type ClaimOutcome, type ClaimRuns, evaluateClaim } from './evaluate-claim.js';
import {
  type Claim,
  type GridCell,
  type PaperClaims,
  type ReproductionGrid,
  claimApplies,
} from './paper-claims.js';

/** Format tag of reproduction maps. */
export const REPRODUCTION_FORMAT = 'rackwise-reproduction@1';

/** What to reproduce. */
export interface ReproduceOptions {
  /** A registered paper (`nas`, `shufflewatcher`). */
  readonly paper: string;
  /** The CI grid instead of the full one. */
  readonly quick?: boolean;
  /** Seeds instead of the grid's. */
  readonly seeds?: readonly number[];
  /** Seeds of one batch simulated at once on worker threads; default 1 (a shared machine). */
  readonly parallelism?: number;
  /** Called after every simulation batch (one policy, every seed, one cell). */
  readonly onProgress?: (progress: {
    readonly done: number;
    readonly total: number;
    readonly label: string;
  }) => void;
}

/** A claim across the grid: its outcome in every cell, and how many cells it holds in. */
export interface ClaimMap {
  readonly claim: Claim;
  readonly outcomes: readonly (ClaimOutcome & { readonly cell: string; readonly axes: GridCell['axes'] })[];
  readonly holds: number;
  readonly mixed: number;
  readonly fails: number;
  readonly unmeasured: number;
}

/** The map `rackwise reproduce` prints and writes: for each claim, where it holds. */
export interface ReproductionMap {
  readonly format: typeof REPRODUCTION_FORMAT;
  readonly paper: string;
  readonly title: string;
  readonly preset: string;
  /** The policy the cells' operating points are measured under (the paper's first). */
  readonly baseline: string;
  readonly quick: boolean;
  readonly grid: {
    readonly description: string;
    readonly seeds: readonly number[];
    readonly cells: readonly {
      readonly label: string;
      readonly axes: GridCell['axes'];
      /** The cell's operating point under the paper's first policy (its baseline). */
      readonly load: OperatingPoint;
    }[];
  };
  readonly claims: readonly ClaimMap[];
  /** Simulations run (one policy, one seed, one distinct configuration). */
  readonly simulations: number;
  /** CPU-bound wall seconds of the whole grid, and per simulation on average. */
  readonly wallSeconds: number;
  readonly secondsPerSimulation: number;
  /** Mean simulated wall seconds per policy, for estimating bigger grids. */
  readonly fullGridCost: string;
}

/**
 * Where a run sat: cross-rack bytes over what the rack uplinks could carry in the
 * makespan, and slot-seconds held over the slots' seconds in it (mean over seeds).
 */
export interface OperatingPoint {
  readonly crossRackLoad: number;
  readonly slotLoad: number;
}

/** The operating point of runs of one preset (docs/architecture.md §6: a preset's load is a claim). */
export function operatingPoint(preset: ExperimentPreset, runs: readonly PolicyRun[]): OperatingPoint {
  const topology = buildTopology(preset.topology);
  let uplinks = 0;
  for (let r = 0; r < topology.rackCount; r++)
    uplinks += topology.linkCapacity(topology.rackUpLink(r as RackId)) / 8;
  let slots = 0;
  for (let n = 0; n < topology.nodeCount; n++) {
    for (const kind of ['map', 'reduce', 'container'] as const) slots += topology.slotsOf(n as NodeId, kind);
  }
  const mean = (f: (m: Readonly<Record<string, number>>) => number) =>
    runs.length === 0 ? Number.NaN : runs.reduce((sum, r) => sum + f(r.metrics), 0) / runs.length;
  return {
    crossRackLoad: mean(
      (m) => (m['crossRackBytes.total'] ?? Number.NaN) / (uplinks * (m.makespan ?? Number.NaN)),
    ),
    slotLoad: mean(
      (m) =>
        ((m['slotSeconds.map'] ?? 0) + (m['slotSeconds.reduce'] ?? 0)) / (slots * (m.makespan ?? Number.NaN)),
    ),
  };
}

/**
 * The preset of one cell: overrides, then the cell's own change; for a policy, with the
 * engine parameters the cell sets for it (`GridCell.policyEngine`).
 */
export function cellPreset(paper: PaperClaims, cell: GridCell, policy?: string): ExperimentPreset {
  const base = applyOverrides(
    experimentPreset(cell.basePreset ?? paper.preset),
    cell.overrides as ExperimentOverrides,
  );
  const changed = cell.preset === undefined ? base : cell.preset(base);
  const own = policy === undefined ? undefined : cell.policyEngine?.[policy];
  return own === undefined ? changed : { ...changed, engine: { ...changed.engine, ...own } };
}

/**
 * Runs a paper's claims over its grid — each policy once per distinct configuration and
 * seed, one simulation at a time (a reading set through policy configuration or
 * `policyEngine` changes only its policies' runs; the others are shared between cells)
 * — and reads every claim in every cell.
 */
export async function reproducePaper(options: ReproduceOptions): Promise<ReproductionMap> {
  const paper = paperClaims(options.paper);
  const quick = options.quick === true;
  const grid: ReproductionGrid = quick ? paper.quickGrid() : paper.fullGrid();
  const seeds = options.seeds ?? grid.seeds;
  const started = performance.now();
  const cache = new Map<string, readonly PolicyRun[]>();
  const planned = grid.cells.flatMap((cell) =>
    cellPolicies(paper, cell).map((policy) => {
      const preset = cellPreset(paper, cell, policy);
      return { cell, preset, policy, key: runKey(preset, policy) };
    }),
  );
  const distinct = new Set(planned.map((p) => p.key)).size;
  let done = 0;
  const perCell = new Map<GridCell, ClaimRuns>();
  const loads = new Map<GridCell, OperatingPoint>();
  for (const cell of grid.cells) {
    const policies: { policy: string; runs: readonly PolicyRun[] }[] = [];
    for (const { preset, policy, key } of planned.filter((p) => p.cell === cell)) {
      let runs = cache.get(key);
      if (runs === undefined) {
        const result = await runExperiment({
          preset,
          policies: [policy],
          seeds,
          parallelism: options.parallelism ?? 1,
        });
        runs = result.policies[0]?.runs ?? [];
        cache.set(key, runs);
        done++;
        options.onProgress?.({ done, total: distinct, label: `${cell.label} · ${policy}` });
      }
      policies.push({ policy, runs });
    }
    perCell.set(cell, { policies });
    loads.set(cell, operatingPoint(cellPreset(paper, cell, policies[0]?.policy), policies[0]?.runs ?? []));
  }
  const wallSeconds = (performance.now() - started) / 1000;
  const claims = paper.claims.map((claim): ClaimMap => {
    const outcomes = grid.cells.map((cell) => ({
      cell: cell.label,
      axes: cell.axes,
      ...evaluateClaim(claim, claimApplies(claim, cell) ? perCell.get(cell)! : { policies: [] }),
    }));
    const count = (v: ClaimOutcome['verdict']) => outcomes.filter((o) => o.verdict === v).length;
    return {
      claim,
      outcomes,
      holds: count('holds'),
      mixed: count('mixed'),
      fails: count('fails'),
      unmeasured: count('unmeasured'),
    };
  });
  return {
    format: REPRODUCTION_FORMAT,
    paper: paper.paper,
    title: paper.title,
    preset: paper.preset,
    baseline: paper.policies[0] ?? '',
    quick,
    grid: {
      description: grid.description,
      seeds,
      cells: grid.cells.map((c) => ({ label: c.label, axes: c.axes, load: loads.get(c)! })),
    },
    claims,
    simulations: distinct * seeds.length,
    wallSeconds,
    secondsPerSimulation: distinct > 0 ? wallSeconds / (distinct * seeds.length) : Number.NaN,
    fullGridCost: paper.fullGridCost,
  };
}

/** What makes two runs of a policy the same: its configuration, the engine, the cluster and the workload. */
function runKey(preset: ExperimentPreset, policy: string): string {
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
function cellPolicies(paper: PaperClaims, cell: GridCell): readonly string[] {
  return cell.policies ?? paper.policies;
}
