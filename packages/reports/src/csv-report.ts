import type { ExperimentResult } from '@rackwise/experiments';

/**
 * The result as CSV (RFC 4180): a header `policy,<metric>,…` with every metric name in
 * sorted order, then one row per policy with the metric's mean over the seeds; with more
 * than one seed, a `<metric>.sd` column follows for each metric. Only metrics — no
 * timings, dates or versions — so two runs with the same seed give byte-identical files.
 * Numbers are written in their shortest round-trip form; an undefined metric is empty.
 */
export function toCsv(result: ExperimentResult): string {
  const names = result.metricNames;
  const withSpread = result.seeds.length > 1;
  const header = ['policy'];
  for (const name of names) {
    header.push(name);
    if (withSpread) header.push(`${name}.sd`);
  }
  const lines = [header.map(csvField).join(',')];
  for (const policy of result.policies) {
    const row = [csvField(policy.policy)];
    for (const name of names) {
      row.push(csvNumber(policy.metrics[name]));
      if (withSpread) row.push(csvNumber(policy.spread[name]?.sd));
    }
    lines.push(row.join(','));
  }
  return `${lines.join('\n')}\n`;
}

function csvNumber(value: number | undefined): string {
  return value === undefined || !Number.isFinite(value) ? '' : String(value);
}

/** Quotes a field when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
