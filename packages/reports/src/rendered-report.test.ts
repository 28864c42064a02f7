/**
 * Renders each report kind in headless Chromium and checks the page as laid out: the
 * text a reader sees, and the geometry of every chart label (inside its chart, not on
 * another label). Chromium is Debian's `chromium`, installed here if missing; the tests
 * are skipped, saying why, only where it cannot be installed (test/chromium.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExperiment, sweep } from '@rackwise/experiments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureChromium } from '../test/chromium.js';
import { type Layout, expectChartsReadable, renderLayouts } from '../test/rendered-layout.js';
import { combineResults } from './combine-results.js';
import { toHtml } from './html-report.js';
import { sweepToHtml } from './sweep-report.js';

const chromium = ensureChromium();
const work = mkdtempSync(join(tmpdir(), 'rackwise-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What every report must satisfy: readable charts, and no raw dotted metric key (the configuration stays folded). */
function expectReadable(layout: Layout): void {
  expectChartsReadable(layout);
  expect(layout.text).not.toMatch(/\b[a-z]+[A-Z]\w*\.[a-z]\w*/);
}

describe.skipIf(chromium.path === undefined)(
  `reports rendered in headless Chromium${chromium.why === undefined ? '' : ` (skipped: ${chromium.why})`}`,
  () => {
    let experiment: Layout;
    let oneSeed: Layout;
    let sweepLayout: Layout;
    let sideBySide: Layout;

    beforeAll(async () => {
      const result = await runExperiment({
        preset: 'tiny',
        policies: ['fair', 'delay', 'nas'],
        seeds: [1, 2, 3],
        parallelism: 1,
      });
      const single = await runExperiment({ preset: 'tiny', policies: ['fair', 'nas'], parallelism: 1 });
      const swept = await sweep({
        preset: 'tiny',
        policies: ['fair', 'nas'],
        seeds: [1, 2],
        parameter: 'users',
        values: [1, 3, 6],
        parallelism: 1,
      });
      const combined = combineResults([
        { label: 'three', result },
        { label: 'one', result: single },
      ]);
      const layouts = renderLayouts(chromium.path as string, work, {
        experiment: toHtml(result),
        oneSeed: toHtml(single),
        sweep: sweepToHtml(swept),
        combined: toHtml(combined),
      });
      sideBySide = layouts.combined as Layout;
      experiment = layouts.experiment as Layout;
      oneSeed = layouts.oneSeed as Layout;
      sweepLayout = layouts.sweep as Layout;
    }, 120_000);

    it('experiment report: human metric names, units on axes, error bars, seeds stated', () => {
      expectReadable(experiment);
      const text = experiment.text.replace(/\s+/g, ' ');
      expect(text).toContain('Headline metrics of each policy relative to fair');
      expect(text).toContain('mean over 3 seeds · error bars: 95 % interval of the mean');
      expect(text).toContain('3 seeds (1, 2, 3)');
      expect(text).toContain('Mean job execution time');
      expect(text).toContain('lower is better');
      const [bars, ...rest] = experiment.charts;
      expect(bars?.texts).toContain('ratio to fair');
      expect(bars?.errorBars).toBeGreaterThanOrEqual(3 * 2 * 3);
      const all = experiment.charts.flatMap((c) => c.texts);
      for (const axis of [
        'simulated time (h)',
        'Mbit/s',
        'tasks',
        'job execution time (s, log scale)',
        's',
        'GB',
      ]) {
        expect(all).toContain(axis);
      }
      expect(all).toContain('heavy shuffle');
      // Per rack link: the busiest uplinks of each policy, and the congested-link count.
      expect(text).toContain('Cross-rack rate per rack uplink — fair');
      expect(text).toContain('Congested rack links');
      expect(all.some((t) => /^rack \d+$/.test(t))).toBe(true);
      expect(rest.length).toBeGreaterThanOrEqual(6);
      for (const chart of experiment.charts) expect(chart.width).toBeGreaterThan(600);
    });

    it('one-seed report says it is a single run and draws no error bars', () => {
      expectReadable(oneSeed);
      expect(oneSeed.text.replace(/\s+/g, ' ')).toContain(
        'One seed: every number below is a single run, not a result.',
      );
      expect(oneSeed.charts[0]?.errorBars).toBe(0);
    });

    it('side-by-side report: the policies of both results, renamed where both hold one', () => {
      expectReadable(sideBySide);
      expect(sideBySide.charts[0]?.texts).toEqual(
        expect.arrayContaining(['fair (three)', 'delay', 'nas (three)', 'fair (one)', 'nas (one)']),
      );
    });

    it('sweep report: a line per policy over the swept values with bands, human names', () => {
      expectReadable(sweepLayout);
      expect(sweepLayout.text.replace(/\s+/g, ' ')).toContain('tiny: sweep of users');
      expect(sweepLayout.text).toContain('mean over 2 seeds · bands: 95 % interval of the mean');
      const first = sweepLayout.charts[0];
      expect(first?.texts).toEqual(
        expect.arrayContaining(['users', 'ratio to fair', '1', '3', '6', 'fair', 'nas']),
      );
      expect(sweepLayout.charts.length).toBeGreaterThanOrEqual(3);
    });
  },
);
