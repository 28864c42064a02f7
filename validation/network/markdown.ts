/** docs/network-validation.md from the collected figures. */
import { existsSync, readFileSync } from 'node:fs';
import { NETWORK_SETTINGS, SIZE_BUCKETS } from '@rackwise/experiments';
import type { KernelResults } from '../kernel/collect.js';
import { kernelInShort, renderKernelSection } from '../kernel/markdown.js';
import { fctCdfChart, incastChart } from './charts.js';
import type { CollectedResults, ScenarioResult, SettingFigures } from './collect.js';
import { TCP_SETTINGS } from './ns3.js';
import { type Family, STATIC_SECTIONS } from './report-text.js';

const FAMILIES: readonly Family[] = ['all-to-all', 'fb2010', 'mixed', 'incast'];
const FAMILY_TITLES: Readonly<Record<Family, string>> = {
  'all-to-all': '(a) one job’s all-to-all shuffle',
  incast: '(b) incast',
  mixed: '(c) mice and elephants',
  fb2010: '(d) FB-2010 flows under Fair and NAS',
};

const pct = (x: number): string =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(x * 100).toFixed(1)} %` : '—';
const abs = (x: number): string => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} %` : '—');

function median(values: readonly number[]): number {
  const v = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (v.length === 0) return Number.NaN;
  const m = (v.length - 1) / 2;
  return (v[Math.floor(m)]! + v[Math.ceil(m)]!) / 2;
}

/** Median over scenarios, with the range over them (seeds) when there are several. */
function spread(values: readonly number[], format: (x: number) => string): string {
  const v = values.filter(Number.isFinite);
  if (v.length === 0) return '—';
  if (v.length === 1) return format(v[0]!);
  return `${format(median(v))} (${format(Math.min(...v))} … ${format(Math.max(...v))})`;
}

/** The FCT error of the bucket (flows ≥ 100 KB) farthest from zero at a quantile. */
function worstLargeBucket(f: SettingFigures, q: 'p50' | 'p99'): number {
  let worst = 0;
  for (const b of f.buckets) {
    const bucket = SIZE_BUCKETS.find((s) => s.name === b.bucket);
    if (bucket === undefined || bucket.minBytes < 1e5) continue;
    const e = b.fctError[q];
    if (Number.isFinite(e) && Math.abs(e) > Math.abs(worst)) worst = e;
  }
  return worst;
}

type Metric = readonly [
  string,
  (f: SettingFigures, s: ScenarioResult, tcp: string) => number,
  (x: number) => string,
];

const METRICS: readonly Metric[] = [
  ['job shuffle \\|err\\| p50', (f) => f.jobs.absP50, abs],
  ['job shuffle \\|err\\| p90', (f) => f.jobs.absP90, abs],
  ['job shuffle bias', (f) => f.jobs.bias, pct],
  ['reduce shuffle \\|err\\| p50', (f) => f.reduces.absP50, abs],
  ['flows ≥ 100 KB \\|err\\| p50', (f) => f.largeFlows.absP50, abs],
  ['flows ≥ 100 KB \\|err\\| p90', (f) => f.largeFlows.absP90, abs],
  ['FCT p50, worst bucket ≥ 100 KB', (f) => worstLargeBucket(f, 'p50'), pct],
  ['FCT p99, worst bucket ≥ 100 KB', (f) => worstLargeBucket(f, 'p99'), pct],
  ['last byte', (f) => f.makespanError, pct],
  [
    'rack-link utilisation \\|Δ\\| per 100 ms',
    (f) => f.utilisation.meanAbsolute,
    (x) => (Number.isFinite(x) ? `${(x * 100).toFixed(1)} pts` : '—'),
  ],
  [
    'ns-3 CPU ÷ replay CPU',
    (f, s, tcp) => (s.references[tcp]?.cpuSeconds ?? Number.NaN) / Math.max(f.cpuSeconds, 1e-4),
    (x) => `${Math.round(x)}×`,
  ],
];

/** A table: rows model settings, columns the metrics, over a family's scenarios. */
function familyTable(results: CollectedResults, family: Family, tcp: string, half?: 'judge'): string[] {
  const scenarios = results.scenarios.filter(
    (s) => s.family === family && (half === undefined || s.half === half),
  );
  if (scenarios.length === 0 || scenarios[0]!.references[tcp] === undefined) return [];
  const metrics =
    family === 'incast' ? METRICS.filter(([n]) => !n.startsWith('job') && !n.startsWith('reduce')) : METRICS;
  const lines = [
    `| setting | ${metrics.map(([n]) => n).join(' | ')} |`,
    `|---|${metrics.map(() => '---:').join('|')}|`,
  ];
  for (const name of Object.keys(results.modelSettings)) {
    const cells = metrics.map(([, get, format]) =>
      spread(
        scenarios.map((s) => {
          const f = s.settings[name]?.[tcp];
          return f === undefined ? Number.NaN : get(f, s, tcp);
        }),
        format,
      ),
    );
    lines.push(`| ${name} | ${cells.join(' | ')} |`);
  }
  return lines;
}

/** Per-bucket FCT quantiles of ns-3 and two settings, pooled as medians over a family's scenarios. */
function bucketTable(results: CollectedResults, family: Family, settings: readonly string[]): string[] {
  const scenarios = results.scenarios.filter((s) => s.family === family);
  const lines = [
    `| flow size | flows | ns-3 FCT p50 / p90 / p99 (s) | ${settings.map((n) => `${n}: error p50 / p90 / p99`).join(' | ')} |`,
    `|---|---:|---:|${settings.map(() => '---:').join('|')}|`,
  ];
  for (const bucket of SIZE_BUCKETS) {
    const rows = scenarios
      .map((s) => ({ s, b: s.settings.exact?.['reno-200ms']?.buckets.find((x) => x.bucket === bucket.name) }))
      .filter((r) => r.b !== undefined);
    if (rows.length === 0) continue;
    const flows = rows.reduce((n, r) => n + r.b!.flows, 0);
    const ref = (q: 'p50' | 'p90' | 'p99') => median(rows.map((r) => r.b!.reference.fct[q])).toPrecision(3);
    const cells = settings.map((name) => {
      const errs = (q: 'p50' | 'p90' | 'p99') =>
        pct(
          median(
            scenarios.map(
              (s) =>
                s.settings[name]?.['reno-200ms']?.buckets.find((x) => x.bucket === bucket.name)?.fctError[
                  q
                ] ?? Number.NaN,
            ),
          ),
        );
      return `${errs('p50')} / ${errs('p90')} / ${errs('p99')}`;
    });
    lines.push(
      `| ${bucket.name} | ${flows} | ${ref('p50')} / ${ref('p90')} / ${ref('p99')} | ${cells.join(' | ')} |`,
    );
  }
  return lines;
}

function scenarioTable(results: CollectedResults): string[] {
  const lines = [
    '| scenario | family | half | flows | MB | ns-3 runs | facts |',
    '|---|---|---|---:|---:|---|---|',
  ];
  for (const s of results.scenarios) {
    const facts = Object.entries(s.facts)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
    lines.push(
      `| ${s.name} | ${s.family} | ${s.half} | ${s.flows} | ${(s.bytes / 1e6).toFixed(0)} | ${Object.keys(s.references).join(', ')} | ${facts} |`,
    );
  }
  return lines;
}

function incastSection(results: CollectedResults, charts: Record<string, string>): string[] {
  const points = results.scenarios.filter((s) => s.family === 'incast');
  if (points.length === 0) return [];
  const lines = [
    '| senders × bytes, placement | half | ns-3 200 ms | ns-3 1 ms | fluid (no loss) | incast model (default) | incast model (fitted to 200 ms) |',
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  const g = (x: number | undefined): string => (x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(3));
  for (const s of points) {
    lines.push(
      `| ${s.name.replace('incast ', '')} | ${s.half} | ${g(s.references['reno-200ms']?.goodput)} | ${g(s.references['reno-1ms']?.goodput)} | ${g(s.settings.exact?.['reno-200ms']?.goodput)} | ${g(s.settings.incast?.['reno-200ms']?.goodput)} | ${g(s.settings['incast-fit']?.['reno-200ms']?.goodput)} |`,
    );
  }
  for (const bytes of [64e3, 256e3, 1e6]) {
    const same = points.filter((s) => s.facts.bytes === bytes && s.facts.placement === 'same rack');
    const line = (get: (s: ScenarioResult) => number | undefined) =>
      same
        .map((s) => [Number(s.facts.senders), get(s) ?? Number.NaN] as const)
        .filter(([, y]) => Number.isFinite(y));
    charts[`incast-${bytes / 1e3}k.svg`] = incastChart(
      `Incast goodput, ${bytes / 1e3} KB per sender, same rack`,
      {
        'ns-3 RTO_min 200 ms': line((s) => s.references['reno-200ms']?.goodput),
        'ns-3 RTO_min 1 ms': line((s) => s.references['reno-1ms']?.goodput),
        'incast model (default)': line((s) => s.settings.incast?.['reno-200ms']?.goodput),
        'incast model (fitted)': line((s) => s.settings['incast-fit']?.['reno-200ms']?.goodput),
      },
    );
  }
  lines.push(
    '',
    ...[64, 256, 1000].map((k) => `![incast goodput, ${k} KB](network-validation/incast-${k}k.svg)`),
  );
  return lines;
}

const KERNEL_RESULTS = new URL('../kernel/results.json', import.meta.url).pathname;

/**
 * Renders the whole page and its charts; the Linux section from `kernel` (by default the
 * committed validation/kernel/results.json, when there is one).
 */
export function renderMarkdown(
  results: CollectedResults,
  kernel: KernelResults | undefined = existsSync(KERNEL_RESULTS)
    ? (JSON.parse(readFileSync(KERNEL_RESULTS, 'utf8')) as KernelResults)
    : undefined,
): {
  markdown: string;
  charts: Record<string, string>;
} {
  const charts: Record<string, string> = {};
  const out: string[] = [];
  const text = STATIC_SECTIONS(results);
  out.push(...text.head, ...(kernel !== undefined && !results.quick ? kernelInShort(kernel) : []), '');
  out.push(...text.findings, '');
  out.push('## Scenarios', '', ...scenarioTable(results), '');
  out.push('## Settings', '', '| TCP setting (ns-3) | what |', '|---|---|');
  for (const t of Object.values(TCP_SETTINGS))
    out.push(`| ${t.name} | ${t.description}; \`${t.args.join(' ')}\` |`);
  out.push('', '| model setting | what |', '|---|---|');
  for (const [name, s] of Object.entries(results.modelSettings)) {
    out.push(
      `| ${name} | ${NETWORK_SETTINGS[name]?.description ?? 'fitted (see Corrections)'}: \`${JSON.stringify(s)}\` |`,
    );
  }
  out.push('', ...text.metrics, '');
  out.push('## Error against ns-3 (NewReno, drop-tail, RTO_min 200 ms)', '', ...text.errorIntro, '');
  for (const family of FAMILIES) {
    const table = familyTable(results, family, 'reno-200ms');
    if (table.length === 0) continue;
    out.push(`### ${FAMILY_TITLES[family]}`, '', ...table, '');
    const held = familyTable(results, family, 'reno-200ms', 'judge');
    if (family !== 'incast' && held.length > 0 && results.corrections !== undefined) {
      out.push('Held-out scenarios only (the corrections were not fitted on these):', '', ...held, '');
    }
  }
  out.push('## Under the other TCP settings', '', ...text.otherTcp, '');
  for (const tcp of ['reno-1ms', 'fq-1ms']) {
    for (const family of FAMILIES) {
      if (family === 'incast') continue;
      const table = familyTable(results, family, tcp);
      if (table.length === 0) continue;
      out.push(`### ${FAMILY_TITLES[family]}, ${tcp}`, '', ...table, '');
    }
  }
  out.push('## FCT by flow size', '', ...text.buckets, '');
  for (const family of ['fb2010', 'all-to-all', 'mixed'] as const) {
    if (!results.scenarios.some((s) => s.family === family)) continue;
    out.push(`### ${FAMILY_TITLES[family]}`, '', ...bucketTable(results, family, ['exact', 'day-long']), '');
  }
  out.push('## Distributions', '');
  for (const s of results.scenarios.filter((x) => x.half === 'judge' && x.family !== 'incast')) {
    if (!/seed 2$/.test(s.name) && !s.name.includes('quick')) continue;
    const file = `cdf-${s.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;
    charts[file] = fctCdfChart(`FCT CDF — ${s.name}`, s.cdf);
    out.push(`![FCT CDF, ${s.name}](network-validation/${file})`, '');
  }
  out.push('## Incast', '', ...text.incast, '', ...incastSection(results, charts), '');
  out.push('## Corrections', '', ...text.corrections, '');
  if (kernel !== undefined && !results.quick) out.push(...renderKernelSection(kernel), '');
  out.push('## What the fluid model cannot capture', '', ...text.limits, '');
  return {
    markdown: `${out
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd()}\n`,
    charts,
  };
}
