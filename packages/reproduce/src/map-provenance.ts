/**
 * Where a map came from: the network model its cells ran (the engine parameters that
 * define it, as the presets resolve them), the commit, the traces and their checksums,
 * the seeds and the CPU cost. Recorded in the map when a grid runs; a map written before
 * it was kept has none, and the pages say so rather than guess.
 */
import { type EngineParameters, resolveEngineParameters } from '@rackwise/engine';
import type { CongestionLoss } from '@rackwise/topology';
import { paperClaims } from './claim-registry.js';
import type { PaperClaims, ReproductionGrid } from './paper-claims.js';
import { cellPolicies, cellPreset, reproductionGrid } from './reproduce-grid.js';

/**
 * The engine parameters that define the network model: how flows share links and when
 * their rates are solved (`flowModel`, `resolveInterval`, `betweenSolves`,
 * `resolveTolerance`), what a link delivers (`congestionLoss`, `linkGoodput`), the
 * shuffle's flows (`fetchSource`, `mapsPerFetch`, `shuffleStart`, `parallelCopies`) and
 * whether there is a network at all.
 */
export const NETWORK_MODEL_PARAMETERS = [
  'network',
  'flowModel',
  'resolveInterval',
  'betweenSolves',
  'resolveTolerance',
  'congestionLoss',
  'linkGoodput',
  'fetchSource',
  'mapsPerFetch',
  'shuffleStart',
  'parallelCopies',
] as const satisfies readonly (keyof EngineParameters)[];

/** A parameter's value as JSON keeps it: numbers that JSON cannot write (Infinity) as text. */
export type ModelValue = string | number | boolean;

/**
 * The network model of a grid: each parameter's value where every cell agrees, else the
 * values its cells take, in grid order (the loss axis: `['none', 'incast']`).
 */
export type NetworkModel = Readonly<Record<string, ModelValue | readonly ModelValue[]>>;

/** A trace the grid's cells replay: its name as the preset gives it, and the file's SHA-256 when known. */
export interface TraceRecord {
  /** The trace as the preset names it: `fb2010`, or a path. */
  readonly name: string;
  /** SHA-256 of the trace's file, when the run could read it. */
  readonly sha256?: string;
}

/** What a map records of how it was made (absent in maps written before it was kept). */
export interface MapProvenance {
  /** The network model every run of the grid used (`gridModel`). */
  readonly model: NetworkModel;
  /** The commit of the code that ran it (`git rev-parse HEAD`, `-dirty` when changed), when known. */
  readonly commit?: string;
  /** The traces the cells replayed (`gridTraces`); none for a generated workload. */
  readonly traces: readonly TraceRecord[];
  /** The seeds every cell ran. */
  readonly seeds: readonly number[];
  /**
   * Sum of the simulations' CPU seconds, each on its thread; a run that did not measure its
   * CPU (on a worker thread off Linux, or written before runs kept it) counts its wall
   * seconds, which a loaded machine makes longer.
   */
  readonly cpuSeconds: number;
  /** Whether runs measured their CPU time (absent in maps made before: `cpuSeconds` then sums wall seconds). */
  readonly cpuMeasured?: true;
  /** How many runs counted wall seconds for want of CPU seconds; absent when none did. */
  readonly wallCountedRuns?: number;
  /**
   * The wall seconds those runs counted (part of `cpuSeconds`), so the measured CPU time can
   * be told apart; absent when none did, and in maps made before it was kept.
   */
  readonly wallCountedSeconds?: number;
}

/** A value as the model records it. */
const recorded = (value: unknown): ModelValue =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : (value as ModelValue);

/** The network model every run of a grid uses, each policy's own engine parameters included. */
export function gridModel(paper: PaperClaims, grid: ReproductionGrid, trace?: string): NetworkModel {
  const seen = new Map<string, ModelValue[]>(NETWORK_MODEL_PARAMETERS.map((p) => [p, []]));
  for (const cell of grid.cells) {
    for (const policy of cellPolicies(paper, cell)) {
      const engine = resolveEngineParameters(cellPreset(paper, cell, policy, trace).engine);
      for (const parameter of NETWORK_MODEL_PARAMETERS) {
        const values = seen.get(parameter)!;
        const value = recorded(engine[parameter]);
        if (!values.includes(value)) values.push(value);
      }
    }
  }
  return Object.fromEntries(
    [...seen].map(([parameter, values]) => [parameter, values.length === 1 ? values[0]! : values]),
  );
}

/** The traces a grid's cells replay, by name, in grid order. */
export function gridTraces(paper: PaperClaims, grid: ReproductionGrid, trace?: string): string[] {
  const names = grid.cells.flatMap((cell) => {
    const workload = cellPreset(paper, cell, undefined, trace).workload;
    return workload.kind === 'swim-trace' ? [workload.trace] : [];
  });
  return [...new Set(names)];
}

/** What `modelDifferences` compares: a map's paper, grid and recorded model. */
export interface ProvenancedMap {
  /** The registered paper. */
  readonly paper: string;
  /** Whether the quick grid ran. */
  readonly quick: boolean;
  /** The axis values the grid was restricted to. */
  readonly only?: Readonly<Record<string, string>>;
  /** The loss settings that replaced the grid's. */
  readonly loss?: readonly CongestionLoss[];
  /** The trace that replaced the presets'. */
  readonly trace?: string;
  /** What the map recorded; absent in maps written before it was kept. */
  readonly provenance?: MapProvenance;
}

/**
 * Where a map's recorded network model differs from the one the code gives its grid
 * today, one line per parameter (`congestionLoss: recorded "none", now ["none","incast"]`);
 * empty when they agree, `undefined` when the map recorded no model.
 */
export function modelDifferences(map: ProvenancedMap): string[] | undefined {
  const model = map.provenance?.model;
  if (model === undefined) return undefined;
  const paper = paperClaims(map.paper);
  const options = {
    ...(map.only === undefined ? {} : { only: map.only }),
    ...(map.trace === undefined ? {} : { trace: map.trace }),
    ...(map.loss === undefined ? {} : { loss: map.loss }),
  };
  const now = gridModel(paper, reproductionGrid(paper, map.quick, options), map.trace);
  const names = [...new Set([...Object.keys(now), ...Object.keys(model)])];
  return names.flatMap((name) => {
    const [was, is] = [JSON.stringify(model[name]), JSON.stringify(now[name])];
    return was === is ? [] : [`${name}: recorded ${was ?? 'nothing'}, now ${is ?? 'nothing'}`];
  });
}
