#!/usr/bin/env node
// Reads the reports `rackwise run --trace <file> --markdown <report>` writes (one per
// trace, each with its "Every job under <policy>" table) and prints, as Markdown, the
// relative errors of the jobs of each trace and of all of them pooled: how many, median
// and p90 of the absolute error, mean signed error (bias) — the statistics the reports
// give per trace, the same definitions, on the errors as the reports round them (0.1 %).
import { readFileSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: pooled-errors.mjs <report.md>…');
  process.exit(2);
}

function stats(errors) {
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const n = abs.length;
  if (n === 0) return { n, median: Number.NaN, p90: Number.NaN, bias: Number.NaN };
  const median = n % 2 === 1 ? abs[(n - 1) / 2] : (abs[n / 2 - 1] + abs[n / 2]) / 2;
  const p90 = abs[Math.min(n - 1, Math.ceil(0.9 * n) - 1)];
  return { n, median, p90, bias: errors.reduce((a, b) => a + b, 0) / n };
}

const pct = (x) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : '—');
const signed = (x) => (Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} %` : '—');

const rows = [];
const all = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const name = /^### (.+): replay against the recording/m.exec(text)?.[1] ?? file;
  const table = text.split(/^Every job under [^\n]*\n/m)[1];
  if (table === undefined) throw new Error(`${file}: no "Every job under" table`);
  const errors = [];
  for (const line of table.split('\n')) {
    if (!line.startsWith('| ') || line.startsWith('| job ')) continue;
    const cell = line.split('|')[4].trim();
    const m = /^([+-]?[\d.]+) %$/.exec(cell.replace('−', '-'));
    if (m !== null) errors.push(Number(m[1]) / 100);
  }
  all.push(...errors);
  rows.push([name, stats(errors)]);
}
rows.push(['all traces pooled', stats(all)]);
console.log('| trace | jobs | median abs. error | p90 abs. error | bias (mean signed) |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, s] of rows)
  console.log(`| ${name} | ${s.n} | ${pct(s.median)} | ${pct(s.p90)} | ${signed(s.bias)} |`);
