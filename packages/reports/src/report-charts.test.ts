import { describe, expect, it } from 'vitest';
import { bandChartSvg, barChartSvg, lineChartSvg } from './report-charts.js';

/** The numbers printed as axis labels, in the order the SVG draws them. */
const labels = (svg: string): string[] =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!).filter((t) => /^[\d.]+$/.test(t));

describe('lineChartSvg', () => {
  it('ends a linear x axis at the last point drawn, not at the next round value', () => {
    const svg = lineChartSvg({
      title: 'rate',
      subtitle: 'one run',
      xName: 'simulated time (h)',
      yName: 'Mbit/s',
      series: [
        { name: 'fair', x: [0, 0.1, 0.2, 0.3, 0.4, 0.7], y: [100, 300, 200, 300, 100, Number.NaN] },
        { name: 'nas', x: [0, 0.1, 0.2, 0.3], y: [100, 200, 300, 200] },
      ],
    });
    const numbers = labels(svg);
    expect(numbers).toContain('0.4');
    // Rounded up (0.5) or running to the point with no value (0.7), the axis would run past the data.
    expect(numbers).not.toContain('0.5');
    expect(numbers).not.toContain('0.6');
    expect(numbers).not.toContain('0.7');
  });
});

/**
 * Every attribute of every tag holds its value between its own quotes: an unescaped quote
 * inside a value (a font family in a style) ends the attribute early, and the SVG no
 * longer parses as XML.
 */
function attributesWellQuoted(svg: string): void {
  for (const tag of svg.matchAll(/<[a-zA-Z][^>]*>/g)) {
    const opened = (tag[0].match(/=\s*"/g) ?? []).length;
    const closed = (tag[0].match(/=\s*"[^"<>]*"(?=[\s/>])/g) ?? []).length;
    expect(closed, tag[0].slice(0, 160)).toBe(opened);
  }
}

describe('axis and category labels', () => {
  it('prints the end of a linear x axis in four significant digits, inside the chart', () => {
    const svg = lineChartSvg({
      title: 'rate per rack uplink',
      subtitle: 'one run',
      xName: 'simulated time (h)',
      yName: 'Mbit/s',
      series: [{ name: 'rack 1', x: [0, 0.5, 1, 1.1333333333333333], y: [10, 30, 20, 25] }],
    });
    const numbers = labels(svg);
    expect(numbers).toContain('1.133');
    for (const n of numbers) expect(n.replace(/^0\.0*|\./g, '').length, n).toBeLessThanOrEqual(4);
    // The last label ends where the axis does, so no part of it crosses the chart's edge.
    const last = /<text[^>]*text-anchor="(\w+)"[^>]*translate\(([\d.]+) [\d.]+\)[^>]*>1\.133</.exec(svg);
    expect(last?.[1]).toBe('end');
    expect(Number(last?.[2])).toBeLessThanOrEqual(880);
  });

  /** Each category's label lines, in order, from the texts drawn at its tick. */
  const categoryLines = (svg: string, count: number): string[][] => {
    const byX = new Map<string, string[]>();
    for (const m of svg.matchAll(
      /<text[^>]*text-anchor="middle"[^>]*translate\(([\d.]+) ([\d.]+)\)[^>]*>([^<]*)</g,
    )) {
      byX.set(m[1]!, [...(byX.get(m[1]!) ?? []), m[3]!.trim()]);
    }
    return [...byX.values()].slice(-count);
  };

  it('breaks category labels between words, or after a hyphen, never inside a word', () => {
    const categories = [
      'Throughput (jobs/h)\n(higher is better)',
      'Mean job execution time (s)\n(lower is better)',
      'Congestion occurrences (with hysteresis)\n(lower is better)',
      'Throughput of light-shuffle jobs (jobs/h)\n(higher is better)',
      'Throughput of medium-shuffle jobs (jobs/h)\n(higher is better)',
      'Throughput of heavy-shuffle jobs (jobs/h)\n(higher is better)',
      'Map progress at first reduce (%)',
      'Cross-rack traffic (GB)\n(lower is better)',
      'Congested nodes (%)\n(lower is better)',
    ];
    const svg = barChartSvg({
      title: 'headline',
      subtitle: 'three seeds',
      categories,
      yName: 'ratio to fair',
      reference: 1,
      series: [{ name: 'nas', values: categories.map(() => 1) }],
    });
    const drawn = categoryLines(svg, categories.length);
    expect(drawn).toHaveLength(categories.length);
    drawn.forEach((lines, c) => {
      // Joined again at spaces (and without one after a hyphen), the lines give the label back.
      expect(lines.join(' ').replace(/- /g, '-'), lines.join(' / ')).toBe(categories[c]!.replace('\n', ' '));
    });
  });

  it('gives each category its own value axis on request, so a small value keeps a visible bar', () => {
    const spec = {
      title: 'cross-rack shuffle by class',
      subtitle: 'three seeds',
      categories: ['light shuffle', 'medium shuffle', 'heavy shuffle'],
      yName: 'GB',
      series: [
        { name: 'fair', values: [0.003, 0.02, 0.5], low: [0.001, 0.01, 0.3], high: [0.005, 0.03, 0.7] },
        { name: 'nas', values: [0.004, 0.03, 0.45] },
      ],
    };
    const heights = (svg: string) =>
      [...svg.matchAll(/<path d="M[\d.]+ [\d.]+l[\d.]+ 0l0 -([\d.]+)l/g)].map((m) => Number(m[1]));
    expect(Math.min(...heights(barChartSvg(spec)))).toBeLessThan(2);
    const split = barChartSvg({ ...spec, scale: 'per-category' });
    expect(heights(split)).toHaveLength(6);
    expect(Math.min(...heights(split))).toBeGreaterThan(40);
    // One legend entry per policy, in the policy's colour in every panel.
    expect(split.match(/>fair</g)).toHaveLength(1);
    expect(split.match(/fill="#0072B2"/g)?.length).toBeGreaterThanOrEqual(3);
  });
});

describe('the charts as standalone SVG', () => {
  it('quote every attribute of the bar, line and band charts well', () => {
    const heading = { title: 'a "quoted" title & <more>', subtitle: "one seed's run" };
    attributesWellQuoted(
      barChartSvg({
        ...heading,
        categories: ['mean job time\n(lower is better)', 'cross-rack'],
        yName: 'ratio',
        reference: 1,
        series: [{ name: 'nas', values: [1.1, 0.9], low: [1, 0.8], high: [1.2, 1] }],
      }),
    );
    attributesWellQuoted(
      lineChartSvg({
        ...heading,
        xName: 'h',
        yName: 'Mbit/s',
        series: [{ name: 'fair', x: [0, 1], y: [1, 2] }],
      }),
    );
    attributesWellQuoted(
      bandChartSvg({
        ...heading,
        xName: 'load',
        xValues: [0.1, 0.5],
        yName: 'ratio',
        series: [{ name: 'nas', mean: [1, 1.1], low: [0.9, 1], high: [1.1, 1.2] }],
      }),
    );
  });
});
