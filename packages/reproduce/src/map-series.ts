import { confidenceHalfWidth } from '@rackwise/experiments';
import type { ClaimOutcome } from './evaluate-claim.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';

/** One column of a series: a cell of the map, and where it sits along the series. */
export interface SeriesColumn {
  /** Index of the cell in `map.grid.cells` (and in every claim's `outcomes`). */
  readonly cell: number;
  /** The column's value: the load step, or the value of the axis the series runs along. */
  readonly value: string | number;
  /** The column's heading: `0.5`, `1 Gbps`. */
  readonly heading: string;
}

/**
 * Cells that differ only along one axis, in order along it: a paper's load steps at one
 * window, loss model and reading (or the rack-link capacities of Shadow's applications,
 * which sit off the load axis). Reading cells form series of their own (`reading`).
 */
export interface MapSeries {
  /** The axis values every cell of the series shares, in words: `first 0.5 h · loss none`. */
  readonly label: string;
  /** The shared axis values. */
  readonly axes: Readonly<Record<string, string | number>>;
  /** The axis the series runs along (the load axis, or another for cells off it). */
  readonly along: string;
  /** The reading of the series' cells; undefined for a paper without readings. */
  readonly reading?: string | number;
  readonly columns: readonly SeriesColumn[];
}

/** Units of the axes a series can run along, for column headings. */
const UNITS: Readonly<Record<string, string>> = { rackLinkGbps: ' Gbps', rate: '×' };

/**
 * The map's cells as series: grouped by every axis but the one they run along, in the
 * order of their first cell in the grid, columns sorted along the axis. A cell has the
 * load axis, or runs along an axis it has that no load-axis cell has (a numeric one first:
 * Shadow's `rackLinkGbps`), or stands alone.
 */
export function mapSeries(map: ReproductionMap): MapSeries[] {
  const loadAxis = map.loadAxis.axis;
  const cells = map.grid.cells;
  const loadAxes = new Set(cells.filter((c) => loadAxis in c.axes).flatMap((c) => Object.keys(c.axes)));
  const groups = new Map<
    string,
    { axes: Record<string, string | number>; along: string; columns: SeriesColumn[] }
  >();
  cells.forEach((cell, index) => {
    const own = Object.keys(cell.axes).filter((a) => !loadAxes.has(a));
    const along =
      loadAxis in cell.axes ? loadAxis : (own.find((a) => typeof cell.axes[a] === 'number') ?? own[0] ?? '');
    const axes: Record<string, string | number> = {};
    for (const [axis, value] of Object.entries(cell.axes)) if (axis !== along) axes[axis] = value;
    const key = JSON.stringify([along, Object.entries(axes).sort()]);
    let group = groups.get(key);
    if (group === undefined) {
      group = { axes, along, columns: [] };
      groups.set(key, group);
    }
    const value = along === '' ? cell.label : (cell.axes[along] ?? '');
    group.columns.push({ cell: index, value, heading: `${value}${UNITS[along] ?? ''}` });
  });
  return [...groups.values()].map(({ axes, along, columns }) => {
    const reading = map.readingAxis === undefined ? undefined : axes[map.readingAxis];
    return {
      label: Object.entries(axes)
        .map(([axis, value]) => axisText(axis, value))
        .join(' · '),
      axes,
      along,
      ...(reading === undefined ? {} : { reading }),
      columns: [...columns].sort((a, b) => compareValues(a.value, b.value)),
    };
  });
}

function compareValues(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b));
}

/** An axis value in words for a series label. */
export function axisText(axis: string, value: string | number): string {
  if (axis === 'preset') return String(value);
  if (axis === 'window') return `window ${value}`;
  return `${axis} ${value}${UNITS[axis] ?? ''}`;
}

/** The reading a grid gives first (the paper's default), or undefined for a paper without readings. */
export function defaultReading(map: ReproductionMap): string | number | undefined {
  const axis = map.readingAxis;
  return axis === undefined ? undefined : map.grid.cells.find((c) => axis in c.axes)?.axes[axis];
}

/** Series at the default reading (every series of a paper without readings). */
export function defaultSeries(map: ReproductionMap): MapSeries[] {
  const reading = defaultReading(map);
  return mapSeries(map).filter((s) => s.reading === reading);
}

/** Half-width of the 95 % interval of an outcome's mean over its seeds (NaN for fewer than 2). */
export function halfWidth95(outcome: ClaimOutcome): number {
  return confidenceHalfWidth({ n: outcome.changes.filter(Number.isFinite).length, sd: outcome.sd });
}

/** A claim's outcome in one cell. */
export function outcomeAt(claim: ClaimMap, cell: number): ClaimOutcome {
  return claim.outcomes[cell] as ClaimOutcome;
}
