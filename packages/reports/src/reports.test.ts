import { type ExperimentResult, summarise } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import { result, run } from '../test/results.js';
import { combineResults } from './combine-results.js';
import { toCsv } from './csv-report.js';
import { toHtml } from './html-report.js';
import { parseResultJson, toJson } from './json-report.js';
import { formatNormalisedTable, normalisedTable } from './normalised-table.js';

const oneSeed = result({
  fair: [run(1, { throughput: 0.5, 'executionTime.mean': 100, 'crossRackBytes.total': 2e9 })],
  nas: [run(1, { throughput: 0.75, 'executionTime.mean': 60, 'crossRackBytes.total': 0 })],
});

describe('normalisedTable', () => {
  it('divides every policy by the baseline', () => {
    const table = normalisedTable(oneSeed);
    expect(table.rows.map((r) => [r.metric, r.baselineValue, r.ratios])).toEqual([
      ['throughput', 0.5, [1, 1.5]],
      ['executionTime.mean', 100, [1, 0.6]],
    ]);
  });

  it('normalises to another baseline on request and shows no ratio where it divides by zero', () => {
    const table = normalisedTable(oneSeed, { baseline: 'nas', metrics: ['crossRackBytes.total'] });
    expect(table.rows[0]?.ratios).toEqual([Number.NaN, 1]);
  });

  it('refuses a baseline or metric the result does not hold', () => {
    expect(() => normalisedTable(oneSeed, { baseline: 'drf' })).toThrowError(
      'baseline "drf" is not among the policies run: fair, nas',
    );
    expect(() => normalisedTable(oneSeed, { metrics: ['skew.mean'] })).toThrowError(
      /metric "skew.mean" is not in the result/,
    );
  });

  it('prints as an aligned table: human names, units, which way is better, the verdict under it', () => {
    expect(formatNormalisedTable(normalisedTable(oneSeed))).toMatchInlineSnapshot(`
      "One seed: no interval, so no difference below is sure (run --seeds 1..5).
      nas against fair: no sure difference on any of 2 metrics.

      normalised to fair (= 1.000)
      metric                       better  fair (absolute)  fair / fair  nas / fair
      ─────────────────────────────────────────────────────────────────────────────
      Throughput (jobs/h)          higher             1800        1.000       1.500
      Mean job execution time (s)   lower              100        1.000       0.600
      Absolute: mean over 1 seed; ratios: geometric mean of the per-seed ratios to fair.
      best (one seed: no interval, so none is sure): Throughput nas · Mean job execution time nas"
    `);
  });

  it('shows the geometric mean of the per-seed ratios with their 95 % interval on the log scale', () => {
    // Worked example: nas / fair per seed 4 / 1 = 4 and 4 / 3 = 1.333; ln: 1.386 and
    // 0.288, mean 0.837, sd 0.777, half-width t(1) · sd / √2 = 12.706 · 0.549 = 6.980;
    // exp(0.837) = 2.309 within [exp(−6.143), exp(7.817)] = [0.002, 2481.137]. The plain
    // mean, 2.667 ± 16.941, would reach −14.27. The ratio of the means would be 4 / 2 = 2.
    const twoSeeds = result({
      fair: [run(1, { throughput: 1 }), run(2, { throughput: 3 })],
      nas: [run(1, { throughput: 4 }), run(2, { throughput: 4 })],
    });
    const text = formatNormalisedTable(normalisedTable(twoSeeds, { metrics: ['throughput'] }));
    expect(text).toContain('1.000 [1.000, 1.000]');
    expect(text).toContain('2.309 [0.002, 2481.137]');
    expect(text).toContain('best (? = not sure: the 95 % intervals overlap): Throughput nas?');
  });
});

describe('toCsv', () => {
  it('writes one row of metrics per policy under a header of metric names', () => {
    expect(toCsv(oneSeed)).toBe(
      'policy,crossRackBytes.total,executionTime.mean,throughput\nfair,2000000000,100,0.5\nnas,0,60,0.75\n',
    );
  });

  it('adds a spread column per metric when several seeds ran, and leaves undefined metrics empty', () => {
    const twoSeeds = result({
      fair: [run(1, { throughput: 1 }), run(2, { throughput: 3 })],
      nas: [run(1, { throughput: Number.NaN }), run(2, { throughput: Number.NaN })],
    });
    const [header, fair, nas] = toCsv(twoSeeds).split('\n');
    expect(header).toBe(
      'policy,crossRackBytes.total,crossRackBytes.total.sd,executionTime.mean,executionTime.mean.sd,throughput,throughput.sd',
    );
    expect(fair).toBe(`fair,,,,,2,${Math.SQRT2}`);
    expect(nas).toBe('nas,,,,,,');
  });

  it('holds no timing, date or version', () => {
    const csv = toCsv(oneSeed);
    expect(csv).not.toContain('2024');
    expect(csv).not.toContain('0.1.0');
    expect(csv).not.toContain('wall');
  });
});

describe('toJson and parseResultJson', () => {
  it('round-trip a result, undefined metrics included', () => {
    const withNaN = result({
      fair: [run(1, { throughput: Number.NaN, 'executionTime.mean': 1, 'crossRackBytes.total': 2 })],
    });
    const parsed = parseResultJson(toJson(withNaN), 'r.json');
    if (parsed.kind !== 'experiment') throw new Error('expected an experiment result');
    expect(parsed.result.policies[0]?.metrics.throughput).toBeNaN();
    expect(parsed.result.policies[0]?.metrics['executionTime.mean']).toBe(1);
  });

  it('names the file when the text is not a result', () => {
    expect(() => parseResultJson('{', 'r.json')).toThrowError(/^r.json: not valid JSON/);
    expect(() => parseResultJson('{"format":"x"}', 'r.json')).toThrowError(/^r.json: not a rackwise result/);
  });

  it('refuses a binary file plainly, and never quotes a control character back', () => {
    // The start of a gzip file, as a UTF-8 read of it gives.
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]).toString('utf8');
    expect(() => parseResultJson(gzip, 'r.gz')).toThrowError(
      /^r.gz: a binary file, not a rackwise result \(JSON written by --json\)$/,
    );
    let message = '';
    try {
      // Control bytes past the start, where the binary test does not look: JSON's own error.
      parseResultJson(`{"a": ${' '.repeat(5000)}\u007f\u009b[31m}`, 'r.json');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^r.json: not valid JSON/);
    const controls = [...message].filter(
      (c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f),
    );
    expect(controls).toEqual([]);
  });
});

describe('toHtml', () => {
  const html = toHtml(oneSeed);

  it('is one self-contained document: inline SVG and CSS, no scripts or external assets', () => {
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).not.toMatch(/<script|<link|<img|src=|@import/i);
    // The only references are to clip paths inside the same SVG.
    expect(html.match(/url\([^)]*\)/g)?.every((u) => /^url\(#[\w-]+\)$/.test(u))).toBe(true);
    expect(new Set(html.match(/https?:\/\/[^"]+/g))).toEqual(
      new Set(['http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink']),
    );
  });

  it('draws the normalised bars, the per-class bars and the series of each policy, with human names', () => {
    expect(html).toContain('Headline metrics of each policy relative to fair');
    expect(html).toContain('Cross-rack shuffle rate, all rack links');
    expect(html).toContain('Mean job execution time');
    expect(html).toContain('Throughput (jobs/h)');
    expect(html).toContain('One seed: every number below is a single run');
    // Bars, the time series (no class metrics and no jobs in this fixture): 1 + 3.
    expect(html.match(/<svg /g)).toHaveLength(4);
  });

  it('says a metric with no better direction is neither, in the tables and the bars', () => {
    const withProgress: ExperimentResult = {
      ...oneSeed,
      headline: [...oneSeed.headline, 'mapProgressAtFirstReduce'],
      metricNames: [...oneSeed.metricNames, 'mapProgressAtFirstReduce'],
      policies: oneSeed.policies.map((p) => ({
        ...p,
        runs: p.runs.map((r) => ({ ...r, metrics: { ...r.metrics, mapProgressAtFirstReduce: 0.5 } })),
        metrics: { ...p.metrics, mapProgressAtFirstReduce: 0.5 },
        spread: { ...p.spread, mapProgressAtFirstReduce: summarise([0.5]) },
      })),
    };
    const page = toHtml(withProgress);
    expect(
      page.match(/<td>Map progress at first reduce[^<]*<\/td>(<td>%<\/td>)?<td>neither<\/td>/g),
    ).toHaveLength(2);
    expect(page).toContain('(neither better nor worse)');
  });

  it('names the workload the run replayed in its heading, beside the preset it came from', () => {
    const page = toHtml({
      ...oneSeed,
      description: 'NAS-like: FB-2010 day',
      configuration: { ...oneSeed.configuration, workloadName: 'FB-2010 hours 0–2', jobs: 812 },
    });
    expect(page).toContain('<h1>fixture: FB-2010 hours 0–2, 812 jobs</h1>');
    expect(page).toContain('<p class="lede">Preset: NAS-like: FB-2010 day</p>');
  });

  it('shows a metric equal on every seed without rounding noise in its interval', () => {
    // Three seeds of 0.1 sum to 0.30000000000000004: a spread of about 1e-17, shown as % (× 100).
    const names = ['congestion.hysteresis', 'executionTime.mean'];
    const page = toHtml(
      result(
        {
          fair: [1, 2, 3].map((s) => run(s, { 'congestion.hysteresis': 0.1, 'executionTime.mean': 10 * s })),
          nas: [1, 2, 3].map((s) => run(s, { 'congestion.hysteresis': 0.1, 'executionTime.mean': 9 * s })),
        },
        names,
        ['executionTime.mean'],
      ),
    );
    expect(page).not.toMatch(/e-1\d/);
    expect(page.match(/<td>10 ± 0<\/td>/g)).toHaveLength(2);
  });

  it('lists a quantity kept under two metric names once, and names the metrics of a shared label that differ', () => {
    const twice = ['byShuffleClass.heavy.executionTimeMean', 'executionTimeByShuffleClass.heavy.mean'];
    const page = (second: number) =>
      toHtml(
        result({ fair: [1, 2].map((s) => run(s, { [twice[0]!]: 40 + s, [twice[1]!]: second + s })) }, twice, [
          twice[0]!,
        ]),
      );
    const rows = (html: string) => html.slice(html.indexOf('<h2>Every metric')).match(/<tr><td>[^<]*/g) ?? [];
    expect(rows(page(40))).toEqual(['<tr><td>Mean execution time, heavy-shuffle jobs']);
    expect(rows(page(50))).toEqual([
      `<tr><td>Mean execution time, heavy-shuffle jobs (${twice[0]})`,
      `<tr><td>Mean execution time, heavy-shuffle jobs (${twice[1]})`,
    ]);
  });

  it('draws each shuffle class on its own scale, so light and medium bars stay visible beside heavy ones', () => {
    const bytes = { light: 3e6, medium: 2e7, heavy: 5e8 };
    const names = Object.keys(bytes).map((c) => `byShuffleClass.${c}.crossRackShuffleBytes`);
    const runs = (factor: number) =>
      [1, 2, 3].map((s) =>
        run(s, Object.fromEntries(names.map((m, c) => [m, Object.values(bytes)[c]! * (factor + s / 100)]))),
      );
    const page = toHtml(result({ fair: runs(1), nas: runs(1.1) }, names, [names[0]!]));
    const chart =
      (page.match(/<svg[\s\S]*?<\/svg>/g) ?? []).find((svg) => svg.includes('by shuffle class')) ?? '';
    const heights = [...chart.matchAll(/<path d="M[\d.]+ [\d.]+l[\d.]+ 0l0 -([\d.]+)l/g)].map((m) =>
      Number(m[1]),
    );
    expect(heights).toHaveLength(6);
    // On one scale the light class's bars would be 3e6 / 5e8 of the heavy ones': under a pixel.
    expect(Math.min(...heights) / Math.max(...heights)).toBeGreaterThan(0.5);
  });

  it('every clip path id is unique in the page', () => {
    const ids = html.match(/ id="[^"]+"/g) ?? [];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('escapes text from the result', () => {
    expect(html).toContain('a &#60;fixture&#62; &#38; co');
    expect(html).not.toContain('<fixture>');
  });
});

describe('combineResults', () => {
  it('puts results side by side, renaming only the policies both hold', () => {
    const other = result({ fair: [run(1, { throughput: 1 })], delay: [run(1, { throughput: 2 })] });
    const both = combineResults([
      { label: 'monday', result: oneSeed },
      { label: 'tuesday', result: other },
    ]);
    expect(both.policies.map((p) => p.policy)).toEqual(['fair (monday)', 'nas', 'fair (tuesday)', 'delay']);
    expect(both.baseline).toBe('fair (monday)');
    expect(normalisedTable(both, { metrics: ['throughput'] }).rows[0]?.ratios).toEqual([1, 1.5, 2, 4]);
    expect(combineResults([{ label: 'a', result: oneSeed }])).toBe(oneSeed);
  });
});
