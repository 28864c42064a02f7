/**
 * @rackwise/reports — what a person reads of an experiment or a sweep: the table
 * normalised to a baseline (metric names, units, which way is better, ratios paired by
 * seed with their 95 % intervals and a verdict), CSV, JSON and a self-contained HTML
 * report with SVG charts (docs/architecture.md §6–§7). The results come from
 * `@rackwise/experiments`; this package only reads them.
 */
export { formatNormalisedTable, normalisedCells, normalisedTable, verdictLine } from './normalised-table.js';
export { type PolicyStanding, policyStandings, verdictInWords } from './verdict-words.js';
export type {
  MetricVerdict,
  NormalisedRow,
  NormalisedTable,
  NormalisedTableOptions,
} from './normalised-table-types.js';
export { pairedRatioInterval, ratioInterval, ratioText } from './ratio-interval.js';
export type { RatioInterval } from './ratio-interval.js';
export { toCsv } from './csv-report.js';
export { parseResultJson, toJson } from './json-report.js';
export type { ParsedResult } from './json-report.js';
export { formatSweepTable, isSweepResult, sweepTable, sweepToCsv, sweepToHtml } from './sweep-report.js';
export type { SweepTable } from './sweep-report.js';
export { headlineChartSvg, htmlPage, htmlTable, toHtml } from './html-report.js';
export { offeredLoadLine } from './offered-load-line.js';
export { escapeXml } from './internal/chart-svg.js';
export { DIVERGING_SCALE, MISSING_COLOUR, heatmapChartSvg } from './heatmap-chart.js';
export type { HeatmapChartSpec, HeatmapColumnGroup } from './heatmap-chart.js';
export { intervalLinesChartSvg } from './interval-lines-chart.js';
export type { IntervalLine, IntervalLinesChartSpec, IntervalPoint } from './interval-lines-chart.js';
export type { ChartHeading } from './report-charts.js';
export type { HtmlReportOptions } from './html-report.js';
export { formatBytes, formatMetricValue, formatNumber } from './format-values.js';
export { jobsToCsv } from './jobs-csv-report.js';
export type { JobsCsv } from './jobs-csv-report.js';
export { combineResults, combineSweeps } from './combine-results.js';
export type { LabelledResult } from './combine-results.js';
