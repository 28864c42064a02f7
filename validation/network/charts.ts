/**
 * The validation's charts as self-contained SVG, drawn with Apache ECharts' server-side
 * SVG renderer — the chart library the reports use.
 */
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TitleComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

echarts.use([LineChart, ScatterChart, GridComponent, LegendComponent, TitleComponent, SVGRenderer]);

/** Okabe–Ito, colour-blind safe: ns-3 first, then the model settings. */
const PALETTE = ['#000000', '#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00'];
const TEXT = { fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif', color: '#222' };

function render(option: Record<string, unknown>, width = 720, height = 360): string {
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

/** CDFs of flow completion times (log-scaled seconds), one line per timing. */
export function fctCdfChart(title: string, samples: Readonly<Record<string, readonly number[]>>): string {
  const series = Object.entries(samples).map(([name, values]) => ({
    name,
    type: 'line',
    showSymbol: false,
    lineStyle: { width: name === 'ns-3' ? 3 : 2, ...(name === 'ns-3' ? {} : { type: 'solid' }) },
    data: values.map((v, i) => [Math.max(v, 1e-5), values.length === 1 ? 0.5 : i / (values.length - 1)]),
  }));
  return render({
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 28 },
    grid: { left: 60, right: 24, top: 64, bottom: 48 },
    xAxis: { type: 'log', name: 'flow completion time (s)', nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', min: 0, max: 1, name: 'fraction of flows', nameLocation: 'middle', nameGap: 40 },
    series,
  });
}

/** Incast goodput (fraction of line rate) against senders, one line per timing. */
export function incastChart(
  title: string,
  lines: Readonly<Record<string, readonly (readonly [number, number])[]>>,
): string {
  const series = Object.entries(lines).map(([name, points]) => ({
    name,
    type: 'line',
    symbolSize: 7,
    data: points.map(([x, y]) => [x, y]),
  }));
  return render({
    title: { text: title, left: 'center', textStyle: { fontSize: 14 } },
    legend: { top: 28 },
    grid: { left: 60, right: 24, top: 64, bottom: 48 },
    xAxis: { type: 'log', logBase: 2, name: 'senders', nameLocation: 'middle', nameGap: 28 },
    yAxis: {
      type: 'value',
      min: 0,
      max: 1,
      name: 'goodput ÷ line rate',
      nameLocation: 'middle',
      nameGap: 40,
    },
    series,
  });
}
