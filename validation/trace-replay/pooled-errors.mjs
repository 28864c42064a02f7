#!/usr/bin/env node
// Reads the reports `rackwise run --trace <file> --markdown <report>` writes (one per
// trace, each with its "Every job under <policy>" table) and prints, as Markdown, the
// relative errors of the jobs of each trace and of all of them pooled: how many, median
// and p90 of the absolute error, mean signed error (bias) — the statistics the reports
// give per trace, the same definitions, on the errors as the reports round them (0.1 %);
// then the median over the traces of each one's median absolute error.
import { median, pct, reportErrors, signed, stats } from './replay-errors.mjs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: pooled-errors.mjs <report.md>…');
  process.exit(2);
}

const rows = [];
const all = [];
for (const file of files) {
  const { name, errors } = reportErrors(file);
  all.push(...errors);
  rows.push([name, stats(errors)]);
}
const perTrace = median(rows.map(([, s]) => s.median).filter(Number.isFinite));
rows.push(['all traces pooled', stats(all)]);
console.log('| trace | jobs | median abs. error | p90 abs. error | bias (mean signed) |');
console.log('|---|---:|---:|---:|---:|');
for (const [name, s] of rows)
  console.log(`| ${name} | ${s.n} | ${pct(s.median)} | ${pct(s.p90)} | ${signed(s.bias)} |`);
console.log(`\nMedian over the traces of each one's median abs. error: ${pct(perTrace)}.`);
