/**
 * Renders each report kind in headless Chromium and checks the page as laid out: the
 * text a reader sees, and the geometry of every chart label (inside its chart, not on
 * another label). Chromium is Debian's `chromium`, installed here if missing; the tests
 * are skipped, saying why, only where it cannot be installed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runExperiment, sweep } from '@rackwise/experiments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { combineResults } from './combine-results.js';
import { toHtml } from './html-report.js';
import { sweepToHtml } from './sweep-report.js';

const CANDIDATES = ['chromium', 'chromium-browser', 'google-chrome'];

function findChromium(): string | undefined {
  for (const name of CANDIDATES) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim() !== '') return found.stdout.trim();
  }
  return undefined;
}

/** Chromium, installing Debian's package (quietly) when it is missing and this is root with apt. */
function ensureChromium(): { path?: string; why?: string } {
  const present = findChromium();
  if (present !== undefined) return { path: present };
  if (process.getuid?.() !== 0) return { why: 'chromium is not installed and installing it needs root' };
  if (spawnSync('sh', ['-c', 'command -v apt-get']).status !== 0) {
    return { why: 'chromium is not installed and apt-get is not available' };
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      env,
      stdio: 'ignore',
      timeout: 600_000,
    }).status === 0;
  if (!install()) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'ignore', timeout: 300_000 });
    if (!install()) return { why: 'chromium could not be installed with apt-get' };
  }
  const path = findChromium();
  return path === undefined ? { why: 'chromium installed but not found on PATH' } : { path };
}

/**
 * Measures the laid-out page: every SVG text's box against its chart's and against the
 * other texts of the chart, and the visible text of the page. Added to a copy of the
 * report for the test only; the report itself holds no script.
 */
const MEASURE = `<script>
(() => {
  const all = {};
  for (const section of document.querySelectorAll('section[data-page]')) {
  const out = { charts: [], text: section.innerText };
  const inside = (a, b) => a.left >= b.left - 1 && a.right <= b.right + 1 && a.top >= b.top - 1 && a.bottom <= b.bottom + 1;
  const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const svg of section.querySelectorAll('svg')) {
    const box = svg.getBoundingClientRect();
    const texts = [...svg.querySelectorAll('text')].filter((t) => t.textContent.trim() !== '' && t.getAttribute('opacity') !== '0');
    const boxes = texts.map((t) => ({ text: t.textContent, r: t.getBoundingClientRect() }));
    const clipped = boxes.filter((b) => !inside(b.r, box)).map((b) => b.text);
    const overlapping = [];
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++)
      if (overlap(boxes[i].r, boxes[j].r)) overlapping.push(boxes[i].text + ' / ' + boxes[j].text);
    const errorBars = svg.querySelectorAll('path[stroke="#222"]').length;
    out.charts.push({ texts: boxes.map((b) => b.text), clipped, overlapping, errorBars, width: box.width });
  }
  all[section.dataset.page] = out;
  }
  const pre = document.createElement('pre');
  pre.id = 'layout';
  pre.textContent = JSON.stringify(all);
  document.body.appendChild(pre);
})();
</script>`;

interface Layout {
  readonly text: string;
  readonly charts: readonly {
    readonly texts: readonly string[];
    readonly clipped: readonly string[];
    readonly overlapping: readonly string[];
    readonly errorBars: number;
    readonly width: number;
  }[];
}

const chromium = ensureChromium();
const work = mkdtempSync(join(tmpdir(), 'rackwise-render-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * Loads the reports in headless Chromium at a laptop's width — one page holding each
 * report's body in its own section, so Chromium starts once — and returns the measured
 * layout of each.
 */
function render(pages: Readonly<Record<string, string>>): Record<string, Layout> {
  const name = 'reports';
  const path = join(work, `${name}.html`);
  const first = Object.values(pages)[0] as string;
  const sections = Object.entries(pages).map(
    ([page, html]) =>
      `<section data-page="${page}">${/<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? ''}</section>`,
  );
  writeFileSync(
    path,
    first.replace(/<body>[\s\S]*<\/body>/, `<body>${sections.join('\n')}${MEASURE}</body>`),
  );
  const dom = execFileSync(
    chromium.path as string,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${join(work, `profile-${name}`)}`,
      '--window-size=1000,900',
      '--dump-dom',
      `file://${path}`,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 60_000 },
  );
  const json = /<pre id="layout">([\s\S]*?)<\/pre>/.exec(dom)?.[1];
  if (json === undefined) throw new Error(`no layout in the page Chromium rendered from ${path}`);
  return JSON.parse(json.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as Record<
    string,
    Layout
  >;
}

/** What every report must satisfy: no label cut off by its chart or drawn over another. */
function expectReadable(layout: Layout): void {
  for (const chart of layout.charts) {
    expect(chart.clipped, chart.texts.join(' | ')).toEqual([]);
    expect(chart.overlapping, chart.texts.join(' | ')).toEqual([]);
  }
  // Raw dotted metric keys never reach the reader (the configuration stays folded).
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
      const layouts = render({
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
