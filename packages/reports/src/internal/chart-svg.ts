/**
 * Charts as self-contained SVG, rendered with Apache ECharts' server-side SVG renderer
 * (no browser, no DOM, no scripts in the output). Only the chart types and components
 * the reports use are loaded. Why ECharts: see the experiments README, "Charts".
 */
import { BarChart, CustomChart, HeatmapChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TitleComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  CustomChart,
  HeatmapChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  MarkLineComponent,
  VisualMapComponent,
  SVGRenderer,
]);

/** An ECharts option (the library's own type is not part of this package's API). */
export type ChartOption = Record<string, unknown>;

/** A colour-blind-safe palette (Okabe–Ito), one colour per policy in report order. */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#999999',
  '#000000',
];

/** Report width of every chart, px. */
export const CHART_WIDTH = 880;

// Single quotes: the SVG renderer writes the family into a double-quoted style attribute as it is.
const TEXT = { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", color: '#222' };

/**
 * Renders an option to an SVG string: no animation, the report's palette and font,
 * `aria` on (ECharts writes a description of the chart into the SVG).
 */
export function renderChartSvg(option: ChartOption, height: number, width = CHART_WIDTH): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({
      animation: false,
      color: PALETTE,
      textStyle: TEXT,
      aria: { enabled: true },
      ...option,
    });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

/** Width in px of one line of chart text at the given font size, as the renderer measures it. */
export function textWidth(text: string, fontSize: number): number {
  return echarts.format.getTextRect(text, `${fontSize}px ${TEXT.fontFamily}`).width;
}

/** Escapes text for HTML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Wall-clock seconds as `1 h 02 min`, `3 min 05 s` or `4.2 s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${Number(seconds.toPrecision(2))} s`;
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min ${String(s % 60).padStart(2, '0')} s`;
}
