import { openSimulationPool } from '@rackwise/experiments';
import type { CongestionLoss } from '@rackwise/topology';
import { type CellRuns, type CellSeeds, adaptiveSeedList, cellStop } from './adaptive-seeds.js';
import { paperClaims } from './claim-registry.js';
import { type ClaimOutcome, type ClaimRuns, evaluateClaim } from './evaluate-claim.js';
import {
  type GridProgress,
  type RunRecord,
  type SimulationRunner,
  gridRunStore,
  inPool,
} from './grid-runs.js';
import { median } from './load-steps.js';
import { type MapProvenance, gridModel, gridTraces } from './map-provenance.js';
import {
  type Claim,
  type GridCell,
  type PaperClaims,
  type ReproductionGrid,
  claimApplies,
} from './paper-claims.js';
import { type GridChoice, cellPolicies, cellPreset, reproductionGrid, runKey } from './reproduce-grid.js';
import {
  type SequentialInterval,
  type SequentialRule,
  checkedRule,
  claimDecision,
} from './sequential-interval.js';

/** Format tag of reproduction maps. */
export const REPRODUCTION_FORMAT = 'rackwise-reproduction@1';

/** What to reproduce. */
export interface ReproduceOptions extends GridChoice {
  /** A registered paper (`nas`, `shufflewatcher`). */
  readonly paper: string;
  /** The CI grid instead of the full one. */
  readonly quick?: boolean;
  /** Seeds instead of the grid's. */
  readonly seeds?: readonly number[];
  /**
   * A results directory: the runs it holds are read instead of simulated, and every run
   * simulated is written there, so a grid stopped part-way resumes where it stopped.
   */
  readonly results?: string;
  /** What simulates a batch; default `simulateBatch` (tests pass a stand-in). */
  readonly runner?: SimulationRunner;
  /** The commit of the code that runs the grid, recorded in the map's provenance. */
  readonly commit?: string;
  /** The SHA-256 of a trace the grid replays (`fb2010` or a path), recorded in the map's provenance. */
  readonly traceChecksum?: (trace: string) => string | undefined;
  /**
   * Simulations at once on worker threads: the seeds of one batch, or with `adaptive` the
   * runs of a cell's round (every policy's seeds it lacks); default 1 (a shared machine).
   */
  readonly parallelism?: number;
  /**
   * Seeds added to each cell only until every claim it measures is decided, instead of
   * a fixed list (`SEQUENTIAL_RULE`: 3 to 10 seeds, each claim decided the wrong way at
   * most 5 % of the time); not with `seeds`.
   */
  readonly adaptive?: SequentialRule;
  /**
   * Called after every batch (one policy, one cell, its seeds; with `adaptive`, again for
   * each seed added); `simulated` 0 when the results directory held it.
   */
  readonly onProgress?: GridProgress;
}

/** A claim across the grid: its outcome in every cell, and how many cells it holds in. */
export interface ClaimMap {
  readonly claim: Claim;
  readonly outcomes: readonly (ClaimOutcome & {
    readonly cell: string;
    readonly axes: GridCell['axes'];
    /** With adaptive seeds: the claim's interval at the look that decided it (else the cell's last), and what it decided. */
    readonly interval?: SequentialInterval;
  })[];
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
  /** The trace the cells replayed instead of their presets' (`ReproduceOptions.trace`). */
  readonly trace?: string;
  /** The axis values the grid was restricted to (`ReproduceOptions.only`). */
  readonly only?: Readonly<Record<string, string>>;
  /** The congestion-loss settings the grid's loss axis took instead of its own (`--loss`). */
  readonly loss?: readonly CongestionLoss[];
  /** The rule that added seeds to each cell, when the grid ran with adaptive seeds (`ReproduceOptions.adaptive`). */
  readonly adaptive?: SequentialRule;
  readonly grid: {
    readonly description: string;
    readonly seeds: readonly number[];
    readonly cells: readonly {
      readonly label: string;
      readonly axes: GridCell['axes'];
      /** The cell's operating point under the paper's first policy (its baseline). */
      readonly load: OperatingPoint;
      /** With adaptive seeds: how many seeds the cell ran, and whether it stopped decided or at the cap. */
      readonly seeds?: CellSeeds;
    }[];
  };
  readonly claims: readonly ClaimMap[];
  /** The paper's load axis, reading axis and headline claims (`PaperClaims`). */
  readonly loadAxis: PaperClaims['loadAxis'];
  readonly readingAxis?: string;
  readonly headline: readonly string[];
  /** Simulations run (one policy, one seed, one distinct configuration). */
  readonly simulations: number;
  /**
   * Of those, the ones the command that wrote the map simulated; the rest it read from its
   * results directory (an interrupted run resumed). Absent in maps written before it was recorded.
   */
  readonly simulatedNow?: number;
  /** Wall seconds of the command that wrote the map, and per simulation on average. */
  readonly wallSeconds: number;
  readonly secondsPerSimulation: number;
  /** Mean simulated wall seconds per policy, for estimating bigger grids. */
  readonly fullGridCost: string;
  /** How the map was made; absent in maps written before it was recorded. */
  readonly provenance?: MapProvenance;
}

/**
 * Where a cell sat, measured during its arrival window (engine `RunMetrics.load`): the
 * offered cross-rack shuffle load (a property of the workload and the cluster, the same
 * under every policy), and what the cell's baseline policy delivered — rack-uplink
 * utilisation and slot use while jobs arrived. The offered load is the median over seeds
 * (a load step sets its knob so that the median over seeds 1–5 meets the step,
 * `presetAtLoad`) with its range; the delivered figures are means over seeds.
 */
export interface OperatingPoint {
  /** Offered cross-rack shuffle bytes per second over the rack uplinks' capacity (`load.offered`), median over seeds. */
  readonly offered: number;
  readonly offeredMin: number;
  readonly offeredMax: number;
  /** Median and 95th percentile of rack-uplink utilisation over links and samples (`load.uplinkUtilisation.*`). */
  readonly uplinkP50: number;
  readonly uplinkP95: number;
  /** Share of slots (or containers) held by tasks (`load.slotUse`). */
  readonly slotUse: number;
}

/** The operating point of runs of one cell, from their arrival-window metrics (NaN when none ran). */
export function operatingPoint(runs: readonly Pick<RunRecord, 'metrics'>[]): OperatingPoint {
  const values = (metric: string) => runs.map((r) => r.metrics[metric] ?? Number.NaN);
  const mean = (metric: string) => {
    const v = values(metric);
    return v.length === 0 ? Number.NaN : v.reduce((s, x) => s + x, 0) / v.length;
  };
  const offered = values('load.offered');
  return {
    offered: median(offered),
    offeredMin: offered.length === 0 ? Number.NaN : Math.min(...offered),
    offeredMax: offered.length === 0 ? Number.NaN : Math.max(...offered),
    uplinkP50: mean('load.uplinkUtilisation.p50'),
    uplinkP95: mean('load.uplinkUtilisation.p95'),
    slotUse: mean('load.slotUse'),
  };
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
  const grid = reproductionGrid(paper, quick, options);
  const rule = options.adaptive === undefined ? undefined : checkedRule(options.adaptive);
  if (rule !== undefined && options.seeds !== undefined)
    throw new Error(
      'reproducePaper: adaptive seeds draw seeds 1, 2, … themselves; give seeds or adaptive, not both',
    );
  const seeds = rule === undefined ? (options.seeds ?? grid.seeds) : adaptiveSeedList(rule);
  const trace = options.trace;
  const started = performance.now();
  const planned = grid.cells.flatMap((cell) =>
    cellPolicies(paper, cell).map((policy) => {
      const preset = cellPreset(paper, cell, policy, trace);
      return { cell, preset, policy, key: runKey(preset, policy) };
    }),
  );
  const parallelism = options.parallelism ?? 1;
  // One set of worker threads for the whole grid: each loads and warms up once, not per batch.
  const pool = parallelism > 1 && options.runner === undefined ? openSimulationPool(parallelism) : undefined;
  const store = gridRunStore(
    { ...options, ...(pool === undefined ? {} : { pool }) },
    new Set(planned.map((p) => p.key)).size,
  );
  const { perCell, stops } = await runCells(paper, grid.cells, planned, store, seeds, rule, {
    parallelism,
  }).finally(() => pool?.close());
  const wallSeconds = (performance.now() - started) / 1000;
  const simulations = store.count();
  const claims = gridClaims(paper, grid.cells, perCell, rule);
  const used =
    rule === undefined ? seeds : seeds.slice(0, Math.max(0, ...[...stops.values()].map((s) => s.seeds)));
  return {
    format: REPRODUCTION_FORMAT,
    paper: paper.paper,
    title: paper.title,
    preset: paper.preset,
    baseline: paper.policies[0] ?? '',
    quick,
    ...(trace === undefined ? {} : { trace }),
    ...(options.only === undefined ? {} : { only: options.only }),
    ...(options.loss === undefined ? {} : { loss: options.loss }),
    ...(rule === undefined ? {} : { adaptive: rule }),
    grid: {
      description: grid.description,
      seeds,
      cells: grid.cells.map((c) => {
        const stop = stops.get(c);
        const load = operatingPoint(perCell.get(c)?.policies[0]?.runs ?? []);
        return { label: c.label, axes: c.axes, load, ...(stop === undefined ? {} : { seeds: stop }) };
      }),
    },
    claims,
    loadAxis: paper.loadAxis,
    ...(paper.readingAxis === undefined ? {} : { readingAxis: paper.readingAxis }),
    headline: paper.headline,
    simulations,
    simulatedNow: store.simulated(),
    wallSeconds,
    secondsPerSimulation: simulations > 0 ? wallSeconds / simulations : Number.NaN,
    fullGridCost: paper.fullGridCost,
    provenance: provenanceOf(paper, grid, options, used, store.all()),
  };
}

/** A planned run: a cell's policy, the preset it runs under and the key its runs are kept by. */
type PlannedRun = {
  readonly cell: GridCell;
  readonly preset: ReturnType<typeof cellPreset>;
  readonly policy: string;
  readonly key: string;
};

/**
 * Runs every cell's policies on its seeds (all of them, or under an adaptive `rule` as
 * many as its claims need), simulating only what `store` does not hold: each cell's runs,
 * and where a rule stopped it, how many seeds it took. Under a rule a round adds a seed
 * or two to each policy of a cell, so its runs — every policy's seeds it lacks — share
 * `parallelism` worker threads, one run each, instead of one batch's seeds.
 */
async function runCells(
  paper: PaperClaims,
  cells: readonly GridCell[],
  planned: readonly PlannedRun[],
  store: ReturnType<typeof gridRunStore>,
  seeds: readonly number[],
  rule: SequentialRule | undefined,
  { parallelism }: { readonly parallelism: number },
): Promise<{ perCell: Map<GridCell, ClaimRuns>; stops: Map<GridCell, CellSeeds> }> {
  const perCell = new Map<GridCell, ClaimRuns>();
  const stops = new Map<GridCell, CellSeeds>();
  for (const cell of cells) {
    const mine = planned.filter((p) => p.cell === cell);
    const runsOf = (n: number): CellRuns =>
      mine.map(({ policy, key }) => ({ policy, runs: store.runs(key, seeds.slice(0, n)) }));
    let n = seeds.length;
    if (rule === undefined) {
      for (const p of mine) await store.ensure(p, seeds);
    } else {
      for (let stop = cellStop(paper, cell, runsOf(seeds.length), rule); ; ) {
        if ('seeds' in stop) {
          stops.set(cell, stop);
          n = stop.seeds;
          break;
        }
        const round = seeds.slice(0, stop.need);
        if (parallelism === 1) for (const p of mine) await store.ensure(p, round);
        else
          await inPool(
            mine.flatMap((p) => round.map((seed) => () => store.ensure(p, [seed]))),
            parallelism,
          );
        const next = cellStop(paper, cell, runsOf(seeds.length), rule);
        if ('need' in next && next.need <= stop.need)
          throw new Error(`reproducePaper: the runner returned no run of a seed ${cell.label} needs`);
        stop = next;
      }
    }
    perCell.set(cell, { policies: runsOf(n) });
  }
  return { perCell, stops };
}

/** Every claim read in every cell it applies to, with its interval under an adaptive rule. */
function gridClaims(
  paper: PaperClaims,
  cells: readonly GridCell[],
  perCell: ReadonlyMap<GridCell, ClaimRuns>,
  rule: SequentialRule | undefined,
): ClaimMap[] {
  return paper.claims.map((claim) =>
    claimMap(
      claim,
      cells.map((cell) => {
        const outcome = evaluateClaim(
          claim,
          claimApplies(claim, cell) ? perCell.get(cell)! : { policies: [] },
        );
        const interval =
          rule === undefined || !claimApplies(claim, cell)
            ? {}
            : { interval: claimDecision(claim, outcome.changes, rule) };
        return { cell: cell.label, axes: cell.axes, ...outcome, ...interval };
      }),
    ),
  );
}

/** What the map records of how it was made: model, commit, traces, seeds and CPU-seconds. */
function provenanceOf(
  paper: PaperClaims,
  grid: ReproductionGrid,
  options: ReproduceOptions,
  seeds: readonly number[],
  runs: Iterable<RunRecord>,
): MapProvenance {
  let cpuSeconds = 0;
  let wallCounted = 0;
  let wallCountedSeconds = 0;
  for (const run of runs) {
    if (run.cpuSeconds === undefined) {
      wallCounted++;
      wallCountedSeconds += run.wallSeconds;
    }
    cpuSeconds += run.cpuSeconds ?? run.wallSeconds;
  }
  return {
    model: gridModel(paper, grid, options.trace),
    ...(options.commit === undefined ? {} : { commit: options.commit }),
    traces: gridTraces(paper, grid, options.trace).map((name) => {
      const sha256 = options.traceChecksum?.(name);
      return sha256 === undefined ? { name } : { name, sha256 };
    }),
    seeds,
    cpuSeconds,
    cpuMeasured: true,
    ...(wallCounted === 0 ? {} : { wallCountedRuns: wallCounted, wallCountedSeconds }),
  };
}

/** A claim's outcomes over the grid, with how many cells it holds, holds in the mean only, fails and is not measured in. */
export function claimMap(claim: Claim, outcomes: ClaimMap['outcomes']): ClaimMap {
  const count = (v: ClaimOutcome['verdict']) => outcomes.filter((o) => o.verdict === v).length;
  return {
    claim,
    outcomes,
    holds: count('holds'),
    mixed: count('mixed'),
    fails: count('fails'),
    unmeasured: count('unmeasured'),
  };
}
