// The relative errors of a replay report (`rackwise run --trace <file> --markdown <report>`,
// its "Every job under <policy>" table) and the statistics the reports give of them.
import { readFileSync } from 'node:fs';

/** The trace's name and each job's relative error (a fraction), in the report's order. */
export function reportErrors(file) {
  const text = readFileSync(file, 'utf8');
  const name = /^### (.+): replay against the recording/m.exec(text)?.[1] ?? file;
  const table = text.split(/^Every job under [^\n]*\n/m)[1];
  if (table === undefined) throw new Error(`${file}: no "Every job under" table`);
  const jobs = [];
  for (const line of table.split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| job ')) continue;
    const cells = line.split('|');
    const m = /^([+-]?[\d.]+) %$/.exec(cells[4].trim().replace('−', '-'));
    if (m !== null) jobs.push({ job: cells[1].trim(), error: Number(m[1]) / 100 });
  }
  return { name, jobs, errors: jobs.map((j) => j.error) };
}

/** How many, median and p90 of the absolute errors, mean signed error (bias). */
export function stats(errors) {
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const n = abs.length;
  if (n === 0) return { n, median: Number.NaN, p90: Number.NaN, bias: Number.NaN };
  const median = n % 2 === 1 ? abs[(n - 1) / 2] : (abs[n / 2 - 1] + abs[n / 2]) / 2;
  const p90 = abs[Math.min(n - 1, Math.ceil(0.9 * n) - 1)];
  return { n, median, p90, bias: errors.reduce((a, b) => a + b, 0) / n };
}

/** The median of numbers (NaN for none). */
export function median(values) {
  const v = [...values].sort((a, b) => a - b);
  const n = v.length;
  if (n === 0) return Number.NaN;
  return n % 2 === 1 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

export const pct = (x) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : '—');
export const signed = (x) =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} %` : '—';
