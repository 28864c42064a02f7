/**
 * The layout of report pages as headless Chromium draws them, for the rendering tests:
 * every chart's size and visibility, its texts, which of them its box cuts off or
 * another text covers, and the text a reader sees. Test code only.
 */
import { expect } from 'vitest';
import { preJson, renderInChromium } from './chromium.js';

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
    const bands = [...svg.querySelectorAll('polygon')].filter((p) => Number(p.getAttribute('fill-opacity') ?? 1) < 1).length;
    const style = getComputedStyle(svg);
    const visible = box.width > 0 && box.height > 0 && style.visibility === 'visible' && style.display !== 'none';
    out.charts.push({ texts: boxes.map((b) => b.text), clipped, overlapping, errorBars, bands, visible, width: box.width, height: box.height });
  }
  all[section.dataset.page] = out;
  }
  const pre = document.createElement('pre');
  pre.id = 'layout';
  pre.textContent = JSON.stringify(all);
  document.body.appendChild(pre);
})();
</script>`;

/** One page's measured layout. */
export interface Layout {
  readonly text: string;
  readonly charts: readonly {
    readonly texts: readonly string[];
    readonly clipped: readonly string[];
    readonly overlapping: readonly string[];
    /** Paths stroked like the bar charts' error bars. */
    readonly errorBars: number;
    /** Translucent polygons: the bands of the interval-line charts. */
    readonly bands: number;
    /** Laid out with a size, not hidden. */
    readonly visible: boolean;
    readonly width: number;
    readonly height: number;
  }[];
}

/**
 * Loads the pages in headless Chromium at a laptop's width — one page holding each
 * page's body in its own section, so Chromium starts once — and returns the measured
 * layout of each, by name; fails the test on any console message (an error, a resource
 * that did not load).
 */
export function renderLayouts(
  chromium: string,
  work: string,
  pages: Readonly<Record<string, string>>,
): Record<string, Layout> {
  const first = Object.values(pages)[0] as string;
  const sections = Object.entries(pages).map(
    ([page, html]) =>
      `<section data-page="${page}">${/<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? ''}</section>`,
  );
  const html = first.replace(/<body>[\s\S]*<\/body>/, `<body>${sections.join('\n')}${MEASURE}</body>`);
  const page = renderInChromium(chromium, html, work, Object.keys(pages).join('-'));
  expect(page.console).toEqual([]);
  return preJson<Record<string, Layout>>(page.dom, 'layout', Object.keys(pages).join(', '));
}

/** What every page with charts must satisfy: no chart label cut off by its chart or drawn over another. */
export function expectChartsReadable(layout: Layout): void {
  for (const chart of layout.charts) {
    expect(chart.clipped, chart.texts.join(' | ')).toEqual([]);
    expect(chart.overlapping, chart.texts.join(' | ')).toEqual([]);
  }
}
