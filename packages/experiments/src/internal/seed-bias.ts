import { confidenceHalfWidth, summarise } from '@rackwise/metrics';
/**
 * A network model's bias over seeds against the reference model's own seed-to-seed spread
 * (`bench/seed-bias.ts` prints it from the files `bench/model-error.ts` writes).
 */
import { NAS_FIGURE_3_METRICS } from '../presets/headline-metrics.js';

/** What `bench/model-error.ts` writes for one seed: every setting's figures per policy. */
export interface ModelErrorFile {
  readonly reference: Record<string, unknown>;
  readonly figures: readonly {
    readonly engine: Record<string, unknown>;
    readonly byPolicy: Readonly<Record<string, Readonly<Record<string, number>>>>;
  }[];
}

/** One row: a candidate's bias on one metric of one policy, beside the reference's spread. */
export interface BiasRow {
  readonly candidate: string;
  readonly policy: string;
  /** The baseline the policy's figures were divided by, seed by seed (NAS Fig. 3's form), if any. */
  readonly versus?: string;
  readonly metric: string;
  readonly seeds: number;
  readonly bias: number;
  readonly halfWidth: number;
  readonly referenceMean: number;
  readonly referenceSpread: number;
  readonly withinSpread: boolean;
}

/** Seeds from `1,2,3` or `1..8`. */
export function parseSeeds(text: string): number[] {
  const range = /^(\d+)\.\.(\d+)$/.exec(text);
  if (range !== null) {
    const from = Number(range[1]);
    const to = Number(range[2]);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  return text.split(',').map(Number);
}

/**
 * The bias rows of every candidate, policy and headline metric over the files of the seeds.
 * With `versus`, each policy's figure is first divided by that policy's under the same
 * setting and seed — the ratio a comparison of schedulers reports — and the baseline gets
 * no row of its own.
 */
export function seedBias(files: readonly ModelErrorFile[], versus?: string): BiasRow[] {
  const first = files[0];
  if (first === undefined) return [];
  const rows: BiasRow[] = [];
  const candidates = first.figures.slice(1).map((f) => JSON.stringify(f.engine));
  const policies = Object.keys(first.figures[0]!.byPolicy).filter((p) => p !== versus);
  const figure = (file: ModelErrorFile, setting: number, policy: string, metric: string) => {
    const byPolicy = file.figures[setting]?.byPolicy;
    const x = byPolicy?.[policy]?.[metric];
    if (versus === undefined || x === undefined) return x;
    const base = byPolicy?.[versus]?.[metric];
    return base === undefined ? undefined : x / base;
  };
  for (const [c, candidate] of candidates.entries()) {
    for (const policy of policies) {
      for (const metric of NAS_FIGURE_3_METRICS) {
        const reference: number[] = [];
        const ratios: number[] = [];
        for (const file of files) {
          const x = figure(file, 0, policy, metric);
          const y = figure(file, c + 1, policy, metric);
          if (x === undefined || y === undefined || !Number.isFinite(x) || !Number.isFinite(y)) continue;
          reference.push(x);
          if (x !== 0) ratios.push(y / x - 1);
        }
        if (ratios.length < 2) continue;
        const bias = summarise(ratios);
        const spread = summarise(reference);
        const referenceSpread = spread.mean === 0 ? Number.NaN : spread.sd / Math.abs(spread.mean);
        rows.push({
          candidate,
          policy,
          ...(versus === undefined ? {} : { versus }),
          metric,
          seeds: ratios.length,
          bias: bias.mean,
          halfWidth: confidenceHalfWidth(bias),
          referenceMean: spread.mean,
          referenceSpread,
          withinSpread: Math.abs(bias.mean) <= referenceSpread,
        });
      }
    }
  }
  return rows;
}

const pct = (x: number) =>
  Number.isFinite(x) ? `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)} %` : '—';

/** The rows as Markdown tables, one per candidate. */
export function biasMarkdown(rows: readonly BiasRow[], reference: string, hours: number): string {
  const out: string[] = [];
  for (const candidate of [...new Set(rows.map((r) => r.candidate))]) {
    const mine = rows.filter((r) => r.candidate === candidate);
    out.push(
      `Candidate \`${candidate}\` against \`${reference}\`, FB-2010 first ${hours} h at nas-sim, ${mine[0]?.seeds ?? 0} seeds:`,
      '',
      '| policy | metric | bias (95 % interval) | reference spread | within |',
      '|---|---|---:|---:|---|',
      ...mine.map(
        (r) =>
          `| ${r.versus === undefined ? r.policy : `${r.policy} ÷ ${r.versus}`} | ${r.metric} | ${pct(r.bias)} ± ${(100 * r.halfWidth).toFixed(1)} | ±${(100 * r.referenceSpread).toFixed(1)} % | ${r.withinSpread ? 'yes' : 'no'} |`,
      ),
      '',
    );
  }
  return out.join('\n');
}
