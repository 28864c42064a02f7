import { type ChartHeading, finite, header, referenceLine, valueAxis } from './internal/chart-parts.js';
import { type ChartOption, PALETTE, renderChartSvg } from './internal/chart-svg.js';

/** One point of a line: its mean and the ends of its 95 % interval (NaN where there is none). */
export interface IntervalPoint {
  /** Where the point sits on the x axis. */
  readonly x: number;
  /** The line's value there; a point without a finite mean is left out. */
  readonly mean: number;
  /** Lower end of the interval (NaN: none, no band here). */
  readonly low: number;
  /** Upper end of the interval (NaN: none, no band here). */
  readonly high: number;
}

/** One line over a numeric x axis, with its interval at each point. */
export interface IntervalLine {
  /** The line's name in the legend. */
  readonly name: string;
  /** Its points, in any order (drawn in order of x). */
  readonly points: readonly IntervalPoint[];
}

/** Lines with shaded 95 % bands over a numeric x axis (an effect over offered load). */
export interface IntervalLinesChartSpec extends ChartHeading {
  /** The x axis's name, with its unit: `offered cross-rack load`. */
  readonly xName: string;
  /** The y axis's name, with its unit: `nas / fair − 1 (%)`. */
  readonly yName: string;
  /** One line each, coloured in the reports' palette in this order. */
  readonly lines: readonly IntervalLine[];
  /** A dashed line across the chart at this y; default 0 (no effect). */
  readonly reference?: number;
}

const HEIGHT_OF_PLOT = 260;
/** Approximate advance of a legend character (12 px), and what an item adds to its text. */
const LEGEND_CHAR = 6.6;
/** Between legend items: wide, as ECharts measures text narrower than a browser draws it. */
const LEGEND_GAP = 28;
const LEGEND_ITEM = 25 + LEGEND_GAP;

/** Rows the legend wraps to at the chart's width. */
function legendRows(names: readonly string[], width: number): number {
  let rows = 1;
  let used = 0;
  for (const name of names) {
    const item = LEGEND_ITEM + name.length * LEGEND_CHAR;
    if (used > 0 && used + item > width) {
      rows++;
      used = 0;
    }
    used += item;
  }
  return rows;
}

/** Runs of consecutive points that have an interval: a band is drawn over each. */
function bandRuns(points: readonly IntervalPoint[]): IntervalPoint[][] {
  const runs: IntervalPoint[][] = [[]];
  for (const p of points) {
    if (finite(p.low) !== null && finite(p.high) !== null) runs.at(-1)?.push(p);
    else if (runs.at(-1)?.length !== 0) runs.push([]);
  }
  return runs.filter((r) => r.length > 0);
}

/**
 * The band of one line: a polygon per run of points with an interval (a lone point gets
 * a short bar), drawn once by the series' first data item. Its data are the interval's
 * ends, so the y axis covers them.
 */
function bandSeries(line: IntervalLine, points: readonly IntervalPoint[], colour: string): ChartOption {
  const runs = bandRuns(points);
  return {
    type: 'custom',
    name: `${line.name} band`,
    silent: true,
    z: 1,
    encode: { x: 0, y: [1, 2] },
    data: runs.flat().map((p) => [p.x, p.low, p.high]),
    renderItem: (params: { dataIndex: number }, api: { coord(p: [number, number]): [number, number] }) => {
      if (params.dataIndex !== 0) return null;
      const children = runs.map((run) => {
        if (run.length === 1) {
          const [p] = run as [IntervalPoint];
          const [x1, y1] = api.coord([p.x, p.low]);
          const [x2, y2] = api.coord([p.x, p.high]);
          return {
            type: 'line',
            shape: { x1, y1, x2, y2 },
            style: { stroke: colour, lineWidth: 6, opacity: 0.25 },
          };
        }
        const upper = run.map((p) => api.coord([p.x, p.high]));
        const lower = run.map((p) => api.coord([p.x, p.low])).reverse();
        return {
          type: 'polygon',
          shape: { points: [...upper, ...lower] },
          style: { fill: colour, opacity: 0.16 },
        };
      });
      return { type: 'group', children };
    },
  };
}

/**
 * Lines over a numeric x axis as SVG, one per entry of `lines`, each with markers at its
 * points and a shaded band from the low to the high end of its interval, and a dashed
 * reference line (at 0 unless told otherwise). Points without a finite mean are left
 * out; points are drawn in order of x.
 */
export function intervalLinesChartSvg(spec: IntervalLinesChartSpec): string {
  const names = spec.lines.map((l) => l.name);
  const rows = legendRows(names, 840);
  const top = 70 + 22 * rows;
  const sorted = spec.lines.map((l) =>
    l.points.filter((p) => finite(p.x) !== null && finite(p.mean) !== null).sort((a, b) => a.x - b.x),
  );
  const colour = (i: number) => PALETTE[i % PALETTE.length] ?? '#000000';
  const option: ChartOption = {
    ...header(spec.title, spec.subtitle),
    legend: { top: 50, left: 0, itemGap: LEGEND_GAP, textStyle: { fontSize: 12 }, data: names },
    grid: { left: 70, right: 30, top, height: HEIGHT_OF_PLOT },
    xAxis: {
      type: 'value',
      name: spec.xName,
      nameLocation: 'middle',
      nameGap: 30,
      nameTextStyle: { fontSize: 12 },
      axisLabel: { fontSize: 12, hideOverlap: true },
      min: 0,
      max: 'dataMax',
      // At the foot of the plot, not at y = 0, where the reference line is.
      axisLine: { onZero: false },
      splitLine: { show: false },
    },
    yAxis: valueAxis(spec.yName, 50),
    series: [
      ...spec.lines.map((line, i) => bandSeries(line, sorted[i] ?? [], colour(i))),
      ...spec.lines.map((line, i) => ({
        name: line.name,
        type: 'line',
        symbol: 'circle',
        symbolSize: 6,
        z: 5,
        itemStyle: { color: colour(i) },
        lineStyle: { color: colour(i), width: 1.8 },
        data: (sorted[i] ?? []).map((p) => [p.x, p.mean]),
        ...(i === 0 ? referenceLine(spec.reference ?? 0) : {}),
      })),
    ],
  };
  return renderChartSvg(option, top + HEIGHT_OF_PLOT + 56);
}
