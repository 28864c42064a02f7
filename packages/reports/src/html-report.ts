import {
  type ExperimentResult,
  type PolicyResult,
  confidenceHalfWidth,
  directionNote,
  metricInfo,
} from '@rackwise/experiments';
import { formatNumber } from './format-values.js';
import { escapeXml, formatDuration } from './internal/chart-svg.js';
import type { NormalisedTable } from './normalised-table-types.js';
import { normalisedCells, normalisedTable, verdictLine, withInterval } from './normalised-table.js';
import { offeredLoadLine } from './offered-load-line.js';
import { barChartSvg, lineChartSvg } from './report-charts.js';
import { SERIES_CATALOGUE, seriesValues, smooth } from './series-catalogue.js';
import { verdictInWords } from './verdict-words.js';

/** Options of `toHtml`. */
export interface HtmlReportOptions {
  /** Policy to normalise to; the result's baseline by default. */
  readonly baseline?: string;
  /** Metrics of the normalised chart and table; the result's headline metrics by default. */
  readonly metrics?: readonly string[];
}

/** The shuffle classes of the per-class views (NAS §IV-A, ShuffleWatcher Table 1). */
const CLASSES = ['light', 'medium', 'heavy'] as const;

/**
 * Per-class views (NAS Fig. 5, ShuffleWatcher Fig. 12): which metric per class, the
 * steady-state one when the preset measures a window. `{c}` is the class.
 */
const CLASS_VIEWS = [
  {
    steady: 'steadyState.byClass.{c}.executionTime.mean',
    whole: 'byShuffleClass.{c}.executionTimeMean',
  },
  {
    steady: 'steadyState.byClass.{c}.crossRackShuffleBytes',
    whole: 'byShuffleClass.{c}.crossRackShuffleBytes',
  },
] as const;

/** Most points of a CDF line. */
const CDF_POINTS = 400;

/**
 * A self-contained HTML report a person reads: the headline metrics normalised to the
 * baseline with 95 % intervals over seeds (human names, units, which way is better),
 * per-class bars, the CDF of job execution time, the time series smoothed to the
 * monitor window with time in hours, every metric, and the full configuration. Charts
 * are SVG rendered at build time: no scripts, fonts or other external assets.
 */
export function toHtml(result: ExperimentResult, options: HtmlReportOptions = {}): string {
  const table = normalisedTable(result, options);
  const seeds = result.seeds.length;
  const ran = workloadRun(result);
  const body = [
    `<h1>${escapeXml(ran === undefined ? result.preset : `${result.preset}: ${ran}`)}</h1>`,
    `<p class="lede">${ran === undefined ? '' : 'Preset: '}${escapeXml(result.description)}</p>`,
    `<p>Policies <b>${escapeXml(table.policies.join(', '))}</b> · normalised to <b>${escapeXml(
      table.baseline,
    )}</b> · ${seedsText(result.seeds)} · run took ${escapeXml(formatDuration(result.timing.wallSeconds))}</p>`,
    loadParagraph(result),
    `<div class="verdict-words">${verdictInWords(table)
      .map((sentence) => `<p>${escapeXml(sentence)}</p>`)
      .join('')}</div>`,
    seeds < 2
      ? '<p class="warn">One seed: every number below is a single run, not a result. Run with <code>--seeds 1..5</code> for means with 95 % intervals.</p>'
      : '',
    `<h2>Headline metrics, normalised to ${escapeXml(table.baseline)}</h2>`,
    normalisedChart(result, table),
    normalisedHtmlTable(table),
    '<h2>By job class</h2>',
    ...classCharts(result),
    '<h2>Job execution time</h2>',
    cdfChart(result),
    '<h2>Over time</h2>',
    ...seriesCharts(result),
    ...rackLinkCharts(result),
    '<h2>Every metric</h2>',
    everyMetricTable(result),
    '<h2>Configuration</h2>',
    `<details><summary>Full configuration</summary><pre>${escapeXml(
      JSON.stringify(result.configuration, null, 2),
    )}</pre></details>`,
    versionsLine(result.versions),
  ];
  return htmlPage(`rackwise · ${result.preset}`, body.join('\n'));
}

/**
 * The workload the run replayed, as its configuration names it (`FB-2010 hours 0–2,
 * 812 jobs`): a preset's description names its default workload (`FB-2010 day`), which
 * `--hours` or `--trace` change.
 */
function workloadRun(result: ExperimentResult): string | undefined {
  const { workloadName, jobs } = result.configuration;
  if (typeof workloadName !== 'string') return undefined;
  return typeof jobs === 'number' ? `${workloadName}, ${jobs} job${jobs === 1 ? '' : 's'}` : workloadName;
}

/** The offered-load sentence as a paragraph, or nothing when the result holds no load. */
function loadParagraph(result: ExperimentResult): string {
  const line = offeredLoadLine(result);
  return line === undefined ? '' : `<p>${escapeXml(line)}</p>`;
}

/** `5 seeds (1–5)` / `1 seed (7)`. */
export function seedsText(seeds: readonly number[]): string {
  const list = seeds.length > 6 ? `${seeds[0]}…${seeds.at(-1)}` : seeds.join(', ');
  return `${seeds.length} seed${seeds.length === 1 ? '' : 's'} (${list})`;
}

/** `mean over 5 seeds; bars show the 95 % interval of the mean` or the one-seed warning. */
export function intervalNote(n: number): string {
  return n < 2 ? 'one seed: no interval' : `mean over ${n} seeds · error bars: 95 % interval of the mean`;
}

/** Mean, low and high of a policy's metric in display units (low/high NaN for one seed). */
function meanAndInterval(
  policy: PolicyResult | undefined,
  metric: string,
  scale = 1,
): [number, number, number] {
  const spread = policy?.spread[metric];
  const mean = spread?.mean ?? Number.NaN;
  const half = spread === undefined ? Number.NaN : confidenceHalfWidth(spread);
  return [mean * scale, (mean - half) * scale, (mean + half) * scale];
}

/**
 * The report's headline chart alone, as a standalone SVG document: every policy's
 * headline metrics as ratios to the baseline, paired by seed, with their 95 % intervals.
 */
export function headlineChartSvg(result: ExperimentResult, options: HtmlReportOptions = {}): string {
  const svg = normalisedChart(result, normalisedTable(result, options));
  return svg.startsWith('<svg') ? `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n` : svg;
}

function normalisedChart(result: ExperimentResult, table: NormalisedTable): string {
  const categories = table.rows.map((row) => {
    const note = directionNote(row.info);
    return note === '' ? row.info.label : `${row.info.label}\n(${note})`;
  });
  return barChartSvg({
    title: `Headline metrics of each policy relative to ${table.baseline}`,
    subtitle: `${table.baseline} = 1 · ratio per seed, ${intervalNote(result.seeds.length)}`,
    categories,
    yName: `ratio to ${table.baseline}`,
    reference: 1,
    series: table.policies.map((policy, p) => {
      return {
        name: policy,
        values: table.rows.map((row) => row.ratios[p] ?? Number.NaN),
        low: table.rows.map((row) => row.intervals[p]?.[0] ?? Number.NaN),
        high: table.rows.map((row) => row.intervals[p]?.[1] ?? Number.NaN),
      };
    }),
  });
}

/** The normalised table, cell for cell as the command line prints it, and its verdict line. */
function normalisedHtmlTable(table: NormalisedTable): string {
  const cells = normalisedCells(table);
  return `${htmlTable(cells.header, cells.rows, `<caption>${escapeXml(cells.caption)}</caption>`)}
<p class="verdict">${escapeXml(verdictLine(table))}</p>`;
}

function classCharts(result: ExperimentResult): string[] {
  const known = new Set(result.metricNames);
  return CLASS_VIEWS.flatMap((view) => {
    const pattern = known.has(view.steady.replace('{c}', 'light')) ? view.steady : view.whole;
    const metrics = CLASSES.map((c) => pattern.replace('{c}', c));
    if (!metrics.every((m) => known.has(m))) return [];
    const info = metricInfo(metrics[0] as string);
    const label = info.label.replace(/,? (of )?light-shuffle jobs/, '');
    return [
      barChartSvg({
        title: `${label} by shuffle class`,
        subtitle: `${pattern === view.steady ? 'steady-state window · ' : ''}${intervalNote(result.seeds.length)}`,
        categories: CLASSES.map((c) => `${c} shuffle`),
        yName: info.unit,
        // A heavy class's bytes or times dwarf a light one's: each class on its own scale.
        scale: 'per-category',
        series: result.policies.map((p) => {
          const cells = metrics.map((m) => meanAndInterval(p, m, info.scale));
          return {
            name: p.policy,
            values: cells.map((c) => c[0]),
            low: cells.map((c) => c[1]),
            high: cells.map((c) => c[2]),
          };
        }),
      }),
    ];
  });
}

/** The empirical CDF of completed jobs' execution times, every seed pooled, per policy. */
function cdfChart(result: ExperimentResult): string {
  const series = result.policies.map((p) => {
    const times: number[] = [];
    for (const run of p.runs) {
      const column = run.jobs?.values[run.jobs.columns.indexOf('executionTime')] ?? [];
      for (const t of column) if (typeof t === 'number' && Number.isFinite(t) && t > 0) times.push(t);
    }
    times.sort((a, b) => a - b);
    const step = Math.max(1, Math.ceil(times.length / CDF_POINTS));
    const x: number[] = [];
    const y: number[] = [];
    for (let i = 0; i < times.length; i += step) {
      x.push(times[i] as number);
      y.push(i / times.length);
    }
    if (times.length > 0) {
      x.push(times.at(-1) as number);
      y.push(1);
    }
    return { name: p.policy, x, y };
  });
  if (series.every((s) => s.x.length === 0)) {
    return '<p class="small">No per-job records in this result (saved before they were kept).</p>';
  }
  return lineChartSvg({
    title: 'Share of jobs finished within a given execution time',
    subtitle: `completed jobs of ${seedsText(result.seeds)} pooled · log time axis`,
    xName: 'job execution time (s, log scale)',
    yName: 'share of jobs',
    xScale: 'log',
    yMax: 1,
    step: true,
    series,
  });
}

/** Seconds of the engine's monitor window (`monitorHistory`, 600 s by default). */
function monitorWindow(result: ExperimentResult): number {
  const engine = result.configuration.engine as { monitorHistory?: unknown } | undefined;
  return typeof engine?.monitorHistory === 'number' ? engine.monitorHistory : 600;
}

/** Samples of the series per monitor window. */
function smoothingWindow(seconds: number, time: readonly number[]): number {
  const spacing = time.length > 1 ? ((time.at(-1) as number) - (time[0] as number)) / (time.length - 1) : 0;
  return spacing > 0 ? Math.max(1, Math.round(seconds / spacing)) : 1;
}

function seriesCharts(result: ExperimentResult): string[] {
  return SERIES_CATALOGUE.flatMap((entry) => {
    const runs = result.policies.map((p) => ({ policy: p.policy, series: p.runs[0]?.series }));
    if (!runs.some((r) => seriesValues(r.series, entry.key) !== undefined)) return [];
    const first = runs.find((r) => r.series !== undefined)?.series;
    const seconds = monitorWindow(result);
    const window = smoothingWindow(seconds, first?.time ?? []);
    return [
      lineChartSvg({
        title: entry.title,
        subtitle: `first seed (${result.seeds[0]}) of each policy · moving average over the ${formatNumber(
          seconds / 60,
        )}-minute monitor window`,
        xName: 'simulated time (h)',
        yName: entry.unit,
        series: runs.map((r) => ({
          name: r.policy,
          x: (r.series?.time ?? []).map((t) => t / 3600),
          y: smooth(seriesValues(r.series, entry.key) ?? [], window).map((v) => v * entry.scale),
        })),
      }),
    ];
  });
}

/** How many rack uplinks a per-link chart draws: the busiest, so the legend stays readable. */
const RACK_LINKS_DRAWN = 6;

/**
 * Per policy (first seed), the cross-rack rate on each of the busiest rack uplinks over
 * time: where the load sits, which the all-links sum hides.
 */
function rackLinkCharts(result: ExperimentResult): string[] {
  const seconds = monitorWindow(result);
  return result.policies.flatMap((p) => {
    const series = p.runs[0]?.series;
    const perRack = series?.rackUplinkRate;
    if (series === undefined || perRack === undefined || perRack.length === 0) return [];
    const mean = (values: readonly number[]) =>
      values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const busiest = perRack
      .map((values, rack) => ({ rack, values, mean: mean(values) }))
      .filter((r) => r.mean > 0)
      .sort((a, b) => b.mean - a.mean || a.rack - b.rack)
      .slice(0, RACK_LINKS_DRAWN);
    if (busiest.length === 0) return [];
    const window = smoothingWindow(seconds, series.time);
    const hours = series.time.map((t) => t / 3600);
    return [
      lineChartSvg({
        title: `Cross-rack rate per rack uplink — ${p.policy}`,
        subtitle: `the ${busiest.length === perRack.length ? busiest.length : `${busiest.length} busiest of ${perRack.length}`} rack uplinks, first seed (${result.seeds[0]}) · moving average over the ${formatNumber(seconds / 60)}-minute monitor window`,
        xName: 'simulated time (h)',
        yName: 'Mbit/s',
        series: busiest.map((r) => ({
          name: `rack ${r.rack}`,
          x: hours,
          y: smooth(r.values, window).map((v) => v * 1e-6),
        })),
      }),
    ];
  });
}

function everyMetricTable(result: ExperimentResult): string {
  const rows = result.metricNames.map((m) => {
    const info = metricInfo(m);
    const values = result.policies.map((p) => {
      const [mean, low, high] = meanAndInterval(p, m, info.scale);
      return withInterval(mean, (high - low) / 2);
    });
    return { metric: m, label: info.label, about: [info.unit, info.direction], values };
  });
  return htmlTable(
    ['metric', 'unit', 'better', ...result.policies.map((p) => p.policy)],
    distinctRows(rows),
    `<caption>Mean over ${seedsText(result.seeds)}${result.seeds.length > 1 ? ' ± half-width of the 95 % interval' : ''}; key names in the JSON and CSV are the metric names.</caption>`,
  );
}

/** A row of the every-metric table before it is shown. */
interface MetricRow {
  readonly metric: string;
  readonly label: string;
  /** Unit and better direction. */
  readonly about: readonly string[];
  /** One cell per policy. */
  readonly values: readonly string[];
}

/**
 * One row per label: metrics under one label with the same values (one quantity kept
 * under two names) are shown once, as the first; metrics that share a label but differ
 * in value are each named, so no two rows read alike.
 */
function distinctRows(rows: readonly MetricRow[]): string[][] {
  const valuesOf = (row: MetricRow): string => row.values.join('\u0000');
  const byLabel = new Map<string, MetricRow[]>();
  for (const row of rows) byLabel.set(row.label, [...(byLabel.get(row.label) ?? []), row]);
  const shown = new Set<string>();
  const out: string[][] = [];
  for (const row of rows) {
    const key = `${row.label}\u0000${valuesOf(row)}`;
    if (shown.has(key)) continue;
    shown.add(key);
    const alike = (byLabel.get(row.label) ?? []).every((other) => valuesOf(other) === valuesOf(row));
    out.push([alike ? row.label : `${row.label} (${row.metric})`, ...row.about, ...row.values]);
  }
  return out;
}

/** The package versions line at the foot of a report. */
export function versionsLine(versions: Readonly<Record<string, string>>): string {
  return `<p class="small">${escapeXml(
    Object.entries(versions)
      .map(([k, v]) => `${k}@${v}`)
      .join(' · '),
  )}</p>`;
}

/** An HTML table with a header row; cells are escaped, `caption` is HTML (a `<caption>` element or nothing). */
export function htmlTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  caption = '',
): string {
  const head = header.map((h) => `<th>${escapeXml(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${escapeXml(c)}</td>`).join('')}</tr>`).join('\n');
  return `<table>${caption}<thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

const STYLE = `body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;max-width:900px;color:#222;padding:0 1rem}
h1{font-size:1.6rem;margin-bottom:.2rem}h2{margin-top:2.2rem;border-bottom:1px solid #ddd}
.lede{color:#555;margin-top:0}.warn{background:#fff4e0;border-left:4px solid #E69F00;padding:.5rem .8rem}
table{border-collapse:collapse;margin:1rem 0;font-variant-numeric:tabular-nums}caption{caption-side:bottom;text-align:left;font-size:12px;color:#666;padding-top:.3rem}
th,td{padding:.2rem .6rem;border-bottom:1px solid #eee;text-align:right;white-space:nowrap}th:first-child,td:first-child{white-space:normal}th:first-child,td:first-child{text-align:left}
svg{display:block;margin:1rem 0;max-width:100%;height:auto}pre{font-size:12px;overflow:auto;background:#f7f7f7;padding:.6rem}
.small{font-size:11px;color:#777}.verdict{font-weight:600}`;

/**
 * A complete HTML document with the reports' inline style (and `style`, CSS appended to
 * it): no scripts, fonts or other external assets. `title` is escaped; `body` is HTML.
 */
export function htmlPage(title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>${STYLE}${style === '' ? '' : `\n${style}`}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
