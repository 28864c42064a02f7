import { fc, test } from '@fast-check/vitest';
import { confidenceHalfWidth, metricInfo, summarise } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import { FIXTURE_METRICS, result, run, threePolicyResult } from '../test/results.js';
import { toHtml } from './html-report.js';
import { formatNormalisedTable, normalisedTable } from './normalised-table.js';

const HEADLINE = [...FIXTURE_METRICS, 'mapProgressAtFirstReduce'];
const POLICIES = ['fair', 'delay', 'nas', 'drf'];

/** A value of a metric on one seed: sometimes 0, so that some ratios do not exist. */
const value = fc.oneof(
  { weight: 1, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.double({ min: 1e-3, max: 1e6, noNaN: true }) },
);

/** Results of 2 to 4 policies on 1 to 4 seeds, every headline metric on every seed. */
const arbResult = fc
  .record({ policies: fc.integer({ min: 2, max: 4 }), seeds: fc.integer({ min: 1, max: 4 }) })
  .chain(({ policies, seeds }) =>
    fc.array(
      fc.array(fc.array(value, { minLength: HEADLINE.length, maxLength: HEADLINE.length }), {
        minLength: seeds,
        maxLength: seeds,
      }),
      { minLength: policies, maxLength: policies },
    ),
  )
  .map((values) =>
    result(
      Object.fromEntries(
        values.map((seeds, p) => [
          POLICIES[p] as string,
          seeds.map((metrics, s) =>
            run(s + 1, Object.fromEntries(HEADLINE.map((m, i) => [m, metrics[i] as number]))),
          ),
        ]),
      ),
      HEADLINE,
      HEADLINE,
    ),
  );

/** The text table's header and rows, cell by cell (columns stand two spaces apart or more). */
function textCells(text: string): { rows: string[][]; caption: string; verdict: string } {
  // The verdict in words comes first, a blank line under it.
  const lines = text.slice(text.indexOf('\n\n') + 2).split('\n');
  const rows = [lines[1] as string, ...lines.slice(3, -2)].map((l) => l.trim().split(/\s{2,}/));
  return { rows, caption: lines.at(-2) as string, verdict: lines.at(-1) as string };
}

const fromHtml = (html: string) =>
  html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The HTML report's normalised table, cell by cell, its caption and its verdict line. */
function htmlCells(html: string): { rows: string[][]; caption: string; verdict: string } {
  const section = html.slice(html.indexOf('<h2>Headline metrics'));
  const table = section.slice(section.indexOf('<table>'), section.indexOf('</table>'));
  const rows = [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((tr) =>
    [...(tr[1] as string).matchAll(/<t[hd]>(.*?)<\/t[hd]>/g)].map((c) => fromHtml(c[1] as string)),
  );
  const caption = fromHtml(/<caption>(.*?)<\/caption>/.exec(table)?.[1] ?? '');
  const verdict = fromHtml(/<p class="verdict">(.*?)<\/p>/.exec(section)?.[1] ?? '');
  return { rows, caption, verdict };
}

describe('the normalised table', () => {
  test.prop([arbResult])(
    'gives each policy the geometric mean of its per-seed ratios, its interval on the log scale, never below 0',
    (r) => {
      const table = normalisedTable(r);
      const base = r.policies[0];
      table.rows.forEach((row, m) => {
        r.policies.forEach((policy, p) => {
          const ratios = policy.runs
            .map((own, s) => [own.metrics[row.metric] ?? 0, base?.runs[s]?.metrics[row.metric] ?? 0])
            .map(([a, b]) => (b === 0 ? (a === 0 ? 1 : Number.NaN) : (a as number) / (b as number)))
            .filter(Number.isFinite);
          const [low, high] = row.intervals[p] ?? [Number.NaN, Number.NaN];
          if (ratios.length === 0) {
            expect(row.ratios[p]).toBeNaN();
            return;
          }
          const positive = ratios.every((x) => x > 0);
          const logs = summarise(ratios.map(Math.log));
          const mean = positive ? Math.exp(logs.mean) : ratios.reduce((sum, x) => sum + x, 0) / ratios.length;
          expect(Math.abs((row.ratios[p] as number) - mean)).toBeLessThanOrEqual(1e-9 * Math.max(1, mean));
          if (ratios.length < 2) {
            expect(low, `${m} ${p}`).toBeNaN();
            expect(high, `${m} ${p}`).toBeNaN();
            return;
          }
          expect(low).toBeGreaterThanOrEqual(0);
          expect(low).toBeLessThanOrEqual(row.ratios[p] as number);
          expect(high).toBeGreaterThanOrEqual(row.ratios[p] as number);
          if (positive && logs.sd > 0) {
            const half = confidenceHalfWidth(logs);
            expect(Math.log(low)).toBeCloseTo(logs.mean - half, 9);
            expect(Math.log(high)).toBeCloseTo(logs.mean + half, 9);
          }
        });
      });
    },
  );

  it('keeps a ratio interval above zero where the half-width of the plain ratios would not', () => {
    // Per-seed ratios 0.05, 0.1 and 0.3: their plain mean, 0.15 ± 0.329 (t(2) = 4.303),
    // would reach −0.179. On the log scale: exp(mean ln r) = 0.1145 within [0.0121, 1.080].
    const times = (values: number[]) => values.map((t, s) => run(s + 1, { 'executionTime.mean': t }));
    const r = result({ fair: times([100, 100, 100]), nas: times([5, 10, 30]) });
    const row = normalisedTable(r, { metrics: ['executionTime.mean'] }).rows[0]!;
    const [low, high] = row.intervals[1]!;
    expect(row.ratios[1]).toBeCloseTo(Math.cbrt(0.05 * 0.1 * 0.3), 12);
    expect(low).toBeCloseTo(0.0121, 4);
    expect(high).toBeCloseTo(1.08, 2);
  });

  test.prop([arbResult], { numRuns: 30 })(
    "shows the very cells, caption and verdict of the HTML report's table",
    (r) => {
      const text = textCells(formatNormalisedTable(normalisedTable(r)));
      const html = htmlCells(toHtml(r));
      expect(text.rows).toEqual(html.rows);
      expect(text.caption).toBe(html.caption);
      expect(text.verdict).toBe(html.verdict);
      expect(text.rows[0]).toEqual([
        'metric',
        'better',
        'fair (absolute)',
        ...r.policies.map((p) => `${p.policy} / fair`),
      ]);
    },
  );

  test.prop([arbResult])(
    'names the best ratio by the direction the catalogue gives, sure only where the intervals are clear',
    (r) => {
      const table = normalisedTable(r);
      table.verdicts.forEach((verdict, m) => {
        const row = table.rows[m];
        if (row === undefined) throw new Error('a verdict without its row');
        const direction = metricInfo(row.metric).direction;
        const shown = row.ratios.map((x) => (Number.isFinite(x) ? x.toFixed(3) : undefined));
        if (direction === 'neither' || shown.every((x) => x === undefined)) {
          expect(verdict.winners).toEqual([]);
          return;
        }
        const finite = row.ratios.filter(Number.isFinite);
        const best = direction === 'lower' ? Math.min(...finite) : Math.max(...finite);
        const winners = table.policies.filter((_, p) => shown[p] === best.toFixed(3));
        expect(verdict.winners).toEqual(winners);
        if (!verdict.sure) return;
        expect(table.seeds).toBeGreaterThan(1);
        for (const w of winners) {
          const i = table.policies.indexOf(w);
          table.policies.forEach((other, o) => {
            if (winners.includes(other) || !Number.isFinite(row.ratios[o] as number)) return;
            const [wLow, wHigh] = row.intervals[i] as [number, number];
            const [oLow, oHigh] = row.intervals[o] as [number, number];
            if (direction === 'lower') expect(wHigh).toBeLessThan(oLow);
            else expect(wLow).toBeGreaterThan(oHigh);
          });
        }
      });
    },
  );

  it('says who won each headline metric, tied, sure or not, in one line', () => {
    // Mean job time: nas / fair per seed 0.500, 0.508, 0.488 — clear of fair (1) and of
    // delay (0.900, 1.083, 0.875: [0.71, 1.27] on the log scale). Cross-rack: nas 0.9,
    // 1.1, 1.0 has the geometric mean 0.997, below fair's 1, but its interval [0.78, 1.28]
    // holds 1, so not sure.
    const r = threePolicyResult();
    const lines = formatNormalisedTable(normalisedTable(r)).split('\n');
    expect(lines.at(-1)).toBe(
      'best (? = not sure: the 95 % intervals overlap): Throughput all equal · Mean job execution time nas · Cross-rack traffic nas?',
    );
    expect(toHtml(r)).toContain(`<p class="verdict">${lines.at(-1)}</p>`);
  });
});
