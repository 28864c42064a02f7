import { describe, expect, it } from 'vitest';
import { svgTexts, xmlProblems } from '../test/well-formed-xml.js';
import { MISSING_COLOUR, heatmapChartSvg } from './heatmap-chart.js';

/** The fill of every cell an SVG heatmap draws (ECharts tags them with their series). */
const cellFills = (svg: string, series: number): string[] =>
  [
    ...svg.matchAll(
      /<path [^>]*\bfill="([^"]+)"[^>]*ecmeta_series_index="(\d+)"[^>]*ecmeta_ssr_type="chart"/g,
    ),
  ]
    .filter((m) => m[2] === String(series))
    .map((m) => m[1] as string);

/** `#rrggbb` as ECharts' visual map writes it: `rgb(r,g,b)`. */
const rgb = (hex: string) =>
  `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(',')})`;

const spec = {
  title: 'Claims × cells',
  subtitle: 'mean over seeds 1, 2',
  rows: ['throughput <higher> & "faster"', 'job time'],
  columns: ['0.1', '0.5', 'rack links\n1 Gbps'],
  values: [
    [10, -80, null],
    [Number.NaN, 0, 50],
  ],
  labels: [
    ['✓ +10 %', '✗ −80 %', '·'],
    ['·', '~ +0 %', '✓ +50 %'],
  ],
  range: [-50, 50] as const,
  scaleName: "effect in the claim's direction",
  scaleText: ['−50 %', '+50 %'] as const,
  columnGroups: [
    { label: 'loss none', columns: 1 },
    { label: 'shadow-bench & <friends>', columns: 2 },
  ],
};

describe('heatmapChartSvg', () => {
  const svg = heatmapChartSvg(spec);

  it('is well-formed SVG with every label, row and column escaped', () => {
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain('throughput &lt;higher&gt; &amp; &quot;faster&quot;');
    const texts = svgTexts(svg);
    expect(texts).toEqual(expect.arrayContaining([...spec.labels.flat(), 'job time', '0.1', '0.5']));
    // A group's label wraps to its columns' width.
    expect(texts).toContain('loss none');
    expect(texts.join(' ').replace(/\s+/g, ' ')).toContain('shadow-bench & <friends>');
    expect(texts).toEqual(expect.arrayContaining(['−50 %', '+50 %']));
  });

  it('draws one cell per value, and a missing value (null, NaN) grey', () => {
    const present = cellFills(svg, 0);
    const missing = cellFills(svg, 1);
    expect(present).toHaveLength(4);
    expect(missing).toEqual([rgb(MISSING_COLOUR), rgb(MISSING_COLOUR)]);
    expect(present).not.toContain(rgb(MISSING_COLOUR));
  });

  it('clamps values to the range: −80 gets the colour of −50', () => {
    const clamped = heatmapChartSvg({
      ...spec,
      values: [
        [-50, -80, 0],
        [0, 0, 0],
      ],
    });
    const [atEnd, beyond] = cellFills(clamped, 0);
    expect(beyond).toBe(atEnd);
    expect(cellFills(clamped, 0)).toHaveLength(6);
  });

  it('divides column groups by a line each and labels them; none without groups', () => {
    const dividers = (s: string) => (s.match(/stroke="#222" stroke-width="2"/g) ?? []).length;
    expect(dividers(svg)).toBe(1);
    const { columnGroups: _, ...plain } = spec;
    expect(dividers(heatmapChartSvg(plain))).toBe(0);
  });

  it('cuts a long row label with … and widens with its columns', () => {
    const long = 'x'.repeat(80);
    const wide = heatmapChartSvg({ ...spec, rows: [long, 'short'] });
    expect(svgTexts(wide)).toContain(`${'x'.repeat(51)}…`);
    expect(svgTexts(heatmapChartSvg({ ...spec, rows: [long, 'short'], rowLabelLength: 70 }))).toContain(
      `${'x'.repeat(69)}…`,
    );
    const width = (s: string) => Number(/<svg width="(\d+)"/.exec(s)?.[1]);
    const columns = Array.from({ length: 30 }, (_, i) => String(i));
    const many = heatmapChartSvg({ ...spec, columns, values: [[], []], labels: [], columnGroups: [] });
    expect(width(many)).toBeGreaterThan(30 * 50);
    expect(cellFills(many, 1)).toHaveLength(60);
  });
});
