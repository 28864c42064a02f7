/**
 * Renders reproduction pages in headless Chromium and checks them as laid out: every
 * heatmap and chart over load present and visible, no chart label cut off or drawn over
 * another, no console error. Chromium is installed by the reports' test helper when
 * missing; the tests are skipped, saying why, only where it cannot be.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from '../../reports/test/chromium.js';
import { type Layout, expectChartsReadable, renderLayouts } from '../../reports/test/rendered-layout.js';
import { handMadeMap } from '../test/hand-made-map.js';
import { NAS_PAPER } from './nas-claims.js';
import { comparisonClaim, onlyIn } from './paper-claims.js';
import { reproductionHtml } from './reproduction-html.js';

const chromium = ensureChromium();
const work = mkdtempSync(join(tmpdir(), 'rackwise-map-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A number in [0, 1) from a text, the same every run. */
function hashed(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/** NAS's 49 claims over its quick grid's 30 cells (five readings × six loads), changes made up. */
function nasSized() {
  return handMadeMap({
    paper: 'nas',
    title: NAS_PAPER.title,
    claims: NAS_PAPER.claims,
    cells: NAS_PAPER.quickGrid().cells,
    seeds: [1, 2, 3],
    readingAxis: NAS_PAPER.readingAxis ?? 'reading',
    headline: NAS_PAPER.headline,
    change: (claim, axes, seed) => {
      const x = hashed(`${claim.id} ${JSON.stringify(axes)}`);
      // A few cells unmeasured, a few far beyond the colour scale's ±50 %.
      if (x < 0.03) return Number.NaN;
      return x > 0.97 ? 4.48 + 0.01 * seed : (x - 0.5) * 0.8 + 0.02 * seed;
    },
  });
}

/** Two claims, one of them read only off the load axis (Shadow's applications at rack-link capacities). */
function small() {
  const faster = comparisonClaim(
    'S Fig. 1',
    'S shortens jobs',
    'shadow',
    'delay',
    'executionTime.mean',
    'lower',
  );
  const bench = onlyIn(
    comparisonClaim('S Fig. 2', 'S shortens TeraSort', 'shadow', 'delay', 'makespan', 'lower'),
    { preset: 'bench' },
  );
  return handMadeMap({
    paper: 'shadow',
    title: 'Shadow <small> & "made by hand"',
    claims: [faster, bench],
    cells: [
      ...[0.1, 0.3, 0.5, 0.7, 0.9, 1.2].map((load) => ({ axes: { preset: 'fb', load, loss: 'none' } })),
      ...[1, 2, 4].map((rackLinkGbps) => ({ axes: { preset: 'bench', rackLinkGbps, loss: 'none' } })),
    ],
    seeds: [1, 2],
    headline: [faster.id, bench.id],
    change: (claim, axes, seed) => (typeof axes.load === 'number' ? axes.load - 0.6 : -0.1) + 0.02 * seed,
  });
}

const isHeatmap = (chart: Layout['charts'][number]) =>
  chart.texts.some((t) => t.startsWith('toward the claim'));

describe.skipIf(chromium.path === undefined)(
  `reproduction pages rendered in headless Chromium${chromium.why === undefined ? '' : ` (skipped: ${chromium.why})`}`,
  () => {
    let layouts: Record<string, Layout>;

    beforeAll(() => {
      layouts = renderLayouts(chromium.path as string, work, {
        small: reproductionHtml([small()], 'rackwise reproduce shadow --quick --html map.html'),
        nas: reproductionHtml([nasSized()], 'rackwise reproduce nas --quick --html map.html'),
      });
    }, 120_000);

    it('shows a visible heatmap of claims × cells and a chart over load per headline claim', () => {
      const page = layouts.small as Layout;
      const heatmaps = page.charts.filter(isHeatmap);
      const lines = page.charts.filter((c) => !isHeatmap(c));
      expect(heatmaps).toHaveLength(1);
      expect(lines).toHaveLength(1);
      for (const chart of page.charts) {
        expect(chart.visible).toBe(true);
        expect(chart.height).toBeGreaterThan(150);
      }
      expect(heatmaps[0]?.texts).toEqual(
        expect.arrayContaining(['✓ −47 %', '✗ +63 %', '1 Gbps', 'fb · loss none']),
      );
      expect(lines[0]?.texts).toEqual(
        expect.arrayContaining(['offered cross-rack load', 'shadow / delay − 1 (%)']),
      );
      expect(lines[0]?.bands).toBe(1);
      const text = page.text.replace(/\s+/g, ' ');
      expect(text).toContain('Shadow <small> & "made by hand"');
      expect(text).toContain(
        'S shortens TeraSort: not measured along the offered cross-rack load on this grid.',
      );
      expect(text).toContain('In plain words.');
      expectChartsReadable(page);
    });

    it('keeps a NAS-sized map readable: heatmaps of whole figures and series, labels inside their charts', () => {
      const page = layouts.nas as Layout;
      const heatmaps = page.charts.filter(isHeatmap);
      // 49 claims in two packs of whole figures × 30 cells in three packs of whole series.
      expect(heatmaps).toHaveLength(2 * 3);
      const lines = page.charts.filter((c) => !isHeatmap(c));
      expect(lines).toHaveLength(NAS_PAPER.headline.length);
      for (const chart of page.charts) {
        expect(chart.visible).toBe(true);
        expect(chart.width).toBeGreaterThan(600);
      }
      for (const chart of lines) {
        expect(chart.bands).toBe(5);
        expect(chart.texts).toEqual(expect.arrayContaining(['reading paper-default', 'reading skip-prose']));
      }
      const texts = heatmaps.flatMap((c) => c.texts);
      expect(texts.some((t) => /^✓ \+4\d\d %$/.test(t))).toBe(true);
      expect(texts).toContain('Fig. 3(g) · nas-no-tt > nas · Upward crossings of the congestion threshold');
      expectChartsReadable(page);
    });
  },
);
