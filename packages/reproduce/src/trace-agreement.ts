/**
 * Whether two maps of one paper's grid, run on two traces, reach the same verdicts: claim
 * by claim, in the cells both ran, read off the maps' own verdicts (nothing is re-run or
 * re-judged). Two maps are comparable when they ran the same paper, grid size, network
 * model and seeds on different traces, and share cells.
 */
import type { ClaimVerdict } from './evaluate-claim.js';
import type { NetworkModel } from './map-provenance.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';

/**
 * How a claim's verdicts on two traces compare over the cells both measured:
 * `agree` — the same verdict in every cell; `mean` — the mean on the same side everywhere,
 * but every seed only on one trace somewhere (✓ against ~); `disagree` — somewhere the
 * claim holds (in every seed or in the mean) on one trace and fails on the other;
 * `same-runs` — every seed's result is identical, so the cells replayed no trace;
 * `unmeasured` — no cell measured it on both.
 */
export type TraceAgreementKind = 'agree' | 'mean' | 'disagree' | 'same-runs' | 'unmeasured';

/** A cell where the two traces' verdicts differ. */
export interface VerdictDifference {
  /** The cell's axis values. */
  readonly axes: Readonly<Record<string, string | number>>;
  /** The verdict on the first trace, then on the second. */
  readonly verdicts: readonly [ClaimVerdict, ClaimVerdict];
}

/** One claim on two traces. */
export interface ClaimAgreement {
  /** The claim, as the first map states it. */
  readonly claim: ClaimMap['claim'];
  /** How its verdicts on the two traces compare. */
  readonly kind: TraceAgreementKind;
  /** Cells both maps measured the claim in with different runs (cells that replayed no trace left out). */
  readonly compared: number;
  /** The cells where the verdicts differ, in the first map's order. */
  readonly differences: readonly VerdictDifference[];
}

/** Two maps of a paper on two traces, and every claim of the first that the second has. */
export interface TraceComparison {
  /** The two maps, in the order the document lists them. */
  readonly maps: readonly [ReproductionMap, ReproductionMap];
  /** The trace of each map (`mapTrace`). */
  readonly traces: readonly [string, string];
  /** Indices of the shared cells in each map, in the first map's order. */
  readonly cells: readonly (readonly [number, number])[];
  /** Every claim of the first map that the second has, in the first map's order. */
  readonly claims: readonly ClaimAgreement[];
  /** Jobs the first shared cell replays from each trace, seed 1 (`withWindowJobs`), when read. */
  readonly windowJobs?: readonly [number, number];
}

/** The trace a map's cells replayed: the one given to the run, else the one its provenance records. */
export function mapTrace(map: ReproductionMap): string | undefined {
  if (map.trace !== undefined) return map.trace;
  const names = map.provenance?.traces.map((t) => t.name) ?? [];
  return names.length === 0 ? undefined : names.join(' + ');
}

const cellKey = (axes: Readonly<Record<string, unknown>>) =>
  JSON.stringify(Object.entries(axes).sort(([a], [b]) => a.localeCompare(b)));

/**
 * Whether two maps ran one network model, the loss model aside: loss is a cell axis, so
 * the cells compared pair runs of the same loss model whatever else each map ran.
 */
function sameModelBesideLoss(a: NetworkModel, b: NetworkModel): boolean {
  const { congestionLoss: _a, ...restA } = a;
  const { congestionLoss: _b, ...restB } = b;
  return JSON.stringify(restA) === JSON.stringify(restB);
}

/** Whether two maps ran the same grid (paper, size, model, seeds) on different traces. */
function comparable(a: ReproductionMap, b: ReproductionMap): boolean {
  const [ta, tb] = [mapTrace(a), mapTrace(b)];
  return (
    a.paper === b.paper &&
    a.quick === b.quick &&
    ta !== undefined &&
    tb !== undefined &&
    ta !== tb &&
    a.provenance !== undefined &&
    b.provenance !== undefined &&
    sameModelBesideLoss(a.provenance.model, b.provenance.model) &&
    JSON.stringify(a.grid.seeds) === JSON.stringify(b.grid.seeds)
  );
}

const holdsInMean = (v: ClaimVerdict) => v === 'holds' || v === 'mixed';

const sameChanges = (x: readonly number[], y: readonly number[]) =>
  x.length === y.length && x.every((v, i) => Object.is(v, y[i]));

/** One claim over the shared cells. */
function claimAgreement(
  a: ClaimMap,
  b: ClaimMap,
  cells: TraceComparison['cells'],
  axesOf: (i: number) => VerdictDifference['axes'],
): ClaimAgreement {
  const measured = cells.filter(
    ([i, j]) => a.outcomes[i]?.verdict !== 'unmeasured' && b.outcomes[j]?.verdict !== 'unmeasured',
  );
  // A cell whose every seed gave the same result on both traces replayed neither: it is left out.
  const traced = measured.filter(([i, j]) => !sameChanges(a.outcomes[i]!.changes, b.outcomes[j]!.changes));
  const differences = traced
    .filter(([i, j]) => a.outcomes[i]?.verdict !== b.outcomes[j]?.verdict)
    .map(([i, j]) => ({
      axes: axesOf(i),
      verdicts: [a.outcomes[i]!.verdict, b.outcomes[j]!.verdict] as const,
    }));
  const kind: TraceAgreementKind =
    measured.length === 0
      ? 'unmeasured'
      : traced.length === 0
        ? 'same-runs'
        : differences.length === 0
          ? 'agree'
          : differences.some((d) => holdsInMean(d.verdicts[0]) !== holdsInMean(d.verdicts[1]))
            ? 'disagree'
            : 'mean';
  return { claim: a.claim, kind, compared: traced.length, differences };
}

/**
 * The claims of two maps on two traces, compared cell by cell.
 * @throws Error when the maps are not comparable or share no cell.
 */
export function compareTraces(first: ReproductionMap, second: ReproductionMap): TraceComparison {
  if (!comparable(first, second)) {
    throw new Error(
      `compareTraces: ${first.paper} on ${mapTrace(first)} and ${second.paper} on ${mapTrace(second)} are not the same grid, model and seeds on two traces`,
    );
  }
  const index = new Map(second.grid.cells.map((c, j) => [cellKey(c.axes), j]));
  const cells = first.grid.cells.flatMap((c, i) => {
    const j = index.get(cellKey(c.axes));
    return j === undefined ? [] : [[i, j] as const];
  });
  if (cells.length === 0) throw new Error(`compareTraces: the two ${first.paper} maps share no cell`);
  const claims = new Map(second.claims.map((c) => [c.claim.id, c]));
  return {
    maps: [first, second],
    traces: [mapTrace(first) as string, mapTrace(second) as string],
    cells,
    claims: first.claims.flatMap((c) => {
      const other = claims.get(c.claim.id);
      return other === undefined
        ? []
        : [claimAgreement(c, other, cells, (i) => first.grid.cells[i]?.axes ?? {})];
    }),
  };
}

/**
 * Every comparison a list of maps holds: each map with the first later one of the same
 * grid on another trace that shares cells with it, in the list's order.
 */
export function traceComparisons(maps: readonly ReproductionMap[]): TraceComparison[] {
  const out: TraceComparison[] = [];
  maps.forEach((map, i) => {
    const keys = new Set(map.grid.cells.map((c) => cellKey(c.axes)));
    const twin = maps
      .slice(i + 1)
      .find((m) => comparable(map, m) && m.grid.cells.some((c) => keys.has(cellKey(c.axes))));
    if (twin !== undefined) out.push(compareTraces(map, twin));
  });
  return out;
}
