import { formatNumber } from './format-values.js';
import {
  type ChartHeading,
  finite,
  header,
  referenceLine,
  valueAxis,
  widestLine,
  wrapLabel,
} from './internal/chart-parts.js';
import { CHART_WIDTH, type ChartOption, PALETTE, renderChartSvg } from './internal/chart-svg.js';

export type { ChartHeading } from './internal/chart-parts.js';

/** One policy's bars: a value per category and, where known, its 95 % interval. */
export interface BarSeries {
  readonly name: string;
  readonly values: readonly number[];
  readonly low?: readonly number[];
  readonly high?: readonly number[];
}

/** Grouped bars: one group per category, one bar per series, error bars where given. */
export interface BarChartSpec extends ChartHeading {
  /** Category labels; a line break splits a label over lines. */
  readonly categories: readonly string[];
  readonly yName: string;
  readonly series: readonly BarSeries[];
  /** A dashed line across the chart at this value (1 for ratios to the baseline). */
  readonly reference?: number;
  /**
   * `shared` (the default): one value axis for every category. `per-category`: each
   * category a panel with its own value axis, for quantities of one unit but of
   * different sizes (a light class's bytes beside a heavy one's), so no bar is flattened.
   */
  readonly scale?: 'shared' | 'per-category';
}

/** Gaps of the bar layout, fractions as ECharts takes them; the error bars use the same. */
const CATEGORY_GAP = 0.3;
const BAR_GAP = 0.15;
/** Font size of the category labels, px; a label line is 16 px high. */
const LABEL_FONT = 12;
/** Where the plot area of a bar chart starts and ends, px from the chart's left edge. */
const PLOT_LEFT = 70;
const PLOT_RIGHT = 20;
/** Room between two panels of a `per-category` chart, for the second one's axis labels. */
const PANEL_GAP = 56;

/**
 * The lower end of an interval, not below 0 for a non-negative mean: every metric the
 * reports draw as bars is a size, time or count, which the normal approximation of a
 * few seeds may otherwise send negative.
 */
const clampLow = (low: number | undefined, mean: number | undefined): number | null => {
  const l = finite(low);
  return l !== null && (mean ?? 0) >= 0 ? Math.max(0, l) : l;
};

/** One plot of a bar chart: its categories (indices into the spec's) and its place. */
interface BarPanel {
  readonly categories: readonly number[];
  readonly left: number;
  readonly width: number;
}

/** The panels of a chart: one across the plot, or one per category side by side. */
function barPanels(spec: BarChartSpec): BarPanel[] {
  const plot = CHART_WIDTH - PLOT_LEFT - PLOT_RIGHT;
  const count = spec.categories.length;
  if (spec.scale !== 'per-category' || count < 2) {
    return [{ categories: spec.categories.map((_, c) => c), left: PLOT_LEFT, width: plot }];
  }
  const width = (plot - (count - 1) * PANEL_GAP) / count;
  return spec.categories.map((_, c) => ({
    categories: [c],
    left: PLOT_LEFT + c * (width + PANEL_GAP),
    width,
  }));
}

/**
 * The error bars of one series in one panel: a custom series drawing, at the centre of
 * each of the series' bars, a line from the low to the high end with caps.
 */
function errorBarSeries(spec: BarChartSpec, series: number, panel: BarPanel, axis: number): ChartOption {
  const n = spec.series.length;
  const s = spec.series[series] as BarSeries;
  return {
    name: s.name,
    type: 'custom',
    silent: true,
    z: 10,
    xAxisIndex: axis,
    yAxisIndex: axis,
    renderItem: (
      _params: unknown,
      api: {
        value(i: number): number;
        coord(p: [number, number]): [number, number];
        size(p: [number, number]): [number, number];
      },
    ) => {
      const category = api.value(0);
      const low = api.coord([category, api.value(1)]);
      const high = api.coord([category, api.value(2)]);
      const band = api.size([1, 0])[0];
      const usable = band * (1 - CATEGORY_GAP);
      const width = usable / (n + (n - 1) * BAR_GAP);
      const x = low[0] - usable / 2 + series * width * (1 + BAR_GAP) + width / 2;
      const cap = Math.min(8, width / 3);
      const style = { stroke: '#222', lineWidth: 1.4 };
      return {
        type: 'group',
        children: [
          { type: 'line', shape: { x1: x, y1: low[1], x2: x, y2: high[1] }, style },
          { type: 'line', shape: { x1: x - cap, y1: low[1], x2: x + cap, y2: low[1] }, style },
          { type: 'line', shape: { x1: x - cap, y1: high[1], x2: x + cap, y2: high[1] }, style },
        ],
      };
    },
    encode: { x: 0, y: [1, 2] },
    data: panel.categories
      .map((c, at) => [at, clampLow(s.low?.[c], s.values[c]), finite(s.high?.[c])])
      .filter((d) => d[1] !== null && d[2] !== null),
  };
}

/**
 * Grouped bars with 95 % error bars (a custom series drawn at each bar's centre),
 * labels broken at spaces to the width of their group, so none is cut, broken inside a
 * word or drawn over another.
 */
export function barChartSvg(spec: BarChartSpec): string {
  const panels = barPanels(spec);
  const perGroup = panels.map((p) => Math.max(60, (p.width / Math.max(1, p.categories.length)) * 0.92));
  const lines = spec.categories.map((c, i) =>
    wrapLabel(c, perGroup[panels.findIndex((p) => p.categories.includes(i))] ?? 60, LABEL_FONT),
  );
  const longest = Math.max(...lines.map((l) => l.length));
  const bottom = 30 + 16 * Math.max(2, longest + 1);
  const option: ChartOption = {
    ...header(spec.title, spec.subtitle),
    grid: panels.map((p) => ({ left: p.left, width: p.width, top: 92, bottom })),
    xAxis: panels.map((p, axis) => ({
      type: 'category',
      gridIndex: axis,
      data: p.categories.map((c) => (lines[c] ?? []).join('\n')),
      axisTick: { alignWithLabel: false },
      axisLabel: {
        interval: 0,
        width: Math.max(
          perGroup[axis] ?? 60,
          ...p.categories.map((c) => widestLine(lines[c] ?? [], LABEL_FONT)),
        ),
        overflow: 'none',
        fontSize: LABEL_FONT,
        lineHeight: 16,
      },
    })),
    yAxis: panels.map((_, axis) => ({ ...valueAxis(axis === 0 ? spec.yName : '', 50), gridIndex: axis })),
    series: panels.flatMap((p, axis) => [
      ...spec.series.map((s, i) => ({
        name: s.name,
        type: 'bar',
        xAxisIndex: axis,
        yAxisIndex: axis,
        itemStyle: { color: PALETTE[i % PALETTE.length] },
        barCategoryGap: `${CATEGORY_GAP * 100}%`,
        barGap: `${BAR_GAP * 100}%`,
        data: p.categories.map((c) => finite(s.values[c])),
        ...(i === 0 ? referenceLine(spec.reference) : {}),
      })),
      ...spec.series.map((_, i) => errorBarSeries(spec, i, p, axis)),
    ]),
  };
  return renderChartSvg(option, 300 + 16 * longest);
}

/** One line of a line chart. */
export interface LineSeries {
  readonly name: string;
  readonly x: readonly number[];
  readonly y: readonly number[];
}

/** Lines over a numeric x axis: time series in hours, CDFs. */
export interface LineChartSpec extends ChartHeading {
  readonly xName: string;
  readonly yName: string;
  readonly series: readonly LineSeries[];
  /** `log` for quantities spanning orders of magnitude (job execution times). */
  readonly xScale?: 'linear' | 'log';
  readonly yMax?: number;
  /** Draw steps (CDFs) rather than straight segments. */
  readonly step?: boolean;
}

/** The smallest of 1, 2, 2.5, 5 × 10^k at or above `value`, so an axis ends on a round tick. */
export function niceCeiling(value: number): number {
  if (!(value > 0) || !Number.isFinite(value)) return value;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((m) => m * power >= value * (1 - 1e-12)) ?? 10;
  return step * power;
}

/** Lines, axis names with units, legend above the plot. */
export function lineChartSvg(spec: LineChartSpec): string {
  // A linear x axis ends at the last point drawn: rounding it up to a round tick would
  // leave the right of the chart empty (a 0.4 h run drawn to 0.5 h, 3 h to 5 h).
  let xEnd = Number.NEGATIVE_INFINITY;
  for (const s of spec.series) {
    s.x.forEach((x, i) => {
      if (x > xEnd && Number.isFinite(x) && finite(s.y[i]) !== null) xEnd = x;
    });
  }
  const option: ChartOption = {
    ...header(spec.title, spec.subtitle),
    grid: { left: 70, right: 30, top: 92, bottom: 60 },
    xAxis: {
      type: spec.xScale === 'log' ? 'log' : 'value',
      name: spec.xName,
      nameLocation: 'middle',
      nameGap: 32,
      nameTextStyle: { fontSize: 12 },
      // Labels in four significant digits, the last one ending at the axis's end: an axis
      // ending at the last point would otherwise print it raw (1.1333333333333333) and
      // centred on the edge of the chart.
      axisLabel: { fontSize: 12, hideOverlap: true, formatter: formatNumber, alignMaxLabel: 'right' },
      ...(spec.xScale === 'log'
        ? {}
        : {
            scale: true,
            max: Number.isFinite(xEnd) ? xEnd : (extent: { max: number }) => niceCeiling(extent.max),
          }),
      splitLine: { show: false },
    },
    yAxis: valueAxis(spec.yName, 50, spec.yMax === undefined ? {} : { max: spec.yMax }),
    series: spec.series.map((s) => ({
      name: s.name,
      type: 'line',
      showSymbol: false,
      ...(spec.step === true ? { step: 'end' } : {}),
      lineStyle: { width: 1.6 },
      data: s.x.map((x, i) => [x, finite(s.y[i])]).filter((p) => p[0] !== null && Number.isFinite(p[0])),
    })),
  };
  return renderChartSvg(option, 340);
}

/** One policy over the swept values: mean and its 95 % band. */
export interface BandSeries {
  readonly name: string;
  readonly mean: readonly number[];
  readonly low: readonly number[];
  readonly high: readonly number[];
}

/** Lines over the swept values with shaded 95 % bands (a sweep's view). */
export interface BandChartSpec extends ChartHeading {
  readonly xName: string;
  readonly xValues: readonly (number | string)[];
  readonly yName: string;
  readonly series: readonly BandSeries[];
  readonly reference?: number;
}

/**
 * A line with markers per policy over the swept values, each with a band from the
 * lower to the upper end of its interval (a transparent line and a stacked area).
 */
export function bandChartSvg(spec: BandChartSpec): string {
  const bands = spec.series.flatMap((s, i) => {
    const lower = s.low.map((l, v) => clampLow(l, s.mean[v]));
    const width = s.high.map((h, v) => {
      const l = lower[v];
      const hi = finite(h);
      return l === null || l === undefined || hi === null ? null : hi - l;
    });
    if (width.every((w) => w === null)) return [];
    const common = {
      type: 'line',
      stack: `band-${i}`,
      symbol: 'none',
      silent: true,
      lineStyle: { opacity: 0 },
    };
    return [
      { ...common, name: `${s.name} band low`, data: lower },
      { ...common, name: `${s.name} band`, data: width, areaStyle: { opacity: 0.14 } },
    ];
  });
  const option: ChartOption = {
    ...header(spec.title, spec.subtitle),
    legend: { top: 50, left: 0, itemGap: 18, data: spec.series.map((s) => s.name) },
    grid: { left: 70, right: 30, top: 92, bottom: 60 },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: spec.xValues.map(String),
      name: spec.xName,
      nameLocation: 'middle',
      nameGap: 32,
      nameTextStyle: { fontSize: 12 },
      axisLabel: { fontSize: 12 },
    },
    yAxis: valueAxis(spec.yName, 50, { scale: true }),
    series: [
      ...bands,
      ...spec.series.map((s, i) => ({
        name: s.name,
        type: 'line',
        symbol: 'circle',
        symbolSize: 6,
        z: 5,
        data: s.mean.map(finite),
        ...(i === 0 ? referenceLine(spec.reference) : {}),
      })),
    ],
  };
  return renderChartSvg({ ...option, series: colourBands(option.series as ChartOption[], spec.series) }, 340);
}

/** Colours each band the colour of its policy's line. */
function colourBands(series: readonly ChartOption[], policies: readonly BandSeries[]): ChartOption[] {
  const colourOf = (name: string): string => {
    const index = policies.findIndex((p) => name === p.name || name.startsWith(`${p.name} band`));
    return PALETTE[index % PALETTE.length] ?? '#000000';
  };
  return series.map((s) => {
    const colour = colourOf(String(s.name));
    const area = s.areaStyle as ChartOption | undefined;
    return {
      ...s,
      itemStyle: { color: colour },
      lineStyle: { ...(s.lineStyle as ChartOption | undefined), color: colour },
      ...(area === undefined ? {} : { areaStyle: { ...area, color: colour } }),
    };
  });
}
