import type { ExperimentResult, RunSeries } from '../experiment-result.js';
import { barChartSvg, escapeXml, formatDuration, lineChartSvg } from '../internal/svg-charts.js';
import { formatMetricValue, formatNumber } from './format-values.js';
import { normalisedTable } from './normalised-table.js';

/** Options of `toHtml`. */
export interface HtmlReportOptions {
  /** Policy to normalise to; the result's baseline by default. */
  readonly baseline?: string;
  /** Metrics of the normalised chart and table; the result's headline metrics by default. */
  readonly metrics?: readonly string[];
}

/**
 * A self-contained HTML report: bars of the headline metrics normalised to the baseline
 * (as the papers plot them), the cross-rack shuffle rate and running tasks over time
 * (first seed of each policy), every metric per policy, and the full configuration.
 * Inline SVG and CSS only: no scripts, fonts or other external assets.
 */
export function toHtml(result: ExperimentResult, options: HtmlReportOptions = {}): string {
  const table = normalisedTable(result, options);
  const policies = table.policies;
  const firstSeries = (i: number): RunSeries | undefined => result.policies[i]?.runs[0]?.series;
  const lines = (pick: (s: RunSeries) => readonly number[], scale = 1) =>
    policies.map((name, i) => {
      const series = firstSeries(i);
      return { name, x: series?.time ?? [], y: (series ? pick(series) : []).map((v) => v * scale) };
    });
  const body = [
    `<h1>${escapeXml(result.preset)}</h1>`,
    `<p class="lede">${escapeXml(result.description)}</p>`,
    `<p>Seeds ${escapeXml(result.seeds.join(', '))} · policies ${escapeXml(policies.join(', '))} · normalised to <b>${escapeXml(
      table.baseline,
    )}</b> · run took ${escapeXml(formatDuration(result.timing.wallSeconds))}</p>`,
    '<h2>Normalised metrics</h2>',
    barChartSvg({
      title: `Metrics normalised to ${table.baseline}`,
      categories: table.rows.map((r) => r.metric),
      series: policies.map((name, i) => ({ name, values: table.rows.map((r) => r.ratios[i] ?? Number.NaN) })),
      reference: 1,
      formatTick: (v) => v.toFixed(2),
    }),
    htmlTable(
      ['metric', `${table.baseline} (absolute)`, ...policies],
      table.rows.map((r) => [
        r.metric,
        formatMetricValue(r.metric, r.baselineValue),
        ...r.ratios.map((x) => (Number.isFinite(x) ? x.toFixed(3) : '—')),
      ]),
    ),
    '<h2>Over time</h2>',
    lineChartSvg({
      title: 'Cross-rack shuffle rate (Mbit/s)',
      xLabel: 'simulated time',
      series: lines((s) => s.crossRackShuffleRate, 1e-6),
      formatTick: formatNumber,
    }),
    lineChartSvg({
      title: 'Running map tasks',
      xLabel: 'simulated time',
      series: lines((s) => s.runningMaps),
      formatTick: formatNumber,
    }),
    lineChartSvg({
      title: 'Running reduce tasks',
      xLabel: 'simulated time',
      series: lines((s) => s.runningReduces),
      formatTick: formatNumber,
    }),
    '<h2>Every metric</h2>',
    htmlTable(
      ['metric', ...policies],
      result.metricNames.map((m) => [
        m,
        ...result.policies.map((p) => formatMetricValue(m, p.metrics[m] ?? Number.NaN)),
      ]),
    ),
    '<h2>Configuration</h2>',
    `<details><summary>Full configuration</summary><pre>${escapeXml(
      JSON.stringify(result.configuration, null, 2),
    )}</pre></details>`,
    `<p class="small">${escapeXml(
      Object.entries(result.versions)
        .map(([k, v]) => `${k}@${v}`)
        .join(' · '),
    )}</p>`,
  ];
  return htmlPage(`rackwise · ${result.preset}`, body.join('\n'));
}

/** An HTML table with a header row; cells are escaped. */
export function htmlTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = header.map((h) => `<th>${escapeXml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${escapeXml(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const STYLE = `body{font:14px/1.45 system-ui,sans-serif;margin:2rem auto;max-width:800px;color:#222;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{margin-top:2rem;border-bottom:1px solid #ddd}
.lede{color:#555;margin-top:0}table{border-collapse:collapse;margin:1rem 0;font-variant-numeric:tabular-nums}
th,td{padding:.2rem .6rem;border-bottom:1px solid #eee;text-align:right}th:first-child,td:first-child{text-align:left}
svg{display:block;margin:1rem 0;max-width:100%;height:auto}svg .title{font-weight:600;font-size:13px}
svg .tick,svg .cat,svg .legend{font-size:11px;fill:#333}pre{font-size:12px;overflow:auto;background:#f7f7f7;padding:.6rem}
.small{font-size:11px;color:#777}`;

/** A complete HTML document with the report's inline style. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
