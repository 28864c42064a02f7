/**
 * Pieces every chart of the reports shares: the heading above the plot, a named value
 * axis, a dashed reference line, and how a missing value is handed to ECharts.
 */
import { type ChartOption, textWidth } from './chart-svg.js';

/** A finite number, or null (ECharts' "no value") for NaN, infinities and undefined. */
export const finite = (x: number | undefined): number | null =>
  x !== undefined && Number.isFinite(x) ? x : null;

/** A dashed line across the plot at `value` (1 for ratios), drawn by the first series. */
export function referenceLine(value: number | undefined): ChartOption {
  if (value === undefined) return {};
  return {
    markLine: {
      silent: true,
      symbol: 'none',
      label: { show: false },
      lineStyle: { color: '#333', type: 'dashed', width: 1 },
      data: [{ yAxis: value }],
    },
  };
}

/** A value axis named in the middle of its side, light grid lines. */
export function valueAxis(name: string, gap: number, extra: ChartOption = {}): ChartOption {
  return {
    type: 'value',
    name,
    nameLocation: 'middle',
    nameGap: gap,
    nameTextStyle: { fontSize: 12 },
    axisLabel: { fontSize: 12 },
    splitLine: { lineStyle: { color: '#e6e6e6' } },
    ...extra,
  };
}

/** What every chart is headed with. */
export interface ChartHeading {
  /** The chart's title, in bold above it. */
  readonly title: string;
  /** What the chart shows in numbers: seeds, intervals, windows. */
  readonly subtitle: string;
}

/** Title, subtitle and legend on their own rows above the plot, never over it. */
export function header(title: string, subtitle: string): ChartOption {
  return {
    title: {
      text: title,
      subtext: subtitle,
      left: 0,
      top: 0,
      textStyle: { fontSize: 15, fontWeight: 600 },
      subtextStyle: { fontSize: 12, color: '#555' },
    },
    legend: { top: 50, left: 0, itemGap: 18, textStyle: { fontSize: 12 } },
  };
}

/**
 * Breaks a label into lines of at most `width` px at spaces, keeping each word whole; a
 * word wider than a line is broken after one of its hyphens (`medium-` / `shuffle`), never
 * inside a part. A line break in the label is kept. Returns the lines.
 */
export function wrapLabel(label: string, width: number, fontSize: number): string[] {
  const fits = (line: string): boolean => textWidth(line, fontSize) <= width;
  const lines: string[] = [];
  for (const given of label.split('\n')) {
    let line = '';
    for (const word of given.split(' ').filter((w) => w !== '')) {
      const parts = fits(word) ? [word] : word.split(/(?<=-)/);
      for (const [k, part] of parts.entries()) {
        const joined = line === '' ? part : `${line}${k === 0 ? ' ' : ''}${part}`;
        if (line === '' || fits(joined)) line = joined;
        else {
          lines.push(line);
          line = part;
        }
      }
    }
    lines.push(line);
  }
  return lines;
}

/** The widest line's width in px: a line that cannot be broken may be wider than asked. */
export function widestLine(lines: readonly string[], fontSize: number): number {
  return Math.max(0, ...lines.map((line) => textWidth(line, fontSize)));
}
