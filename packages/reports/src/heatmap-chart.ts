import { type ChartHeading, header } from './internal/chart-parts.js';
import { type ChartOption, renderChartSvg } from './internal/chart-svg.js';

/** Consecutive columns of a heatmap under one label (one series of a grid, one workload). */
export interface HeatmapColumnGroup {
  /** Written above the group's columns, wrapped to their width (two lines at most). */
  readonly label: string;
  /** How many columns the group spans, from where the previous group ended. */
  readonly columns: number;
}

/** A table of numbers drawn as coloured cells: rows × columns, each with a short label. */
export interface HeatmapChartSpec extends ChartHeading {
  /** Row labels, top to bottom; one longer than `rowLabelLength` is cut with `…`. */
  readonly rows: readonly string[];
  /** Characters a row label may take before it is cut; default 52 (about 320 px of margin). */
  readonly rowLabelLength?: number;
  /** Column labels, left to right; a line break splits one over lines (wrapped to the cell otherwise). */
  readonly columns: readonly string[];
  /** `values[row][column]`; `null` (or a non-finite number) is no value, drawn grey. */
  readonly values: readonly (readonly (number | null)[])[];
  /** Text in each cell (`✓ −12 %`); by default the value itself, nothing where there is none. */
  readonly labels?: readonly (readonly string[])[];
  /** Ends of the colour scale; values beyond them get the colour of the nearer end. */
  readonly range: readonly [number, number];
  /** What the colour shows, beside the scale: `effect in the claim's direction`. */
  readonly scaleName: string;
  /** Text at the low and high ends of the scale; the range's numbers by default. */
  readonly scaleText?: readonly [string, string];
  /** Column groups, labelled above the columns and divided by lines; they should cover every column. */
  readonly columnGroups?: readonly HeatmapColumnGroup[];
}

/**
 * A diverging colour scale, red through near-white to blue (ColorBrewer RdBu, 9 classes),
 * told apart by the common colour-vision deficiencies and in greyscale by lightness.
 */
export const DIVERGING_SCALE: readonly string[] = Object.freeze([
  '#b2182b',
  '#d6604d',
  '#f4a582',
  '#fddbc7',
  '#f7f7f7',
  '#d1e5f0',
  '#92c5de',
  '#4393c3',
  '#2166ac',
]);

/** Fill of a cell with no value: darker than the scale's middle, so "none" never reads as "zero". */
export const MISSING_COLOUR = '#bdbdbd';

/** Cell size, px: wide enough for `✓ −12 %` at the label's size. */
const CELL_WIDTH = 58;
const ROW_HEIGHT = 22;
const LABEL_SIZE = 10;
/** Approximate advance of a character of the row labels (11 px) and column labels (10 px). */
const ROW_CHAR = 6.1;
const COLUMN_CHAR = 5.6;
/** Longest row label, in characters, before it is cut with `…` (about 320 px). */
const ROW_LABEL_LENGTH = 52;
const TOP = 78;
const GROUP_HEIGHT = 34;

const value = (x: number | null | undefined): number | null =>
  x !== null && x !== undefined && Number.isFinite(x) ? x : null;

/** Lines a column label takes once wrapped to the cell's width. */
function labelLines(label: string): number {
  const perLine = Math.max(1, Math.floor((CELL_WIDTH - 4) / COLUMN_CHAR));
  return label.split('\n').reduce((n, part) => n + Math.max(1, Math.ceil(part.length / perLine)), 0);
}

/** Vertical lines between groups and each group's label above its columns (a custom series). */
function groupSeries(groups: readonly HeatmapColumnGroup[]): ChartOption {
  let start = 0;
  const spans = groups.map((g) => {
    const span = [start, start + g.columns - 1, 0];
    start += g.columns;
    return span;
  });
  return {
    type: 'custom',
    silent: true,
    z: 10,
    encode: { x: [0, 1], y: 2 },
    data: spans,
    renderItem: (
      params: { dataIndex: number; coordSys: { x: number; y: number; height: number } },
      api: {
        value(i: number): number;
        coord(p: [number, number]): [number, number];
        size(p: [number, number]): [number, number];
      },
    ) => {
      const band = api.size([1, 0])[0];
      const left = api.coord([api.value(0), 0])[0] - band / 2;
      const right = api.coord([api.value(1), 0])[0] + band / 2;
      const { y, height } = params.coordSys;
      const children: ChartOption[] = [
        {
          type: 'text',
          style: {
            text: groups[params.dataIndex]?.label ?? '',
            x: (left + right) / 2,
            y: y - 4,
            width: Math.max(10, right - left - 6),
            overflow: 'break',
            lineOverflow: 'truncate',
            height: GROUP_HEIGHT - 6,
            lineHeight: 13,
            align: 'center',
            verticalAlign: 'bottom',
            fontSize: 11,
            fill: '#333',
          },
        },
      ];
      if (params.dataIndex > 0) {
        const line = { x1: left, y1: y - GROUP_HEIGHT + 2, x2: left, y2: y + height };
        children.push({ type: 'line', shape: line, style: { stroke: '#222', lineWidth: 2 } });
      }
      return { type: 'group', children };
    },
  };
}

/** The cells with a value (clamped, with a label colour that reads on theirs) and those without. */
interface HeatmapCells {
  readonly present: ChartOption[];
  /** `[column, row, 0]` of each cell with no value. */
  readonly missing: number[][];
}

/** Sizes of the chart, px, and the row labels as drawn. */
interface HeatmapLayout {
  /** Row labels, cut to `rowLabelLength`. */
  readonly rows: readonly string[];
  readonly left: number;
  readonly top: number;
  readonly plotWidth: number;
  readonly width: number;
  readonly height: number;
}

/** Each cell of the table: its clamped value and label colour, or its place among the missing. */
function heatmapCells(spec: HeatmapChartSpec): HeatmapCells {
  const [low, high] = spec.range;
  const clamp = (x: number) => Math.min(high, Math.max(low, x));
  const middle = (low + high) / 2;
  const cells: HeatmapCells = { present: [], missing: [] };
  spec.rows.forEach((_, r) => {
    spec.columns.forEach((_, c) => {
      const v = value(spec.values[r]?.[c]);
      if (v === null) cells.missing.push([c, r, 0]);
      else {
        // White text where the colour is dark: the outer third of either half of the scale.
        const dark = Math.abs(clamp(v) - middle) > ((high - low) / 2) * 0.62;
        cells.present.push({ value: [c, r, clamp(v)], label: { color: dark ? '#fff' : '#222' } });
      }
    });
  });
  return cells;
}

/** The chart's margins and size: as wide as its columns plus the row labels' margin. */
function heatmapLayout(spec: HeatmapChartSpec): HeatmapLayout {
  // Cut here rather than by ECharts, whose measure of the text is not the browser's.
  const most = spec.rowLabelLength ?? ROW_LABEL_LENGTH;
  const rows = spec.rows.map((r) => (r.length > most ? `${r.slice(0, most - 1)}…` : r));
  const longest = Math.max(0, ...rows.map((r) => r.length));
  const left = Math.max(60, Math.ceil(longest * ROW_CHAR) + 14);
  const top = TOP + ((spec.columnGroups ?? []).length > 0 ? GROUP_HEIGHT : 0);
  const bottom = 14 + 13 * Math.max(1, ...spec.columns.map(labelLines));
  const plotWidth = CELL_WIDTH * spec.columns.length;
  const width = Math.max(560, left + plotWidth + 16);
  const height = top + ROW_HEIGHT * spec.rows.length + bottom;
  return { rows, left, top, plotWidth, width, height };
}

/** The cell label's options: the given text, else the value to three significant digits. */
function cellLabel(spec: HeatmapChartSpec): ChartOption {
  const labelOf = (p: { value: readonly number[] }) => {
    const [c = 0, r = 0] = p.value;
    const given = spec.labels?.[r]?.[c];
    if (given !== undefined) return given;
    const v = value(spec.values[r]?.[c]);
    return v === null ? '' : String(Number(v.toPrecision(3)));
  };
  return { show: true, formatter: labelOf, fontSize: LABEL_SIZE, color: '#222', textBorderWidth: 0 };
}

/** The heading, and right of the colour scale what it shows (and that grey is no value). */
function heatmapTitles(spec: HeatmapChartSpec, width: number, anyMissing: boolean): ChartOption[] {
  const scaleText = spec.scaleText ?? [String(spec.range[0]), String(spec.range[1])];
  const heading = header(spec.title, spec.subtitle);
  const caption = `${spec.scaleName}${anyMissing ? ' · grey: no value' : ''}`;
  // Right of the scale: its two texts (11 px) either side of the 140 px bar, and a gap.
  const captionLeft = Math.ceil((scaleText[0].length + scaleText[1].length) * 6.2) + 140 + 50;
  return [
    {
      ...(heading.title as ChartOption),
      textStyle: { fontSize: 15, fontWeight: 600, width: width - 8, overflow: 'truncate' },
      subtextStyle: { fontSize: 12, color: '#555', width: width - 8, overflow: 'truncate' },
    },
    {
      text: caption,
      left: captionLeft,
      top: 50,
      textStyle: { fontSize: 12, fontWeight: 'normal', color: '#333' },
    },
  ];
}

/** The diverging scale over the cells with a value, and grey for those without. */
function colourScales(spec: HeatmapChartSpec): ChartOption[] {
  const [low, high] = spec.range;
  const scaleText = spec.scaleText ?? [String(low), String(high)];
  return [
    {
      type: 'continuous',
      seriesIndex: 0,
      min: low,
      max: high,
      calculable: false,
      orient: 'horizontal',
      left: 0,
      top: 48,
      itemWidth: 12,
      itemHeight: 140,
      text: [scaleText[1], scaleText[0]],
      textStyle: { fontSize: 11 },
      inRange: { color: [...DIVERGING_SCALE] },
    },
    {
      type: 'continuous',
      show: false,
      seriesIndex: 1,
      min: 0,
      max: 1,
      inRange: { color: [MISSING_COLOUR, MISSING_COLOUR] },
    },
  ];
}

/** Category axes: columns below, wrapped to the cell; rows on the left, top to bottom. */
function heatmapAxes(spec: HeatmapChartSpec, rows: readonly string[]): ChartOption {
  return {
    xAxis: {
      type: 'category',
      data: spec.columns,
      axisTick: { show: false },
      axisLine: { show: false },
      axisLabel: {
        interval: 0,
        fontSize: LABEL_SIZE,
        lineHeight: 13,
        width: CELL_WIDTH - 4,
        overflow: 'break',
      },
    },
    yAxis: {
      type: 'category',
      inverse: true,
      data: rows,
      axisTick: { show: false },
      axisLine: { show: false },
      axisLabel: { interval: 0, fontSize: 11 },
    },
  };
}

/**
 * A heatmap as SVG: one coloured cell per value on a diverging scale clamped to `range`
 * (grey where there is none), its label written in it, row labels on the left, column
 * labels below and, where given, column groups labelled above and divided by lines. The
 * chart is as wide as its columns need (58 px each) plus the row labels' margin.
 */
export function heatmapChartSvg(spec: HeatmapChartSpec): string {
  const { present, missing } = heatmapCells(spec);
  const label = cellLabel(spec);
  const { rows, left, top, plotWidth, width, height } = heatmapLayout(spec);
  const groups = spec.columnGroups ?? [];
  const cells = (data: ChartOption[] | number[][]): ChartOption => ({
    type: 'heatmap',
    silent: true,
    data,
    label,
    itemStyle: { borderColor: '#fff', borderWidth: 1 },
  });
  const option: ChartOption = {
    title: heatmapTitles(spec, width, missing.length > 0),
    grid: { left, top, width: plotWidth, height: ROW_HEIGHT * spec.rows.length },
    ...heatmapAxes(spec, rows),
    visualMap: colourScales(spec),
    series: [cells(present), cells(missing), ...(groups.length > 0 ? [groupSeries(groups)] : [])],
  };
  return renderChartSvg(option, height, width);
}
