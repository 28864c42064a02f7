import {
  SWEEP_FORMAT,
  type SweepResult,
  type SweepValue,
  confidenceHalfWidth,
  directionNote,
  metricInfo,
  metricTitle,
  normalise,
  pairedRatioSummary,
} from '@rackwise/experiments';
import { csvField } from './csv-report.js';
import { formatMetricValue, formatNumber } from './format-values.js';
import { htmlPage, htmlTable, intervalNote, seedsText, versionsLine } from './html-report.js';
import { escapeXml, formatDuration } from './internal/chart-svg.js';
import { alignColumns } from './normalised-table.js';
import { pairedRatioInterval, ratioText } from './ratio-interval.js';
import { bandChartSvg } from './report-charts.js';

/** One metric of a sweep: per value, per policy, the mean normalised to the reference and its spread. */
export interface SweepTable {
  readonly metric: string;
  readonly parameter: string;
  /** What the values are divided by: `fair at users = 200`, or `fair at the same users`. */
  readonly reference: string;
  readonly values: readonly SweepValue[];
  readonly policies: readonly string[];
  /** ratios[v][p]: mean of policy p at value v over the reference. */
  readonly ratios: readonly (readonly number[])[];
  /** spreads[v][p]: standard deviation over seeds divided by the reference. */
  readonly spreads: readonly (readonly number[])[];
  /** The reference's absolute value at each value. */
  readonly referenceValues: readonly number[];
}

/**
 * A sweep's metric normalised as the papers plot it: to the baseline policy at the
 * reference value when the sweep has one (NAS Fig. 3(h)), else at each point's own value.
 * @throws Error when the metric is not in the result.
 */
export function sweepTable(result: SweepResult, metric = result.headline[0] ?? 'throughput'): SweepTable {
  if (!result.metricNames.includes(metric)) {
    throw new Error(
      `metric ${JSON.stringify(metric)} is not in the sweep; known metrics: ${result.metricNames.join(', ')}`,
    );
  }
  const baselineAt = (value: SweepValue): number => {
    const point = result.points.find((p) => p.value === value);
    return point?.result.policies.find((p) => p.policy === result.baseline)?.metrics[metric] ?? Number.NaN;
  };
  const referenceValues = result.values.map((v) => baselineAt(result.referenceValue ?? v));
  const cells = (pick: (metrics: { mean: number; sd: number }) => number) =>
    result.points.map((point, v) =>
      result.policies.map((policy) => {
        const spread = point.result.policies.find((p) => p.policy === policy)?.spread[metric];
        return normalise(spread === undefined ? Number.NaN : pick(spread), referenceValues[v] ?? Number.NaN);
      }),
    );
  return {
    metric,
    parameter: result.parameter,
    reference:
      result.referenceValue === undefined
        ? `${result.baseline} at the same ${result.parameter}`
        : `${result.baseline} at ${result.parameter} = ${result.referenceValue}`,
    values: result.values,
    policies: result.policies,
    ratios: cells((s) => s.mean),
    spreads: cells((s) => s.sd),
    referenceValues,
  };
}

/** The sweep table as aligned text, `mean ±sd` when several seeds ran. */
export function formatSweepTable(table: SweepTable): string {
  const withSpread = table.spreads.some((row) => row.some((s) => Number.isFinite(s) && s > 0));
  const rows = table.values.map((value, v) => [
    String(value),
    formatMetricValue(table.metric, table.referenceValues[v] ?? Number.NaN),
    ...table.policies.map((_, p) => {
      const r = table.ratios[v]?.[p] ?? Number.NaN;
      const s = table.spreads[v]?.[p] ?? Number.NaN;
      if (!Number.isFinite(r)) return '—';
      return withSpread && Number.isFinite(s) ? `${r.toFixed(3)} ±${s.toFixed(3)}` : r.toFixed(3);
    }),
  ]);
  return alignColumns(
    [[table.parameter, 'reference (absolute)', ...table.policies], ...rows],
    `${table.metric} normalised to ${table.reference}`,
  );
}

/**
 * The sweep as CSV: `<parameter>,policy,<metric>,…` with one row per value and policy
 * (means over seeds; `<metric>.sd` columns when several seeds ran). Metrics only, so
 * the same seeds give byte-identical files.
 */
export function sweepToCsv(result: SweepResult): string {
  const withSpread = result.seeds.length > 1;
  const header = [result.parameter, 'policy'];
  for (const name of result.metricNames) header.push(name, ...(withSpread ? [`${name}.sd`] : []));
  const lines = [header.map(csvField).join(',')];
  const number = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '' : String(x));
  for (const point of result.points) {
    for (const policy of point.result.policies) {
      const row = [String(point.value), csvField(policy.policy)];
      for (const name of result.metricNames) {
        row.push(number(policy.metrics[name]));
        if (withSpread) row.push(number(policy.spread[name]?.sd));
      }
      lines.push(row.join(','));
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A self-contained HTML report of a sweep: per headline metric, a line per policy over
 * the swept values with its 95 % band over seeds (normalised as `sweepTable`), and a
 * table; human metric names and units throughout.
 */
export function sweepToHtml(result: SweepResult): string {
  const n = result.seeds.length;
  const sections = result.headline.map((metric) => {
    const table = sweepTable(result, metric);
    const info = metricInfo(metric);
    // Per-seed ratios to the reference (the baseline at the same or the reference value).
    const paired = result.points.map((point) => {
      const referencePoint =
        result.referenceValue === undefined
          ? point
          : (result.points.find((p) => p.value === result.referenceValue) ?? point);
      const base = referencePoint.result.policies.find((p) => p.policy === result.baseline);
      return table.policies.map((policy) => {
        const own = point.result.policies.find((p) => p.policy === policy);
        return pairedRatioInterval(own?.runs ?? [], base?.runs ?? [], metric);
      });
    });
    const note = directionNote(info);
    return [
      `<h2>${escapeXml(info.label)}</h2>`,
      bandChartSvg({
        title: `${info.label} over ${result.parameter}${note === '' ? '' : ` (${note})`}`,
        subtitle: `relative to ${table.reference}, per seed · ${intervalNote(n).replace('error bars', 'bands')}`,
        xName: result.parameter,
        xValues: table.values,
        yName: `ratio to ${result.baseline}`,
        reference: 1,
        series: table.policies.map((name, p) => {
          return {
            name,
            mean: paired.map((row) => row[p]?.ratio ?? Number.NaN),
            low: paired.map((row) => row[p]?.low ?? Number.NaN),
            high: paired.map((row) => row[p]?.high ?? Number.NaN),
          };
        }),
      }),
      htmlTable(
        [result.parameter, `reference, ${metricTitle(info)}`, ...table.policies],
        table.values.map((value, v) => [
          String(value),
          formatNumber((table.referenceValues[v] ?? Number.NaN) * info.scale),
          ...table.policies.map((_, p) => {
            const cell = paired[v]?.[p];
            return ratioText(cell?.ratio ?? Number.NaN, [cell?.low ?? Number.NaN, cell?.high ?? Number.NaN]);
          }),
        ]),
      ),
    ].join('\n');
  });
  const body = [
    `<h1>${escapeXml(result.preset)}: sweep of ${escapeXml(result.parameter)}</h1>`,
    `<p class="lede">${escapeXml(result.description)}</p>`,
    `<p>${escapeXml(result.parameter)} = ${escapeXml(result.values.join(', '))} · policies <b>${escapeXml(
      result.policies.join(', '),
    )}</b> · ${seedsText(result.seeds)} · took ${escapeXml(formatDuration(result.timing.wallSeconds))}</p>`,
    n < 2
      ? '<p class="warn">One seed: every point is a single run, not a result. Run with <code>--seeds 1..5</code> for means with 95 % bands.</p>'
      : '',
    ...sections,
    versionsLine(result.versions),
  ];
  return htmlPage(`rackwise · ${result.preset} · ${result.parameter}`, body.join('\n'));
}

/** Whether parsed JSON is a sweep result (rather than an experiment result). */
export function isSweepResult(value: unknown): value is SweepResult {
  return (
    typeof value === 'object' && value !== null && (value as { format?: unknown }).format === SWEEP_FORMAT
  );
}
